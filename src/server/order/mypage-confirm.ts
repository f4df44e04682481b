import { claimError, claimSteps } from '../claim/index.ts';

import type { Db, Executor } from '../db/client.ts';
import { commerceError } from './errors.ts';
import { markConfirmed, selectOrderExtras } from './mypage-repo.ts';
import * as repo from './repo.ts';
import { writeTx } from '../db/write-tx.ts';
import { promotionSteps } from '../promotion/index.ts';
import { pointsEarned } from './accumulation.ts';
import { env } from '../platform/env.ts';

/**
 * Buy confirmation (구매확정): a shipped or delivered order becomes BUY_CONFIRM and the member is
 * given the points of `pointsOfOrder` — the rule checkout promised (accumulation.ts). Exactly
 * once: the status change is guarded (DELIVERY_ING / DELIVERY_DONE → BUY_CONFIRM) and in the same
 * write transaction as the ledger entry, whose (order, ADD_AFTER_PAYMENT) is unique as well.
 */

/**
 * Points the order's confirmation gives for the units kept: each line's buy amount less its coupon
 * shares less what claims took back, and the points the order spent less those claims gave back.
 */
export async function pointsOfOrder(
  db: Executor,
  order: Pick<repo.OrderRow, 'orderNo' | 'usedAccumulationAmt'>,
  lines?: readonly claimSteps.ClaimableLineRow[],
): Promise<number> {
  const [kept, pointsBack] = await Promise.all([
    lines ?? claimSteps.selectClaimableLines(db, order.orderNo),
    claimSteps.takenPointsAmt(db, order.orderNo),
  ]);
  return pointsEarned(
    kept.map((l) => ({
      paidAmt: l.buyPrice * l.orderCnt - l.productCouponAmt - l.cartCouponAmt - l.takenPaidAmt,
      ratePercent: l.accumulationRate,
    })),
    order.usedAccumulationAmt - pointsBack,
  );
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
    const points = await pointsOfOrder(tx, order);
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

/**
 * The automatic buy confirmation (issue 15): orders delivered more than `days` ago (Seoul clock
 * irrelevant: a duration) that nobody confirmed and that have no open return are confirmed as the
 * buyer would, with the same points given once (`confirmPurchase`); a guest order is confirmed
 * without points. Run by the maintenance pass; answers how many it confirmed.
 */
export async function autoConfirmPurchases(
  db: Db,
  now = new Date(),
  days = env().BUY_CONFIRM_DAYS,
  limit = 100,
): Promise<number> {
  if (days <= 0) return 0;
  const before = new Date(now.getTime() - days * 24 * 3600_000).toISOString();
  const rs = await db.execute({
    sql: `SELECT order_no, member_no FROM orders
          WHERE order_status = 'DELIVERY_DONE' AND delivered_at IS NOT NULL AND delivered_at <= ?
            AND returned_at IS NULL
          ORDER BY delivered_at LIMIT ?`,
    args: [before, limit],
  });
  let confirmed = 0;
  for (const r of rs.rows) {
    const orderNo = String(r.order_no);
    try {
      if (r.member_no != null) {
        const result = await confirmPurchase(db, Number(r.member_no), orderNo, now);
        if (!result.alreadyConfirmed) confirmed++;
      } else if (
        await writeTx(db, async (tx) =>
          (await claimSteps.hasOpenReturn(tx, orderNo))
            ? false
            : markConfirmed(tx, orderNo, 0, now.toISOString()),
        )
      )
        confirmed++;
    } catch (err) {
      // an open return or a status changed meanwhile: the order waits for the next pass
      console.error('[podo] automatic buy confirmation skipped', orderNo, (err as Error).message);
    }
  }
  return confirmed;
}
