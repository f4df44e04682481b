import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { CookieOptions } from 'hono/utils/cookie';
import { ERRORS } from '../../lib/errors/index.ts';
import {
  type UpdateToken,
  createSession,
  resolveSession,
  revokeSession,
  type AuthMember,
  type NewSession,
  accountError,
  ACCESS_TOKEN_COOKIE,
  ACCESS_TOKEN_HEADER,
  GUEST_TOKEN_HEADER,
  TOKEN_EXPIRY_COOKIE,
  USER_UPDATE_COOKIE,
  USER_UPDATE_HEADER,
  formatTokenExpiry,
  newToken,
  secureCookies,
} from '../../server/auth/index.ts';

import { db } from '../../server/db/client.ts';
import { env } from '../../server/platform/env.ts';
import {
  clientAddress,
  parseTrustedProxies,
  type TrustedProxies,
} from '../../server/platform/trusted-proxies.ts';
import { registeredClientOf } from './cors.ts';
import { adoptRequestGuestDesigns } from './guest-designs.ts';

export {
  resolveMember,
  type AuthMember,
  ACCESS_TOKEN_COOKIE,
  TOKEN_EXPIRY_COOKIE,
  USER_UPDATE_COOKIE,
} from '../../server/auth/index.ts';

export interface AuthVariables {
  /** The signed-in member, or null. */
  member: AuthMember | null;
  /** Shopby's `guestToken` header, when sent. */
  guestToken: string | null;
  /** The access token of this request (for logout and "keep this session"). */
  accessToken: string | null;
  /** Where the token came from: the httpOnly cookie (browser) or the `accessToken` header (API client). */
  authVia: 'cookie' | 'header' | null;
  /** Why a token that was sent did not sign anyone in. */
  authFailure: 'expired' | 'invalid' | null;
}

export type AuthEnv = { Variables: AuthVariables };

let proxies: { raw: string; parsed: TrustedProxies } | undefined;
function trustedProxies(): TrustedProxies {
  const raw = env().PODO_TRUSTED_PROXIES;
  if (proxies?.raw !== raw) proxies = { raw, parsed: parseTrustedProxies(raw) };
  return proxies.parsed;
}

/**
 * The client's address: the TCP peer as the Node adapter saw it (Astro's `security.allowedDomains`
 * stays unset, so that is always the socket's address), or, when that peer is one of
 * `PODO_TRUSTED_PROXIES`, the rightmost untrusted hop of its X-Forwarded-For (decision 045).
 */
export function clientIp(c: Context): string | null {
  const peer = Reflect.get(c.req.raw, Symbol.for('astro.clientAddress')) as unknown;
  const address = clientAddress(
    typeof peer === 'string' ? peer : null,
    c.req.header('X-Forwarded-For'),
    trustedProxies(),
  );
  return address ? address.slice(0, 64) : null;
}

function cookieOptions(c: Context, maxAge?: number): CookieOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secureCookies(c.req.url),
    ...(maxAge === undefined ? {} : { maxAge }),
  };
}

/**
 * Whether this request may be given Podo's session cookie: never a registered API client's
 * request (its token goes in the body, decision 017) and never a request already authenticated
 * by the `accessToken` header. The shop's own pages, and browsers in general, get the cookie.
 */
export function mayGetSessionCookie(c: Context<AuthEnv>): boolean {
  return !registeredClientOf(c) && c.get('authVia') !== 'header';
}

/**
 * Puts a new session in the browser: the token in an httpOnly cookie, and its issue time and
 * lifetime in a readable one. "Keep me logged in" makes both persistent; otherwise they end with
 * the browser session (the server ends the session after 12 hours either way).
 */
export function setAuthCookies(
  c: Context,
  session: Pick<NewSession, 'accessToken' | 'expireIn' | 'issuedAt' | 'keepLogin'>,
): void {
  const maxAge = session.keepLogin ? session.expireIn : undefined;
  setCookie(c, ACCESS_TOKEN_COOKIE, session.accessToken, cookieOptions(c, maxAge));
  setCookie(c, TOKEN_EXPIRY_COOKIE, formatTokenExpiry(session.issuedAt, session.expireIn), {
    ...cookieOptions(c, maxAge),
    httpOnly: false,
  });
}

/** Removes the session cookies (and the user-update cookie) from the browser. */
export function clearAuthCookies(c: Context): void {
  const secure = secureCookies(c.req.url);
  deleteCookie(c, ACCESS_TOKEN_COOKIE, { path: '/', secure });
  deleteCookie(c, TOKEN_EXPIRY_COOKIE, { path: '/', secure });
  deleteCookie(c, USER_UPDATE_COOKIE, { path: '/', secure });
}

export function setUpdateTokenCookie(c: Context, token: UpdateToken): void {
  setCookie(c, USER_UPDATE_COOKIE, token.updateToken, {
    ...cookieOptions(c, token.expireIn),
    sameSite: 'Strict',
  });
}

export function clearUpdateTokenCookie(c: Context): void {
  deleteCookie(c, USER_UPDATE_COOKIE, { path: '/', secure: secureCookies(c.req.url) });
}

/** The user-update token of a request: the header (API clients) or the httpOnly cookie. */
export function readUpdateToken(c: Context): string | null {
  return c.req.header(USER_UPDATE_HEADER) || getCookie(c, USER_UPDATE_COOKIE) || null;
}

/**
 * Signs a member in on this response: ends the session the browser had (rotation), starts a new
 * one and sets the cookies, then moves the request's guest designs to the member. Used by social
 * login, the ncpstore exchange and social sign-up (id login: `passwordLogin`).
 */
