/**
 * A counter sale's amounts and a refund's split, pure and shared: the server prices every sale
 * with it (src/server/pos/sales.ts, prices from the catalogue) and the counter's screen previews
 * with the same code, so the two never disagree.
 *
 * Every line's price comes from the catalogue. In this order: the staff may take a discount off a
 * line; a member's product coupons discount their product's lines and a cart coupon the whole sale
 * (the web shop's coupon rules, ../coupon-rules.ts); the staff may take a discount off the whole
 * sale (an amount or a percent, with a reason); a member may pay part with points. Each line keeps
 * its `netAmt`: its price after its own discount and its shares of the coupons and the sale's
 * discount, shared out in proportion (the last line takes the remainder so the shares add up
 * exactly). Refunds give back net amounts.
 */

import { couponDiscountAmt, type CouponRule } from '../coupon-rules.ts';
import { formatWon } from '../money.ts';

export interface Discount {
  kind: 'AMOUNT' | 'PERCENT';
  value: number;
  reason: string;
}

export interface PricedLineInput {
  optionNo: number;
  /** The line's product (product coupons discount their product's lines). */
  productNo?: number | undefined;
  unitPrice: number;
  qty: number;
  discount?: Discount | null | undefined;
}

export interface PricedLine {
  optionNo: number;
  productNo: number | null;
  unitPrice: number;
  qty: number;
  grossAmt: number;
  lineDiscountAmt: number;
  lineDiscountReason: string;
  netAmt: number;
}

/** A member's coupon the staff chose for this sale (its rule as issued). */
export interface CouponToApply {
  couponIssueNo: number;
  couponName: string;
  couponType: 'PRODUCT' | 'CART';
  /** A product coupon: the product whose lines it discounts. */
  productNo: number | null;
  rule: Pick<CouponRule, 'discountUnit' | 'discountValue' | 'maxDiscountAmt' | 'minOrderAmt'>;
}

export interface AppliedCoupon {
  couponIssueNo: number;
  couponName: string;
  couponType: 'PRODUCT' | 'CART';
  productNo: number | null;
  /** What it discounted from (its product's lines, or the sale after product coupons). */
  baseAmt: number;
  discountAmt: number;
}

export interface SalePricing {
  lines: PricedLine[];
  goodsAmt: number;
  lineDiscountAmt: number;
  /** Product coupons and the cart coupon together. */
  couponDiscountAmt: number;
  coupons: AppliedCoupon[];
  orderDiscountAmt: number;
  /** Goods after every discount: what points and payments cover together. */
  netAmt: number;
  usedPoints: number;
  payAmt: number;
  /** What makes the sale impossible as asked (a discount larger than its amount, too many points). */
  problems: { path: string; message: string }[];
}

export function discountAmount(base: number, d: Discount | null | undefined): number {
  if (!d || d.value === 0) return 0;
  return d.kind === 'PERCENT' ? Math.floor((base * d.value) / 100) : d.value;
}

/**
 * Takes `amount` off `lines` in proportion to what is left of each (the last line takes the
 * remainder; a won or two rounding left on a line too small to take it goes to the others).
 */
function shareOut(lines: readonly PricedLine[], amount: number): void {
  const base = lines.reduce((a, l) => a + l.netAmt, 0);
  if (amount <= 0 || base <= 0) return;
  let left = amount;
  lines.forEach((l, i) => {
    const share = i === lines.length - 1 ? left : Math.floor((amount * l.netAmt) / base);
    const take = Math.min(share, l.netAmt);
    l.netAmt -= take;
    left -= take;
  });
  for (const l of lines) {
    if (left === 0) break;
    const take = Math.min(left, l.netAmt);
    l.netAmt -= take;
    left -= take;
  }
}

const sumNet = (lines: readonly PricedLine[]) => lines.reduce((a, l) => a + l.netAmt, 0);

/** Product coupons (one per product) then the cart coupon (one per sale), each shared over its lines. */
function applyCoupons(
  lines: readonly PricedLine[],
  coupons: readonly CouponToApply[],
  problems: SalePricing['problems'],
): AppliedCoupon[] {
  const applied: AppliedCoupon[] = [];
  const seen = new Set<number>();
  const couponedProducts = new Set<number>();
  const ordered = [
    ...coupons.map((c, i) => ({ c, i })).filter(({ c }) => c.couponType === 'PRODUCT'),
    ...coupons.map((c, i) => ({ c, i })).filter(({ c }) => c.couponType === 'CART'),
  ];
  for (const { c, i } of ordered) {
    const path = `coupons.${i}`;
    if (seen.has(c.couponIssueNo)) {
      problems.push({ path, message: `같은 쿠폰을 두 번 쓸 수 없습니다. (${c.couponName})` });
      continue;
    }
    seen.add(c.couponIssueNo);
    let target: PricedLine[];
    if (c.couponType === 'PRODUCT') {
      target = lines.filter((l) => c.productNo !== null && l.productNo === c.productNo);
      if (target.length === 0) {
        problems.push({ path, message: `이 쿠폰을 쓸 상품이 판매 목록에 없습니다. (${c.couponName})` });
        continue;
      }
      if (couponedProducts.has(c.productNo!)) {
        problems.push({ path, message: `한 상품에는 상품 쿠폰을 하나만 쓸 수 있습니다. (${c.couponName})` });
        continue;
      }
      couponedProducts.add(c.productNo!);
    } else {
      if (applied.some((a) => a.couponType === 'CART')) {
        problems.push({ path, message: `주문 쿠폰은 한 번에 하나만 쓸 수 있습니다. (${c.couponName})` });
        continue;
      }
      target = [...lines];
    }
    const baseAmt = sumNet(target);
    const discountAmt = couponDiscountAmt(c.rule, baseAmt);
    if (discountAmt === 0) {
      problems.push({
        path,
        message:
          baseAmt < c.rule.minOrderAmt
            ? `${formatWon(c.rule.minOrderAmt)} 이상 구매 시 쓸 수 있는 쿠폰입니다. (${c.couponName})`
            : `할인할 금액이 없어 쓸 수 없는 쿠폰입니다. (${c.couponName})`,
      });
      continue;
    }
    shareOut(target, discountAmt);
    applied.push({
      couponIssueNo: c.couponIssueNo,
      couponName: c.couponName,
      couponType: c.couponType,
      productNo: c.couponType === 'PRODUCT' ? c.productNo : null,
      baseAmt,
      discountAmt,
    });
  }
  return applied;
}

