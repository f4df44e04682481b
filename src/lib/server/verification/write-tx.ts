import type { Client, Transaction } from '@libsql/client';

/**
 * Runs `fn` in one write transaction (taken at BEGIN IMMEDIATE, so it waits for the busy timeout
 * instead of failing on upgrade), commits when it returns and rolls back when it throws.
 */
export async function inWriteTx<T>(db: Client, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  const tx = await db.transaction('write');
  try {
    const result = await fn(tx);
    await tx.commit();
    return result;
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    throw err;
  } finally {
    tx.close();
  }
}
