/**
 * Workflow: confirm a payment — ONE routine, `confirmPayment`, for the browser's signed return, the
 * provider's webhooks and the reconcile pass.
 *
 * Steps:
 *   1. load          — the order and this payment, each read once (or handed over by the caller
 *                      that has just read it: the webhook's payment, the return's order)
 *   2. a refund still owed is paid back (`refundOrder`); a settled order is only reported — on the
 *      browser's return, a paid and settled order straight from the rows just read (decision 051)
 *   3. fetchRemote   — the provider's own record of the payment (payment adapter, no transaction open)
 *   4. the record must be this order's, for this order's amount, else refuseMismatch (fail, refund)
 *   5. applyRemote   — the one move the provider's status calls for, through the order module's
 *                      complete-order workflow: completeOrder (which composes catalog's catalogSteps,
 *                      promotion's promotionSteps, cart's cartSteps and this module's
 *                      recordProviderState in one write transaction), markDeposited, endUnpaid,
 *                      cancelCompletedOrder, failAfterAuthorisation; then afterOrderPaid
 *   6. the outcome   — from the order and payment rows the winning move wrote (`RETURNING`); read
 *                      again only when this call did not make the last move itself
 *
 * Composes order's workflows and `orderSteps` (selectOrder, setRefundStatus) with this module's
 * payment rows and the payment adapters.
 *
 * It re-fetches the payment from the provider, checks order and amount against the order's own
 * total, and then makes the one state change the provider's answer calls for, through guarded
 * transitions: running it twice, or from two processes at once, changes nothing twice. An
 * authorised payment whose order cannot be completed (sold out meanwhile, coupon used, points
 * gone, amount mismatch) is refunded through the provider, outside any transaction; a refund that
 * fails stays REQUIRED and is retried (`retryRefunds`). The confirmation that moves an order to
 * PAY_DONE (card-like approval, or a virtual account's deposit) then records its custom orders
 * (`afterOrderPaid`), after its transaction committed.
 */

import {
  paymentProvider,
  PaymentProviderError,
  type PaymentProviderAdapter,
  type ProviderPayment,
} from '../../adapters/payment/index.ts';
import type { Db } from '../../db/client.ts';
import {
  afterOrderPaid,
  cancelCompletedOrder,
  CANCELABLE,
  commerceError,
  completeOrder,
  endUnpaid,
  failAfterAuthorisation,
  markDeposited,
  orderSteps,
  outcomeOf,
  type OrderOutcome,
  type ProviderAnswer,
  type Settled,
} from '../../order/index.ts';
import * as repo from '../repo.ts';

const FINAL: ReadonlySet<orderSteps.OrderStatus> = new Set(['PAY_FAIL', 'PAY_CANCEL']);
/** Still waiting for the money: only the provider can say what happened since. */
const UNSETTLED: ReadonlySet<orderSteps.OrderStatus> = new Set(['PAY_WAIT', 'DEPOSIT_WAIT']);

/** The order's outcome as it stands now (read again). */
export async function orderOutcome(db: Db, orderNo: string): Promise<OrderOutcome> {
  const order = await orderSteps.selectOrder(db, orderNo);
  if (!order) throw commerceError('ORDER_NOT_FOUND');
  return outcomeOf(order, await repo.selectLatestOfOrder(db, orderNo));
}

/** Gives the money back for an order marked REQUIRED; true when the provider confirmed it. */
export async function refundOrder(db: Db, orderNo: string, now = new Date()): Promise<boolean> {
  const order = await orderSteps.selectOrder(db, orderNo);
  if (!order || order.refundStatus !== 'REQUIRED') return order?.refundStatus === 'DONE';
  const payment = await repo.selectLatestOfOrder(db, orderNo);
  const adapter = payment ? paymentProvider(payment.provider) : undefined;
  if (!payment || !adapter) {
    await orderSteps.setRefundStatus(db, orderNo, 'DONE', now.toISOString());
    return true;
  }
  try {
    // what the provider actually holds is what goes back (it differs from the order on a mismatch)
    const held = await adapter.getPayment(payment.providerPaymentId);
    await adapter.cancel(payment.providerPaymentId, {
      amount: held.amount,
      reason: order.failureMessage ?? '주문 취소',
    });
    const remote = await adapter.getPayment(payment.providerPaymentId).catch(() => null);
    if (remote) await repo.recordProviderState(db, payment.paymentNo, remote, now.toISOString());
    await orderSteps.setRefundStatus(db, orderNo, 'DONE', now.toISOString());
    return true;
  } catch (err) {
    console.error('[podo] refund failed, will retry', orderNo, (err as Error).message);
    await orderSteps.setRefundStatus(db, orderNo, 'REQUIRED', now.toISOString());
    return false;
  }
}

