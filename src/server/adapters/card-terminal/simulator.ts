import { randomBytes, randomInt } from 'node:crypto';
import { CardDeclinedError, type CardTerminalPort } from './port.ts';

const CARDS = ['신한카드', '국민카드', '삼성카드', '현대카드', '비씨카드', '하나카드', '롯데카드'];

/**
 * The built-in card terminal: approves every amount, except that a test or a trainee can make the
 * next approval fail (`declineNext`, the demo's "다음 카드 결제 거절" switch) as a real card would
 * (한도 초과). Approvals and cancels are kept in memory to check that cancels match an approval.
 */
export function createCardTerminalSimulator(): CardTerminalPort & {
  declineNext(reason?: string): void;
} {
  const approved = new Map<string, { amount: number; cancelled: number }>();
  let decline: string | null = null;
  return {
    name: 'simulator',
    declineNext(reason = '한도를 초과한 카드입니다.') {
      decline = reason;
    },
    approve(amount) {
      if (decline) {
        const reason = decline;
        decline = null;
        return Promise.reject(new CardDeclinedError(reason));
      }
      const txId = `SIM-${randomBytes(6).toString('hex')}`;
      approved.set(txId, { amount, cancelled: 0 });
      return Promise.resolve({
        approvalNo: String(randomInt(10_000_000, 99_999_999)),
        txId,
        cardName: `${CARDS[randomInt(0, CARDS.length)]} ${String(randomInt(1000, 9999))}-****`,
      });
    },
    cancel(txId, amount) {
      const tx = approved.get(txId);
      // an approval from before a restart is not in memory: the simulator accepts it as the VAN would
      if (tx) {
        if (tx.cancelled + amount > tx.amount)
          return Promise.reject(new CardDeclinedError('승인 금액보다 많이 취소할 수 없습니다.'));
        tx.cancelled += amount;
      }
      return Promise.resolve({ cancelNo: String(randomInt(10_000_000, 99_999_999)) });
    },
  };
}
