import { paymentConfig } from '../adapters/payment/config.ts';
import {
  paymentProvider,
  PaymentProviderError,
  WebhookVerificationError,
  type ProviderPayment,
} from '../adapters/payment/index.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import {
  afterOrderPaid,
  cancelCompletedOrder,
  CANCELABLE,
  completeOrder,
  endUnpaid,
  failAfterAuthorisation,
  markDeposited,
} from '../order/complete.ts';
import { commerceError } from '../order/errors.ts';
import * as orderRepo from '../order/repo.ts';
import { outcomeOf, type OrderOutcome } from '../order/view.ts';
import * as repo from './repo.ts';
import { verifyReturn, type ReturnParams } from './signature.ts';

/**
 * Payment confirmation: ONE routine, `confirmPayment`, for the browser's signed return and for the
 * provider's webhooks. It re-fetches the payment from the provider (no transaction open), checks
 * order and amount against the order's own total, and then makes the one state change the
 * provider's answer calls for, through guarded transitions: running it twice, or from two
 * processes at once, changes nothing twice. An authorised payment whose order cannot be completed
 * (sold out meanwhile, coupon used, points gone, amount mismatch) is refunded through the provider,
 * outside any transaction; a refund that fails stays REQUIRED and is retried (`retryRefunds`).
 * The confirmation that moves an order to PAY_DONE (card-like approval, or a virtual account's
 * deposit) then records its custom orders (`afterOrderPaid`), after its transaction committed.
 */

const FINAL: ReadonlySet<orderRepo.OrderStatus> = new Set(['PAY_FAIL', 'PAY_CANCEL']);

async function outcome(db: Db, orderNo: string): Promise<OrderOutcome> {
  const order = await orderRepo.selectOrder(db, orderNo);
  if (!order) throw commerceError('ORDER_NOT_FOUND');
  return outcomeOf(order, await repo.selectLatestOfOrder(db, orderNo));
}

/** Gives the money back for an order marked REQUIRED; true when the provider confirmed it. */
export async function refundOrder(db: Db, orderNo: string, now = new Date()): Promise<boolean> {
  const order = await orderRepo.selectOrder(db, orderNo);
  if (!order || order.refundStatus !== 'REQUIRED') return order?.refundStatus === 'DONE';
  const payment = await repo.selectLatestOfOrder(db, orderNo);
  const adapter = payment ? paymentProvider(payment.provider) : undefined;
  if (!payment || !adapter) {
    await orderRepo.setRefundStatus(db, orderNo, 'DONE', now.toISOString());
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
    await orderRepo.setRefundStatus(db, orderNo, 'DONE', now.toISOString());
    return true;
  } catch (err) {
    console.error('[podo] refund failed, will retry', orderNo, (err as Error).message);
    await orderRepo.setRefundStatus(db, orderNo, 'REQUIRED', now.toISOString());
    return false;
  }
}

async function failAndRefund(
  db: Db,
  order: orderRepo.OrderRow,
  reason: { code: string; message: string },
  now: Date,
): Promise<void> {
  if (await failAfterAuthorisation(db, order, reason, now)) await refundOrder(db, order.orderNo, now);
}

