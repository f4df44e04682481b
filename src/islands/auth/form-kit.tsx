import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SubmitEvent,
} from 'react';
import type { z } from 'zod';
import { useHydrated } from '../common/use-hydrated.ts';
import './auth-forms.css';

/**
 * The pieces every account form is built from: a labelled field whose error is announced and
 * tied to the input (aria-invalid + aria-describedby), a live status line for duplicate checks,
 * the form-level alert, and the "focus the first error" step.
 */

export type Errors<K extends string = string> = Partial<Record<K, string>>;

export interface FieldStatus {
  text: string;
  tone: 'info' | 'ok' | 'error';
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** A live line (duplicate checks, timers): rendered always so screen readers hear changes. */
  status?: FieldStatus | null | undefined;
  live?: boolean;
  /** Shown after the input (e.g. a "send code" button). */
  addon?: ReactNode;
}

/** Ids of the hint, status and error lines of a field, in the order they are read. */
export function describedBy(
  id: string,
  parts: { hint?: unknown; live?: boolean; error?: unknown },
): string | undefined {
  const ids = [
    parts.hint ? `${id}-hint` : null,
    parts.live ? `${id}-status` : null,
    parts.error ? `${id}-error` : null,
  ];
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

export function Field({
  id,
  label,
  error,
  hint,
  status,
  live = false,
  addon,
  required,
  ...input
}: FieldProps) {
  return (
    <div className="af-field">
      <label htmlFor={id} className="af-label">
        {label}
        {required ? <span className="af-required"> (필수)</span> : null}
      </label>
      <div className={addon ? 'af-input-row' : undefined}>
        <input
          id={id}
          className="af-input"
          aria-invalid={error ? true : undefined}
          aria-required={required ? true : undefined}
          aria-describedby={describedBy(id, { hint, live: live || Boolean(status), error })}
          {...input}
        />
        {addon}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="af-hint">
          {hint}
        </p>
      ) : null}
      {live || status ? (
        <p
          id={`${id}-status`}
          className={`af-status af-status--${status?.tone ?? 'info'}`}
          aria-live="polite"
        >
          {error ? '' : (status?.text ?? '')}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="af-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The form-level message: the alert for failures (always in the page, so a new message is
 * announced) and a polite status line for success notes.
 */
export function FormMessage({ id, error, notice }: { id: string; error?: ReactNode; notice?: ReactNode }) {
  return (
    <>
      <div id={id} className={error ? 'af-alert' : 'af-alert af-alert--empty'} role="alert" tabIndex={-1}>
        {error}
      </div>
      <p className={notice ? 'af-notice' : 'af-notice af-notice--empty'} role="status">
        {notice}
      </p>
    </>
  );
}

/**
 * An account form named by a heading that only screen readers see (the page names it visibly,
 * e.g. as a tab), its `FormMessage` first; submitting runs `onSubmit`.
 */
export function TitledForm({
  titleId,
  title,
  message,
  onSubmit,
  children,
}: {
  titleId: string;
  title: string;
  message: { id: string; error?: ReactNode; notice?: ReactNode };
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      className="af-form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="visually-hidden">
        {title}
      </h2>
      <FormMessage {...message} />
      {children}
    </form>
  );
}

/**
 * A group of radio buttons under a legend. `legendId` makes the legend a focus target (moved to
 * when the group appears); `submitValues` gives each input its `value` attribute.
 */
export function RadioGroup<V extends string>({
  name,
  legend,
  legendId,
  options,
  value,
  onChange,
  submitValues = false,
}: {
  name: string;
  legend: ReactNode;
  legendId?: string;
  options: readonly (readonly [V, ReactNode])[];
  value: V;
  onChange: (value: V) => void;
  submitValues?: boolean;
}) {
  return (
    <fieldset className="af-fieldset">
      <legend className="af-legend" id={legendId} tabIndex={legendId ? -1 : undefined}>
        {legend}
      </legend>
      <div className="af-radios">
        {options.map(([option, label]) => (
          <label key={option || 'none'} className="af-check">
            <input
              type="radio"
              name={name}
              value={submitValues ? option : undefined}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The first message of a zod schema for one value, or undefined when it passes. */
export function check<T extends z.ZodType>(schema: T, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? '입력값을 확인해 주세요.');
}

/** Moves focus to the first field (in `order`) that has an error; returns whether there was one. */
export function focusFirstError<K extends string>(
  errors: Errors<K>,
  order: readonly K[],
  idOf: (key: K) => string,
): boolean {
  const first = order.find((key) => errors[key]);
  if (!first) return false;
  const el = document.getElementById(idOf(first));
  el?.focus();
  if (el instanceof HTMLInputElement && el.type !== 'checkbox' && el.type !== 'radio') el.select();
  return true;
}

/** Focuses an element after React has rendered it (alerts appear in the same render). */
export function focusSoon(id: string, frames = 10): void {
  // the element may not be rendered or enabled yet when React commits after this frame: try again
  // for a few frames until it takes the focus
  requestAnimationFrame(() => {
    const el = document.getElementById(id);
    if (el && !(el as HTMLInputElement).disabled) el.focus();
    if (document.activeElement !== el && frames > 0) focusSoon(id, frames - 1);
  });
}

export type CheckState = 'idle' | 'checking' | 'available' | 'taken' | 'failed';

const IDLE_CHECK = { state: 'idle', checkedValue: '' } as const;

/**
 * A debounced live check (id/e-mail/mobile duplicates): runs `ask` 400 ms after the value stops
 * changing and only when `valid(value)`; a newer value cancels the older request. `valid` and
 * `ask` must be the same functions on every render (module-level ones), or each render restarts
 * the wait.
 */
export function useLiveCheck(
  value: string,
  valid: (value: string) => boolean,
  ask: (value: string, signal: AbortSignal) => Promise<boolean>,
  delayMs = 400,
): { state: CheckState; checkedValue: string } {
  const [result, setResult] = useState<{ state: CheckState; checkedValue: string }>(IDLE_CHECK);
  // a value that cannot be checked clears what was shown for the one before
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    if (!value || !valid(value)) setResult(IDLE_CHECK);
  }
  useEffect(() => {
    if (!value || !valid(value)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setResult({ state: 'checking', checkedValue: value });
      ask(value, controller.signal).then(
        (taken) => setResult({ state: taken ? 'taken' : 'available', checkedValue: value }),
        (err: unknown) => {
          if (!(err instanceof DOMException && err.name === 'AbortError'))
            setResult({ state: 'failed', checkedValue: value });
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, valid, ask, delayMs]);
  return result;
}

export { useHydrated };

/** The form's submit button: disabled before hydration and while the request is pending. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <button className="button" type="submit" disabled={pending || !hydrated} aria-busy={pending || undefined}>
      {children}
    </button>
  );
}

/** A submit guard: `run` is ignored while a previous run is pending. */
export function usePending(): [boolean, (fn: () => Promise<void>) => Promise<void>] {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const run = useCallback(async (fn: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await fn();
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);
  return [pending, run];
}

/** "2:59" for a countdown in seconds. */
export function formatRemain(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Seconds left until `deadline` (epoch ms), ticking once a second; null when there is none. */
export function useCountdown(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => setNow(Date.now());
    // the clock is read as soon as the countdown starts, then once a second
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [deadline]);
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}
