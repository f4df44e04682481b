/**
 * Workflow: complete an order at its payment's word (and the order's other payment moves).
 *
 * Steps of `completeOrder`, in ONE write transaction (BEGIN IMMEDIATE, `writeTx`):
 *   1. move PAY_WAIT → PAY_DONE | DEPOSIT_WAIT (guarded transition; the moved row is read back)
 *   2. takeStock         — catalog's `catalogSteps.takeStock` (guarded decrement), `catalogSteps.countSale`
 *   3. useCoupons        — promotion's `promotionSteps.useCoupon` (guarded on ISSUED)
 *   4. spendPoints       — promotion's `promotionSteps.subtractPoints` (guarded on the balance)
 *   5. removeCartLines   — cart's `cartSteps.deleteLinesStatement`; the sheet marked ordered
 *   6. record the provider's answer — payment's `paymentSteps.recordProviderState`, and the webhook
 *      delivery that brought it, if any (`paymentSteps.recordDelivery`, decision 060)
 *   7. the orderer's message — notification's `notificationSteps.enqueue` (order placed, or the
 *      virtual account to pay into), sent later by the maintenance pass
 * then, after the commit, `afterOrderPaid` — design's `createCustomOrdersForPaidOrder`.
 *
 * Composes the steps of catalog (catalogSteps), promotion (promotionSteps), cart (cartSteps),
 * payment (paymentSteps) and design. The other moves here (markDeposited, endUnpaid,
 * failAfterAuthorisation, cancelCompletedOrder) use the same guarded transition.
 *
 * What a paid order does to the shop, in ONE write transaction each way:
 *
 * - complete: PAY_WAIT → PAY_DONE (or DEPOSIT_WAIT once a virtual account is issued: the goods are
 *   held while the shopper pays), stock taken with guarded decrements, coupons marked used
 *   (guarded on ISSUED), points spent (guarded on the balance), ordered cart lines removed, sale
 *   counters up. Any guard that fails rolls the whole transaction back.
 * - cancel: back to CANCEL_DONE with stock, coupons and points given back.
 *
 * The state change itself is a guarded UPDATE from the expected status: of two confirmations of
 * one order (browser return and webhook, in any processes), exactly one does the work; the other
 * finds nothing to move. No call to a payment provider happens inside these transactions.
 */

import type { Transaction } from '@libsql/client';
import type { ProviderPayment } from '../../adapters/payment/index.ts';
import { cartSteps } from '../../cart/index.ts';
import { catalogSteps } from '../../catalog/index.ts';
import type { Db } from '../../db/client.ts';
import { writeTx } from '../../db/write-tx.ts';
import { createCustomOrdersForPaidOrder } from '../../design/index.ts';
import { paymentSteps, type PaymentRow } from '../../payment/index.ts';
import { promotionSteps } from '../../promotion/index.ts';
import { notifyOrder } from '../notify.ts';
import * as repo from '../repo.ts';

export type CompletionFailureCode = 'SOLD_OUT' | 'COUPON_USED' | 'POINTS_SHORT';

class CompletionFailure extends Error {
  readonly code: CompletionFailureCode;
  constructor(code: CompletionFailureCode, message: string) {
    super(message);
    this.name = 'CompletionFailure';
    this.code = code;
  }
}

const REFUND_NOTE = '결제하신 금액은 자동으로 취소됩니다.';

/** Units per option (one option can be on several lines with different custom inputs). */
function unitsByOption(
  options: readonly repo.OrderOptionRow[],
): Map<number, { cnt: number; productNo: number; name: string }> {
  const map = new Map<number, { cnt: number; productNo: number; name: string }>();
  for (const o of options) {
    const cur = map.get(o.optionNo) ?? { cnt: 0, productNo: o.productNo, name: o.productName };
    cur.cnt += o.orderCnt;
    map.set(o.optionNo, cur);
  }
  return map;
}

/** The stock-ledger line of an order's units: the web shop's order, by its orderer. */
function stockEntry(order: repo.OrderRow, reason: 'ORDER' | 'CANCEL', now: string): catalogSteps.StockEntry {
  return {
    reason,
    channel: 'WEB',
    ref: order.orderNo,
    actorMemberNo: order.memberNo,
    actorLabel: `주문자 ${order.ordererName}`,
    now,
  };
}

/** Step: every option's units off the stock (guarded), the products' sale counters up. */
async function takeStock(
  tx: Transaction,
  order: repo.OrderRow,
  options: readonly repo.OrderOptionRow[],
  now: string,
): Promise<void> {
  const units = unitsByOption(options);
  const entry = stockEntry(order, 'ORDER', now);
  for (const [optionNo, u] of units) {
    if (!(await catalogSteps.takeStock(tx, optionNo, u.cnt, entry))) {
      throw new CompletionFailure(
        'SOLD_OUT',
        `죄송합니다. 결제하는 사이 '${u.name}' 상품이 품절되어 주문을 완료하지 못했습니다. ${REFUND_NOTE}`,
      );
    }
  }
  const perProduct = new Map<number, number>();
  for (const u of units.values()) perProduct.set(u.productNo, (perProduct.get(u.productNo) ?? 0) + u.cnt);
  for (const [productNo, cnt] of perProduct) await catalogSteps.countSale(tx, productNo, cnt);
}

