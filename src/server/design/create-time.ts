import { randomBytes } from 'node:crypto';

/** Korea has no daylight saving: Korean time is always UTC+9. */
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The spec's `create_time` (`date@time`), in Korean time with milliseconds: `2026-05-01@13:45:12.345`. */
export function formatCreateTime(at: Date): string {
  const iso = new Date(at.getTime() + KST_OFFSET_MS).toISOString(); // 2026-05-01T13:45:12.345Z
  return `${iso.slice(0, 10)}@${iso.slice(11, 23)}`;
}

/** The instant a `create_time` names (for sorting and admin date filters). */
export function parseCreateTime(value: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})@(\d{2}:\d{2}:\d{2})(\.\d{3})?$/.exec(value);
  if (!m) return null;
  const t = Date.parse(`${m[1]}T${m[2]}${m[3] ?? '.000'}Z`);
  return Number.isNaN(t) ? null : new Date(t - KST_OFFSET_MS);
}

/** A design id: 128 random bits, base64url (22 characters). It travels in carts and orders. */
export function newDesignId(): string {
  return randomBytes(16).toString('base64url');
}
