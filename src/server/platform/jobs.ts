import { db } from '../db/client.ts';
import { purgeExpiredAuth } from '../auth/index.ts';
import { notifyBuyableWaiters } from '../catalog/index.ts';
import { runCommerceMaintenance } from '../payment/index.ts';
import { dispatchDueNotifications } from '../notification/index.ts';
import { releaseUnusedCounterPayments } from '../pos/index.ts';
import type { Db } from '../db/client.ts';
import { withLease } from './lease.ts';

/**
 * How often each server process wakes for the periodic work; the pass itself runs on one node at a
 * time under a lease row (decision 038), and every step is idempotent across processes as well.
 */
export const MAINTENANCE_INTERVAL_MS = 5 * 60_000;
/**
 * How often the shoppers' messages waiting in the notification outbox are sent: often, since a
 * shopper expects the order message at once, and cheap (one indexed UPDATE when nothing is due).
 */
export const NOTIFICATION_INTERVAL_MS = 10_000;

/** Lease names in `job_leases` (decision 038) and how long a pass holds one before it must renew. */
export const MAINTENANCE_LEASE = 'commerce-maintenance';
export const NOTIFICATION_LEASE = 'notification-dispatch';
const MAINTENANCE_LEASE_MS = 2 * 60_000;
const NOTIFICATION_LEASE_MS = 30_000;

/**
 * One maintenance pass (refunds, payments, overdue deposits, sheets, custom orders and their
 * print-service sends, ended sessions, unused counter payments, 재입고 알림 by the clock), run only by the node that holds
 * the lease: of several nodes waking together, one runs it, the others skip this round. The steps
 * keep their own row-level claims too (defence in depth).
 */
export async function maintenancePass(conn: Db, holder?: string): Promise<boolean> {
  const r = await withLease(
    conn,
    MAINTENANCE_LEASE,
    MAINTENANCE_LEASE_MS,
    async () => {
      await runCommerceMaintenance(conn);
      await purgeExpiredAuth(conn);
      await releaseUnusedCounterPayments();
      // 재입고 알림 of options a sale period's start made buyable (decision 041)
      await notifyBuyableWaiters(conn);
    },
    holder,
  );
  return r.ran;
}

/** One pass over the notification outbox, under its own lease (its rows are claimed atomically too). */
export async function notificationPass(conn: Db, holder?: string): Promise<boolean> {
  const r = await withLease(
    conn,
    NOTIFICATION_LEASE,
    NOTIFICATION_LEASE_MS,
    () => dispatchDueNotifications(conn),
    holder,
  );
  return r.ran;
}

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
      await maintenancePass(await db());
    } catch (err) {
      console.error('[podo] maintenance pass failed', (err as Error).message);
    } finally {
      running = false;
    }
  };
  setInterval(() => void pass(), intervalMs).unref();

  // the notification outbox: one node at a time under its lease; due messages are also taken atomically
  let sending = false;
  const send = async () => {
    if (sending) return;
    sending = true;
    try {
      await notificationPass(await db());
    } catch (err) {
      console.error('[podo] notification pass failed', (err as Error).message);
    } finally {
      sending = false;
    }
  };
  setInterval(() => void send(), notificationIntervalMs).unref();
}
