import { PLACEHOLDER_TEXT } from '../../lib/design/print-checks.ts';
import { SIDE_LABELS, SIDES } from '../../lib/design/sides.ts';
import { redoable, selectedNode, undoable, type EditorAction, type EditorState } from './editor-state.ts';
import RovingToolbar from './RovingToolbar.tsx';
import { ZOOM_STEP } from './view.ts';

/**
 * The editor's toolbar (one Tab stop, arrows between tools): add text or an image, undo, redo,
 * duplicate, delete, the side on view and "앞뒤 동일" (aria-pressed), zoom.
 */
export default function EditorToolbar({
  state,
  dispatch,
  zoom,
  onZoom,
  upload,
  atLimit,
}: {
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  zoom: number;
  onZoom: (factor: number | 'fit') => void;
  upload: { busy: boolean; pick: () => void };
  atLimit: boolean;
}) {
  const doc = state.history.present;
  const selected = selectedNode(state);
  return (
    <RovingToolbar label="편집 도구" className="editor-toolbar">
      <button
        type="button"
        disabled={atLimit}
        onClick={() => dispatch({ type: 'add-text', text: PLACEHOLDER_TEXT })}
      >
        문구 추가
      </button>
      <button type="button" disabled={atLimit || upload.busy} onClick={upload.pick}>
        {upload.busy ? '이미지 올리는 중…' : '이미지 추가'}
      </button>
      <span className="toolbar-sep" aria-hidden="true" />
      <button
        type="button"
        disabled={!undoable(state)}
        onClick={() => dispatch({ type: 'undo' })}
        aria-keyshortcuts="Control+Z"
      >
        실행 취소
      </button>
      <button
        type="button"
        disabled={!redoable(state)}
        onClick={() => dispatch({ type: 'redo' })}
        aria-keyshortcuts="Control+Shift+Z"
      >
        다시 실행
      </button>
      <button
        type="button"
        disabled={!selected || atLimit}
        onClick={() => dispatch({ type: 'duplicate' })}
        aria-keyshortcuts="Control+D"
      >
        복제
      </button>
      <button
        type="button"
        disabled={!selected}
        onClick={() => selected && dispatch({ type: 'delete', id: selected.id })}
        aria-keyshortcuts="Delete"
      >
        삭제
      </button>
      <span className="toolbar-sep" aria-hidden="true" />
      {SIDES.map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={state.side === s}
          onClick={() => dispatch({ type: 'set-side', side: s })}
        >
          {SIDE_LABELS[s]}
        </button>
      ))}
      <button
        type="button"
        aria-pressed={doc.frontBackSame}
        onClick={() => dispatch({ type: 'set-same', same: !doc.frontBackSame })}
      >
        앞뒤 동일
      </button>
      <span className="toolbar-sep" aria-hidden="true" />
      <button type="button" onClick={() => onZoom(1 / ZOOM_STEP)} aria-label="축소">
        −
      </button>
      <span className="zoom-level" aria-live="off">
        {Math.round(zoom * 100)}%
      </span>
      <button type="button" onClick={() => onZoom(ZOOM_STEP)} aria-label="확대">
        +
      </button>
      <button type="button" onClick={() => onZoom('fit')}>
        화면 맞춤
      </button>
    </RovingToolbar>
  );
}