export async function startSession(
  c: Context<AuthEnv>,
  memberNo: number,
  keepLogin = false,
): Promise<NewSession> {
  const conn = await db();
  const previous = c.get('accessToken');
  if (previous) await revokeSession(conn, previous);
  const session = await createSession(conn, memberNo, {
    ip: clientIp(c),
    userAgent: c.req.header('User-Agent') ?? null,
    keepLogin,
  });
  if (mayGetSessionCookie(c)) setAuthCookies(c, session);
  await adoptRequestGuestDesigns(c, memberNo);
  return session;
}

/** Where a Shopby guest client starts an order without any token: `POST /order-sheets`. */
const GUEST_SHEET_PATH = /\/order-sheets\/?$/;

/**
 * Shopby's guest checkout (decision 017): a Shopby client starts a guest order with
 * `POST /order-sheets` and no token at all. Podo's order sheets belong to a member or to a guest
 * identity, so the server issues one here: a new random `guestToken` the sheet is owned by, sent
 * back in the answer's `guestToken` header and body field. The client sends it back in the
 * `guestToken` header on the sheet's later calls (GET, calculate, coupons, payments/reserve), as
 * Podo's own pages do with theirs. Requests with any token (a session, even a dead one, or a
 * guest token) are left as they are.
 */
async function withGuestIdentity(c: Context<AuthEnv>, next: () => Promise<void>): Promise<void> {
  if (
    c.req.method !== 'POST' ||
    !GUEST_SHEET_PATH.test(c.req.path) ||
    c.get('accessToken') ||
    c.get('guestToken')
  ) {
    return next();
  }
  const guestToken = newToken();
  c.set('guestToken', guestToken);
  await next();
  if (c.res.status !== 200 || !c.res.headers.get('Content-Type')?.includes('application/json')) return;
  const body = (await c.res.clone().json()) as unknown;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const res = new Response(JSON.stringify({ ...body, guestToken }), c.res);
  res.headers.set(GUEST_TOKEN_HEADER, guestToken);
  res.headers.delete('Content-Length');
  // replace, not merge: Hono merges the old response's headers into a new one (Content-Length)
  c.res = undefined as unknown as Response;
  c.res = res;
}

/**
 * Resolves who is calling: the `accessToken` header wins over the cookie; the `guestToken` header
 * is kept as sent. Requests without a token never touch the database. A token-less
 * `POST /order-sheets` gets a guest identity issued (`withGuestIdentity`, decision 017).
 */
export const authenticate = () =>
  createMiddleware<AuthEnv>(async (c, next) => {
    const header = c.req.header(ACCESS_TOKEN_HEADER)?.trim() || null;
    const cookie = header ? null : getCookie(c, ACCESS_TOKEN_COOKIE) || null;
    const token = header ?? cookie;
    const guest = c.req.header(GUEST_TOKEN_HEADER)?.trim() || null;
    c.set('guestToken', guest && guest.length <= 100 ? guest : null);
    c.set('accessToken', token);
    c.set('authVia', header ? 'header' : cookie ? 'cookie' : null);
    c.set('member', null);
    c.set('authFailure', null);
    if (token) {
      const found = await resolveSession(await db(), token);
      if (found.status === 'ok') c.set('member', found.member);
      else c.set('authFailure', found.status);
    }
    await withGuestIdentity(c, next);
  });

function unauthorized(c: Context<AuthEnv>, keepDeadCookies = false) {
  const failure = c.get('authFailure');
  const code =
    failure === 'expired' ? 'token-has-expired' : failure === 'invalid' ? 'invalid-token' : 'login-required';
  // A dead cookie is removed here: the browser cannot remove an httpOnly cookie itself.
  if (failure && c.get('authVia') === 'cookie' && !keepDeadCookies) clearAuthCookies(c);
  return c.json({ code, message: ERRORS[code].message }, 401);
}

/**
 * 401 unless a member is signed in (`token-has-expired`, `invalid-token` or `login-required`).
 * `keepDeadCookies`: a background read a page makes on its own (the header's cart count) leaves a
 * dead session's cookies to the shopper's next request, which ends them and can say why (the
 * login page's "로그인 시간이 만료되었습니다"; decision 030).
 */
export const requireMember = (opts: { keepDeadCookies?: boolean } = {}) =>
  createMiddleware<AuthEnv>(async (c, next) => {
    if (!c.get('member')) return unauthorized(c, opts.keepDeadCookies === true);
    await next();
  });

/** Members of the brand administrator group only (401 when signed out, 403 otherwise). */
export const requireAdmin = () =>
  createMiddleware<AuthEnv>(async (c, next) => {
    const member = c.get('member');
    if (!member) return unauthorized(c);
    if (!member.isAdmin) throw accountError('admin-only');
    await next();
  });

/** Point-of-sale staff (administrators pass too: they supervise the till). */
export const requireStaff = () =>
  createMiddleware<AuthEnv>(async (c, next) => {
    const member = c.get('member');
    if (!member) return unauthorized(c);
    if (!member.isStaff && !member.isAdmin) throw accountError('staff-only');
    await next();
  });

/** The signed-in member in a handler behind `requireMember()`. */
export function memberOf(c: Context<AuthEnv>): AuthMember {
  const member = c.get('member');
  if (!member) throw accountError('login-required');
  return member;
}

/** Answers about a member must never be stored by shared caches or the browser's disk cache. */
export const noStore = () =>
  createMiddleware(async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  });
