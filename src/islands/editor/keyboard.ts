/**
 * The editor's keyboard map: Delete/Backspace removes the selection, arrows nudge it (Shift: 10),
 * Ctrl/⌘+Z undoes, Ctrl/⌘+Shift+Z and Ctrl+Y redo, Ctrl/⌘+D duplicates, Escape deselects.
 * Nothing fires while the shopper types in a field (inputs keep their own undo and arrows) or
 * while an IME composes, and arrows leave composite widgets (toolbar, radio groups, lists) alone.
 */

export type EditorCommand =
  | { type: 'delete' }
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'duplicate' }
  | { type: 'deselect' };

const NUDGE = 1;
const NUDGE_LARGE = 10;

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
  isComposing?: boolean;
  keyCode?: number;
  target?: unknown;
}

interface ElementLike {
  tagName?: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
  closest?: (selector: string) => unknown;
  type?: string;
}

/** Fields that take typing: their keys belong to them (including Ctrl+Z and arrows). */
export function isTypingTarget(target: unknown): boolean {
  if (!target || typeof target !== 'object') return false;
  const el = target as ElementLike;
  const tag = el.tagName?.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    // buttons in input form take no text; everything else does (text, number, range, radio …)
    return !['button', 'submit', 'reset', 'checkbox', 'file', 'color'].includes(
      (el.type ?? 'text').toLowerCase(),
    );
  }
  return el.isContentEditable === true;
}

/** Widgets where arrow keys move focus between their items. */
const ARROW_WIDGETS =
  '[role="toolbar"],[role="radiogroup"],[role="listbox"],[role="menu"],[role="tablist"],[role="slider"]';

function inArrowWidget(target: unknown): boolean {
  const el = target as ElementLike | null;
  return Boolean(el && typeof el.closest === 'function' && el.closest(ARROW_WIDGETS));
}

export function editorCommandFor(e: KeyLike): EditorCommand | null {
  if (e.isComposing || e.keyCode === 229) return null;
  if (isTypingTarget(e.target)) return null;
  const mod = Boolean(e.ctrlKey || e.metaKey);
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (mod && !e.altKey) {
    if (key === 'z') return e.shiftKey ? { type: 'redo' } : { type: 'undo' };
    if (key === 'y' && !e.shiftKey) return { type: 'redo' };
    if (key === 'd' && !e.shiftKey) return { type: 'duplicate' };
    return null;
  }
  if (mod || e.altKey) return null;
  if (key === 'Delete' || key === 'Backspace') return { type: 'delete' };
  if (key === 'Escape') return { type: 'deselect' };
  const step = e.shiftKey ? NUDGE_LARGE : NUDGE;
  const arrows: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const move = arrows[key];
  if (move) {
    if (inArrowWidget(e.target)) return null;
    return { type: 'nudge', dx: move[0], dy: move[1] };
  }
  return null;
}
