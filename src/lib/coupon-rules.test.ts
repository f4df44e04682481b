import { describe, expect, it } from 'vitest';
import {
  appliesToProduct,
  categoriesCovered,
  couponEndLabel,
  couponProblem,
  type IssuedCoupon,
} from './coupon-rules.ts';

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

describe('coupons for categories', () => {
  // 10 생활 > 11 욕실 > 12 수건; 20 운동
  const tree = [
    { categoryNo: 10, parentNo: null },
    { categoryNo: 11, parentNo: 10 },
    { categoryNo: 12, parentNo: 11 },
    { categoryNo: 20, parentNo: null },
  ];

  it('a category covers its subcategories at any depth, and nothing beside it', () => {
    expect([...categoriesCovered([10], tree)].sort()).toEqual([10, 11, 12]);
    expect([...categoriesCovered([11], tree)].sort()).toEqual([11, 12]);
    expect([...categoriesCovered([12, 20], tree)].sort()).toEqual([12, 20]);
    expect(categoriesCovered([], tree).size).toBe(0);
    // a loop in bad data does not hang
    expect(
      [
        ...categoriesCovered(
          [1],
          [
            { categoryNo: 1, parentNo: 2 },
            { categoryNo: 2, parentNo: 1 },
          ],
        ),
      ].sort(),
    ).toEqual([1, 2]);
  });

  const coupon: IssuedCoupon = {
    couponNo: 1,
    couponName: '욕실 10%',
    couponType: 'PRODUCT',
    targetType: 'PRODUCT',
    // resolved by the server: the products of 욕실 and 수건
    targetProductNos: [101, 102],
    discountUnit: 'RATE',
    discountValue: 10,
    maxDiscountAmt: 0,
    minOrderAmt: 0,
    couponIssueNo: 9,
    memberNo: 7,
    status: 'ISSUED',
    issuedAt: '2026-11-01T00:00:00.000Z',
    useEndAt: '2026-12-31T00:00:00.000Z',
  };
  const use = { memberNo: 7, now: new Date('2026-11-26T00:00:00Z'), as: 'PRODUCT' as const, baseAmt: 10000 };

  it('applies to the covered products only, and a coupon whose categories hold no product to none', () => {
    expect(appliesToProduct(coupon, 102)).toBe(true);
    expect(appliesToProduct(coupon, 103)).toBe(false);
    expect(appliesToProduct({ targetType: 'PRODUCT', targetProductNos: [] }, 101)).toBe(false);
    expect(couponProblem(coupon, { ...use, productNo: 101 })).toBeNull();
    expect(couponProblem(coupon, { ...use, productNo: 103 })).toEqual({
      code: 'COUPON_NOT_APPLICABLE',
      message: '이 상품에는 사용할 수 없는 쿠폰입니다. (욕실 10%)',
    });
  });
});
