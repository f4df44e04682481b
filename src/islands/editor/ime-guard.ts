/**
 * The Korean IME guard of the in-place text editor. While a syllable is being composed
 * (compositionstart … compositionend) the textarea's value is provisional: committing it would
 * re-render the Konva text, move the caret and break the syllable ("ㅎ" + "ㅏ" → "하" must reach
 * the design as "하", never as "ㅎ" then "하" with a lost jamo). So the guard only lets a value
 * through when no composition is running: on compositionend, on blur, and on plain (Latin) input.
 */

export interface ImeGuard {
  readonly composing: boolean;
  compositionStart(): void;
  /** Ends the composition; the final value of the textarea is committed. */
  compositionEnd(value: string): void;
  /** An `input` event; committed only outside a composition. */
  input(value: string, nativeIsComposing?: boolean): void;
  /** Focus left the textarea: whatever it holds is committed (a dangling composition ends here). */
  blur(value: string): void;
  /** Whether a key event may act (Enter to finish, Escape to cancel): never mid-syllable. */
  keyMayAct(event: { isComposing?: boolean; keyCode?: number }): boolean;
}

export function createImeGuard(commit: (value: string) => void): ImeGuard {
  let composing = false;
  let last: string | null = null;
  const push = (value: string) => {
    if (value === last) return;
    last = value;
    commit(value);
  };
  return {
    get composing() {
      return composing;
    },
    compositionStart() {
      composing = true;
    },
    compositionEnd(value) {
      composing = false;
      push(value);
    },
    input(value, nativeIsComposing = false) {
      // Chrome fires `input` inside a composition (isComposing true); Safari may fire
      // compositionend before the last input: both end up here and are told apart by the flag
      if (composing || nativeIsComposing) return;
      push(value);
    },
    blur(value) {
      composing = false;
      push(value);
    },
    keyMayAct(event) {
      // 229: the key went to the IME (older Safari and Chrome on Android report only this)
      return !composing && !event.isComposing && event.keyCode !== 229;
    },
  };
}
