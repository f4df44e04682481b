/**
 * Workflow: cancel an order (a member's whole or partial cancel before it ships).
 *
 * Steps: check the reason, the status and that the payment can be refunded in parts (payment's
 * `paymentSteps.selectLatestOfOrder`, the payment adapter) → closeVirtualAccount before a deposit
 * (payment adapter) → recordCancel in ONE write transaction: the order read again
 * (`orderSteps.selectOrder`), the claim's context and amounts, the units taken (guarded), the
 * claim recorded, the order moved (`orderSteps.transition` / `touchIn`), stock back (catalog's
 * `catalogSteps` through claim-effects), points and freed coupons back (`promotionSteps` through
 * claim-effects) → after the commit, the refund-claim workflow.
 *
 * Composes the steps of order (orderSteps), payment (paymentSteps), catalog (catalogSteps) and
 * promotion (promotionSteps).
 *
 * A member cancels an order before it ships (DEPOSIT_WAIT, PAY_DONE, PRODUCT_PREPARE): the whole
 * order, or some units of some lines. ONE write transaction takes the units (guarded), records the
 * claim with its amounts (claim/amounts.ts), gives stock, points and freed coupons back and, when
 * nothing is left, ends the order CANCEL_DONE. The money goes back afterwards, outside the
 * transaction (refund-claim.ts). A virtual account not yet paid is closed at the provider first,
 * so no deposit can land on a cancelled order. Cancelling a cancelled order again answers the claim
 * that cancelled it and changes nothing.
 */

import type { Transaction } from '@libsql/client';
import { claimReasonOf, type ClaimReason } from '../../../lib/order-claims.ts';
import { paymentProvider, PaymentProviderError } from '../../adapters/payment/index.ts';
import type { Db } from '../../db/client.ts';
import { commerceError, CANCELABLE, orderSteps, refundTypeOf } from '../../order/index.ts';

import { writeTx } from '../../db/write-tx.ts';
import { notifyClaim } from '../notify.ts';
import { claimAmounts, type ClaimRequestLine } from '../amounts.ts';
import {
  allLeft,
  checkItems,
  givePointsBack,
  leftOf,
  loadContext,
  restock,
  restoreFreedCoupons,
} from './claim-effects.ts';
import { claimError } from '../errors.ts';
import { refundClaim } from './refund-claim.ts';
import * as repo from '../repo.ts';
import { paymentSteps } from '../../payment/index.ts';
import { cancelStoppedAtPod, stopWebCustomOrders } from '../../design/index.ts';

export interface CancelRequest {
  /** The whole order when `items` is absent. */
  orderNo: string;
  items?: readonly ClaimRequestLine[];
  reasonType: string;
  reasonDetail: string;
}

async function lastCancelClaim(db: Db | Transaction, orderNo: string): Promise<number | null> {
  const claims = await repo.selectClaimsOfOrder(db, orderNo);
  const last = claims.filter((c) => c.claimType === 'CANCEL').at(-1);
  return last?.claimNo ?? null;
}

/** Closes an unpaid virtual account at the provider before the order is cancelled (503 if it cannot). */
async function closeVirtualAccount(db: Db, order: orderSteps.OrderRow, reason: string): Promise<boolean> {
  const payment = await paymentSteps.selectLatestOfOrder(db, order.orderNo);
  if (!payment || payment.provider === 'none') return false;
  const adapter = paymentProvider(payment.provider);
  if (!adapter) throw commerceError('PAYMENT_UNAVAILABLE');
  try {
    await adapter.cancel(payment.providerPaymentId, { amount: order.payAmt, reason });
    return true;
  } catch (err) {
    if (err instanceof PaymentProviderError) throw commerceError('PAYMENT_UNAVAILABLE');
    throw err;
  }
}

async function canRefundInParts(db: Db, orderNo: string): Promise<boolean> {
  const payment = await paymentSteps.selectLatestOfOrder(db, orderNo);
  if (!payment || payment.provider === 'none') return true;
  return Boolean(paymentProvider(payment.provider)?.cancelPart);
}

