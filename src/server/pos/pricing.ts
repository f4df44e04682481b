import type { Discount } from './schema.ts';

/**
 * A counter sale's amounts, pure. Every line's price comes from the catalogue (never from the
 * counter's screen); the staff may take a discount off a line and off the whole sale (an amount or
 * a percent, with a reason), and a member may pay part with points. Each line keeps its `netAmt`:
 * its price after its own discount and its share of the sale's discount, shared out in proportion
 * (the last line takes the remainder so the shares add up exactly). Refunds give back net amounts.
 */

export interface PricedLineInput {
  optionNo: number;
  unitPrice: number;
  qty: number;
  discount?: Discount | undefined;
}

export interface PricedLine {
  optionNo: number;
  unitPrice: number;
  qty: number;
  grossAmt: number;
  lineDiscountAmt: number;
  lineDiscountReason: string;
  netAmt: number;
}

export interface SalePricing {
  lines: PricedLine[];
  goodsAmt: number;
  lineDiscountAmt: number;
  orderDiscountAmt: number;
  /** Goods after every discount: what points and payments cover together. */
  netAmt: number;
  usedPoints: number;
  payAmt: number;
}

export class PricingProblem extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

function discountOf(base: number, d: Discount | undefined): number {
  if (!d || d.value === 0) return 0;
  return d.kind === 'PERCENT' ? Math.floor((base * d.value) / 100) : d.value;
}

export function priceSale(
  inputs: readonly PricedLineInput[],
  orderDiscount: Discount | undefined,
  usePoints: number,
): SalePricing {
  const lines: PricedLine[] = inputs.map((l, i) => {
    const grossAmt = l.unitPrice * l.qty;
    const lineDiscountAmt = discountOf(grossAmt, l.discount);
    if (lineDiscountAmt > grossAmt)
      throw new PricingProblem(`lines.${i}.discount`, '상품 할인이 상품 금액보다 클 수 없습니다.');
    return {
      optionNo: l.optionNo,
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
  const afterLines = goodsAmt - lineDiscountAmt;
  const orderDiscountAmt = discountOf(afterLines, orderDiscount);
  if (orderDiscountAmt > afterLines)
    throw new PricingProblem('orderDiscount', '전체 할인이 결제할 금액보다 클 수 없습니다.');
  // share the sale's discount over the lines in proportion to what is left of each
  if (orderDiscountAmt > 0 && afterLines > 0) {
    let left = orderDiscountAmt;
    lines.forEach((l, i) => {
      const share = i === lines.length - 1 ? left : Math.floor((orderDiscountAmt * l.netAmt) / afterLines);
      const take = Math.min(share, l.netAmt);
      l.netAmt -= take;
      left -= take;
    });
    // rounding left a won or two on a line too small to take it: the others take it
    for (const l of lines) {
      if (left === 0) break;
      const take = Math.min(left, l.netAmt);
      l.netAmt -= take;
      left -= take;
    }
  }
  const netAmt = afterLines - orderDiscountAmt;
  if (usePoints > netAmt) throw new PricingProblem('usePoints', '적립금은 결제할 금액까지만 쓸 수 있습니다.');
  return {
    lines,
    goodsAmt,
    lineDiscountAmt,
    orderDiscountAmt,
    netAmt,
    usedPoints: usePoints,
    payAmt: netAmt - usePoints,
  };
}

/**
 * What refunding `qty` of a line's units gives back: its share of the line's net amount, the
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