/**
 * The sale's amounts. A discount, coupon or points that cannot apply as asked are listed in
 * `problems` and left out or capped, so the screen can show a total while it says what to fix; the
 * server refuses the sale.
 */
export function priceSale(
  inputs: readonly PricedLineInput[],
  orderDiscount: Discount | null | undefined,
  usePoints: number,
  coupons: readonly CouponToApply[] = [],
): SalePricing {
  const problems: SalePricing['problems'] = [];
  const lines: PricedLine[] = inputs.map((l, i) => {
    const grossAmt = l.unitPrice * l.qty;
    let lineDiscountAmt = discountAmount(grossAmt, l.discount);
    if (lineDiscountAmt > grossAmt) {
      problems.push({ path: `lines.${i}.discount`, message: '상품 할인이 상품 금액보다 클 수 없습니다.' });
      lineDiscountAmt = grossAmt;
    }
    return {
      optionNo: l.optionNo,
      productNo: l.productNo ?? null,
      unitPrice: l.unitPrice,
      qty: l.qty,
      grossAmt,
      lineDiscountAmt,
      lineDiscountReason: l.discount?.reason ?? '',
      netAmt: grossAmt - lineDiscountAmt,
    };
  });
  const goodsAmt = lines.reduce((a, l) => a + l.grossAmt, 0);
  const lineDiscountAmt = lines.reduce((a, l) => a + l.lineDiscountAmt, 0);
  const applied = applyCoupons(lines, coupons, problems);
  const couponAmt = applied.reduce((a, c) => a + c.discountAmt, 0);
  const afterCoupons = goodsAmt - lineDiscountAmt - couponAmt;
  let orderDiscountAmt = discountAmount(afterCoupons, orderDiscount);
  if (orderDiscountAmt > afterCoupons) {
    problems.push({ path: 'orderDiscount', message: '전체 할인이 결제할 금액보다 클 수 없습니다.' });
    orderDiscountAmt = afterCoupons;
  }
  // share the sale's discount over the lines in proportion to what is left of each
  shareOut(lines, orderDiscountAmt);
  const netAmt = afterCoupons - orderDiscountAmt;
  let usedPoints = Math.max(0, Math.trunc(usePoints) || 0);
  if (usedPoints > netAmt) {
    problems.push({ path: 'usePoints', message: '적립금은 결제할 금액까지만 쓸 수 있습니다.' });
    usedPoints = netAmt;
  }
  return {
    lines,
    goodsAmt,
    lineDiscountAmt,
    couponDiscountAmt: couponAmt,
    coupons: applied,
    orderDiscountAmt,
    netAmt,
    usedPoints,
    payAmt: netAmt - usedPoints,
    problems,
  };
}

/**
 * What refunding `qty` more of a line's units gives back: its share of the line's net amount, the
 * last units taking the remainder (so a whole refund gives back exactly the line's net amount).
 */
export function refundOfLine(
  line: { netAmt: number; qty: number; refundedQty: number },
  qty: number,
): number {
  const before = Math.floor((line.netAmt * line.refundedQty) / line.qty);
  const after =
    line.refundedQty + qty === line.qty
      ? line.netAmt
      : Math.floor((line.netAmt * (line.refundedQty + qty)) / line.qty);
  return after - before;
}

export interface RefundSplit<M extends string> {
  pointsBack: number;
  money: number;
  /** The money back to the methods the sale was paid with, the last-paid first. */
  byMethod: { paymentNo: number; method: M; amount: number }[];
  /** Earned points to take back, at most (as far as the member still has them). */
  earnedBack: number;
}

/**
 * How a refund of `net` won of a sale goes back: points in the proportion the sale used them (no
 * more than are left), the rest in money, never more than the payments still hold, to the methods
 * the last-paid first.
 */
export function splitRefund<M extends string>(
  sale: {
    payAmt: number;
    usedPoints: number;
    earnedPoints: number;
    /** Used points not given back by earlier refunds. */
    pointsLeft: number;
    payments: readonly { paymentNo: number; method: M; amount: number; refundedAmt: number }[];
  },
  net: number,
): RefundSplit<M> {
  const saleNet = sale.payAmt + sale.usedPoints;
  const pointsBack =
    saleNet > 0 ? Math.min(Math.round((net * sale.usedPoints) / saleNet), sale.pointsLeft) : 0;
  const moneyLeft = sale.payments.reduce((a, p) => a + p.amount - p.refundedAmt, 0);
  const money = Math.max(0, Math.min(net - pointsBack, moneyLeft));
  const byMethod: RefundSplit<M>['byMethod'] = [];
  let left = money;
  for (const p of [...sale.payments].reverse()) {
    if (left === 0) break;
    const take = Math.min(left, p.amount - p.refundedAmt);
    if (take <= 0) continue;
    byMethod.push({ paymentNo: p.paymentNo, method: p.method, amount: take });
    left -= take;
  }
  const earnedBack = saleNet > 0 ? Math.round((sale.earnedPoints * net) / saleNet) : 0;
  return { pointsBack, money, byMethod, earnedBack };
}
