import { retryClaimRefunds } from '../claim/index.ts';
import type { Db } from '../db/client.ts';
import { retryCustomOrders } from '../design/index.ts';
import { autoConfirmPurchases, orderSteps } from '../order/index.ts';
import { cancelOrder, reconcilePending, retryRefunds } from './service.ts';

/**
 * The periodic work of the payment side, safe to run from any number of processes at once (every
 * step is a guarded, idempotent transition): refunds still owed, orders whose webhook and return
 * were both lost, virtual accounts past their due time (cancelled: the held stock, coupons and
 * points come back), old order sheets, and the custom orders of paid orders (recorded if a process
 * stopped before it could, print-service sends retried). Run it every few minutes
 * (scripts/payments-reconcile.ts, or an interval in the server).
 */
export async function runCommerceMaintenance(db: Db, now = new Date()) {
  const refunds = await retryRefunds(db);
  // refunds of cancels and returns (claims) the provider could not make yet
  const claimRefunds = await retryClaimRefunds(db);
  const pending = await reconcilePending(db, { now });
  let overdue = 0;
  for (const orderNo of await orderSteps.selectOverdueDeposits(db, now.toISOString(), 50)) {
    try {
      await cancelOrder(db, orderNo, '입금 기한이 지나 주문이 취소되었습니다.', now);
      overdue++;
    } catch (err) {
      console.error('[podo] overdue deposit cancel failed', orderNo, (err as Error).message);
    }
  }
  const sheets = await orderSteps.deleteStaleSheets(
    db,
    new Date(now.getTime() - 7 * 24 * 3600_000).toISOString(),
  );
  const autoConfirmed = await autoConfirmPurchases(db, now).catch((err: unknown) => {
    console.error('[podo] automatic buy confirmation failed', (err as Error).message);
    return 0;
  });
  const customOrders = await retryCustomOrders(db, { now }).catch((err: unknown) => {
    console.error('[podo] custom order maintenance failed', (err as Error).message);
    return null;
  });
  return {
    refunds,
    claimRefunds,
    pending,
    overdueDeposits: overdue,
    deletedSheets: sheets,
    autoConfirmed,
    customOrders,
  };
}
