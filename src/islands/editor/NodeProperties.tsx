import { dpiWarning, effectiveDpi, maxSizeForDpi } from '../../lib/design/dpi.ts';
import type { DesignDocument, DesignNode, ImageNode } from '../../lib/design/schema.ts';
import type { EditorAction, NodePatch } from './editor-state.ts';
import NumberField from './NumberField.tsx';
import TextFields from './TextProperties.tsx';

export interface NodePropertiesProps {
  doc: DesignDocument;
  node: DesignNode;
  dispatch: (action: EditorAction) => void;
  onEditInPlace: (id: string) => void;
}

/** The selected element's settings: every canvas gesture has a labelled field here too. */
export default function NodeProperties({ doc, node, dispatch, onEditInPlace }: NodePropertiesProps) {
  const update = (patch: NodePatch, field: string) =>
    dispatch({ type: 'update', id: node.id, patch, coalesceKey: `${field}:${node.id}` });
  return (
    <section className="panel" aria-labelledby="node-props-title">
      <h2 id="node-props-title" className="panel__title">
        {node.type === 'text' ? '문구 설정' : '이미지 설정'}
      </h2>
      {node.type === 'text' ? (
        <TextFields doc={doc} node={node} update={update} onEditInPlace={onEditInPlace} />
      ) : (
        <ImageFields node={node} update={update} />
      )}
      <NumberField
        label="회전 (도)"
        value={Math.round(node.rotation)}
        min={-360}
        max={360}
        step={1}
        disabled={node.locked}
        onChange={(v) => update({ rotation: v }, 'rotation')}
      />
    </section>
  );
}

function ImageFields({
  node,
  update,
}: {
  node: ImageNode;
  update: (patch: Partial<ImageNode>, field: string) => void;
}) {
  const warning = dpiWarning(node);
  const dpi = Math.floor(effectiveDpi(node));
  const ratio = node.height / node.width;
  return (
    <>
      <p className={warning ? 'dpi dpi--low' : 'dpi'} role={warning ? 'alert' : undefined}>
        {warning ?? `인쇄 해상도 ${dpi} DPI (좋음)`}
      </p>
      {warning && (
        <button
          type="button"
          className="link-button"
          disabled={node.locked}
          onClick={() => {
            const max = maxSizeForDpi(node);
            const scale = Math.min(1, max.width / node.width, max.height / node.height);
            update({ width: node.width * scale, height: node.height * scale }, 'resize');
          }}
        >
          선명하게 인쇄되는 크기로 줄이기
        </button>
      )}
      <NumberField
        label="너비 (mm)"
        value={Math.round(node.width * 10) / 10}
        min={2}
        max={1000}
        step={0.5}
        disabled={node.locked}
        onChange={(width) => update({ width, height: width * ratio }, 'resize')}
      />
    </>
  );
}
