import { podService, PodError, type PodOrder, type PodPort, type PodToken } from '../adapters/pod/index.ts';
import type { Db } from '../db/client.ts';
import { orderSteps } from '../order/index.ts';
import {
  canTransition,
  changeCustomOrderStatus,
  customOrdersOfOrder,
  designIdOfLine,
  ordersAwaitingCustomOrders,
  ordersPendingPod,
  ordersToSyncWithPod,
  recordCustomOrdersForPaidOrder,
  recordPodResult,
  setPodStatus,
  type RecordedCustomOrders,
} from './custom-orders.ts';
import { counterLineFacts } from './counter-order-repo.ts';
import type { CustomOrderRow } from './custom-order-repo.ts';
import * as tokens from './pod-repo.ts';

/**
 * Talking to the print service: its access token (kept in `pod_tokens`, treated as expired 60 s
 * early, renewed once on a 401), sending a paid order's design lines in the spec's payload shape,
 * and following the service's status. Never called inside a database transaction.
 */

/** The print-service token is treated as expired this many seconds early (spec section 9). */
const POD_TOKEN_MARGIN_SECONDS = 60;

export interface PodTokenState {
  /** True when there is no token or it is within 60 s of its end. */
  expired: boolean;
  issuedAt: string | null;
  expiresIn: number | null;
  expiresAt: string | null;
}

function stateOf(token: PodToken | null, now: Date): PodTokenState {
  if (!token) return { expired: true, issuedAt: null, expiresIn: null, expiresAt: null };
  const end = Date.parse(token.issuedAt) + token.expiresIn * 1000;
  return {
    expired: end - POD_TOKEN_MARGIN_SECONDS * 1000 <= now.getTime(),
    issuedAt: token.issuedAt,
    expiresIn: token.expiresIn,
    expiresAt: new Date(end).toISOString(),
  };
}

async function storedToken(db: Db, port: PodPort): Promise<PodToken | null> {
  return tokens.selectToken(db, port.name);
}

/** The renewal under way per adapter: callers that find the token expired at once share it. */
const renewals = new WeakMap<PodPort, Promise<PodToken>>();

/** A new token from the service, stored for every process; one request however many callers wait. */
function renewToken(db: Db, port: PodPort): Promise<PodToken> {
  let pending = renewals.get(port);
  if (!pending) {
    pending = (async () => {
      const token = await port.issueToken();
      await tokens.saveToken(db, port.name, token);
      return token;
    })().finally(() => renewals.delete(port));
    renewals.set(port, pending);
  }
  return pending;
}

/** POST /api/pod/set-token: a new token from the service (external oauth), stored for every process. */
export async function setPodToken(
  db: Db,
  port: PodPort = podService(),
  now = new Date(),
): Promise<PodTokenState> {
  return stateOf(await renewToken(db, port), now);
}

/** POST /api/pod/token-expiry-check. */
export async function podTokenState(
  db: Db,
  port: PodPort = podService(),
  now = new Date(),
): Promise<PodTokenState> {
  return stateOf(await storedToken(db, port), now);
}

/**
 * Runs a call with a live token: renews one that is missing or within 60 s of its end first, and
 * once more on a 401 (unless another caller already replaced the refused token).
 */
export async function withPodToken<T>(
  db: Db,
  call: (token: string) => Promise<T>,
  port: PodPort = podService(),
  now = new Date(),
): Promise<T> {
  let token = await storedToken(db, port);
  if (!token || stateOf(token, now).expired) token = await renewToken(db, port);
  try {
    return await call(token.accessToken);
  } catch (err) {
    if (!(err instanceof PodError) || err.status !== 401) throw err;
    const stored = await storedToken(db, port);
    const fresh =
      stored && stored.accessToken !== token.accessToken && !stateOf(stored, now).expired
        ? stored
        : await renewToken(db, port);
    return call(fresh.accessToken);
  }
}

/** A store's address as written in its settings: "(06236) 서울특별시 …" or "06236 서울특별시 …". */
export function storeShippingAddress(address: string): { postcode: string; address: string } | null {
  const m = /^\s*\(?(\d{5})\)?[\s,]*(.+?)\s*$/.exec(address);
  return m ? { postcode: m[1]!, address: m[2]! } : null;
}

/** Why a counter order cannot be sent (the store's address lacks its postcode …), as a Korean sentence. */
class CounterPayloadProblem extends Error {}

/**
 * The payload of a counter sale's custom orders: shipped to the store (its address, the store's name
 * as the detail), for the customer (recipient and phone) who picks it up there.
 */
