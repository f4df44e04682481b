import {
  addNode,
  duplicateNode,
  moveNode,
  newImageNode,
  newTextNode,
  removeNode,
  updateNode,
  type ZMove,
} from '../../lib/design/document.ts';
import { designAreas } from '../../lib/design/geometry.ts';
import {
  breakCoalescing,
  canRedo,
  canUndo,
  createHistory,
  pushHistory,
  redo,
  undo,
  type History,
} from '../../lib/design/history.ts';
import type { ColourId } from '../../lib/design/palette.ts';
import {
  DESIGN_LIMITS,
  type DesignDocument,
  type DesignNode,
  type DesignSide,
  type SideName,
} from '../../lib/design/schema.ts';
import { copySide, setFrontBackSame, sideToRender, updateSide } from '../../lib/design/sides.ts';
import { template, type TemplateId } from '../../lib/design/templates.ts';

/**
 * The editor's state as one pure reducer: the document's undo history (shared history.ts), the side
 * on view, the selection, and the back side set aside while "앞뒤 동일" is on (so turning it off
 * gives each side back). The Konva canvas and the panels only dispatch actions.
 */

const HISTORY_LIMIT = 100;

export interface EditorState {
  history: History<DesignDocument>;
  side: SideName;
  selectedId: string | null;
  /** The side "앞뒤 동일" replaced, restored when it is turned off again. */
  setAside: { side: SideName; content: DesignSide } | null;
}

export type NodePatch =
  | Partial<Omit<Extract<DesignNode, { type: 'text' }>, 'type' | 'id'>>
  | Partial<Omit<Extract<DesignNode, { type: 'image' }>, 'type' | 'id'>>;

export type EditorAction =
  | { type: 'load'; doc: DesignDocument }
  | { type: 'select'; id: string | null }
  | { type: 'set-side'; side: SideName }
  | { type: 'set-same'; same: boolean }
  | { type: 'set-background'; colour: ColourId }
  | { type: 'add-text'; text: string; init?: Partial<Omit<Extract<DesignNode, { type: 'text' }>, 'type'>> }
  | { type: 'add-image'; src: string; naturalWidth: number; naturalHeight: number }
  | { type: 'update'; id: string; patch: NodePatch; coalesceKey?: string | undefined }
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'delete'; id?: string | undefined }
  | { type: 'duplicate'; id?: string | undefined }
  | { type: 'move-z'; id: string; move: ZMove }
  | { type: 'toggle-lock'; id: string }
  | { type: 'toggle-hide'; id: string }
  | { type: 'change-template'; templateId: TemplateId }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'end-gesture' };

export function initialEditorState(doc: DesignDocument): EditorState {
  return { history: createHistory(doc, HISTORY_LIMIT), side: 'front', selectedId: null, setAside: null };
}

export const currentDoc = (s: EditorState) => s.history.present;
export const visibleSide = (s: EditorState): DesignSide => sideToRender(s.history.present, s.side);
export const selectedNode = (s: EditorState): DesignNode | null =>
  visibleSide(s).nodes.find((n) => n.id === s.selectedId) ?? null;
export const undoable = (s: EditorState) => canUndo(s.history);
export const redoable = (s: EditorState) => canRedo(s.history);

function commit(s: EditorState, doc: DesignDocument, coalesceKey?: string): EditorState {
  return { ...s, history: pushHistory(s.history, doc, coalesceKey ? { coalesceKey } : {}) };
}

function editSide(s: EditorState, edit: (side: DesignSide) => DesignSide, coalesceKey?: string): EditorState {
  return commit(s, updateSide(s.history.present, s.side, edit), coalesceKey);
}

const hasRoom = (s: EditorState) => visibleSide(s).nodes.length < DESIGN_LIMITS.maxNodes;

/** Keeps the selection only if the node is on the side on view. */
function keepSelection(s: EditorState): EditorState {
  if (s.selectedId && !visibleSide(s).nodes.some((n) => n.id === s.selectedId))
    return { ...s, selectedId: null };
  return s;
}

/** Moves every node so it keeps its place relative to the centre when the print area changes size. */
function recentre(doc: DesignDocument, templateId: TemplateId): DesignDocument {
  const from = designAreas(template(doc.templateId)).print;
  const t = template(templateId);
  const to = designAreas(t).print;
  const dx = (to.width - from.width) / 2;
  const dy = (to.height - from.height) / 2;
  const shift = (side: DesignSide): DesignSide => ({
    ...side,
    nodes: side.nodes.map((n) => ({ ...n, x: n.x + dx, y: n.y + dy })),
  });
  return {
    ...doc,
    templateId,
    shape: t.shape,
    widthMm: t.widthMm,
    heightMm: t.heightMm,
    sides: { front: shift(doc.sides.front), back: shift(doc.sides.back) },
  };
}

