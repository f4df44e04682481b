import { describe, expect, it } from 'vitest';
import { newDesign } from '../../lib/design/document.ts';
import { DesignDocument } from '../../lib/design/schema.ts';
import {
  announcementFor,
  currentDoc,
  editorReducer,
  initialEditorState,
  selectedNode,
  visibleSide,
  type EditorAction,
  type EditorState,
} from './editor-state.ts';

const run = (s: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, s);
const start = () => initialEditorState(newDesign('round-dampener-100'));

describe('editor state', () => {
  it('adds a text, selects it, and the document stays valid', () => {
    const s = run(start(), { type: 'add-text', text: '포도' });
    const node = selectedNode(s);
    expect(node).toMatchObject({ type: 'text', text: '포도' });
    expect(DesignDocument.safeParse(currentDoc(s)).success).toBe(true);
  });

  it('undoes and redoes more than 50 steps', () => {
    let s = run(start(), { type: 'add-text', text: 'a' });
    const id = s.selectedId!;
    for (let i = 0; i < 60; i++) {
      s = run(s, { type: 'update', id, patch: { x: i } }, { type: 'end-gesture' });
    }
    for (let i = 0; i < 60; i++) s = run(s, { type: 'undo' });
    expect(selectedNode(s)?.x).toBe(52); // back at the centre of a 104 mm print area
    for (let i = 0; i < 60; i++) s = run(s, { type: 'redo' });
    expect(selectedNode(s)?.x).toBe(59);
  });

  it('coalesces a nudge gesture into one undo step', () => {
    let s = run(start(), { type: 'add-text', text: 'a' });
    s = run(
      s,
      { type: 'nudge', dx: 1, dy: 0 },
      { type: 'nudge', dx: 1, dy: 0 },
      { type: 'nudge', dx: 0, dy: 10 },
    );
    expect(selectedNode(s)).toMatchObject({ x: 54, y: 62 });
    s = run(s, { type: 'undo' });
    expect(selectedNode(s)).toMatchObject({ x: 52, y: 52 });
  });

  it('does not nudge or key-delete a locked node; the layers panel still deletes it', () => {
    let s = run(start(), { type: 'add-text', text: 'a' });
    const id = s.selectedId!;
    s = run(s, { type: 'toggle-lock', id }, { type: 'nudge', dx: 5, dy: 0 }, { type: 'delete' });
    expect(selectedNode(s)).toMatchObject({ x: 52, locked: true });
    s = run(s, { type: 'delete', id });
    expect(visibleSide(s).nodes).toHaveLength(0);
  });

  it('duplicates just above the original and selects the copy', () => {
    let s = run(start(), { type: 'add-text', text: 'a' });
    const id = s.selectedId!;
    s = run(s, { type: 'duplicate' });
    expect(visibleSide(s).nodes.map((n) => n.id)[0]).toBe(id);
    expect(s.selectedId).not.toBe(id);
    expect(selectedNode(s)).toMatchObject({ x: 55, y: 55 });
  });

  it('with front and back the same, the back follows the front', () => {
    let s = run(start(), { type: 'add-text', text: '앞' });
    s = run(s, { type: 'set-side', side: 'back' });
    expect(visibleSide(s).nodes[0]).toMatchObject({ text: '앞' });
    expect(currentDoc(s).sides.back.nodes).toHaveLength(1);
  });

  it('switching sides keeps each side, and "same" on then off gives the back its own design back', () => {
    let s = run(start(), { type: 'set-same', same: false }, { type: 'add-text', text: '앞' });
    s = run(
      s,
      { type: 'set-side', side: 'back' },
      { type: 'add-text', text: '뒤' },
      { type: 'set-background', colour: 'mint' },
    );
    s = run(s, { type: 'set-side', side: 'front' });
    expect(visibleSide(s).nodes.map((n) => n.type === 'text' && n.text)).toEqual(['앞']);
    s = run(s, { type: 'set-same', same: true });
    expect(currentDoc(s).sides.back.nodes.map((n) => n.type === 'text' && n.text)).toEqual(['앞']);
    s = run(s, { type: 'set-same', same: false }, { type: 'set-side', side: 'back' });
    expect(visibleSide(s).nodes.map((n) => n.type === 'text' && n.text)).toEqual(['뒤']);
    expect(visibleSide(s).background).toBe('mint');
  });

  it('adds an uploaded image as an image node, fitted in the safe zone', () => {
    const s = run(start(), {
      type: 'add-image',
      src: '/uploads/members/1/designs/a.png',
      naturalWidth: 400,
      naturalHeight: 200,
    });
    expect(selectedNode(s)).toMatchObject({
      type: 'image',
      src: '/uploads/members/1/designs/a.png',
      width: 88,
      height: 44,
    });
    expect(DesignDocument.safeParse(currentDoc(s)).success).toBe(true);
  });

  it('reorders, hides and changes the background', () => {
    let s = run(start(), { type: 'add-text', text: 'a' });
    const a = s.selectedId!;
    s = run(s, { type: 'add-text', text: 'b' }, { type: 'move-z', id: a, move: 'front' });
    expect(visibleSide(s).nodes.at(-1)?.id).toBe(a);
    s = run(s, { type: 'toggle-hide', id: a }, { type: 'set-background', colour: 'navy' });
    expect(visibleSide(s).nodes.at(-1)?.hidden).toBe(true);
    expect(visibleSide(s).background).toBe('navy');
  });

  it('changing the template keeps nodes in place relative to the centre', () => {
    let s = run(start(), { type: 'add-text', text: 'a' });
    s = run(s, { type: 'change-template', templateId: 'round-dampener-120' });
    expect(currentDoc(s)).toMatchObject({ templateId: 'round-dampener-120', widthMm: 120 });
    expect(selectedNode(s)).toMatchObject({ x: 62, y: 62 });
    expect(DesignDocument.safeParse(currentDoc(s)).success).toBe(true);
  });

  it('announces changes in Korean for the live region', () => {
    const s0 = start();
    const add: EditorAction = { type: 'add-text', text: 'a' };
    const s1 = editorReducer(s0, add);
    expect(announcementFor(add, s0, s1)).toBe('문구를 추가했습니다.');
    const u: EditorAction = { type: 'undo' };
    expect(announcementFor(u, s0, editorReducer(s0, u))).toBe('더 이상 실행 취소할 수 없습니다.');
  });
});