export interface ConfirmOptions {
  source: 'return' | 'webhook' | 'reconcile';
  now?: Date;
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
): Promise<OrderOutcome> {
  const now = opts.now ?? new Date();
  const order = await orderRepo.selectOrder(db, orderNo);
  if (!order) throw commerceError('ORDER_NOT_FOUND');
  const payment = await repo.selectPayment(db, orderNo, providerPaymentId);
  if (!payment) throw commerceError('PAYMENT_NOT_FOUND');
  if (payment.provider === 'none') return outcome(db, orderNo);
  if (order.refundStatus === 'REQUIRED') await refundOrder(db, orderNo, now);
  if (
    FINAL.has(order.orderStatus) ||
    (order.orderStatus === 'CANCEL_DONE' && order.refundStatus !== 'REQUIRED')
  ) {
    return outcome(db, orderNo);
  }

  const adapter = paymentProvider(payment.provider);
  if (!adapter) throw commerceError('PAYMENT_UNAVAILABLE');
  let remote: ProviderPayment;
  try {
    remote = await adapter.getPayment(providerPaymentId);
  } catch (err) {
    if (err instanceof PaymentProviderError && !err.notFound) throw commerceError('PAYMENT_UNAVAILABLE');
    throw commerceError('PAYMENT_NOT_FOUND');
  }
  const found = { paymentNo: payment.paymentNo, remote };

  // the provider's record must be this order's, for this order's amount
  if ((remote.orderNo !== null && remote.orderNo !== orderNo) || remote.amount !== order.payAmt) {
    console.error(
      '[podo] payment does not match its order',
      orderNo,
      providerPaymentId,
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
    return outcome(db, orderNo);
  }

  switch (remote.status) {
    case 'PAID':
    case 'VIRTUAL_ACCOUNT_ISSUED': {
      if (order.orderStatus === 'PAY_WAIT') {
        const next = remote.status === 'PAID' ? 'PAY_DONE' : 'DEPOSIT_WAIT';
        const done = await completeOrder(db, order, next, found, now);
        if (done instanceof Error)
          await failAndRefund(db, order, { code: done.code, message: done.message }, now);
        else if (done === 'done' && next === 'PAY_DONE') await afterOrderPaid(db, orderNo, now);
        else if (done === 'done' && next === 'DEPOSIT_WAIT') {
          // a deposit may already have landed at the provider: go on to PAY_DONE in the same call
          const again = await adapter.getPayment(providerPaymentId).catch(() => null);
          const fresh = await orderRepo.selectOrder(db, orderNo);
          if (
            again?.status === 'PAID' &&
            fresh &&
            (await markDeposited(db, fresh, { paymentNo: payment.paymentNo, remote: again }, now))
          )
            await afterOrderPaid(db, orderNo, now);
        }
      } else if (order.orderStatus === 'DEPOSIT_WAIT' && remote.status === 'PAID') {
        // only the confirmation whose transition won goes on to the custom orders
        if (await markDeposited(db, order, found, now)) await afterOrderPaid(db, orderNo, now);
      }
      break;
    }
    case 'FAILED':
      if (order.orderStatus === 'PAY_WAIT') {
        await endUnpaid(
          db,
          order,
          'PAY_FAIL',
          { code: 'PAYMENT_DECLINED', message: remote.failureReason ?? '결제가 승인되지 않았습니다.' },
          found,
          now,
        );
      }
      break;
    case 'CANCELLED':
      if (order.orderStatus === 'PAY_WAIT') {
        await endUnpaid(
          db,
          order,
          'PAY_CANCEL',
          { code: 'PAYMENT_CANCELLED', message: remote.failureReason ?? '결제를 취소했습니다.' },
          found,
          now,
        );
      } else if (CANCELABLE.includes(order.orderStatus)) {
        await cancelCompletedOrder(
          db,
          order,
          { code: 'PAYMENT_CANCELLED', message: '결제가 취소되어 주문이 취소되었습니다.' },
          found,
          now,
        );
      }
      break;
    case 'READY':
      break;
  }
  return outcome(db, orderNo);
}

/** The browser's return: the signature over orderNo, paymentId, amount and time, then confirm. */
export async function confirmReturn(
  db: Db,
  params: ReturnParams & { signature: string },
  now = new Date(),
): Promise<OrderOutcome> {
  const config = paymentConfig();
  const check = verifyReturn(config.signingSecret, params, params.signature, now, config.returnMaxAgeSeconds);
  if (check === 'bad-signature') throw commerceError('INVALID_SIGNATURE');
  const order = await orderRepo.selectOrder(db, params.orderNo);
  if (!order) throw commerceError('ORDER_NOT_FOUND');
  if (check === 'expired') {
    // an old link still shows a settled order; it just cannot push one any more
    if (order.orderStatus === 'PAY_WAIT') throw commerceError('SIGNATURE_EXPIRED');
    return outcome(db, params.orderNo);
  }
  if (order.payAmt !== params.amount) throw commerceError('INVALID_SIGNATURE');
  return confirmPayment(db, params.orderNo, params.paymentId, { source: 'return', now });
}

export interface WebhookResult {
  status: 'processed' | 'duplicate' | 'ignored';
  outcome?: OrderOutcome;
}

/**
 * A provider's webhook: signature over the raw body and timestamp tolerance first (401/400), then
 * the delivery is stored by its id — a replay of a processed delivery does nothing — and the
 * payment is confirmed like any return.
 */
export async function receiveWebhook(
  db: Db,
  provider: string,
  rawBody: string,
  headers: Headers,
  now = new Date(),
): Promise<WebhookResult> {
  const adapter = paymentProvider(provider);
  if (!adapter) throw new AppError('NOT_FOUND', 404, '요청한 주소를 찾을 수 없습니다.');
  let event;
  try {
    event = adapter.verifyWebhook(rawBody, headers, now);
  } catch (err) {
    if (err instanceof WebhookVerificationError) {
      throw new AppError(
        err.status === 400 ? 'INVALID_WEBHOOK' : 'INVALID_SIGNATURE',
        err.status,
        '웹훅 서명을 확인할 수 없습니다.',
      );
    }
    throw err;
  }
  const at = now.toISOString();
  const fresh = await repo.insertDelivery(db, {
    provider,
    deliveryId: event.deliveryId,
    eventType: event.type,
    providerPaymentId: event.paymentId,
    payload: rawBody,
    now: at,
  });
  if (!fresh && (await repo.deliveryProcessed(db, provider, event.deliveryId)))
    return { status: 'duplicate' };
  const payment = event.paymentId ? await repo.selectByProviderId(db, provider, event.paymentId) : null;
  if (!payment) {
    await repo.markDeliveryProcessed(db, provider, event.deliveryId, 'unknown-payment', at);
    return { status: 'ignored' };
  }
  const result = await confirmPayment(db, payment.orderNo, payment.providerPaymentId, {
    source: 'webhook',
    now,
  });
  await repo.markDeliveryProcessed(db, provider, event.deliveryId, result.orderStatus, at);
  return { status: 'processed', outcome: result };
}

/**
 * Cancels a paid order for its shopper (before shipping): the provider first (outside any
 * transaction), then the same confirmation brings the order to CANCEL_DONE and gives stock,
 * coupons and points back. If the second step fails, the next confirmation or reconcile finishes it.
 */
export async function cancelOrder(
  db: Db,
  orderNo: string,
  reason = '구매자 요청',
  now = new Date(),
): Promise<OrderOutcome> {
  const order = await orderRepo.selectOrder(db, orderNo);
  if (!order) throw commerceError('ORDER_NOT_FOUND');
  if (!CANCELABLE.includes(order.orderStatus)) throw commerceError('ORDER_NOT_CANCELABLE');
  const payment = await repo.selectLatestOfOrder(db, orderNo);
  if (!payment || payment.provider === 'none') {
    await cancelCompletedOrder(db, order, { code: 'CANCELED_BY_BUYER', message: reason }, null, now);
    return outcome(db, orderNo);
  }
  const adapter = paymentProvider(payment.provider);
  if (!adapter) throw commerceError('PAYMENT_UNAVAILABLE');
  try {
    await adapter.cancel(payment.providerPaymentId, { amount: order.payAmt, reason });
  } catch (err) {
    if (err instanceof PaymentProviderError) throw commerceError('PAYMENT_UNAVAILABLE');
    throw err;
  }
  return confirmPayment(db, orderNo, payment.providerPaymentId, { source: 'reconcile', now });
}

/** Refunds still owed (the provider was unreachable the first time). For a periodic job. */
export async function retryRefunds(db: Db, limit = 50): Promise<{ tried: number; done: number }> {
  const due = await orderRepo.selectRefundsDue(db, limit);
  let done = 0;
  for (const orderNo of due) if (await refundOrder(db, orderNo)) done++;
  return { tried: due.length, done };
}

/**
 * Orders still PAY_WAIT after `olderThanMs`: asks the provider again (a lost webhook and a closed
 * browser leave paid orders here). Those the provider never saw paid after `abandonAfterMs` end
 * PAY_CANCEL. For a periodic job.
 */
export async function reconcilePending(
  db: Db,
  opts: { olderThanMs?: number; abandonAfterMs?: number; limit?: number; now?: Date } = {},
): Promise<{ checked: number }> {
  const now = opts.now ?? new Date();
  const stale = await orderRepo.selectStalePending(
    db,
    new Date(now.getTime() - (opts.olderThanMs ?? 10 * 60_000)).toISOString(),
    opts.limit ?? 50,
  );
  for (const orderNo of stale) {
    const payment = await repo.selectLatestOfOrder(db, orderNo);
    if (!payment) continue;
    try {
      const result = await confirmPayment(db, orderNo, payment.providerPaymentId, {
        source: 'reconcile',
        now,
      });
      const order = await orderRepo.selectOrder(db, orderNo);
      if (
        result.orderStatus === 'PAY_WAIT' &&
        order &&
        now.getTime() - Date.parse(order.orderedAt) > (opts.abandonAfterMs ?? 24 * 3600_000)
      ) {
        const adapter = paymentProvider(payment.provider);
        await adapter
          ?.cancel(payment.providerPaymentId, { amount: order.payAmt, reason: '결제 시간 초과' })
          .catch(() => undefined);
        await endUnpaid(
          db,
          order,
          'PAY_CANCEL',
          { code: 'PAYMENT_TIMEOUT', message: '결제 시간이 지나 주문이 취소되었습니다.' },
          null,
          now,
        );
      }
    } catch (err) {
      console.error('[podo] reconcile failed', orderNo, (err as Error).message);
    }
  }
  return { checked: stale.length };
}