async function recordCancel(
  tx: Transaction,
  orderNo: string,
  req: CancelRequest,
  reason: ClaimReason,
  providerClosed: boolean,
  now: string,
): Promise<{ claimNo: number; productionStopped: boolean }> {
  const order = await orderSteps.selectOrder(tx, orderNo);
  if (!order) throw commerceError('ORDER_NOT_FOUND');
  if (order.orderStatus === 'CANCEL_DONE' && !req.items) {
    const done = await lastCancelClaim(tx, orderNo);
    if (done !== null) return { claimNo: done, productionStopped: false };
  }
  if (!CANCELABLE.includes(order.orderStatus)) throw claimError('ORDER_NOT_CANCELABLE');
  const ctx = await loadContext(tx, order);
  const items = req.items ? checkItems(ctx.lines, req.items) : checkItems(ctx.lines, allLeft(ctx.lines));
  const amounts = claimAmounts('CANCEL', ctx.claimOrder, ctx.claimLines, items);
  const beforeDeposit = order.orderStatus === 'DEPOSIT_WAIT';
  if (beforeDeposit && !amounts.closesOrder) throw claimError('PARTIAL_CANCEL_BEFORE_DEPOSIT');
  // nothing was paid before the deposit: no money back, no delivery fee (claimAmounts)
  const refundPayAmt = amounts.refundPayAmt;
  // a deposit that landed while the account was being closed was refunded by that same close
  const refundedAlready = providerClosed && !beforeDeposit;
  const owes = refundPayAmt > 0 && !refundedAlready;
  const payment = await paymentSteps.selectLatestOfOrder(tx, orderNo);

  for (const i of items) {
    if (!(await orderSteps.takeUnits(tx, i.orderOptionNo, 'cancel', i.cnt)))
      throw claimError('CLAIM_QUANTITY');
  }
  const first = ctx.lines.every((l) => leftOf(l) === l.orderCnt);
  const claimNo = await repo.insertClaim(tx, {
    orderNo,
    memberNo: order.memberNo,
    claimType: 'CANCEL',
    claimClassType: first && amounts.closesOrder ? 'ORDER_CANCEL' : 'OPTION_CANCEL',
    claimStatus: owes
      ? 'CANCEL_PROC_WAITING_REFUND'
      : refundPayAmt > 0 || amounts.refundSubPayAmt > 0
        ? 'CANCEL_DONE'
        : 'CANCEL_NO_REFUND',
    claimReasonType: reason.claimReasonType,
    claimReasonDetail: req.reasonDetail,
    responsibleObjectType: reason.responsibleObjectType,
    claimImageUrls: [],
    returnWayType: null,
    returnAddress: null,
    productAmt: amounts.productAmt,
    productCouponAmt: amounts.productCouponAmt,
    cartCouponAmt: amounts.cartCouponAmt,
    deliveryRefundAmt: amounts.deliveryRefundAmt,
    returnDeliveryAmt: 0,
    pointsShareAmt: amounts.pointsShareAmt,
    refundSubPayAmt: amounts.refundSubPayAmt,
    refundPayAmt,
    restoredCoupons: [],
    refundType: refundTypeOf({
      beforeDeposit,
      refundPayAmt,
      refundSubPayAmt: amounts.refundSubPayAmt,
      provider: payment?.provider ?? null,
    }),
    refundStatus: owes ? 'REQUIRED' : refundPayAmt > 0 ? 'DONE' : null,
    createdAt: now,
    completedAt: owes ? null : now,
  });
  for (const l of amounts.lines) await repo.insertClaimOption(tx, { claimNo, ...l });

  const moved = amounts.closesOrder
    ? await orderSteps.transition(tx, orderNo, CANCELABLE, 'CANCEL_DONE', now, {
        canceled_at: now,
        failure_code: 'CANCELED_BY_BUYER',
        failure_message: `구매자 요청으로 주문이 취소되었습니다. (${reason.label})`,
      })
    : await orderSteps.touchIn(tx, orderNo, CANCELABLE, now);
  if (!moved) throw claimError('ORDER_STATUS_CHANGED');

  await restock(tx, ctx.lines, items, {
    reason: 'CANCEL',
    channel: 'WEB',
    ref: `${orderNo} 취소 ${claimNo}`,
    actorMemberNo: order.memberNo,
    actorLabel: `주문자 ${order.ordererName}`,
    now,
  });
  // a custom line none of whose units is left is not made (unless it already is): decision 019's rule
  const cancelledWhole = ctx.lines
    .filter((l) => {
      const taken = items.filter((i) => i.orderOptionNo === l.orderOptionNo).reduce((n, i) => n + i.cnt, 0);
      return taken > 0 && taken === leftOf(l);
    })
    .map((l) => l.orderOptionNo);
  const stopped = await stopWebCustomOrders(
    tx,
    { orderNo, orderOptionNos: cancelledWhole, reason: reason.label, actorMemberNo: order.memberNo },
    new Date(now),
  );
  await givePointsBack(tx, order, claimNo, amounts.refundSubPayAmt, 'ADD_CANCEL', now);
  const restored = await restoreFreedCoupons(tx, order);
  if (restored.length > 0) await repo.setRestoredCoupons(tx, claimNo, restored);
  const claim = { claimNo, claimType: 'CANCEL' as const, refundPayAmt };
  await notifyClaim(tx, order, claim, 'CLAIM_RECEIVED');
  // refunded at once (points only, or nothing owed to the provider): the refund message too
  if (!owes && refundPayAmt > 0) await notifyClaim(tx, order, claim, 'CLAIM_REFUNDED');
  return { claimNo, productionStopped: stopped.length > 0 };
}

