/**
 * The money of a claim, pure and in integer won (decision 009).
 *
 * What a claimed unit is worth is what was paid for it: its buy price (after the immediate
 * discount) less its share of the product and cart coupons the order used. Amounts split by units
 * follow ONE cumulative rule so that claims never drift from what the order cost:
 *
 *   after a claim, the live claims on a line together hold floor(total × unitsTaken / orderCnt) of
 *   the line's coupon discount; the claim that takes a line's last unit holds the rest.
 *
 * Points the order used come back in proportion to the goods refunded (the same cumulative rule
 * over the order's goods); the claim after which nothing of the order is left takes the rest. The
 * money back through the provider is the remainder, so over a whole order it adds up to exactly
 * what was charged. Delivery fees come back only with a cancel that leaves a delivery group with
 * nothing to ship; returns never refund the outbound fee, and a return that is the buyer's doing
 * costs the template's return fee, taken from the money first, then from the points.
 *
 * An order not paid yet (a virtual account waiting for its deposit) gives no money back, nor a
 * delivery fee: nothing was paid. Points it used were taken at checkout and do come back.
 */

export interface ClaimLine {
  orderOptionNo: number;
  orderCnt: number;
  /** Buy price per unit (after the immediate discount). */
  buyPrice: number;
  productCouponAmt: number;
  cartCouponAmt: number;
  deliveryKey: string;
  /** Units taken by live claims (cancelled + asked back + returned). */
  takenCnt: number;
  /** Coupon discount already held by the line's live claims. */
  takenDiscountAmt: number;
  takenProductCouponAmt: number;
}

export interface ClaimOrder {
  /** The buyer has paid (false while a virtual account waits for its deposit). */
  paid: boolean;
  /** Points the order used. */
  usedPointsAmt: number;
  /** Points already given back by live claims (their shares). */
  takenPointsAmt: number;
  /** Goods paid by live claims so far (their paid amounts). */
  takenPaidAmt: number;
  /** What the provider was paid, and what live claims already refund through it. */
  payAmt: number;
  refundedPayAmt: number;
  /** Delivery groups: fee charged (delivery + remote) and whether a claim already refunded it. */
  groups: { deliveryKey: string; feeAmt: number; refunded: boolean }[];
}

export interface ClaimRequestLine {
  orderOptionNo: number;
  cnt: number;
}

export interface ClaimLineAmount {
  orderOptionNo: number;
  cnt: number;
  productAmt: number;
  productCouponAmt: number;
  cartCouponAmt: number;
  paidAmt: number;
}

export interface ClaimAmounts {
  lines: ClaimLineAmount[];
  productAmt: number;
  productCouponAmt: number;
  cartCouponAmt: number;
  /** Goods after coupons. */
  paidAmt: number;
  deliveryRefundAmt: number;
  /** Delivery groups whose fee this claim refunds. */
  refundedGroups: string[];
  returnDeliveryAmt: number;
  pointsShareAmt: number;
  /** Points given back. */
  refundSubPayAmt: number;
  /** Money given back through the payment provider. */
  refundPayAmt: number;
  /** No unit of the order is left after this claim. */
  closesOrder: boolean;
}

const sum = (ns: readonly number[]) => ns.reduce((a, b) => a + b, 0);
const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));

/** The part of `total` that units (from, to] of `count` carry under the cumulative floor rule. */
export function cumulativeShare(
  total: number,
  count: number,
  takenAfter: number,
  heldBefore: number,
): number {
  if (count <= 0) return 0;
  const target = takenAfter >= count ? total : Math.floor((total * takenAfter) / count);
  return clamp(target - heldBefore, 0, Math.max(0, total - heldBefore));
}

