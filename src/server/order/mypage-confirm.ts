import { claimError, claimSteps } from '../claim/index.ts';

import type { Db } from '../db/client.ts';
import { commerceError } from './errors.ts';
import { markConfirmed, selectOrderExtras } from './mypage-repo.ts';
import * as repo from './repo.ts';
import { writeTx } from '../db/write-tx.ts';
import { promotionSteps } from '../promotion/index.ts';

/**
 * Buy confirmation (구매확정): a shipped or delivered order becomes BUY_CONFIRM and the member is
 * given points per line — the product's accumulation rate (kept on the line as it was when
 * ordered) in percent of what was paid for the units kept (buy amount less the line's coupon
 * share, less what claims took back), rounded down per line. Exactly once: the status change is
 * guarded (DELIVERY_ING / DELIVERY_DONE → BUY_CONFIRM) and in the same write transaction as the
 * ledger entry, whose (order, ADD_AFTER_PAYMENT) is unique as well.
 */

/** Points a line earns at buy confirmation (decision 009). */
export function pointsOfLine(l: claimSteps.ClaimableLineRow): number {
  const paid = l.buyPrice * l.orderCnt - l.productCouponAmt - l.cartCouponAmt - l.takenPaidAmt;
  return paid > 0 && l.accumulationRate > 0 ? Math.floor((paid * l.accumulationRate) / 100) : 0;
}

export interface ConfirmResult {
  orderNo: string;
  orderStatusType: 'BUY_CONFIRM';
  /** Points given (by this call or the one that confirmed first). */
  accumulationAmt: number;
  alreadyConfirmed: boolean;
}

export async function confirmPurchase(
  db: Db,
  memberNo: number,
  orderNo: string,
  now = new Date(),
): Promise<ConfirmResult> {
  const order = await repo.selectOrder(db, orderNo);
  if (!order || order.memberNo !== memberNo) throw commerceError('ORDER_NOT_FOUND');
  const confirmed = async (): Promise<ConfirmResult> => ({
    orderNo,
    orderStatusType: 'BUY_CONFIRM',
    accumulationAmt: (await selectOrderExtras(db, orderNo))?.accumulationGivenAmt ?? 0,
    alreadyConfirmed: true,
  });
  if (order.orderStatus === 'BUY_CONFIRM') return confirmed();
  if (order.orderStatus !== 'DELIVERY_ING' && order.orderStatus !== 'DELIVERY_DONE')
    throw claimError('ORDER_NOT_CONFIRMABLE');
  const at = now.toISOString();
  const given = await writeTx(db, async (tx) => {
    if (await claimSteps.hasOpenReturn(tx, orderNo)) throw claimError('RETURN_IN_PROGRESS');
    const lines = await claimSteps.selectClaimableLines(tx, orderNo);
    const points = lines.reduce((a, l) => a + pointsOfLine(l), 0);
    if (!(await markConfirmed(tx, orderNo, points, at))) return null;
    if (points > 0) {
      await promotionSteps.givePoints(tx, {
        memberNo,
        amount: points,
        reason: 'ADD_AFTER_PAYMENT',
        reasonDetail: `주문 ${orderNo} 구매 확정`,
        orderNo,
        now: at,
      });
    }
    return points;
  });
  if (given === null) {
    // confirmed meanwhile by another request, or every unit went back
    const fresh = await repo.selectOrder(db, orderNo);
    if (fresh?.orderStatus === 'BUY_CONFIRM') return confirmed();
    throw claimError('ORDER_NOT_CONFIRMABLE');
  }
  return { orderNo, orderStatusType: 'BUY_CONFIRM', accumulationAmt: given, alreadyConfirmed: false };
}
