import { describe, expect, it } from 'vitest';
import { claimAmounts, cumulativeShare, type ClaimLine, type ClaimOrder } from './amounts.ts';

/**
 * An order worked out by hand:
 *   A: 2 × 18,000 (product coupon 3,000; cart coupon share 2,291) — group "A" (fee 3,000)
 *   B: 1 × 39,000 (cart coupon share 2,709)                      — group "B" (fee 2,500)
 *   goods after coupons 67,000; points 1,000; delivery 5,500 → charged 71,500
 */
const A: ClaimLine = {
  orderOptionNo: 1,
  orderCnt: 2,
  buyPrice: 18000,
  productCouponAmt: 3000,
  cartCouponAmt: 2291,
  deliveryKey: 'A',
  takenCnt: 0,
  takenDiscountAmt: 0,
  takenProductCouponAmt: 0,
};
const B: ClaimLine = {
  orderOptionNo: 2,
  orderCnt: 1,
  buyPrice: 39000,
  productCouponAmt: 0,
  cartCouponAmt: 2709,
  deliveryKey: 'B',
  takenCnt: 0,
  takenDiscountAmt: 0,
  takenProductCouponAmt: 0,
};
const ORDER: ClaimOrder = {
  paid: true,
  usedPointsAmt: 1000,
  takenPointsAmt: 0,
  takenPaidAmt: 0,
  payAmt: 71500,
  refundedPayAmt: 0,
  groups: [
    { deliveryKey: 'A', feeAmt: 3000, refunded: false },
    { deliveryKey: 'B', feeAmt: 2500, refunded: false },
  ],
};

describe('claim amounts', () => {
  it('cumulative shares add up to the total, whatever the steps', () => {
    const steps = [1, 2, 1, 3];
    let held = 0;
    let taken = 0;
    for (const k of steps) {
      taken += k;
      held += cumulativeShare(1001, 7, taken, held);
    }
    expect(taken).toBe(7);
    expect(held).toBe(1001);
    expect(cumulativeShare(1001, 7, 1, 0)).toBe(143);
  });

  it('a partial cancel refunds what the units cost after coupons, with its share of the points', () => {
    const first = claimAmounts('CANCEL', ORDER, [A, B], [{ orderOptionNo: 1, cnt: 1 }]);
    expect(first.lines).toEqual([
      {
        orderOptionNo: 1,
        cnt: 1,
        productAmt: 18000,
        productCouponAmt: 1500,
        cartCouponAmt: 1145,
        paidAmt: 15355,
      },
    ]);
    expect(first).toMatchObject({
      paidAmt: 15355,
      deliveryRefundAmt: 0,
      pointsShareAmt: 229,
      refundSubPayAmt: 229,
      refundPayAmt: 15126,
      closesOrder: false,
    });

    // the rest of the order: the remainders, both delivery fees, the rest of the points
    const rest = claimAmounts(
      'CANCEL',
      { ...ORDER, takenPointsAmt: 229, takenPaidAmt: 15355, refundedPayAmt: 15126 },
      [{ ...A, takenCnt: 1, takenDiscountAmt: 2645, takenProductCouponAmt: 1500 }, B],
      [
        { orderOptionNo: 1, cnt: 1 },
        { orderOptionNo: 2, cnt: 1 },
      ],
    );
    expect(rest.lines.map((l) => l.paidAmt)).toEqual([15354, 36291]);
    expect(rest).toMatchObject({
      deliveryRefundAmt: 5500,
      refundedGroups: ['A', 'B'],
      pointsShareAmt: 771,
      refundPayAmt: 56374,
      closesOrder: true,
    });
    // money back in two steps is exactly what was charged, points exactly what was used
    expect(first.refundPayAmt + rest.refundPayAmt).toBe(71500);
    expect(first.refundSubPayAmt + rest.refundSubPayAmt).toBe(1000);
  });

  it('a cancel emptying one delivery group refunds that group fee only', () => {
    const b = claimAmounts('CANCEL', ORDER, [A, B], [{ orderOptionNo: 2, cnt: 1 }]);
    expect(b).toMatchObject({ deliveryRefundAmt: 2500, refundedGroups: ['B'], paidAmt: 36291 });
    expect(b.refundPayAmt + b.refundSubPayAmt).toBe(36291 + 2500);
  });

  it('a return never refunds the outbound fee; the buyer pays the return fee, money first', () => {
    const r = claimAmounts('RETURN', ORDER, [A, B], [{ orderOptionNo: 2, cnt: 1 }], 3000);
    expect(r).toMatchObject({
      deliveryRefundAmt: 0,
      returnDeliveryAmt: 3000,
      refundSubPayAmt: r.pointsShareAmt,
    });
    expect(r.refundPayAmt).toBe(36291 - r.pointsShareAmt - 3000);

    // a line almost wholly paid with points: the fee eats the money, then the points
    const cheap: ClaimLine = { ...B, orderOptionNo: 3, buyPrice: 2000, cartCouponAmt: 0, deliveryKey: 'C' };
    const pointsOrder: ClaimOrder = {
      ...ORDER,
      usedPointsAmt: 1900,
      payAmt: 100,
      groups: [{ deliveryKey: 'C', feeAmt: 0, refunded: false }],
    };
    const r2 = claimAmounts('RETURN', pointsOrder, [cheap], [{ orderOptionNo: 3, cnt: 1 }], 1000);
    expect(r2).toMatchObject({
      pointsShareAmt: 1900,
      refundPayAmt: 0,
      refundSubPayAmt: 1000,
      returnDeliveryAmt: 1000,
    });
    // and a fee above everything leaves nothing, never a debt
    const r3 = claimAmounts('RETURN', pointsOrder, [cheap], [{ orderOptionNo: 3, cnt: 1 }], 5000);
    expect(r3).toMatchObject({ refundPayAmt: 0, refundSubPayAmt: 0, returnDeliveryAmt: 2000 });
  });

  it('never refunds more money than the provider still holds', () => {
    const r = claimAmounts(
      'CANCEL',
      { ...ORDER, refundedPayAmt: 71000 },
      [A, B],
      [{ orderOptionNo: 2, cnt: 1 }],
    );
    expect(r.refundPayAmt).toBe(500);
  });

  it('an order not paid yet (a virtual account waiting for its deposit) refunds no money and no delivery fee', () => {
    // nothing reached the provider; the points spent on the order were taken and come back
    const unpaid: ClaimOrder = { ...ORDER, paid: false };
    const r = claimAmounts(
      'CANCEL',
      unpaid,
      [A, B],
      [
        { orderOptionNo: 1, cnt: 2 },
        { orderOptionNo: 2, cnt: 1 },
      ],
    );
    expect(r).toMatchObject({
      closesOrder: true,
      deliveryRefundAmt: 0,
      refundedGroups: [],
      refundPayAmt: 0,
      pointsShareAmt: 1000,
      refundSubPayAmt: 1000,
    });
  });

  it('refuses units the line does not have', () => {
    expect(() => claimAmounts('CANCEL', ORDER, [A, B], [{ orderOptionNo: 1, cnt: 3 }])).toThrow();
    expect(() =>
      claimAmounts('CANCEL', ORDER, [{ ...A, takenCnt: 2 }, B], [{ orderOptionNo: 1, cnt: 1 }]),
    ).toThrow();
    expect(() => claimAmounts('CANCEL', ORDER, [A, B], [{ orderOptionNo: 9, cnt: 1 }])).toThrow();
  });
});
