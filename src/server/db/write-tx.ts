import type { Client, Transaction } from '@libsql/client';
import { AppError, appError } from '../platform/errors.ts';

/**
 * Stock, coupons, points and payment confirmation change in write transactions. They are taken at
 * BEGIN IMMEDIATE (`transaction('write')`), so a second writer waits for the client's busy timeout
 * instead of failing on a lock upgrade. What still comes back as SQLITE_BUSY after that wait is
 * answered with a 503 the shopper can act on, never with a 500.
 */

const BUSY_MESSAGE = '주문이 몰려 처리가 늦어지고 있습니다. 잠시 후 다시 시도해 주세요.';

export function isBusyError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')))
    return true;
  return /database is locked|SQLITE_BUSY/i.test(err.message);
}

export function busyError(): AppError {
  return appError('DB_BUSY', BUSY_MESSAGE);
}

/** Rethrows a busy error as the 503 AppError; anything else unchanged. */
function mapBusy(err: unknown): never {
  if (isBusyError(err)) throw busyError();
  throw err;
}

/** Runs `fn` in one write transaction: commit when it returns, roll back when it throws. */
export async function writeTx<T>(db: Client, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  let tx: Transaction;
  try {
    tx = await db.transaction('write');
  } catch (err) {
    mapBusy(err);
  }
  try {
    const result = await fn(tx);
    await tx.commit();
    return result;
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    mapBusy(err);
  } finally {
    tx.close();
  }
}

/** A single write statement (or a `batch(…, 'write')`) with the same busy mapping. */
export async function busySafe<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    mapBusy(err);
  }
}
