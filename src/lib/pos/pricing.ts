/**
 * A counter sale's amounts and a refund's split, pure and shared: the server prices every sale
 * with it (src/server/pos/sales.ts, prices from the catalogue) and the counter's screen previews
 * with the same code, so the two never disagree.
 *
 * Every line's price comes from the catalogue; the staff may take a discount off a line and off the
 * whole sale (an amount or a percent, with a reason), and a member may pay part with points. Each
 * line keeps its `netAmt`: its price after its own discount and its share of the sale's discount,
 * shared out in proportion (the last line takes the remainder so the shares add up exactly).
 * Refunds give back net amounts.
 */

export interface Discount {
  kind: 'AMOUNT' | 'PERCENT';
  value: number;
  reason: string;
}

export interface PricedLineInput {
  optionNo: number;
  unitPrice: number;
  qty: number;
  discount?: Discount | null | undefined;
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
  /** What makes the sale impossible as asked (a discount larger than its amount, too many points). */
  problems: { path: string; message: string }[];
}

export function discountAmount(base: number, d: Discount | null | undefined): number {
  if (!d || d.value === 0) return 0;
  return d.kind === 'PERCENT' ? Math.floor((base * d.value) / 100) : d.value;
}

/**
 * The sale's amounts. A discount or points over what they apply to are listed in `problems` and
 * capped, so the screen can show a total while it says what to fix; the server refuses the sale.
 */
export function priceSale(
  inputs: readonly PricedLineInput[],
  orderDiscount: Discount | null | undefined,
  usePoints: number,
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
  let orderDiscountAmt = discountAmount(afterLines, orderDiscount);
  if (orderDiscountAmt > afterLines) {
    problems.push({ path: 'orderDiscount', message: '전체 할인이 결제할 금액보다 클 수 없습니다.' });
    orderDiscountAmt = afterLines;
  }
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
  let usedPoints = Math.max(0, Math.trunc(usePoints) || 0);
  if (usedPoints > netAmt) {
    problems.push({ path: 'usePoints', message: '적립금은 결제할 금액까지만 쓸 수 있습니다.' });
    usedPoints = netAmt;
  }
  return {
    lines,
    goodsAmt,
    lineDiscountAmt,
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
