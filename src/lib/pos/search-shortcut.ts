/**
 * The counter's list screens (order list, products): "/" typed anywhere but in a field jumps to the
 * screen's search box, as on most list screens; a scan into the box then searches by barcode.
 */

interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** Whether a key press is a plain "/" typed outside a field (an input, a text area, a select, editable text). */
export function isSearchShortcut(e: KeyPress): boolean {
  if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return false;
  const t = e.target as { isContentEditable?: boolean; tagName?: string } | null;
  return !(t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName ?? '')));
}

/** "/" outside a field focuses `search` with its text selected (nothing when the screen has none). */
export function focusSearchOnSlash(search: HTMLInputElement | null, doc: Document = document): void {
  if (!search) return;
  doc.addEventListener('keydown', (e) => {
    if (!isSearchShortcut(e)) return;
    e.preventDefault();
    search.focus();
    search.select();
  });
}
