import type { Db } from '../db/client.ts';
import { deleteStaleSheets } from '../order/repo.ts';
import { reconcilePending, retryRefunds } from './service.ts';

/**
 * The periodic work of the payment side, safe to run from any number of processes at once (every
 * step is a guarded, idempotent transition): refunds still owed, orders whose webhook and return
 * were both lost, and old order sheets. Run it every few minutes (scripts/payments-reconcile.ts,
 * or an interval in the server).
 */
export async function runCommerceMaintenance(db: Db, now = new Date()) {
  const refunds = await retryRefunds(db);
  const pending = await reconcilePending(db, { now });
  const sheets = await deleteStaleSheets(db, new Date(now.getTime() - 7 * 24 * 3600_000).toISOString());
  return { refunds, pending, deletedSheets: sheets };
}