async function failAndRefund(
  db: Db,
  order: orderSteps.OrderRow,
  reason: { code: string; message: string },
  now: Date,
): Promise<void> {
  if (await failAfterAuthorisation(db, order, reason, now)) await refundOrder(db, order.orderNo, now);
}

export interface ConfirmOptions {
  source: 'return' | 'webhook' | 'reconcile';
  now?: Date;
  /**
   * The webhook delivery being processed: recorded in the transaction of the move that settles the
   * call (`recorded` set), or left to the receiver when no move of this call settled it.
   */
  delivery?: ProviderAnswer['delivery'];
}

/** Rows the caller has just read, so the confirmation does not read them again. */
export interface Loaded {
  order?: orderSteps.OrderRow;
  payment?: repo.PaymentRow;
}

/**
 * Brings the order in line with the provider's record of its payment. Returns the order's outcome
 * (the same on every call once settled).
 */
export async function confirmPayment(
  db: Db,
  orderNo: string,
  providerPaymentId: string,
  opts: ConfirmOptions,
  loaded: Loaded = {},
): Promise<OrderOutcome> {
  const now = opts.now ?? new Date();
  const { order, payment } = await load(db, orderNo, providerPaymentId, loaded);
  if (payment.provider === 'none') return orderOutcome(db, orderNo);
  if (order.refundStatus === 'REQUIRED') await refundOrder(db, orderNo, now);
  if (
    FINAL.has(order.orderStatus) ||
    (order.orderStatus === 'CANCEL_DONE' && order.refundStatus !== 'REQUIRED')
  ) {
    return orderOutcome(db, orderNo);
  }

  // the browser coming back to an order that is paid and settled (its webhook came first): the rows
  // just read are the answer, no provider call and no write (decision 051). A cancel made at the
  // provider later comes by its own webhook, which still asks.
  if (opts.source === 'return' && settledAndPaid(order, payment)) return outcomeOf(order, payment);

  const adapter = paymentProvider(payment.provider);
  if (!adapter) throw commerceError('PAYMENT_UNAVAILABLE');
  const remote = await fetchRemote(adapter, providerPaymentId);
  // the provider's record must be this order's, for this order's amount
  if ((remote.orderNo !== null && remote.orderNo !== orderNo) || remote.amount !== order.payAmt) {
    await refuseMismatch(db, order, payment, remote, now);
    return orderOutcome(db, orderNo);
  }
  const settled = await applyRemote(db, adapter, order, payment, remote, now, opts.delivery);
  // the rows this call's own move wrote (an order has one payment, made with it: its latest)
  return settled?.payment ? outcomeOf(settled.order, settled.payment) : orderOutcome(db, orderNo);
}

/** Past payment (no longer waiting for it), its payment recorded as paid, no refund owed. */
function settledAndPaid(order: orderSteps.OrderRow, payment: repo.PaymentRow): boolean {
  return (
    !UNSETTLED.has(order.orderStatus) &&
    !FINAL.has(order.orderStatus) &&
    order.orderStatus !== 'CANCEL_DONE' &&
    order.refundStatus === null &&
    payment.status === 'PAID'
  );
}

/** Step 1: the order, then this payment of it (404 for either missing). */
async function load(
  db: Db,
  orderNo: string,
  providerPaymentId: string,
  loaded: Loaded,
): Promise<{ order: orderSteps.OrderRow; payment: repo.PaymentRow }> {
  const order = loaded.order ?? (await orderSteps.selectOrder(db, orderNo));
  if (!order) throw commerceError('ORDER_NOT_FOUND');
  const payment = loaded.payment ?? (await repo.selectPayment(db, orderNo, providerPaymentId));
  if (!payment) throw commerceError('PAYMENT_NOT_FOUND');
  return { order, payment };
}

/** Step 3: the provider's record (503 when it cannot be reached, 404 when it has none). */
async function fetchRemote(
  adapter: PaymentProviderAdapter,
  providerPaymentId: string,
): Promise<ProviderPayment> {
  try {
    return await adapter.getPayment(providerPaymentId);
  } catch (err) {
    if (err instanceof PaymentProviderError && !err.notFound) throw commerceError('PAYMENT_UNAVAILABLE');
    throw commerceError('PAYMENT_NOT_FOUND');
  }
}

