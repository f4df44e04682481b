import {
  hashToken,
  newToken,
  hitLimit,
  resetLimit,
  undoHit,
  type Limit,
  verifyPassword,
} from '../auth/index.ts';

import type { Db } from '../db/client.ts';
import { commerceError } from './errors.ts';
import * as repo from './repo.ts';
import { orderDetail, type OrderDetail } from './view.ts';

/**
 * Orders looked up by their owner: a member by session, a guest by the order password (exchanged
 * for a short-lived guest order token) or by the guest identity that placed the order. Password
 * checks are limited in the database (shared by every process), per order and per IP, and counted
 * before the password is checked, so parallel requests cannot get more checks than the limit.
 */

const GUEST_ORDER_TOKEN_TTL_SECONDS = 2 * 60 * 60;
/** Password checks per order: 5 in 10 minutes (a success clears the count). */
const GUEST_ORDER_LIMIT: Limit = { scope: 'guest-order-no', max: 5, windowMs: 10 * 60_000 };
/** Password checks per IP over all orders: 20 in 10 minutes (successes are taken back). */
const GUEST_ORDER_IP_LIMIT: Limit = { scope: 'guest-order-ip', max: 20, windowMs: 10 * 60_000 };

/** POST /guest/orders/{orderNo} { password } → { guestToken, expireIn } */
export async function issueGuestOrderToken(
  db: Db,
  orderNo: string,
  password: string,
  ip: string | null,
  now = new Date(),
): Promise<{ guestToken: string; expireIn: number }> {
  const ipKey = ip ?? `no-ip:${orderNo}`;
  // Counted first, atomically: of any number of parallel requests at most `max` get past a count.
  const byIp = await hitLimit(db, GUEST_ORDER_IP_LIMIT, ipKey, now);
  if (byIp.blocked) throw commerceError('GUEST_ORDER_LOCKED');
  const byOrder = await hitLimit(db, GUEST_ORDER_LIMIT, orderNo, now);
  if (byOrder.blocked) {
    // nothing was checked: a locked order does not use up the address's checks for other orders
    await undoHit(db, GUEST_ORDER_IP_LIMIT, ipKey);
    throw commerceError('GUEST_ORDER_LOCKED');
  }
  const order = await repo.selectOrder(db, orderNo);
  const guestOrder = order && order.memberNo === null ? order : null;
  // verified even without an order, so timing does not tell which order numbers exist
  const ok = await verifyPassword(guestOrder?.guestPasswordHash ?? null, password);
  if (!ok || !guestOrder) throw commerceError('GUEST_ORDER_AUTH_FAILED');
  await resetLimit(db, GUEST_ORDER_LIMIT, orderNo);
  await undoHit(db, GUEST_ORDER_IP_LIMIT, ipKey);
  const guestToken = newToken();
  await repo.insertGuestOrderToken(
    db,
    hashToken(guestToken),
    orderNo,
    new Date(now.getTime() + GUEST_ORDER_TOKEN_TTL_SECONDS * 1000).toISOString(),
    now.toISOString(),
  );
  return { guestToken, expireIn: GUEST_ORDER_TOKEN_TTL_SECONDS };
}

/** GET /guest/orders/{orderNo} with the `guestToken` header: an order token, or the identity that ordered. */
export async function getGuestOrder(
  db: Db,
  orderNo: string,
  token: string | null,
  now = new Date(),
): Promise<OrderDetail> {
  const order = await repo.selectOrder(db, orderNo);
  if (!order || order.memberNo !== null || !token) throw commerceError('ORDER_NOT_FOUND');
  const byOrderToken = await repo.guestOrderTokenValid(db, hashToken(token), orderNo, now.toISOString());
  const byIdentity = order.guestTokenHash !== null && order.guestTokenHash === hashToken(`guest:${token}`);
  if (!byOrderToken && !byIdentity) throw commerceError('ORDER_NOT_FOUND');
  return orderDetail(db, order);
}
