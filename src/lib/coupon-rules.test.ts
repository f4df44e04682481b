import { describe, expect, it } from 'vitest';
import { couponEndLabel } from './coupon-rules.ts';

describe('couponEndLabel', () => {
  it('says 기한 없음 for the far-future end a coupon without one is given, else its last Seoul day', () => {
    // the demo coupons' "no end": 2099-12-31T15:00Z is 2100-01-01 in Seoul
    expect(couponEndLabel('2099-12-31T15:00:00.000Z')).toBe('기한 없음');
    expect(couponEndLabel('2100-01-01 00:00:00')).toBe('기한 없음');
    expect(couponEndLabel('9999-12-31 23:59:59')).toBe('기한 없음');
    expect(couponEndLabel('9999-12-31T23:59:59.000Z')).toBe('기한 없음');
    // Shopby's Seoul time and an ISO instant alike
    expect(couponEndLabel('2026-12-31 23:59:59')).toBe('2026.12.31까지');
    expect(couponEndLabel('2026-12-31T14:59:59.000Z')).toBe('2026.12.31까지');
    expect(couponEndLabel('2026-12-31T15:00:00.000Z')).toBe('2027.01.01까지');
  });
});
