import { describe, expect, it } from 'vitest';
import { NOTHING_PAID_NOTE, pointsBackNote, refundLineOf } from './order-claims.ts';

describe('refund wording of a claim', () => {
  it('a paid claim shows money and points; one cancelled before the deposit says nothing was paid', () => {
    expect(refundLineOf({ refundMainPayAmt: 41500, refundSubPayAmt: 0 }, false)).toBe(
      '환불 41,500원 + 적립금 0원',
    );
    expect(refundLineOf({ refundMainPayAmt: 0, refundSubPayAmt: 0 }, true)).toBe(NOTHING_PAID_NOTE);
    expect(refundLineOf({ refundMainPayAmt: 0, refundSubPayAmt: 500 }, true)).toBe(
      '결제 전 주문이라 환불할 금액이 없습니다. (적립금 500원 반환)',
    );
    expect(pointsBackNote(1200)).toBe('사용하신 적립금 1,200원은 돌려드립니다.');
  });
});
