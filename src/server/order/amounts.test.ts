import { describe, expect, it } from 'vitest';
import type { IssuedCoupon } from '../../lib/coupon-rules.ts';
import { allocate, priceOrder, type AmountLine, type PriceOrderInput } from './amounts.ts';

const now = new Date('2025-06-01T00:00:00.000Z');
const T100 = {
  templateNo: 100,
  conditionType: 'CONDITIONAL' as const,
  baseDeliveryAmt: 3000,
  aboveDeliveryAmt: 50000,
  remoteDeliveryAmt: 3000,
  returnDeliveryAmt: 0,
};
const T101 = {
  templateNo: 101,
  conditionType: 'FIXED_FEE' as const,
  baseDeliveryAmt: 2500,
  aboveDeliveryAmt: 0,
  remoteDeliveryAmt: 5000,
  returnDeliveryAmt: 0,
};

const line = (
  key: number,
  productNo: number,
  partnerNo: number,
  template: AmountLine['template'],
  standard: number,
  discount: number,
): AmountLine => ({
  key,
  productNo,
  partnerNo,
  template,
  standardAmt: standard,
  immediateDiscountAmt: discount,
  buyAmt: standard - discount,
  accumulationRate: 1,
});

const coupon = (over: Partial<IssuedCoupon>): IssuedCoupon => ({
  couponNo: 1,
  couponName: '쿠폰',
  couponType: 'PRODUCT',
  targetType: 'ALL_PRODUCT',
  targetProductNos: [],
  discountUnit: 'WON',
  discountValue: 1000,
  maxDiscountAmt: 0,
  minOrderAmt: 0,
  couponIssueNo: 11,
  memberNo: 7,
  status: 'ISSUED',
  issuedAt: '2025-01-01T00:00:00.000Z',
  useEndAt: '2025-12-31T00:00:00.000Z',
  ...over,
});

const base = (over: Partial<PriceOrderInput> = {}): PriceOrderInput => ({
  // 101 ×2 (36000 after 10%), 103 ×1 (39000, other partner)
  lines: [line(0, 101, 1, T100, 40000, 4000), line(1, 103, 2, T101, 39000, 0)],
  remote: false,
  memberNo: 7,
  productCoupons: [],
  cartCoupon: null,
  pointsRequested: 0,
  pointsBalance: 0,
  now,
  ...over,
});

