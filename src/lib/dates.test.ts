import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, SHOP_TIME_ZONE, toShopbyYmdt } from './dates.ts';

/** What the functions gave when they went through Intl: the reference the fixed offset must match. */
const intl = new Intl.DateTimeFormat('ko-KR', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

function reference(d: Date) {
  const p = Object.fromEntries(intl.formatToParts(d).map((x) => [x.type, x.value]));
  const hour = p.hour === '24' ? '00' : p.hour;
  return {
    date: `${p.year}.${p.month}.${p.day}`,
    dateTime: `${p.year}.${p.month}.${p.day} ${hour}:${p.minute}`,
    ymdt: `${p.year}-${p.month}-${p.day} ${hour}:${p.minute}:${p.second}`,
  };
}

describe('Seoul time with a fixed +9h offset', () => {
  it('crosses the day, month and year boundaries at 15:00 UTC', () => {
    expect(toShopbyYmdt('2026-12-31T14:59:59.999Z')).toBe('2026-12-31 23:59:59');
    expect(toShopbyYmdt('2026-12-31T15:00:00.000Z')).toBe('2027-01-01 00:00:00');
    expect(formatDate('2024-02-28T15:00:00Z')).toBe('2024.02.29');
    expect(formatDateTime('2026-11-22T05:05:09Z')).toBe('2026.11.22 14:05');
    expect(toShopbyYmdt(new Date(Date.UTC(2026, 0, 5, 0, 0, 7)))).toBe('2026-01-05 09:00:07');
  });

  it('agrees with Intl (Asia/Seoul) from 1988 to 2100, every few hours and at odd seconds', () => {
    const start = Date.UTC(1988, 9, 10); // Korea's last daylight saving time ended in October 1988
    const end = Date.UTC(2100, 0, 1);
    const step = 7 * 60 * 60 * 1000 + 13 * 60 * 1000 + 17 * 1000; // 7h13m17s: walks through every hour
    let checked = 0;
    for (let t = start; t < end; t += step * 37) {
      const d = new Date(t);
      const want = reference(d);
      expect([formatDate(d), formatDateTime(d), toShopbyYmdt(d)], d.toISOString()).toEqual([
        want.date,
        want.dateTime,
        want.ymdt,
      ]);
      checked++;
    }
    expect(checked).toBeGreaterThan(3000);
  });

  it('reads ISO strings with other offsets and the sentinel end of sales', () => {
    expect(toShopbyYmdt('2026-11-22T00:30:00+09:00')).toBe('2026-11-22 00:30:00');
    expect(toShopbyYmdt('9999-12-31T14:59:59.000Z')).toBe('9999-12-31 23:59:59');
  });

  it('throws on an unreadable date, as Intl did', () => {
    expect(() => toShopbyYmdt('not a date')).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});
