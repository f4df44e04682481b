import { verifyPassword } from '../auth/password.ts';
import { hitLimit, peekLimit, resetLimit, type Limit } from '../auth/rate-limit.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { commerceError } from './errors.ts';
import * as repo from './repo.ts';
import { orderDetail, type OrderDetail } from './view.ts';

/**
 * Orders looked up by their owner: a member by session, a guest by the order password (exchanged
 * for a short-lived guest order token) or by the guest identity that placed the order. Wrong
 * passwords are limited in the database (shared by every process), per order and per IP.
 */

export const GUEST_ORDER_TOKEN_TTL_SECONDS = 2 * 60 * 60;
const PER_ORDER: Limit = { scope: 'guest-order-no', max: 5, windowMs: 10 * 60_000 };
const PER_IP: Limit = { scope: 'guest-order-ip', max: 20, windowMs: 10 * 60_000 };

/** POST /guest/orders/{orderNo} { password } → { guestToken, expireIn } */
export async function issueGuestOrderToken(
  db: Db,
  orderNo: string,
  password: string,
  ip: string | null,
  now = new Date(),
): Promise<{ guestToken: string; expireIn: number }> {
  const ipKey = ip ?? `no-ip:${orderNo}`;
  const [byOrder, byIp] = await Promise.all([
    peekLimit(db, PER_ORDER, orderNo, now),
    peekLimit(db, PER_IP, ipKey, now),
  ]);
  if (byOrder.blocked || byIp.blocked) throw commerceError('GUEST_ORDER_LOCKED');
  const order = await repo.selectOrder(db, orderNo);
  const guestOrder = order && order.memberNo === null ? order : null;
  // verified even without an order, so timing does not tell which order numbers exist
  const ok = await verifyPassword(guestOrder?.guestPasswordHash ?? null, password);
  if (!ok || !guestOrder) {
    await Promise.all([hitLimit(db, PER_ORDER, orderNo, now), hitLimit(db, PER_IP, ipKey, now)]);
    throw commerceError('GUEST_ORDER_AUTH_FAILED');
  }
  await resetLimit(db, PER_ORDER, orderNo);
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

/** GET /profile/orders/{orderNo}: the member's own order only. */
export async function getMemberOrder(db: Db, memberNo: number, orderNo: string): Promise<OrderDetail> {
  const order = await repo.selectOrder(db, orderNo);
  if (!order || order.memberNo !== memberNo) throw commerceError('ORDER_NOT_FOUND');
  return orderDetail(db, order);
}
