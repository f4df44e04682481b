import { SHOP_UTC_OFFSET_MS, formatDateTime } from '../../../lib/dates.ts';
import { ApiError, errorMessage } from '../../../lib/shop-api-client.ts';

/** What the display editors share: Seoul times in the form, per-field errors, the 409 hint. */

/** A stored UTC ISO time as the Seoul `YYYY-MM-DDTHH:mm` a datetime-local field holds. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const t = new Date(iso).getTime();
  return Number.isNaN(t) ? '' : new Date(t + SHOP_UTC_OFFSET_MS).toISOString().slice(0, 16);
}

/** "2026.05.01 09:00 ~ 제한 없음" (Seoul time). */
export function periodText(start: string | null, end: string | null): string {
  if (!start && !end) return '항상';
  return `${start ? formatDateTime(start) : '제한 없음'} ~ ${end ? formatDateTime(end) : '제한 없음'}`;
}

export type FieldErrors = Record<string, string>;

/** The answer's per-field problems (`fields`), keyed by field path; `{}` for other errors. */
export function fieldErrorsOf(err: unknown, rename: Record<string, string> = {}): FieldErrors {
  if (!(err instanceof ApiError)) return {};
  const fields = err.body.fields;
  if (!Array.isArray(fields)) return {};
  const out: FieldErrors = {};
  for (const f of fields as { path?: unknown; message?: unknown }[]) {
    if (typeof f.path !== 'string' || typeof f.message !== 'string') continue;
    const path = rename[f.path] ?? f.path;
    out[path] ??= f.message;
  }
  return out;
}

/** Someone else saved first, or deleted it: the screen must be read again. */
export function isStale(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    ['VERSION_CONFLICT', 'DISPLAY_LIST_CHANGED', 'BANNER_NOT_FOUND', 'DISPLAY_SECTION_NOT_FOUND'].includes(
      err.code,
    )
  );
}

export { errorMessage };

/** Props for an input with its error: `aria-invalid` and `aria-describedby` to the message. */
export function errorProps(errors: FieldErrors, name: string, id: string, hintId?: string) {
  const error = errors[name];
  const described = [hintId, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined };
}

/** The alert above the buttons: the server's message, or a pointer to the fields it marked. */
export function alertText(err: unknown, fields: FieldErrors): string {
  return Object.keys(fields).length > 0 ? '표시된 항목을 고친 뒤 다시 저장해 주세요.' : errorMessage(err);
}
