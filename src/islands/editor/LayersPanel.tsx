import type { DesignSide } from '../../lib/design/schema.ts';
import { nodeLabel, type EditorAction } from './editor-state.ts';

/**
 * Layers, top first (the design keeps them bottom first): select, move up or down, lock, hide,
 * delete. Every button says which layer it acts on.
 */
export default function LayersPanel({
  side,
  selectedId,
  dispatch,
}: {
  side: DesignSide;
  selectedId: string | null;
  dispatch: (action: EditorAction) => void;
}) {
  const layers = [...side.nodes].reverse();
  return (
    <section className="panel" aria-labelledby="layers-title">
      <h2 id="layers-title" className="panel__title">
        레이어 <span className="panel__count">{side.nodes.length}개</span>
      </h2>
      {layers.length === 0 ? (
        <p className="muted">아직 요소가 없습니다. 문구나 이미지를 추가해 보세요.</p>
      ) : (
        <ol className="layers" aria-label="레이어 목록 (위가 앞)">
          {layers.map((node, i) => {
            const name = nodeLabel(node);
            const top = i === 0;
            const bottom = i === layers.length - 1;
            return (
              <li key={node.id} className={node.id === selectedId ? 'layer layer--selected' : 'layer'}>
                <button
                  type="button"
                  className="layer__name"
                  aria-current={node.id === selectedId ? 'true' : undefined}
                  onClick={() => dispatch({ type: 'select', id: node.id })}
                >
                  <span aria-hidden="true">{node.type === 'image' ? '🖼 ' : 'T '}</span>
                  {name}
                  {node.hidden && <span className="muted"> (숨김)</span>}
                </button>
                <span className="layer__actions">
                  <button
                    type="button"
                    aria-label={`${name} 앞으로`}
                    title="앞으로"
                    disabled={top}
                    onClick={() => dispatch({ type: 'move-z', id: node.id, move: 'forward' })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    aria-label={`${name} 뒤로`}
                    title="뒤로"
                    disabled={bottom}
                    onClick={() => dispatch({ type: 'move-z', id: node.id, move: 'backward' })}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    aria-label={`${name} 잠금`}
                    title="잠금"
                    aria-pressed={node.locked}
                    onClick={() => dispatch({ type: 'toggle-lock', id: node.id })}
                  >
                    {node.locked ? '🔒' : '🔓'}
                  </button>
                  <button
                    type="button"
                    aria-label={`${name} 숨기기`}
                    title="숨기기"
                    aria-pressed={node.hidden}
                    onClick={() => dispatch({ type: 'toggle-hide', id: node.id })}
                  >
                    {node.hidden ? '🙈' : '👁'}
                  </button>
                  <button
                    type="button"
                    aria-label={`${name} 삭제`}
                    title="삭제"
                    onClick={() => dispatch({ type: 'delete', id: node.id })}
                  >
                    ✕
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