/** The member's cancel (404 for another member's order). Returns the claim after the refund attempt. */
export async function cancelByMember(
  db: Db,
  memberNo: number,
  req: CancelRequest,
  now = new Date(),
): Promise<repo.ClaimRow> {
  const order = await orderSteps.selectOrder(db, req.orderNo);
  if (!order || order.memberNo !== memberNo) throw commerceError('ORDER_NOT_FOUND');
  return cancelOrderClaim(db, order, req, now);
}

/** The cancel itself, for a member's order or (later) a manager's; `order` is the owner-checked order. */
async function cancelOrderClaim(
  db: Db,
  order: orderSteps.OrderRow,
  req: CancelRequest,
  now = new Date(),
): Promise<repo.ClaimRow> {
  const reason = claimReasonOf('CANCEL', req.reasonType);
  if (!reason) throw claimError('CLAIM_REASON_INVALID');
  const at = now.toISOString();
  if (order.orderStatus === 'CANCEL_DONE' && !req.items) {
    const done = await lastCancelClaim(db, order.orderNo);
    if (done !== null) return (await repo.selectClaim(db, done))!;
  }
  if (!CANCELABLE.includes(order.orderStatus)) throw claimError('ORDER_NOT_CANCELABLE');
  if (req.items && !(await canRefundInParts(db, order.orderNo)))
    throw claimError('PARTIAL_REFUND_UNAVAILABLE');

  let providerClosed = false;
  if (order.orderStatus === 'DEPOSIT_WAIT') {
    // only a whole order may be cancelled before the deposit: check before closing the account
    const lines = await repo.selectClaimableLines(db, order.orderNo);
    const wanted = new Map<number, number>();
    for (const i of req.items ?? allLeft(lines))
      wanted.set(i.orderOptionNo, (wanted.get(i.orderOptionNo) ?? 0) + i.cnt);
    if (lines.some((l) => (wanted.get(l.orderOptionNo) ?? 0) !== leftOf(l)))
      throw claimError('PARTIAL_CANCEL_BEFORE_DEPOSIT');
    providerClosed = await closeVirtualAccount(db, order, `구매자 취소: ${reason.label}`);
  }
  const { claimNo, productionStopped } = await writeTx(db, (tx) =>
    recordCancel(tx, order.orderNo, req, reason, providerClosed, at),
  );
  // the print service is told after the commit (never throws; its answer is kept for the back office)
  if (productionStopped) await cancelStoppedAtPod(db, order.orderNo, { now });
  await refundClaim(db, claimNo, now);
  return (await repo.selectClaim(db, claimNo))!;
}
