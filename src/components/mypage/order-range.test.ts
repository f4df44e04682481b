import { describe, expect, it } from 'vitest';
import { readOrderRange } from './order-range.ts';

// 2026-11-26 15:00 in Seoul
const NOW = new Date('2026-11-26T06:00:00Z');
const read = (query: string) => readOrderRange(new URLSearchParams(query), NOW);

describe('readOrderRange', () => {
  it('reads a shortcut, and 3 months when none or an unknown one is asked', () => {
    expect(read('range=1w')).toMatchObject({
      rangeKey: '1w',
      custom: false,
      range: { startYmd: '2026-11-19', endYmd: '2026-11-26' },
      error: null,
      rangeParams: { range: '1w' },
    });
    for (const q of ['', 'range=5y', 'channel=store']) {
      expect(read(q)).toMatchObject({
        rangeKey: '3m',
        range: { startYmd: '2026-08-26', endYmd: '2026-11-26' },
        rangeParams: { range: '3m' },
      });
    }
  });

  it('reads a custom Seoul range, either end left empty', () => {
    expect(read('startYmd=2026-01-01&endYmd=2026-01-31&range=1w')).toMatchObject({
      rangeKey: null,
      custom: true,
      range: { startYmd: '2026-01-01', endYmd: '2026-01-31' },
      error: null,
      rangeParams: { startYmd: '2026-01-01', endYmd: '2026-01-31' },
    });
    expect(read('startYmd=2026-11-01').range).toEqual({ startYmd: '2026-11-01', endYmd: '2026-11-26' });
  });

  it('names a date that is not real, or a start after the end, and shows the default range', () => {
    const bad = read('startYmd=2024-02-30&endYmd=2024-03-01');
    expect(bad.error).toContain('실제 날짜');
    expect(bad).toMatchObject({
      rangeKey: null,
      rawStart: '2024-02-30',
      rawEnd: '2024-03-01',
      range: { startYmd: '2026-08-26', endYmd: '2026-11-26' },
      rangeParams: { range: '3m' },
    });
    expect(read('startYmd=2026-02-01&endYmd=2026-01-01').error).toBe('조회 시작일이 종료일보다 늦습니다.');
  });
});
