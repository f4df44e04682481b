import { useCallback, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/shop-api-client.ts';
import { focusFirstInvalid, focusLost, useFocusLater, usable } from '../focus.ts';

/**
 * What the setup editors share: one save at a time, its result read out (aria-live), the server's
 * per-field problems (`fields` of a 400) kept by path so each shows next to its field. The keyboard
 * keeps its place: a refused save takes the focus to the first field marked invalid in the form it
 * came from, and a control that was disabled while saving (or whose row React moved) gets the focus
 * back when it had fallen to the page.
 */

export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(err: unknown): FieldErrors {
  if (!(err instanceof ApiError)) return {};
  const fields = err.body.fields;
  if (!Array.isArray(fields)) return {};
  const out: FieldErrors = {};
  for (const f of fields as { path?: unknown; message?: unknown }[]) {
    if (typeof f.path === 'string' && typeof f.message === 'string') out[f.path] ??= f.message;
  }
  return out;
}

export const isConflict = (err: unknown) => err instanceof ApiError && err.status === 409;

export interface SaveState {
  pending: boolean;
  /** The last success, read out politely. */
  status: string;
  /** The last refusal (the server's Korean message). */
  error: string;
  fields: FieldErrors;
  /** Runs `work`; on success shows `done` (or what it returns), on failure the server's message. */
  run: <T>(work: () => Promise<T>, done: string | ((result: T) => string)) => Promise<T | undefined>;
  clear: () => void;
}

export function useSaveState(): SaveState {
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const origin = useRef<HTMLElement | null>(null);
  const focusLater = useFocusLater();
  const clear = useCallback(() => {
    setStatus('');
    setError('');
    setFields({});
  }, []);
  const run = useCallback(
    async <T,>(work: () => Promise<T>, done: string | ((result: T) => string)): Promise<T | undefined> => {
      // what had the focus when the save began (the pressed button, or a field where Enter was pressed)
      const from = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      origin.current = from;
      setPending(true);
      setStatus('');
      setError('');
      setFields({});
      let refused = false;
      try {
        const result = await work();
        setStatus(typeof done === 'string' ? done : done(result));
        return result;
      } catch (err) {
        refused = Object.keys(fieldErrorsOf(err)).length > 0;
        setError(errorMessage(err));
        setFields(fieldErrorsOf(err));
        return undefined;
      } finally {
        setPending(false);
        focusLater(() => {
          if (origin.current !== from || !from) return null;
          if (refused && from.isConnected && focusFirstInvalid(from.closest('form'))) return null;
          if (!focusLost()) return null;
          if (usable(from)) return from;
          // the pressed button is disabled now (a row moved to the end of its list): a neighbour
          const group = from.parentElement;
          return group ? ([...group.querySelectorAll('button')].find((b) => usable(b)) ?? null) : null;
        });
      }
    },
    [focusLater],
  );
  return { pending, status, error, fields, run, clear };
}

/** The result line of a form or list: success politely, a refusal as an alert. */
export function SaveMessages({ state }: { state: Pick<SaveState, 'status' | 'error'> }) {
  return (
    <>
      <p className="cs-status" role="status" aria-live="polite">
        {state.status}
      </p>
      {state.error && (
        <p className="bf-alert" role="alert">
          {state.error}
        </p>
      )}
    </>
  );
}

/** A field's own problem, tied to the input by `id` (use it in aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="bf-error" id={id}>
      {message}
    </p>
  );
}
