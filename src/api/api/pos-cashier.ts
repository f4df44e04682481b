import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { secureCookies } from '../../server/auth/index.ts';
import { db } from '../../server/db/client.ts';
import {
  cashierOf,
  requestedStore,
  POS_STORE_COOKIE,
  POS_STORE_COOKIE_MAX_AGE,
  type Cashier,
} from '../../server/pos/index.ts';
import { memberOf, type AuthEnv } from '../middleware/auth.ts';

/**
 * Who sells, and at which store, on a counter request (decision 018): the one helper every
 * `/api/pos/*` route file uses. The store the browser asks for (the `podo_pos_store` cookie) is
 * checked against the stores the member may sell at each time (`cashierOf`); a store they may not
 * sell at is a 403, never replaced by another.
 */

const resolved = new WeakMap<Request, Promise<Cashier>>();

/** The store this request asks for: null when the browser has chosen none. */
export const chosenStore = (c: Context): number | null => requestedStore(getCookie(c, POS_STORE_COOKIE));

/** The cashier of this request, resolved once per request (behind `requireStaff()`). */
export function cashier(c: Context<AuthEnv>): Promise<Cashier> {
  let found = resolved.get(c.req.raw);
  if (!found) {
    const member = memberOf(c);
    found = db().then((conn) => cashierOf(conn, member, chosenStore(c)));
    resolved.set(c.req.raw, found);
  }
  return found;
}

/**
 * Checks the store on every request of a counter sub-app, whether or not its handler needs it, so
 * a counter whose store was taken away hears it on its next call of any kind.
 */
export const counterStore = () =>
  createMiddleware<AuthEnv>(async (c, next) => {
    await cashier(c);
    await next();
  });

/** Remembers the browser's store (checked again on every request, so it is no credential). */
export function rememberStore(c: Context, storeNo: number): void {
  setCookie(c, POS_STORE_COOKIE, String(storeNo), {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secureCookies(c.req.url),
    maxAge: POS_STORE_COOKIE_MAX_AGE,
  });
}
