/**
 * The Korean IME guard of the in-place text editor. While a syllable is being composed
 * (compositionstart … compositionend) the textarea's value is provisional: committing it would
 * re-render the Konva text, move the caret and break the syllable ("ㅎ" + "ㅏ" → "하" must reach
 * the design as "하", never as "ㅎ" then "하" with a lost jamo). So the guard only lets a value
 * through when no composition is running: on compositionend, on blur, and on plain (Latin) input.
 */

/** Receives a value the guard lets through (the caller's current handler: never a stale one). */
export type ImeCommit = (value: string) => void;

export interface ImeGuard {
  readonly composing: boolean;
  compositionStart(): void;
  /** Ends the composition; the final value of the textarea is committed. */
  compositionEnd(value: string, commit: ImeCommit): void;
  /** An `input` event; committed only outside a composition. */
  input(value: string, nativeIsComposing: boolean, commit: ImeCommit): void;
  /** Focus left the textarea: whatever it holds is committed (a dangling composition ends here). */
  blur(value: string, commit: ImeCommit): void;
  /** Whether a key event may act (Enter to finish, Escape to cancel): never mid-syllable. */
  keyMayAct(event: { isComposing?: boolean; keyCode?: number }): boolean;
}

export function createImeGuard(): ImeGuard {
  let composing = false;
  let last: string | null = null;
  const push = (value: string, commit: ImeCommit) => {
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
    compositionEnd(value, commit) {
      composing = false;
      push(value, commit);
    },
    input(value, nativeIsComposing, commit) {
      // Chrome fires `input` inside a composition (isComposing true); Safari may fire
      // compositionend before the last input: both end up here and are told apart by the flag
      if (composing || nativeIsComposing) return;
      push(value, commit);
    },
    blur(value, commit) {
      composing = false;
      push(value, commit);
    },
    keyMayAct(event) {
      // 229: the key went to the IME (older Safari and Chrome on Android report only this)
      return !composing && !event.isComposing && event.keyCode !== 229;
    },
  };
}
