/**
 * Undo and redo, pure: a history is a value, every operation returns a new one. States are kept by
 * reference (designs are replaced, never mutated), so a step costs one array slot.
 *
 * Coalescing: edits that belong together (typing in one text, dragging one node, nudging with the
 * arrow keys) pass the same `coalesceKey`; while the key repeats within `coalesceMs` they replace the
 * newest step instead of adding one, so one undo takes the whole gesture back.
 */

const DEFAULT_HISTORY_LIMIT = 100;
const DEFAULT_COALESCE_MS = 1000;

export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** Max undo steps kept (oldest dropped first). */
  readonly limit: number;
  readonly lastKey: string | null;
  readonly lastAt: number;
}

export function createHistory<T>(initial: T, limit = DEFAULT_HISTORY_LIMIT): History<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new Error('history limit must be a positive integer');
  return { past: [], present: initial, future: [], limit, lastKey: null, lastAt: 0 };
}

export interface PushOptions {
  /** Same key within `coalesceMs` as the previous push → merged into one step. */
  coalesceKey?: string;
  coalesceMs?: number;
  /** Time of the edit (ms); defaults to Date.now(), pass it in tests. */
  now?: number;
}

/** Records a new present. Pushing the present itself is a no-op; redo steps are dropped. */
export function pushHistory<T>(h: History<T>, next: T, options: PushOptions = {}): History<T> {
  if (Object.is(next, h.present)) return h;
  const now = options.now ?? Date.now();
  const key = options.coalesceKey ?? null;
  const window = options.coalesceMs ?? DEFAULT_COALESCE_MS;
  const coalesce =
    key !== null &&
    key === h.lastKey &&
    now - h.lastAt <= window &&
    h.future.length === 0 &&
    h.past.length > 0;
  if (coalesce) return { ...h, present: next, lastAt: now };
  const past = [...h.past, h.present];
  if (past.length > h.limit) past.splice(0, past.length - h.limit);
  return { ...h, past, present: next, future: [], lastKey: key, lastAt: now };
}

export const canUndo = (h: History<unknown>) => h.past.length > 0;
export const canRedo = (h: History<unknown>) => h.future.length > 0;

export function undo<T>(h: History<T>): History<T> {
  if (!canUndo(h)) return h;
  const previous = h.past[h.past.length - 1] as T;
  return {
    ...h,
    past: h.past.slice(0, -1),
    present: previous,
    future: [h.present, ...h.future],
    lastKey: null,
  };
}

export function redo<T>(h: History<T>): History<T> {
  if (!canRedo(h)) return h;
  const [next, ...rest] = h.future as [T, ...T[]];
  return { ...h, past: [...h.past, h.present], present: next, future: rest, lastKey: null };
}

/** Ends a coalescing gesture (pointer up, blur) so the next edit starts a new step. */
export function breakCoalescing<T>(h: History<T>): History<T> {
  return h.lastKey === null ? h : { ...h, lastKey: null };
}
