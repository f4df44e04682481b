import { db } from '../db/client.ts';
import { purgeExpiredAuth } from '../auth/index.ts';
import { runCommerceMaintenance } from '../payment/index.ts';
import { dispatchDueNotifications } from '../notification/index.ts';
import { releaseUnusedCounterPayments } from '../pos/index.ts';

/** How often each server process runs the periodic work; every step is idempotent across processes. */
export const MAINTENANCE_INTERVAL_MS = 5 * 60_000;
/**
 * How often the shoppers' messages waiting in the notification outbox are sent: often, since a
 * shopper expects the order message at once, and cheap (one indexed UPDATE when nothing is due).
 */
export const NOTIFICATION_INTERVAL_MS = 10_000;

let started = false;

/**
 * Starts the server's periodic work (refunds still owed, lost payment confirmations, overdue
 * virtual accounts, old order sheets, custom orders of paid orders and their print-service sends;
 * ended sessions and old login counters; Kakao Pay approvals no counter sale used), and every 10
 * seconds the shoppers' messages due in the notification outbox. Called once by the server entry; tests and scripts do not
 * start it. The timer never keeps the process alive, and one failed pass only logs.
 */
export function startBackgroundJobs(
  intervalMs = MAINTENANCE_INTERVAL_MS,
  notificationIntervalMs = NOTIFICATION_INTERVAL_MS,
): void {
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

  // the notification outbox: due messages taken atomically, so several processes may run this too
  let sending = false;
  const send = async () => {
    if (sending) return;
    sending = true;
    try {
      await dispatchDueNotifications(await db());
    } catch (err) {
      console.error('[podo] notification pass failed', (err as Error).message);
    } finally {
      sending = false;
    }
  };
  setInterval(() => void send(), notificationIntervalMs).unref();
}
