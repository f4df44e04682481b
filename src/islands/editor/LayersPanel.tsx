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
                  <Icon name={node.type === 'image' ? 'image' : 'text'} />
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
                    <Icon name="up" />
                  </button>
                  <button
                    type="button"
                    aria-label={`${name} 뒤로`}
                    title="뒤로"
                    disabled={bottom}
                    onClick={() => dispatch({ type: 'move-z', id: node.id, move: 'backward' })}
                  >
                    <Icon name="down" />
                  </button>
                  <button
                    type="button"
                    aria-label={`${name} 잠금`}
                    title="잠금"
                    aria-pressed={node.locked}
                    onClick={() => dispatch({ type: 'toggle-lock', id: node.id })}
                  >
                    <Icon name={node.locked ? 'lock' : 'unlock'} />
                  </button>
                  <button
                    type="button"
                    aria-label={`${name} 숨기기`}
                    title="숨기기"
                    aria-pressed={node.hidden}
                    onClick={() => dispatch({ type: 'toggle-hide', id: node.id })}
                  >
                    <Icon name={node.hidden ? 'eye-off' : 'eye'} />
                  </button>
                  <button
                    type="button"
                    aria-label={`${name} 삭제`}
                    title="삭제"
                    onClick={() => dispatch({ type: 'delete', id: node.id })}
                  >
                    <Icon name="delete" />
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

const PATHS = {
  lock: 'M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z',
  unlock: 'M7 11V8a5 5 0 0 1 9.6-2M5 11h14v10H5z',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  'eye-off':
    'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3 3.9M6.6 6.6C3.9 8.4 2 12 2 12s3.6 7 10 7a9.8 9.8 0 0 0 5.4-1.6',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4',
  text: 'M5 6h14M12 6v13',
  up: 'M12 19V5M6 11l6-6 6 6',
  down: 'M12 5v14M6 13l6 6 6-6',
  delete: 'M6 6l12 12M18 6L6 18',
} as const;

/** Line icons (decoration: every button has its own label). */
function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
