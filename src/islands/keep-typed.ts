/**
 * What a shopper typed, picked or ticked in an island's server-rendered fields before React took
 * the island over is handed to the island's own `onChange` once hydration has committed
 * (decision 068). React hydrates a controlled field without touching its text, but its state still
 * holds the server's value, and the next render of that field writes the state back: the text
 * goes, the caret with it. Here each field whose value differs from the one React rendered
 * (`defaultValue`, `defaultChecked`, `defaultSelected`, which React sets to its own props while
 * hydrating) gets the event the browser would have sent had the island been listening: `input`
 * for text, `change` for a select, `click` for a box. React then runs the field's `onChange`
 * exactly as for a key typed after hydration (a form's own clean-up and checks included). The
 * field being typed in is handed over first and its text is never written, so its focus, caret,
 * selection and a Korean syllable still being composed stay as they are; another field that the
 * renders in between reset is put back as the shopper left it before its turn.
 *
 * Used for every React island by `hydrate-keeping-typed.ts` (the renderer's client entry), not by
 * each island: an island added later keeps what was typed without doing anything.
 */

/** React's record of a field's last value (`inputValueTracking`): an event fires `onChange` only when it differs. */
interface ValueTracker {
  setValue(value: string): void;
}

const NOT_TYPED = new Set(['hidden', 'file', 'submit', 'reset', 'button', 'image']);

/** The fields of `island` that belong to it (not to an island or static slot inside it). */
function ownFields(island: HTMLElement): (HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement)[] {
  return [
    ...island.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
      'input, textarea, select',
    ),
  ].filter((el) => el.closest('astro-island, astro-slot, astro-static-slot') === island);
}

/** React's tracker of a field, told that the field last held `value`; false when there is none. */
function remember(el: HTMLInputElement | HTMLTextAreaElement, value: string): boolean {
  const tracker = (el as unknown as { _valueTracker?: ValueTracker | null })._valueTracker;
  if (!tracker || typeof tracker.setValue !== 'function') return false;
  tracker.setValue(value);
  return true;
}

/** The option a single select shows when nothing was picked: the server's `selected` one, else the first enabled one. */
function serverChoice(select: HTMLSelectElement): HTMLOptionElement | undefined {
  const options = [...select.options];
  return options.findLast((o) => o.defaultSelected) ?? options.find((o) => !o.disabled);
}

function selectChanged(select: HTMLSelectElement): boolean {
  if (select.multiple) return [...select.options].some((o) => o.selected !== o.defaultSelected);
  const chosen = select.selectedOptions[0];
  return chosen !== serverChoice(select);
}

/** A field the shopper changed before hydration, as the shopper left it. */
export type Typed =
  | {
      kind: 'text';
      el: HTMLInputElement | HTMLTextAreaElement;
      value: string;
      server: string;
      caret: Caret | null;
    }
  | { kind: 'select'; el: HTMLSelectElement; picked: boolean[] }
  | { kind: 'box'; el: HTMLInputElement; checked: boolean };

type Caret = [start: number, end: number, direction: 'forward' | 'backward' | 'none'];

function caretOf(el: HTMLInputElement | HTMLTextAreaElement): Caret | null {
  try {
    // null for the types without a caret (email, number)
    return el.selectionStart === null || el.selectionEnd === null
      ? null
      : [el.selectionStart, el.selectionEnd, el.selectionDirection ?? 'none'];
  } catch {
    return null;
  }
}

/**
 * The fields of `island` the shopper changed before React hydrated it, read at once after the
 * hydration's commit (before any later render of the island could write its state into them).
 */
export function typedBeforeHydration(island: HTMLElement): Typed[] {
  const typed: Typed[] = [];
  for (const el of ownFields(island)) {
    if (el.disabled) continue;
    if (el instanceof HTMLSelectElement) {
      if (selectChanged(el))
        typed.push({ kind: 'select', el, picked: [...el.options].map((o) => o.selected) });
    } else if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      // a radio unchecked by picking another of its group follows that one
      if (el.checked !== el.defaultChecked && (el.type === 'checkbox' || el.checked)) {
        typed.push({ kind: 'box', el, checked: el.checked });
      }
    } else if (!(el instanceof HTMLInputElement && NOT_TYPED.has(el.type)) && el.value !== el.defaultValue) {
      typed.push({ kind: 'text', el, value: el.value, server: el.defaultValue, caret: caretOf(el) });
    }
  }
  // the field being typed in first: the renders the others' hand-over causes never touch it
  const active = typed.findIndex((t) => t.el === document.activeElement);
  if (active > 0) typed.unshift(...typed.splice(active, 1));
  return typed;
}

/**
 * Hands each field to React through the event the browser would have sent, outside React's commit
 * (an `onChange` run inside a commit could not render, and React would put the old value back).
 * A field's `onChange` renders the island at once, and that render writes React's state into the
 * fields not yet handed over: each is put back as the shopper left it (its caret too) first.
 * Returns the fields handed over.
 */
export function handOver(typed: Typed[]): Element[] {
  const handed: Element[] = [];
  for (const t of typed) {
    if (!t.el.isConnected) continue;
    if (t.kind === 'select') {
      const { el } = t;
      [...el.options].forEach((o, i) => {
        o.selected = t.picked[i] ?? false;
      });
      el.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (t.kind === 'box') {
      const { el } = t;
      // the click below turns the box to what the shopper left; React, told it was the other
      // way, sees the change and runs onChange
      if (!remember(el, String(!t.checked))) continue;
      checkedSetter?.call(el, !t.checked);
      el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    } else {
      const { el } = t;
      if (el.value !== t.value) {
        valueSetter(el)?.call(el, t.value);
        if (t.caret && document.activeElement === el) el.setSelectionRange(...t.caret);
      }
      if (!remember(el, t.server)) continue;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
    handed.push(t.el);
  }
  return handed;
}

/** The browser's own `value` setter of a field, which React's tracker does not see. */
function valueSetter(el: HTMLInputElement | HTMLTextAreaElement) {
  const proto =
    el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(proto, 'value')?.set;
}

/** The browser's own `checked` setter, which React's tracker does not see. */
const checkedSetter =
  typeof HTMLInputElement === 'undefined'
    ? undefined
    : Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set;
