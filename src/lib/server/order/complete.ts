import type { Transaction } from '@libsql/client';
import type { ProviderPayment } from '../adapters/payment/port.ts';
import * as cartRepo from '../cart/repo.ts';
import type { Db } from '../db/client.ts';
import { createCustomOrdersForPaidOrder } from '../design/pod.ts';
import * as paymentRepo from '../payment/repo.ts';
import * as promotionRepo from '../promotion/repo.ts';
import * as repo from './repo.ts';
import * as stock from './stock-repo.ts';
import { writeTx } from '../db/write-tx.ts';

/**
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

export type CompletionFailureCode = 'SOLD_OUT' | 'COUPON_USED' | 'POINTS_SHORT';

export class CompletionFailure extends Error {
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

async function applyOrderEffects(tx: Transaction, order: repo.OrderRow, now: string): Promise<void> {
  const options = await repo.selectOptions(tx, order.orderNo);
  const units = unitsByOption(options);
  for (const [optionNo, u] of units) {
    if (!(await stock.takeStock(tx, optionNo, u.cnt))) {
      throw new CompletionFailure(
        'SOLD_OUT',
        `죄송합니다. 결제하는 사이 '${u.name}' 상품이 품절되어 주문을 완료하지 못했습니다. ${REFUND_NOTE}`,
      );
    }
  }
  const perProduct = new Map<number, number>();
  for (const u of units.values()) perProduct.set(u.productNo, (perProduct.get(u.productNo) ?? 0) + u.cnt);
  for (const [productNo, cnt] of perProduct) await stock.countSale(tx, productNo, cnt);

  if (order.memberNo !== null) {
    for (const c of await repo.selectCoupons(tx, order.orderNo)) {
      if (!(await promotionRepo.useCoupon(tx, c.couponIssueNo, order.memberNo, order.orderNo, now))) {
        throw new CompletionFailure(
          'COUPON_USED',
          `이미 다른 주문에 사용된 쿠폰이 있어 주문을 완료하지 못했습니다. ${REFUND_NOTE}`,
        );
      }
    }
    if (order.usedAccumulationAmt > 0) {
      const spent = await promotionRepo.subtractPoints(tx, {
        memberNo: order.memberNo,
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
    if (order.cartNos.length > 0)
      await tx.execute(cartRepo.deleteLinesStatement(order.memberNo, order.cartNos));
  }
  await repo.markSheetOrdered(tx, order.orderSheetNo, now);
}

export type CompleteResult = 'done' | 'not-pending' | CompletionFailure;

/**
 * PAY_WAIT → `next` with every effect, or nothing at all. `payment` is the provider's answer,
 * recorded on the payment row in the same transaction.
 */
export async function completeOrder(
  db: Db,
  order: repo.OrderRow,
  next: 'PAY_DONE' | 'DEPOSIT_WAIT',
  payment: { paymentNo: number; remote: ProviderPayment } | null,
  now = new Date(),
): Promise<CompleteResult> {
  const at = now.toISOString();
  try {
    return await writeTx(db, async (tx) => {
      const moved = await repo.transition(
        tx,
        order.orderNo,
        ['PAY_WAIT'],
        next,
        at,
        next === 'PAY_DONE' ? { paid_at: at } : { deposit_wait_at: at },
      );
      if (!moved) return 'not-pending' as const;
      await applyOrderEffects(tx, order, at);
      if (payment) await paymentRepo.recordProviderState(tx, payment.paymentNo, payment.remote, at);
      return 'done' as const;
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

/** DEPOSIT_WAIT → PAY_DONE: the virtual account was paid (the goods were already held). */
export async function markDeposited(
  db: Db,
  order: repo.OrderRow,
  payment: { paymentNo: number; remote: ProviderPayment },
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  return writeTx(db, async (tx) => {
    const moved = await repo.transition(tx, order.orderNo, ['DEPOSIT_WAIT'], 'PAY_DONE', at, { paid_at: at });
    if (moved) await paymentRepo.recordProviderState(tx, payment.paymentNo, payment.remote, at);
    return moved;
  });
}

/** PAY_WAIT → PAY_FAIL (declined) or PAY_CANCEL (the shopper gave up). Nothing was taken yet. */
export async function endUnpaid(
  db: Db,
  order: repo.OrderRow,
  to: 'PAY_FAIL' | 'PAY_CANCEL',
  reason: { code: string; message: string },
  payment: { paymentNo: number; remote: ProviderPayment } | null,
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  return writeTx(db, async (tx) => {
    const moved = await repo.transition(tx, order.orderNo, ['PAY_WAIT'], to, at, {
      canceled_at: at,
      failure_code: reason.code,
      failure_message: reason.message,
    });
    if (moved && payment) await paymentRepo.recordProviderState(tx, payment.paymentNo, payment.remote, at);
    return moved;
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
  return writeTx(db, (tx) =>
    repo.transition(tx, order.orderNo, ['PAY_WAIT'], 'CANCEL_DONE', at, {
      canceled_at: at,
      failure_code: reason.code,
      failure_message: reason.message,
      refund_status: 'REQUIRED',
    }),
  );
}

/** Statuses a cancellation gives everything back from (before the parcel leaves). */
export const CANCELABLE: readonly repo.OrderStatus[] = ['DEPOSIT_WAIT', 'PAY_DONE', 'PRODUCT_PREPARE'];

/**
 * A completed order cancelled (the provider says the payment is cancelled): CANCEL_DONE with stock,
 * coupons and points given back, in one transaction. Points come back at most once per order
 * (unique ledger entry per order and reason).
 */
export async function cancelCompletedOrder(
  db: Db,
  order: repo.OrderRow,
  reason: { code: string; message: string },
  payment: { paymentNo: number; remote: ProviderPayment } | null,
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  return writeTx(db, async (tx) => {
    const moved = await repo.transition(tx, order.orderNo, CANCELABLE, 'CANCEL_DONE', at, {
      canceled_at: at,
      failure_code: reason.code,
      failure_message: reason.message,
      refund_status: 'DONE',
    });
    if (!moved) return false;
    const units = unitsByOption(await repo.selectOptions(tx, order.orderNo));
    const perProduct = new Map<number, number>();
    for (const [optionNo, u] of units) {
      await stock.returnStock(tx, optionNo, u.cnt);
      perProduct.set(u.productNo, (perProduct.get(u.productNo) ?? 0) + u.cnt);
    }
    for (const [productNo, cnt] of perProduct) await stock.countSale(tx, productNo, -cnt);
    await promotionRepo.restoreCoupons(tx, order.orderNo);
    if (order.memberNo !== null && order.usedAccumulationAmt > 0) {
      await promotionRepo.givePoints(tx, {
        memberNo: order.memberNo,
        amount: order.usedAccumulationAmt,
        reason: 'ADD_CANCEL',
        reasonDetail: `주문 ${order.orderNo} 취소`,
        orderNo: order.orderNo,
        now: at,
      });
    }
    if (payment) await paymentRepo.recordProviderState(tx, payment.paymentNo, payment.remote, at);
    return true;
  });
}