/** Step: the order's coupons marked used, each guarded on still being ISSUED to the member. */
async function useCoupons(tx: Transaction, order: repo.OrderRow, memberNo: number, now: string) {
  for (const c of await repo.selectCoupons(tx, order.orderNo)) {
    if (!(await promotionSteps.useCoupon(tx, c.couponIssueNo, memberNo, order.orderNo, now))) {
      throw new CompletionFailure(
        'COUPON_USED',
        `이미 다른 주문에 사용된 쿠폰이 있어 주문을 완료하지 못했습니다. ${REFUND_NOTE}`,
      );
    }
  }
}

/** Step: the points the order uses, guarded on the member's balance. */
async function spendPoints(tx: Transaction, order: repo.OrderRow, memberNo: number, now: string) {
  if (order.usedAccumulationAmt <= 0) return;
  const spent = await promotionSteps.subtractPoints(tx, {
    memberNo,
    amount: order.usedAccumulationAmt,
    reason: 'SUB_PAYMENT_USED',
    reasonDetail: `주문 ${order.orderNo}`,
    orderNo: order.orderNo,
    now,
  });
  if (!spent) {
    throw new CompletionFailure(
      'POINTS_SHORT',
      `보유 적립금이 부족해 주문을 완료하지 못했습니다. ${REFUND_NOTE}`,
    );
  }
}

async function applyOrderEffects(tx: Transaction, order: repo.OrderRow, now: string): Promise<void> {
  await takeStock(tx, order, await repo.selectOptions(tx, order.orderNo), now);
  if (order.memberNo !== null) {
    await useCoupons(tx, order, order.memberNo, now);
    await spendPoints(tx, order, order.memberNo, now);
    if (order.cartNos.length > 0)
      await tx.execute(cartSteps.deleteLinesStatement(order.memberNo, order.cartNos));
  }
  await repo.markSheetOrdered(tx, order.orderSheetNo, now);
}

/**
 * The order and its payment as a move left them, read back from the writes themselves (so the
 * caller's answer needs no second read). `payment` is null when the move recorded none.
 */
export interface Settled {
  order: repo.OrderRow;
  payment: PaymentRow | null;
}

/**
 * The provider's answer a move records on the payment row. `delivery`: the webhook delivery that
 * brought it, recorded as processed in the move's own transaction (one commit fewer than a write
 * of its own after it, decision 060); `recorded` is set once it is written there, so the webhook's
 * receiver does not write it again. A move that rolls back throws, and the receiver records the
 * delivery unprocessed as before.
 */
export interface ProviderAnswer {
  paymentNo: number;
  remote: ProviderPayment;
  delivery?: { record: paymentSteps.WebhookDelivery; recorded: boolean } | undefined;
}

async function recordPayment(
  tx: Transaction,
  payment: ProviderAnswer | null,
  moved: repo.OrderRow,
  at: string,
): Promise<PaymentRow | null> {
  if (!payment) return null;
  const row = await paymentSteps.recordProviderState(tx, payment.paymentNo, payment.remote, at);
  if (payment.delivery) {
    await paymentSteps.recordDelivery(tx, payment.delivery.record, moved.orderStatus);
    payment.delivery.recorded = true;
  }
  return row;
}

export type CompleteResult = Settled | 'not-pending' | CompletionFailure;

/**
 * PAY_WAIT → `next` with every effect, or nothing at all. `payment` is the provider's answer,
 * recorded on the payment row in the same transaction.
 */
export async function completeOrder(
  db: Db,
  order: repo.OrderRow,
  next: 'PAY_DONE' | 'DEPOSIT_WAIT',
  payment: ProviderAnswer | null,
  now = new Date(),
): Promise<CompleteResult> {
  const at = now.toISOString();
  try {
    return await writeTx(db, async (tx): Promise<Settled | 'not-pending'> => {
      const moved = await repo.transition(
        tx,
        order.orderNo,
        ['PAY_WAIT'],
        next,
        at,
        next === 'PAY_DONE' ? { paid_at: at } : { deposit_wait_at: at },
      );
      if (!moved) return 'not-pending';
      await applyOrderEffects(tx, order, at);
      const account = payment?.remote.virtualAccount;
      await notifyOrder(
        tx,
        moved,
        (facts) =>
          next === 'DEPOSIT_WAIT' && account
            ? { event: 'VIRTUAL_ACCOUNT_ISSUED', order: facts, account }
            : { event: 'ORDER_PLACED', order: facts },
        { now },
      );
      return { order: moved, payment: await recordPayment(tx, payment, moved, at) };
    });
  } catch (err) {
    if (err instanceof CompletionFailure) return err;
    throw err;
  }
}

