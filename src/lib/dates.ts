/**
 * Dates are stored in UTC ISO strings and shown in Asia/Seoul. Seoul has kept UTC+9 without
 * daylight saving since 1988, so a fixed offset gives what `Intl` with `timeZone: 'Asia/Seoul'`
 * gives (dates.test.ts compares them) for a fraction of the cost: formatting through `Intl` takes
 * about 10 µs a call, and API responses and lists format many times.
 */
export const SHOP_TIME_ZONE = 'Asia/Seoul';
/** Seoul's offset from UTC in milliseconds (KST, no daylight saving). */
export const SHOP_UTC_OFFSET_MS = 9 * 60 * 60 * 1000;

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The wall-clock fields of `iso` in Seoul. */
function seoul(iso: string | Date) {
  const time = new Date(iso).getTime();
  // as Intl does: an unreadable date is an error, not "NaN-NaN-NaN"
  if (Number.isNaN(time)) throw new RangeError(`Invalid time value: ${String(iso)}`);
  const d = new Date(time + SHOP_UTC_OFFSET_MS);
  return {
    year: String(d.getUTCFullYear()).padStart(4, '0'),
    month: pad2(d.getUTCMonth() + 1),
    day: pad2(d.getUTCDate()),
    hour: pad2(d.getUTCHours()),
    minute: pad2(d.getUTCMinutes()),
    second: pad2(d.getUTCSeconds()),
  };
}

/** "2026.11.22" in Seoul time. */
export function formatDate(iso: string | Date): string {
  const p = seoul(iso);
  return `${p.year}.${p.month}.${p.day}`;
}

/** "2026.11.22 14:05" in Seoul time. */
export function formatDateTime(iso: string | Date): string {
  const p = seoul(iso);
  return `${p.year}.${p.month}.${p.day} ${p.hour}:${p.minute}`;
}

/** Shopby's "yyyy-MM-dd HH:mm:ss" in Seoul time, used in API responses (`registerYmdt` ...). */
export function toShopbyYmdt(iso: string | Date): string {
  const p = seoul(iso);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** Seoul calendar days (inclusive, YYYY-MM-DD) → UTC ISO bounds [from, to). */
export function seoulDayRange(
  startYmd: string | null,
  endYmd: string | null,
): { from: string | undefined; to: string | undefined } {
  const start = (ymd: string) => new Date(Date.parse(`${ymd}T00:00:00+09:00`)).toISOString();
  return {
    from: startYmd ? start(startYmd) : undefined,
    to: endYmd ? new Date(Date.parse(start(endYmd)) + 86_400_000).toISOString() : undefined,
  };
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarYmd(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}