describe('priceOrder', () => {
  it('adds lines, takes immediate discounts and charges delivery per partner and template', () => {
    const p = priceOrder(base());
    expect(p).toMatchObject({
      standardAmt: 79000,
      immediateDiscountAmt: 4000,
      buyAmt: 75000,
      deliveryAmt: 5500,
      remoteDeliveryAmt: 0,
      payAmt: 80500,
    });
    expect(p.groups).toEqual([
      { partnerNo: 1, templateNo: 100, buyAmt: 36000, deliveryAmt: 3000, remoteDeliveryAmt: 0 },
      { partnerNo: 2, templateNo: 101, buyAmt: 39000, deliveryAmt: 2500, remoteDeliveryAmt: 0 },
    ]);
  });

  it('adds remote fees per group for Jeju and islands', () => {
    const p = priceOrder(base({ remote: true }));
    expect(p.remoteDeliveryAmt).toBe(8000);
    expect(p.payAmt).toBe(88500);
  });

  it('applies a percent product coupon with its cap, then a fixed cart coupon, then points', () => {
    const p = priceOrder(
      base({
        productCoupons: [
          {
            couponIssueNo: 11,
            productNo: 103,
            coupon: coupon({ discountUnit: 'RATE', discountValue: 50, maxDiscountAmt: 5000 }),
          },
        ],
        cartCoupon: {
          couponIssueNo: 12,
          coupon: coupon({ couponIssueNo: 12, couponType: 'CART', discountValue: 3000, minOrderAmt: 30000 }),
        },
        pointsRequested: 2000,
        pointsBalance: 10000,
      }),
    );
    expect(p.productCouponAmt).toBe(5000);
    expect(p.cartCouponAmt).toBe(3000);
    expect(p.pointsUsed).toBe(2000);
    expect(p.maxPoints).toBe(10000);
    // 75000 − 5000 − 3000 − 2000 + 5500
    expect(p.payAmt).toBe(70500);
    const allocated = [...p.lineDiscounts.values()];
    expect(allocated.reduce((n, d) => n + d.productCouponAmt, 0)).toBe(5000);
    expect(allocated.reduce((n, d) => n + d.cartCouponAmt, 0)).toBe(3000);
    expect(p.lineDiscounts.get(0)!.productCouponAmt).toBe(0);
  });

  it('refuses a coupon under its minimum order, expired, used, of another member, or for another product', () => {
    const tryCoupon = (c: IssuedCoupon, productNo = 103) =>
      priceOrder(base({ productCoupons: [{ couponIssueNo: c.couponIssueNo, productNo, coupon: c }] }));
    expect(() => tryCoupon(coupon({ minOrderAmt: 40000 }))).toThrow(/이상 구매 시/);
    expect(() => tryCoupon(coupon({ useEndAt: '2025-05-31T00:00:00.000Z' }))).toThrow(/사용 기간/);
    expect(() => tryCoupon(coupon({ status: 'USED' }))).toThrow(/이미 사용한/);
    expect(() => tryCoupon(coupon({ memberNo: 8 }))).toThrow(/사용할 수 없는 쿠폰/);
    expect(() => tryCoupon(coupon({ targetType: 'PRODUCT', targetProductNos: [101] }))).toThrow(
      /이 상품에는/,
    );
    expect(() => tryCoupon(coupon({ couponType: 'CART' }))).toThrow(/상품 쿠폰이 아닙니다/);
  });

  it('limits points to the balance and to the goods after coupons, never the delivery fee', () => {
    expect(() => priceOrder(base({ pointsRequested: 5001, pointsBalance: 5000 }))).toThrow(
      '보유 적립금 5,000원보다 많이 사용할 수 없습니다.',
    );
    expect(() =>
      priceOrder(
        base({ lines: [line(0, 101, 1, T100, 1000, 0)], pointsRequested: 1001, pointsBalance: 5000 }),
      ),
    ).toThrow('이 주문에는 적립금을 최대 1,000원까지 사용할 수 있습니다.');
    const all = priceOrder(
      base({ lines: [line(0, 101, 1, T100, 1000, 0)], pointsRequested: 1000, pointsBalance: 5000 }),
    );
    expect(all.payAmt).toBe(3000);
  });

  it('gives guests neither coupons nor points', () => {
    expect(() => priceOrder(base({ memberNo: null, pointsRequested: 100, pointsBalance: 0 }))).toThrow(
      /회원만/,
    );
    expect(priceOrder(base({ memberNo: null })).maxPoints).toBe(0);
  });

  it('refuses one coupon twice and two coupons on one product', () => {
    const c = coupon({});
    expect(() =>
      priceOrder(
        base({
          productCoupons: [
            { couponIssueNo: 11, productNo: 101, coupon: c },
            { couponIssueNo: 11, productNo: 103, coupon: c },
          ],
        }),
      ),
    ).toThrow(/한 번만/);
    expect(() =>
      priceOrder(
        base({
          productCoupons: [
            { couponIssueNo: 11, productNo: 101, coupon: c },
            { couponIssueNo: 12, productNo: 101, coupon: coupon({ couponIssueNo: 12 }) },
          ],
        }),
      ),
    ).toThrow(/한 번만/);
  });
});

describe('allocate', () => {
  it('splits in proportion and keeps the total', () => {
    expect(allocate(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(allocate(100, [0, 50])).toEqual([0, 100]);
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
  });

  it('promises the points of buy confirmation on what is paid after coupons and points', () => {
    // 101: 36,000 − 1,000 coupon = 35,000; 103: 39,000; 2,000 points shared 945 / 1,055 (the rest to
    // the larger line); 1 % of 34,055 and of 37,945, rounded down per line = 340 + 379
    const p = priceOrder(
      base({
        productCoupons: [{ couponIssueNo: 11, productNo: 101, coupon: coupon({}) }],
        pointsRequested: 2000,
        pointsBalance: 5000,
      }),
    );
    expect(p).toMatchObject({ productCouponAmt: 1000, pointsUsed: 2000, accumulationAmtWhenBuyConfirm: 719 });
    // guests earn no points
    expect(priceOrder(base({ memberNo: null })).accumulationAmtWhenBuyConfirm).toBe(0);
  });
});
