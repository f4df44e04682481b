/** Dates are stored in UTC ISO strings and shown in Asia/Seoul. */
export const SHOP_TIME_ZONE = 'Asia/Seoul';

const dateFmt = new Intl.DateTimeFormat('ko-KR', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dateTimeFmt = new Intl.DateTimeFormat('ko-KR', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

function parts(fmt: Intl.DateTimeFormat, d: Date) {
  return Object.fromEntries(fmt.formatToParts(d).map((p) => [p.type, p.value]));
}

/** "2026.11.22" in Seoul time. */
export function formatDate(iso: string | Date): string {
  const p = parts(dateFmt, new Date(iso));
  return `${p.year}.${p.month}.${p.day}`;
}

/** "2026.11.22 14:05" in Seoul time. */
export function formatDateTime(iso: string | Date): string {
  const p = parts(dateTimeFmt, new Date(iso));
  return `${p.year}.${p.month}.${p.day} ${p.hour === '24' ? '00' : p.hour}:${p.minute}`;
}

/** Shopby's "yyyy-MM-dd HH:mm:ss" in Seoul time, used in API responses (`registerYmdt` ...). */
export function toShopbyYmdt(iso: string | Date): string {
  const d = new Date(iso);
  const p = parts(dateTimeFmt, d);
  const s = String(d.getUTCSeconds()).padStart(2, '0');
  return `${p.year}-${p.month}-${p.day} ${p.hour === '24' ? '00' : p.hour}:${p.minute}:${s}`;
}