export function claimAmounts(
  kind: 'CANCEL' | 'RETURN',
  order: ClaimOrder,
  lines: readonly ClaimLine[],
  request: readonly ClaimRequestLine[],
  returnDeliveryAmt = 0,
): ClaimAmounts {
  const byNo = new Map(lines.map((l) => [l.orderOptionNo, l]));
  const out: ClaimLineAmount[] = [];
  for (const r of request) {
    const line = byNo.get(r.orderOptionNo);
    if (!line) throw new Error(`line ${r.orderOptionNo} is not in the order`);
    const takenAfter = line.takenCnt + r.cnt;
    if (r.cnt < 1 || takenAfter > line.orderCnt) throw new Error(`line ${r.orderOptionNo}: too many units`);
    const productAmt = line.buyPrice * r.cnt;
    const discountTotal = line.productCouponAmt + line.cartCouponAmt;
    const discount = Math.min(
      productAmt,
      cumulativeShare(discountTotal, line.orderCnt, takenAfter, line.takenDiscountAmt),
    );
    const productCouponAmt = Math.min(
      discount,
      cumulativeShare(line.productCouponAmt, line.orderCnt, takenAfter, line.takenProductCouponAmt),
    );
    out.push({
      orderOptionNo: r.orderOptionNo,
      cnt: r.cnt,
      productAmt,
      productCouponAmt,
      cartCouponAmt: discount - productCouponAmt,
      paidAmt: productAmt - discount,
    });
  }

  const claimed = new Map(request.map((r) => [r.orderOptionNo, r.cnt]));
  const leftOf = (l: ClaimLine) => l.orderCnt - l.takenCnt - (claimed.get(l.orderOptionNo) ?? 0);
  const closesOrder = lines.every((l) => leftOf(l) === 0);

  // a cancel that leaves a delivery group empty gives its fee back (once)
  const refundedGroups =
    kind === 'CANCEL' && order.paid
      ? order.groups
          .filter(
            (g) =>
              !g.refunded &&
              lines.some((l) => l.deliveryKey === g.deliveryKey && claimed.has(l.orderOptionNo)) &&
              lines.filter((l) => l.deliveryKey === g.deliveryKey).every((l) => leftOf(l) === 0),
          )
          .map((g) => g.deliveryKey)
      : [];
  const deliveryRefundAmt = sum(
    order.groups.filter((g) => refundedGroups.includes(g.deliveryKey)).map((g) => g.feeAmt),
  );

  const paidAmt = sum(out.map((l) => l.paidAmt));
  const goodsTotal = sum(lines.map((l) => l.buyPrice * l.orderCnt - l.productCouponAmt - l.cartCouponAmt));
  const pointsShareAmt = Math.min(
    paidAmt,
    closesOrder
      ? Math.max(0, order.usedPointsAmt - order.takenPointsAmt)
      : cumulativeShare(order.usedPointsAmt, goodsTotal, order.takenPaidAmt + paidAmt, order.takenPointsAmt),
  );

  // the buyer's return fee comes off the money first, then the points; never below nothing
  const fee = kind === 'RETURN' ? returnDeliveryAmt : 0;
  const cash = paidAmt + deliveryRefundAmt - pointsShareAmt;
  const feeFromCash = Math.min(fee, cash);
  const refundSubPayAmt = Math.max(0, pointsShareAmt - (fee - feeFromCash));
  const refundPayAmt = order.paid
    ? clamp(cash - feeFromCash, 0, Math.max(0, order.payAmt - order.refundedPayAmt))
    : 0;

  return {
    lines: out,
    productAmt: sum(out.map((l) => l.productAmt)),
    productCouponAmt: sum(out.map((l) => l.productCouponAmt)),
    cartCouponAmt: sum(out.map((l) => l.cartCouponAmt)),
    paidAmt,
    deliveryRefundAmt,
    refundedGroups,
    returnDeliveryAmt: feeFromCash + (pointsShareAmt - refundSubPayAmt),
    pointsShareAmt,
    refundSubPayAmt,
    refundPayAmt,
    closesOrder,
  };
}