/** Step 4: another order's or another amount's payment: recorded, and money taken is given back. */
async function refuseMismatch(
  db: Db,
  order: orderSteps.OrderRow,
  payment: repo.PaymentRow,
  remote: ProviderPayment,
  now: Date,
): Promise<void> {
  console.error(
    '[podo] payment does not match its order',
    order.orderNo,
    payment.providerPaymentId,
    remote.orderNo,
    remote.amount,
    order.payAmt,
  );
  await repo.recordProviderState(db, payment.paymentNo, remote, now.toISOString());
  if (remote.status === 'PAID' || remote.status === 'VIRTUAL_ACCOUNT_ISSUED') {
    await failAndRefund(
      db,
      order,
      {
        code: 'AMOUNT_MISMATCH',
        message: '결제 금액이 주문 금액과 달라 주문을 취소했습니다. 결제하신 금액은 자동으로 취소됩니다.',
      },
      now,
    );
  }
}

/**
 * Step 5: the move the provider's status calls for. Returns the rows the move wrote when this call
 * made it, else null (nothing to do, or another confirmation moved the order first).
 */
async function applyRemote(
  db: Db,
  adapter: PaymentProviderAdapter,
  order: orderSteps.OrderRow,
  payment: repo.PaymentRow,
  remote: ProviderPayment,
  now: Date,
  delivery: ProviderAnswer['delivery'],
): Promise<Settled | null> {
  const found: ProviderAnswer = { paymentNo: payment.paymentNo, remote, delivery };
  switch (remote.status) {
    case 'PAID':
    case 'VIRTUAL_ACCOUNT_ISSUED':
      return authorised(db, adapter, order, payment, remote, now, delivery);
    case 'FAILED':
      if (order.orderStatus !== 'PAY_WAIT') return null;
      return endUnpaid(
        db,
        order,
        'PAY_FAIL',
        { code: 'PAYMENT_DECLINED', message: remote.failureReason ?? '결제가 승인되지 않았습니다.' },
        found,
        now,
      );
    case 'CANCELLED':
      if (order.orderStatus === 'PAY_WAIT') {
        return endUnpaid(
          db,
          order,
          'PAY_CANCEL',
          { code: 'PAYMENT_CANCELLED', message: remote.failureReason ?? '결제를 취소했습니다.' },
          found,
          now,
        );
      }
      if (!CANCELABLE.includes(order.orderStatus)) return null;
      return cancelCompletedOrder(
        db,
        order,
        { code: 'PAYMENT_CANCELLED', message: '결제가 취소되어 주문이 취소되었습니다.' },
        found,
        now,
      );
    case 'READY':
      return null;
  }
}

/** Paid, or a virtual account issued: the order completed (or, when it cannot be, refunded). */
async function authorised(
  db: Db,
  adapter: PaymentProviderAdapter,
  order: orderSteps.OrderRow,
  payment: repo.PaymentRow,
  remote: ProviderPayment,
  now: Date,
  delivery: ProviderAnswer['delivery'],
): Promise<Settled | null> {
  const found: ProviderAnswer = { paymentNo: payment.paymentNo, remote, delivery };
  if (order.orderStatus === 'DEPOSIT_WAIT' && remote.status === 'PAID') return deposit(db, order, found, now);
  if (order.orderStatus !== 'PAY_WAIT') return null;

  const next = remote.status === 'PAID' ? 'PAY_DONE' : 'DEPOSIT_WAIT';
  // a virtual account may go on to PAY_DONE in this call: its delivery is recorded by the last move
  const done = await completeOrder(
    db,
    order,
    next,
    next === 'PAY_DONE' ? found : { paymentNo: payment.paymentNo, remote },
    now,
  );
  if (done instanceof Error) {
    await failAndRefund(db, order, { code: done.code, message: done.message }, now);
    return null;
  }
  if (done === 'not-pending') return null;
  if (next === 'PAY_DONE') {
    await afterOrderPaid(db, order.orderNo, now);
    return done;
  }
  // a deposit may already have landed at the provider: go on to PAY_DONE in the same call
  const again = await adapter.getPayment(payment.providerPaymentId).catch(() => null);
  if (again?.status !== 'PAID') return done;
  return deposit(db, done.order, { paymentNo: payment.paymentNo, remote: again, delivery }, now);
}

/** DEPOSIT_WAIT → PAY_DONE; only the confirmation whose transition won goes on to the custom orders. */
async function deposit(
  db: Db,
  order: orderSteps.OrderRow,
  found: ProviderAnswer,
  now: Date,
): Promise<Settled | null> {
  const deposited = await markDeposited(db, order, found, now);
  if (deposited) await afterOrderPaid(db, order.orderNo, now);
  return deposited;
}