/**
 * What follows an order reaching PAY_DONE, once that transaction has committed (never inside it:
 * the print service is called): the custom orders of its design lines (status `request`) and their
 * print-service order. Idempotent; a failure only logs — the maintenance pass records what is
 * missing (`retryCustomOrders`) and the payment stays confirmed.
 */
export async function afterOrderPaid(db: Db, orderNo: string, now = new Date()): Promise<void> {
  try {
    await createCustomOrdersForPaidOrder(db, orderNo, { now });
  } catch (err) {
    console.error('[podo] custom orders of a paid order not recorded, left for maintenance', orderNo, err);
  }
}

/** DEPOSIT_WAIT → PAY_DONE: the virtual account was paid (the goods were already held). Null: not moved. */
export async function markDeposited(
  db: Db,
  order: repo.OrderRow,
  payment: ProviderAnswer,
  now = new Date(),
): Promise<Settled | null> {
  const at = now.toISOString();
  return writeTx(db, async (tx) => {
    const moved = await repo.transition(tx, order.orderNo, ['DEPOSIT_WAIT'], 'PAY_DONE', at, { paid_at: at });
    if (!moved) return null;
    await notifyOrder(tx, moved, (facts) => ({ event: 'PAYMENT_CONFIRMED', order: facts }), { now });
    return { order: moved, payment: await recordPayment(tx, payment, moved, at) };
  });
}

/** PAY_WAIT → PAY_FAIL (declined) or PAY_CANCEL (the shopper gave up). Nothing was taken yet. */
export async function endUnpaid(
  db: Db,
  order: repo.OrderRow,
  to: 'PAY_FAIL' | 'PAY_CANCEL',
  reason: { code: string; message: string },
  payment: ProviderAnswer | null,
  now = new Date(),
): Promise<Settled | null> {
  const at = now.toISOString();
  return writeTx(db, async (tx) => {
    const moved = await repo.transition(tx, order.orderNo, ['PAY_WAIT'], to, at, {
      canceled_at: at,
      failure_code: reason.code,
      failure_message: reason.message,
    });
    return moved ? { order: moved, payment: await recordPayment(tx, payment, moved, at) } : null;
  });
}

/**
 * The money was authorised (or a virtual account issued) but the order cannot be completed: the
 * order ends CANCEL_DONE with the reason and `refund_status = REQUIRED` until the provider
 * confirms the refund. Guarded from PAY_WAIT: a confirmation that completed meanwhile wins.
 */
export async function failAfterAuthorisation(
  db: Db,
  order: repo.OrderRow,
  reason: { code: string; message: string },
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  const moved = await writeTx(db, (tx) =>
    repo.transition(tx, order.orderNo, ['PAY_WAIT'], 'CANCEL_DONE', at, {
      canceled_at: at,
      failure_code: reason.code,
      failure_message: reason.message,
      refund_status: 'REQUIRED',
    }),
  );
  return moved !== null;
}

/** Statuses a cancellation gives everything back from (before the parcel leaves). */
export const CANCELABLE: readonly repo.OrderStatus[] = ['DEPOSIT_WAIT', 'PAY_DONE', 'PRODUCT_PREPARE'];

/**
 * A completed order cancelled (the provider says the payment is cancelled): CANCEL_DONE with stock,
 * coupons and points given back, in one transaction. Points come back at most once per order
 * (unique ledger entry per order and reason). Null: not moved.
 */
export async function cancelCompletedOrder(
  db: Db,
  order: repo.OrderRow,
  reason: { code: string; message: string },
  payment: ProviderAnswer | null,
  now = new Date(),
): Promise<Settled | null> {
  const at = now.toISOString();
  return writeTx(db, async (tx) => {
    const moved = await repo.transition(tx, order.orderNo, CANCELABLE, 'CANCEL_DONE', at, {
      canceled_at: at,
      failure_code: reason.code,
      failure_message: reason.message,
      refund_status: 'DONE',
    });
    if (!moved) return null;
    await giveBack(tx, order, at);
    return { order: moved, payment: await recordPayment(tx, payment, moved, at) };
  });
}

/** Step of a cancel: stock and sale counters, coupons and points back. */
async function giveBack(tx: Transaction, order: repo.OrderRow, at: string): Promise<void> {
  const units = unitsByOption(await repo.selectOptions(tx, order.orderNo));
  const perProduct = new Map<number, number>();
  for (const [optionNo, u] of units) {
    await catalogSteps.returnStock(tx, optionNo, u.cnt, stockEntry(order, 'CANCEL', at));
    perProduct.set(u.productNo, (perProduct.get(u.productNo) ?? 0) + u.cnt);
  }
  for (const [productNo, cnt] of perProduct) await catalogSteps.countSale(tx, productNo, -cnt);
  await promotionSteps.restoreCoupons(tx, order.orderNo);
  if (order.memberNo !== null && order.usedAccumulationAmt > 0) {
    await promotionSteps.givePoints(tx, {
      memberNo: order.memberNo,
      amount: order.usedAccumulationAmt,
      reason: 'ADD_CANCEL',
      reasonDetail: `주문 ${order.orderNo} 취소`,
      orderNo: order.orderNo,
      now: at,
    });
  }
}