async function counterPodOrderOf(
  db: Db,
  saleNo: string,
  customOrders: CustomOrderRow[],
): Promise<PodOrder | null> {
  const [facts] = await counterLineFacts(
    db,
    customOrders.flatMap((c) => (c.saleLineNo === null ? [] : [c.saleLineNo])),
  );
  const first = customOrders[0];
  if (!facts || !first) return null;
  const address = storeShippingAddress(facts.storeAddress);
  if (!address) {
    throw new CounterPayloadProblem(
      `매장(${facts.storeName}) 주소에 우편번호가 없어 인쇄 서비스에 보낼 수 없습니다. 매장 주소를 "(06236) 서울특별시 …"처럼 입력해 주세요.`,
    );
  }
  const phone = (first.customerPhone ?? '').replace(/[^0-9]/g, '') || facts.storePhone.replace(/[^0-9]/g, '');
  return {
    orderCode: saleNo,
    storeCustomerId: facts.memberNo !== null ? `member-${facts.memberNo}` : `store-${facts.storeNo}`,
    shippingAddress: {
      address: address.address,
      addressDetail: `${facts.storeName} 매장 수령`,
      nationCode: 'KR',
      phoneNumber: phone,
      postcode: address.postcode,
      recipient: first.customerName ?? facts.storeName,
    },
    orderEntries: customOrders.map((c) => ({
      projectId: c.designId,
      quantity: c.quantity,
      productSellPrice: c.unitPrice,
    })),
  };
}

/** The spec's payload for a paid order's design lines (a web order, or a counter sale). */
async function podOrderOf(db: Db, orderNo: string): Promise<PodOrder | null> {
  // a custom order whose production was stopped (refunded before it was made) is never sent
  const customOrders = (await customOrdersOfOrder(db, orderNo)).filter((c) => c.cancelledAt === null);
  if (customOrders.length === 0) return null;
  if (customOrders[0]?.channel === 'store') return counterPodOrderOf(db, orderNo, customOrders);
  const order = await orderSteps.selectOrder(db, orderNo);
  if (!order || customOrders.length === 0) return null;
  return {
    orderCode: orderNo,
    storeCustomerId: order.memberNo !== null ? `member-${order.memberNo}` : 'guest',
    shippingAddress: {
      address: order.receiverAddress,
      addressDetail: order.receiverDetailAddress,
      nationCode: 'KR',
      phoneNumber: order.receiverContact1.replace(/[^0-9]/g, ''),
      postcode: order.receiverZipCd,
      recipient: order.receiverName,
    },
    orderEntries: customOrders.map((c) => ({
      projectId: c.designId,
      quantity: c.quantity,
      productSellPrice: c.unitPrice,
    })),
  };
}

export type PodSendResult = { ok: true; orderCode: string; status: string } | { ok: false; error: string };

/**
 * Sends (or re-sends: the service keys on orderCode) an order's design lines to the print service.
 * `orderNo` is a web order number or a counter sale number.
 */
export async function sendOrderToPod(
  db: Db,
  orderNo: string,
  port: PodPort = podService(),
  now = new Date(),
): Promise<PodSendResult | null> {
  let payload: PodOrder | null;
  try {
    payload = await podOrderOf(db, orderNo);
  } catch (err) {
    if (!(err instanceof CounterPayloadProblem)) throw err;
    const result: PodSendResult = { ok: false, error: err.message };
    await recordPodResult(db, orderNo, result, now);
    return result;
  }
  if (!payload) return null;
  let result: PodSendResult;
  try {
    const [state] = await withPodToken(
      db,
      (token) => port.createOrders(token, { orders: [payload] }),
      port,
      now,
    );
    result = { ok: true, orderCode: payload.orderCode, status: state?.status ?? 'RECEIVED' };
  } catch (err) {
    console.error('[podo] print service order failed', orderNo, err);
    result = { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  await recordPodResult(db, orderNo, result, now);
  return result;
}

export interface CreatedCustomOrders extends RecordedCustomOrders {
  /** The print service's answer; null when the order has no design lines. */
  pod: PodSendResult | null;
}

/**
 * Called once an order is paid (after the payment confirmation's transaction has committed, never
 * inside it): records the custom orders (status `request`) in one write transaction, then sends the
 * order to the print service outside any transaction. Idempotent: a second call creates nothing new
 * and re-sends only if the service never accepted the order. A failed send is kept for a retry
 * (`ordersPendingPod`, `sendOrderToPod`) and does not throw.
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

export interface CustomOrderMaintenance {
  /** Paid orders whose custom orders were missing (the process stopped right after the payment). */
  recorded: number;
  /** Orders sent to the print service again, and how many it accepted. */
  resent: number;
  accepted: number;
  /** Orders whose status at the print service was asked again (not yet delivered or cancelled). */
  synced: number;
}

/**
 * For the periodic maintenance pass (any number of processes at once: every step is idempotent):
 * records the custom orders of orders paid in the last day that have design lines but none yet,
 * then re-sends the orders the print service never accepted.
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
  let resent = 0;
  let accepted = 0;
  for (const orderNo of await ordersPendingPod(db, limit)) {
    const result = await sendOrderToPod(db, orderNo, port, now);
    resent++;
    if (result?.ok) accepted++;
  }
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