export function editorReducer(s: EditorState, a: EditorAction): EditorState {
  const doc = s.history.present;
  switch (a.type) {
    case 'load':
      return initialEditorState(a.doc);
    case 'select':
      return { ...s, selectedId: a.id };
    case 'set-side':
      return keepSelection({ ...s, side: a.side, selectedId: a.side === s.side ? s.selectedId : null });
    case 'set-same': {
      if (a.same === doc.frontBackSame) return s;
      if (a.same) {
        const other: SideName = s.side === 'front' ? 'back' : 'front';
        const next = setFrontBackSame(doc, true, s.side);
        return { ...commit(s, next), setAside: { side: other, content: copySide(doc.sides[other]) } };
      }
      let next = setFrontBackSame(doc, false);
      if (s.setAside) next = { ...next, sides: { ...next.sides, [s.setAside.side]: s.setAside.content } };
      return keepSelection({ ...commit(s, next), setAside: null });
    }
    case 'set-background':
      return editSide(s, (side) => ({ ...side, background: a.colour }));
    case 'add-text': {
      if (!hasRoom(s)) return s;
      const node = newTextNode(doc.templateId, { text: a.text, ...a.init });
      return { ...editSide(s, (side) => addNode(side, node)), selectedId: node.id };
    }
    case 'add-image': {
      if (!hasRoom(s)) return s;
      const node = newImageNode(doc.templateId, {
        src: a.src,
        naturalWidth: a.naturalWidth,
        naturalHeight: a.naturalHeight,
      });
      return { ...editSide(s, (side) => addNode(side, node)), selectedId: node.id };
    }
    case 'update':
      return editSide(s, (side) => updateNode(side, a.id, a.patch), a.coalesceKey);
    case 'nudge': {
      const node = selectedNode(s);
      if (!node || node.locked) return s;
      return editSide(
        s,
        (side) => updateNode(side, node.id, { x: node.x + a.dx, y: node.y + a.dy }),
        `nudge:${node.id}`,
      );
    }
    case 'delete': {
      const id = a.id ?? s.selectedId;
      const node = visibleSide(s).nodes.find((n) => n.id === id);
      if (!node || (node.locked && !a.id)) return s;
      return { ...editSide(s, (side) => removeNode(side, node.id)), selectedId: null };
    }
    case 'duplicate': {
      const id = a.id ?? s.selectedId;
      if (!id || !hasRoom(s)) return s;
      const before = visibleSide(s).nodes;
      const next = editSide(s, (side) => duplicateNode(side, id));
      const copy = visibleSide(next).nodes.find((n) => !before.some((b) => b.id === n.id));
      return { ...next, selectedId: copy?.id ?? s.selectedId };
    }
    case 'move-z':
      return editSide(s, (side) => moveNode(side, a.id, a.move));
    case 'toggle-lock':
    case 'toggle-hide': {
      const node = visibleSide(s).nodes.find((n) => n.id === a.id);
      if (!node) return s;
      const patch = a.type === 'toggle-lock' ? { locked: !node.locked } : { hidden: !node.hidden };
      return editSide(s, (side) => updateNode(side, a.id, patch));
    }
    case 'change-template':
      if (a.templateId === doc.templateId) return s;
      return commit(s, recentre(doc, a.templateId));
    case 'undo':
      return keepSelection({ ...s, history: undo(s.history) });
    case 'redo':
      return keepSelection({ ...s, history: redo(s.history) });
    case 'end-gesture':
      return { ...s, history: breakCoalescing(s.history) };
  }
}

/** What the live region says after an action (null: nothing worth saying). */
export function announcementFor(a: EditorAction, before: EditorState, after: EditorState): string | null {
  if (before.history === after.history && a.type !== 'select' && a.type !== 'set-side') {
    if (a.type === 'add-text' || a.type === 'add-image' || a.type === 'duplicate')
      return `한 면에 요소는 ${DESIGN_LIMITS.maxNodes}개까지 넣을 수 있습니다.`;
    if (a.type === 'undo') return '더 이상 실행 취소할 수 없습니다.';
    if (a.type === 'redo') return '더 이상 다시 실행할 수 없습니다.';
    return null;
  }
  const node = (s: EditorState, id: string | null | undefined) =>
    visibleSide(s).nodes.find((n) => n.id === id);
  switch (a.type) {
    case 'add-text':
      return '문구를 추가했습니다.';
    case 'add-image':
      return '이미지를 추가했습니다.';
    case 'delete':
      return '선택한 요소를 삭제했습니다.';
    case 'duplicate':
      return '선택한 요소를 복제했습니다.';
    case 'undo':
      return '실행 취소했습니다.';
    case 'redo':
      return '다시 실행했습니다.';
    case 'set-side':
      return a.side === 'front' ? '앞면을 편집합니다.' : '뒷면을 편집합니다.';
    case 'set-same':
      return a.same ? '앞면과 뒷면을 같게 인쇄합니다.' : '앞면과 뒷면을 따로 디자인합니다.';
    case 'toggle-lock':
      return node(after, a.id)?.locked ? '요소를 잠갔습니다.' : '요소 잠금을 풀었습니다.';
    case 'toggle-hide':
      return node(after, a.id)?.hidden ? '요소를 숨겼습니다.' : '요소를 다시 표시합니다.';
    case 'move-z':
      return (
        { front: '맨 앞으로', back: '맨 뒤로', forward: '앞으로', backward: '뒤로' }[a.move] + ' 옮겼습니다.'
      );
    case 'select': {
      const n = node(after, a.id);
      return n ? `${nodeLabel(n)} 선택됨` : null;
    }
    default:
      return null;
  }
}

/** A node's name in lists and announcements. */
export function nodeLabel(node: DesignNode): string {
  if (node.type === 'image') return '이미지';
  const text = node.text.replace(/\s+/g, ' ').trim();
  return `문구 “${text.length > 12 ? `${text.slice(0, 12)}…` : text}”`;
}
