import { refundOfLine, splitRefund, type RefundSplit } from '../../lib/pos/pricing.ts';

/**
 * The refund screen's estimate of what a refund gives back, worked out with the server's own rules
 * (src/lib/pos/pricing.ts, used by src/server/pos/refunds.ts): each line's share of its net amount, the
 * points part in the proportion the sale used points, the money back to the methods the last-paid
 * first. Only shown as "예상"; the server's answer is what happened.
 */

export interface RefundLineView {
  lineNo: number;
  productName: string;
  optionLabel: string;
  unitPrice: number;
  qty: number;
  refundedQty: number;
  netAmt: number;
  /** A custom order line: refunding its last unit stops its production. */
  custom?: boolean;
}

export interface RefundPaymentView {
  paymentNo: number;
  method: 'CASH' | 'CARD' | 'KAKAO_PAY';
  amount: number;
  refundedAmt: number;
  approvalNo: string | null;
  cardName: string | null;
}

export interface RefundSaleView {
  lines: RefundLineView[];
  payments: RefundPaymentView[];
  payAmt: number;
  usedPoints: number;
  /** Used points not given back by earlier refunds. */
  pointsLeft: number;
  earnedPoints: number;
}

export interface RefundEstimate extends RefundSplit<RefundPaymentView['method']> {
  /** The lines' value (money and points together). */
  net: number;
}

export { refundOfLine };

/** The estimate, by the very rules the server refunds with (src/lib/pos/pricing.ts). */
export function estimateRefund(sale: RefundSaleView, qtys: ReadonlyMap<number, number>): RefundEstimate {
  let net = 0;
  for (const line of sale.lines) {
    const qty = qtys.get(line.lineNo) ?? 0;
    if (qty > 0) net += refundOfLine(line, Math.min(qty, line.qty - line.refundedQty));
  }
  return { net, ...splitRefund(sale, net) };
}

/** A quantity field's text as a whole number of units 0..max, or an error message. */
export function parseQty(text: string, max: number): { qty: number } | { error: string } {
  const t = text.trim();
  if (t === '') return { qty: 0 };
  if (!/^\d{1,5}$/.test(t)) return { error: '수량은 0 이상의 정수로 입력해 주세요.' };
  const qty = Number(t);
  if (qty > max) return { error: `${max.toLocaleString('ko-KR')}개까지 환불할 수 있습니다.` };
  return { qty };
}
