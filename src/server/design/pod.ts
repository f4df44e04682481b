import { podService, type PodOrderState, type PodPort } from '../adapters/pod/index.ts';
import type { Db } from '../db/client.ts';
import { orderSteps } from '../order/index.ts';
import {
  canTransition,
  changeCustomOrderStatus,
  customOrdersOfOrder,
  designIdOfLine,
  ordersAwaitingCustomOrders,
  ordersToSyncWithPod,
  recordCustomOrdersForPaidOrder,
  setPodStatus,
  type RecordedCustomOrders,
} from './custom-orders.ts';
import { enqueuePodOrder, runPodOutbox, sendOrderToPod, type PodSendResult } from './pod-outbox.ts';
import { withPodToken } from './pod-token.ts';

/**
 * Custom orders and the print service: recording a paid order's custom orders (with its outbox row,
 * in one transaction), sending them through the outbox (pod-outbox.ts), and following the service's
 * status by polling or its webhook. Never called inside a database transaction.
 */

export { podTokenState, setPodToken, withPodToken, type PodTokenState } from './pod-token.ts';
export { storeShippingAddress } from './pod-payload.ts';
export { sendOrderToPod, type PodSendResult } from './pod-outbox.ts';

export interface CreatedCustomOrders extends RecordedCustomOrders {
  /** The print service's answer; null when the order has no design lines. */
  pod: PodSendResult | null;
}

/**
 * Called once an order is paid (after the payment confirmation's transaction has committed, never
 * inside it): records the custom orders (status `request`) in one write transaction, then sends the
 * order to the print service outside any transaction, through the outbox row written in the same
 * transaction (so a process stopping in between leaves the send to the maintenance pass).
 * Idempotent: a second call creates nothing new and sends only a row that is due. A failed send
 * stays in the outbox for its retry and does not throw.
 */
export async function createCustomOrdersForPaidOrder(
  db: Db,
  orderNo: string,
  options: { pod?: PodPort; now?: Date } = {},
): Promise<CreatedCustomOrders> {
  const now = options.now ?? new Date();
  // most orders have no design line: they cost one read, never a write transaction
  const lines = await orderSteps.selectOptions(db, orderNo);
  if (!lines.some((l) => designIdOfLine(l.optionInputs) !== null)) {
    return { customOrders: [], created: 0, skipped: [], pod: null };
  }
  const tx = await db.transaction('write');
  let recorded: RecordedCustomOrders;
  try {
    recorded = await recordCustomOrdersForPaidOrder(tx, orderNo, now);
    if (recorded.customOrders.some((c) => c.podSentAt === null && c.cancelledAt === null)) {
      await enqueuePodOrder(tx, orderNo, now);
    }
    await tx.commit();
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    throw err;
  } finally {
    tx.close();
  }
  const pending = recorded.customOrders.some((c) => c.podSentAt === null);
  const pod = pending ? await sendOrderToPod(db, orderNo, options.pod ?? podService(), now) : null;
  return { ...recorded, customOrders: await customOrdersOfOrder(db, orderNo), pod };
}

/**
 * Follows the print service's status of an order: IN_PRODUCTION moves its custom orders to
 * `progress`, SHIPPED or DELIVERED to `completion` (system transitions; others are left alone).
 */
export async function syncPodStatus(
  db: Db,
  orderNo: string,
  port: PodPort = podService(),
  now = new Date(),
): Promise<string | null> {
  const customOrders = await customOrdersOfOrder(db, orderNo);
  const code = customOrders.find((c) => c.podOrderCode)?.podOrderCode;
  if (!code) return null;
  const state = await withPodToken(db, (token) => port.getOrder(token, code), port, now);
  if (!state) return null;
  return applyPodState(db, orderNo, state, now);
}

/**
 * What the print service says of an order (its answer to a poll, or its webhook): kept as the
 * provider's status (`pod_status`), apart from the production workflow's own; IN_PRODUCTION moves
 * the custom orders to `progress`, SHIPPED or DELIVERED to `completion` (system transitions; others
 * are left alone).
 */
export async function applyPodState(
  db: Db,
  orderNo: string,
  state: PodOrderState,
  now = new Date(),
): Promise<string> {
  const customOrders = await customOrdersOfOrder(db, orderNo);
  await setPodStatus(db, orderNo, state.status, now);
  const target =
    state.status === 'IN_PRODUCTION'
      ? 'progress'
      : state.status === 'SHIPPED' || state.status === 'DELIVERED'
        ? 'completion'
        : null;
  if (!target) return state.status;
  for (const c of customOrders) {
    if (c.cancelledAt) continue;
    let status = c.status;
    // SHIPPED seen before IN_PRODUCTION: pass through progress first
    for (const step of target === 'completion'
      ? (['progress', 'completion'] as const)
      : (['progress'] as const)) {
      if (!canTransition(status, step, 'system')) continue;
      await changeCustomOrderStatus(db, c.customOrderNo, step, {
        actorMemberNo: null,
        note: `인쇄 서비스: ${state.status}`,
        now,
      }).catch((err: unknown) =>
        console.warn('[podo] custom order status not changed', c.customOrderNo, err),
      );
      status = step;
    }
  }
  return state.status;
}

/**
 * The print service's webhook said `status` of an order code: applied like a poll's answer. False
 * when the service never accepted that code from Podo (nothing changes).
 */
export async function receivePodStatus(
  db: Db,
  orderCode: string,
  status: PodOrderState['status'],
  now = new Date(),
): Promise<boolean> {
  const customOrders = await customOrdersOfOrder(db, orderCode);
  if (!customOrders.some((c) => c.podOrderCode === orderCode)) return false;
  await applyPodState(db, orderCode, { orderCode, status, createdAt: '' }, now);
  return true;
}

export interface CustomOrderMaintenance {
  /** Paid orders whose custom orders were missing (the process stopped right after the payment). */
  recorded: number;
  /** Outbox rows sent to the print service in this pass, and how many it accepted. */
  resent: number;
  accepted: number;
  /** Orders whose status at the print service was asked again (not yet delivered or cancelled). */
  synced: number;
}

/**
 * For the periodic maintenance pass (any number of processes at once: every step is idempotent):
 * records the custom orders of orders paid in the last day that have design lines but none yet,
 * sends the outbox's due rows (claimed atomically), and asks the status of accepted ones.
 */
export async function retryCustomOrders(
  db: Db,
  options: { pod?: PodPort; now?: Date; limit?: number } = {},
): Promise<CustomOrderMaintenance> {
  const now = options.now ?? new Date();
  const port = options.pod ?? podService();
  const limit = options.limit ?? 50;
  const since = new Date(now.getTime() - 24 * 3600_000).toISOString();
  let recorded = 0;
  for (const orderNo of await ordersAwaitingCustomOrders(db, since, limit)) {
    const result = await createCustomOrdersForPaidOrder(db, orderNo, { pod: port, now }).catch(
      (err: unknown) => {
        console.error('[podo] custom orders not recorded', orderNo, err);
        return null;
      },
    );
    if (result && result.created > 0) recorded++;
  }
  const pass = await runPodOutbox(db, { pod: port, now, limit });
  const resent = pass.claimed;
  const accepted = pass.sent;
  // the print service's progress is followed without anyone pressing 동기화
  let synced = 0;
  for (const orderNo of await ordersToSyncWithPod(db, limit)) {
    try {
      await syncPodStatus(db, orderNo, port, now);
      synced++;
    } catch (err) {
      console.error('[podo] print service status not read', orderNo, (err as Error).message);
    }
  }
  return { recorded, resent, accepted, synced };
}
