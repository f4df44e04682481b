import { paymentConfig } from '../adapters/payment/index.ts';
import {
  paymentProvider,
  PaymentProviderError,
  WebhookVerificationError,
} from '../adapters/payment/index.ts';
import type { Db } from '../db/client.ts';
import { AppError, appError } from '../platform/errors.ts';
import {
  type OrderOutcome,
  commerceError,
  cancelCompletedOrder,
  CANCELABLE,
  endUnpaid,
  orderSteps,
} from '../order/index.ts';

import * as repo from './repo.ts';
import { verifyReturn, type ReturnParams } from './signature.ts';
import { confirmPayment, orderOutcome, refundOrder } from './workflows/confirm-payment.ts';

/**
 * The ways a payment gets confirmed — the browser's signed return, a provider's webhook, a cancel
 * for the shopper, the periodic reconcile and refund retries — each handing over to the one
 * confirmation workflow (workflows/confirm-payment.ts).
 */

// the workflow, also here for callers that reach it through this file (tests, scripts)
export type { ConfirmOptions } from './workflows/confirm-payment.ts';

/** The browser's return: the signature over orderNo, paymentId, amount and time, then confirm. */
export async function confirmReturn(
  db: Db,
  params: ReturnParams & { signature: string },
  now = new Date(),
): Promise<OrderOutcome> {
  const config = paymentConfig();
  const check = verifyReturn(config.signingSecret, params, params.signature, now, config.returnMaxAgeSeconds);
  if (check === 'bad-signature') throw commerceError('INVALID_SIGNATURE');
  const order = await orderSteps.selectOrder(db, params.orderNo);
  if (!order) throw commerceError('ORDER_NOT_FOUND');
  if (check === 'expired') {
    // an old link still shows a settled order; it just cannot push one any more
    if (order.orderStatus === 'PAY_WAIT') throw commerceError('SIGNATURE_EXPIRED');
    return orderOutcome(db, params.orderNo);
  }
  if (order.payAmt !== params.amount) throw commerceError('INVALID_SIGNATURE');
  return confirmPayment(db, params.orderNo, params.paymentId, { source: 'return', now }, { order });
}

export interface WebhookResult {
  status: 'processed' | 'duplicate' | 'ignored';
  outcome?: OrderOutcome;
}

/**
 * A provider's webhook: signature over the raw body and timestamp tolerance first (401/400); a
 * delivery already processed (by its id) does nothing; then the payment is confirmed like any
 * return and the delivery recorded with its outcome — in the transaction of the move that settled
 * it (decision 060), or one write after the confirmation when no move was made (decision 051). A delivery whose confirmation fails is recorded unprocessed
 * (its payload kept) and processed when the provider sends it again; two copies arriving at once
 * both confirm, which the confirmation's guarded transitions make harmless.
 */
export async function receiveWebhook(
  db: Db,
  provider: string,
  rawBody: string,
  headers: Headers,
  now = new Date(),
): Promise<WebhookResult> {
  const adapter = paymentProvider(provider);
  if (!adapter) throw appError('NOT_FOUND', '요청한 주소를 찾을 수 없습니다.');
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
  const delivery = {
    provider,
    deliveryId: event.deliveryId,
    eventType: event.type,
    providerPaymentId: event.paymentId,
    payload: rawBody,
    now: now.toISOString(),
  };
  if (await repo.deliveryProcessed(db, provider, event.deliveryId)) return { status: 'duplicate' };
  const payment = event.paymentId ? await repo.selectByProviderId(db, provider, event.paymentId) : null;
  if (!payment) {
    await repo.recordDelivery(db, delivery, 'unknown-payment');
    return { status: 'ignored' };
  }
  // recorded by the move that settles the payment, in its transaction (decision 060), else here
  const record = { record: delivery, recorded: false };
  let result: OrderOutcome;
  try {
    result = await confirmPayment(
      db,
      payment.orderNo,
      payment.providerPaymentId,
      { source: 'webhook', now, delivery: record },
      { payment },
    );
  } catch (err) {
    await repo.recordDelivery(db, delivery, null).catch(() => undefined);
    throw err;
  }
  if (!record.recorded) await repo.recordDelivery(db, delivery, result.orderStatus);
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
  const order = await orderSteps.selectOrder(db, orderNo);
  if (!order) throw commerceError('ORDER_NOT_FOUND');
  if (!CANCELABLE.includes(order.orderStatus)) throw commerceError('ORDER_NOT_CANCELABLE');
  const payment = await repo.selectLatestOfOrder(db, orderNo);
  if (!payment || payment.provider === 'none') {
    await cancelCompletedOrder(db, order, { code: 'CANCELED_BY_BUYER', message: reason }, null, now);
    return orderOutcome(db, orderNo);
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
  const due = await orderSteps.selectRefundsDue(db, limit);
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
  const stale = await orderSteps.selectStalePending(
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
      const order = await orderSteps.selectOrder(db, orderNo);
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
