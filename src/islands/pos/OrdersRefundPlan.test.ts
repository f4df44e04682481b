import { describe, expect, it } from 'vitest';
import { estimateRefund, parseQty, refundOfLine, type RefundSaleView } from './OrdersRefundPlan.ts';

// the sale of src/api/api/pos.test.ts: 75,000 − 10% − 2,000 points = 65,500 (card 40,000, cash 25,500)
const sale: RefundSaleView = {
  lines: [
    { lineNo: 1, productName: 'A', optionLabel: '', unitPrice: 18000, qty: 2, refundedQty: 0, netAmt: 32400 },
    { lineNo: 2, productName: 'B', optionLabel: '', unitPrice: 39000, qty: 1, refundedQty: 0, netAmt: 35100 },
  ],
  payments: [
    { paymentNo: 1, method: 'CARD', amount: 40000, refundedAmt: 0, approvalNo: '1', cardName: null },
    { paymentNo: 2, method: 'CASH', amount: 25500, refundedAmt: 0, approvalNo: null, cardName: null },
  ],
  payAmt: 65500,
  usedPoints: 2000,
  pointsLeft: 2000,
  earnedPoints: 655,
};

describe('the refund estimate', () => {
  it('gives what the server gives back: points in proportion, money to the last-paid method first', () => {
    expect(estimateRefund(sale, new Map([[2, 1]]))).toEqual({
      net: 35100,
      pointsBack: 1040,
      money: 34060,
      byMethod: [
        { paymentNo: 2, method: 'CASH', amount: 25500 },
        { paymentNo: 1, method: 'CARD', amount: 8560 },
      ],
      earnedBack: 341,
    });
  });

  it('a whole refund gives back every won and point the sale took', () => {
    const all = estimateRefund(
      sale,
      new Map([
        [1, 2],
        [2, 1],
      ]),
    );
    expect(all.net).toBe(67500);
    expect(all.pointsBack).toBe(2000);
    expect(all.money).toBe(65500);
  });

  it('splits a line as the server does, the last unit taking the remainder', () => {
    const line = { netAmt: 10000, qty: 3, refundedQty: 0 };
    expect(refundOfLine(line, 1)).toBe(3333);
    expect(refundOfLine({ ...line, refundedQty: 1 }, 1)).toBe(3333);
    expect(refundOfLine({ ...line, refundedQty: 2 }, 1)).toBe(3334);
    expect(refundOfLine(line, 3)).toBe(10000);
    expect(refundOfLine(line, 1) + refundOfLine({ ...line, refundedQty: 1 }, 2)).toBe(10000);
  });

  it('reads a quantity field', () => {
    expect(parseQty('', 3)).toEqual({ qty: 0 });
    expect(parseQty(' 2 ', 3)).toEqual({ qty: 2 });
    expect(parseQty('4', 3)).toEqual({ error: '3개까지 환불할 수 있습니다.' });
    expect(parseQty('1.5', 3)).toEqual({ error: '수량은 0 이상의 정수로 입력해 주세요.' });
    expect(parseQty('-1', 3)).toEqual({ error: '수량은 0 이상의 정수로 입력해 주세요.' });
  });
});
