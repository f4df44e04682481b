import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Keeping the keyboard's place in the back office's editors. A button that becomes disabled, a row
 * that React moves to its new place, a panel that closes: each drops the focus to <body>, and a
 * keyboard or screen-reader user is sent back to the top of the page. These helpers put it back.
 */

/** A control that can take the focus and be pressed now. */
export function usable(el: Element | null | undefined): boolean {
  return (
    el instanceof HTMLElement &&
    el.isConnected &&
    !(el as HTMLButtonElement).disabled &&
    el.getAttribute('aria-disabled') !== 'true'
  );
}

/** True when nothing has the focus (it fell to <body> after the focused element went away). */
export function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/**
 * After a row moved by one of its buttons (marked `data-move="up"`/`"down"`): the same button of the
 * moved row, or, at the end of the list where that one is disabled, the row's other move button.
 * (A button only aria-disabled while the move is saved can still hold the focus.)
 */
export function moveButtonIn(row: ParentNode | null | undefined, dir: string): HTMLElement | null {
  if (!row) return null;
  const buttons = [...row.querySelectorAll<HTMLButtonElement>('[data-move]')].filter((b) => !b.disabled);
  return buttons.find((b) => b.dataset.move === dir) ?? buttons[0] ?? null;
}

/** The first field marked invalid inside `root` gets the focus (and is scrolled to). */
export function focusFirstInvalid(root: ParentNode | null | undefined): boolean {
  const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  field.focus();
  return true;
}

/**
 * `focusLater(find)`: once React has committed this component's next render (and whatever state
 * changes were batched with it), focus what `find` returns. Unlike requestAnimationFrame this waits
 * for the render, however the update was scheduled (an event, or the end of a request).
 */
export function useFocusLater(): (find: () => HTMLElement | null | undefined) => void {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const find = pending.current;
    if (!find) return;
    pending.current = null;
    find()?.focus();
  }, [tick]);
  return useCallback((find: () => HTMLElement | null | undefined) => {
    pending.current = find;
    setTick((t) => t + 1);
  }, []);
}
