import { db } from '../db/client.ts';
import { purgeExpiredAuth } from '../auth/index.ts';
import { runCommerceMaintenance } from '../payment/index.ts';
import { releaseUnusedCounterPayments } from '../pos/index.ts';

/** How often each server process runs the periodic work; every step is idempotent across processes. */
export const MAINTENANCE_INTERVAL_MS = 5 * 60_000;

let started = false;

/**
 * Starts the server's periodic work (refunds still owed, lost payment confirmations, overdue
 * virtual accounts, old order sheets, custom orders of paid orders and their print-service sends;
 * ended sessions and old login counters; Kakao Pay approvals no counter sale used). Called once by the server entry; tests and scripts do not
 * start it. The timer never keeps the process alive, and one failed pass only logs.
 */
export function startBackgroundJobs(intervalMs = MAINTENANCE_INTERVAL_MS): void {
  if (started || process.env.PODO_BACKGROUND_JOBS === 'off') return;
  started = true;
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      const conn = await db();
      await runCommerceMaintenance(conn);
      await purgeExpiredAuth(conn);
      await releaseUnusedCounterPayments();
    } catch (err) {
      console.error('[podo] maintenance pass failed', (err as Error).message);
    } finally {
      running = false;
    }
  };
  setInterval(() => void pass(), intervalMs).unref();
}
