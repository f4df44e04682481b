import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import {
  assertUpdateToken,
  revokeUpdateToken,
  revokeSession,
  usableSeconds,
  accountError,
  secureCookies,
  TOKEN_EXPIRY_COOKIE,
  USER_UPDATE_COOKIE,
} from '../../server/auth/index.ts';

import { db } from '../../server/db/client.ts';
import { clearAuthCookies, clearUpdateTokenCookie, noStore, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * The spec's cookie routes (`/api/set-cookie`, `/api/get-cookie`, `/api/del-cookie`) for its key
 * types. SHOP_KEY (the access token), CUSTOM_KEY (the brand login's token, which is the same
 * session here) and USER_UPDATE_KEY are httpOnly secrets the server alone sets: scripts can
 * learn whether they are valid and for how long, and can clear them, never read or set them.
 * The other keys are plain values. See docs/decisions/002-access-token-cookie.md.
 */
const COOKIE_KEY_TYPES = [
  'SHOP_KEY',
  'EXPIRES_IN',
  'CUSTOM_KEY',
  'CUSTOM_KEY_TIME',
  'UID_KEY',
  'USER_UPDATE_KEY',
] as const;
export type CookieKeyType = (typeof COOKIE_KEY_TYPES)[number];
type PlainKey = 'EXPIRES_IN' | 'CUSTOM_KEY_TIME' | 'UID_KEY';

/** Cookie names of the plain keys (script-readable, not secret). */
const PLAIN_KEY_COOKIES: Record<PlainKey, string> = {
  EXPIRES_IN: TOKEN_EXPIRY_COOKIE,
  CUSTOM_KEY_TIME: 'podo_custom_key_time',
  UID_KEY: 'podo_uid',
};
const isPlain = (key: CookieKeyType): key is PlainKey => Object.hasOwn(PLAIN_KEY_COOKIES, key);

const KeyType = z.enum(COOKIE_KEY_TYPES, { error: '알 수 없는 쿠키 종류입니다.' });
const SetCookieBody = z.strictObject({
  key: KeyType,
  value: z.string().max(200, { error: '값이 너무 깁니다.' }),
  /** Seconds; omitted = until the browser closes. */
  maxAge: z
    .number()
    .int()
    .min(0)
    .max(365 * 24 * 60 * 60)
    .optional(),
});
const GetCookieBody = z.strictObject({ key: KeyType.optional() });
const DelCookieBody = z.strictObject({
  key: KeyType.optional(),
  keys: z.array(KeyType).max(6).optional(),
});

/** What a script may know about the session and the other keys. Never a token. */
export interface CookieState {
  loggedIn: boolean;
  memberNo: number | null;
  /** Epoch milliseconds of the login. */
  issuedAt: number | null;
  /** The session's lifetime in seconds (Shopby's `expireIn`). */
  expireIn: number | null;
  /** Seconds the session can still be used, 60 s margin taken off; 0 when logged out. */
  expiresIn: number;
  userUpdateValid: boolean;
  /** Seconds left on the user-update token; 0 when there is none. */
  userUpdateExpiresIn: number;
  values: Record<PlainKey, string | null>;
  key?: CookieKeyType;
  /** The asked key's value: plain keys only, null for the secret ones. */
  value?: string | null;
}

async function cookieState(c: Context<AuthEnv>, key?: CookieKeyType): Promise<CookieState> {
  const member = c.get('member');
  let userUpdateExpiresIn = 0;
  const updateToken = getCookie(c, USER_UPDATE_COOKIE);
  if (member && updateToken) {
    try {
      const { expiresAt } = await assertUpdateToken(await db(), member.memberNo, updateToken);
      userUpdateExpiresIn = Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
    } catch {
      userUpdateExpiresIn = 0;
    }
  }
  const values = Object.fromEntries(
    Object.entries(PLAIN_KEY_COOKIES).map(([k, name]) => [k, getCookie(c, name) ?? null]),
  ) as Record<PlainKey, string | null>;
  return {
    loggedIn: member !== null,
    memberNo: member?.memberNo ?? null,
    issuedAt: member?.session.issuedAt ?? null,
    expireIn: member?.session.expireIn ?? null,
    expiresIn: member ? usableSeconds(member.session) : 0,
    userUpdateValid: userUpdateExpiresIn > 0,
    userUpdateExpiresIn,
    values,
    ...(key ? { key, value: isPlain(key) ? values[key] : null } : {}),
  };
}

export const cookieRoutes = new Hono<AuthEnv>()
  .use(noStore())
  .post('/set-cookie', validate('json', SetCookieBody), async (c) => {
    const { key, value, maxAge } = c.req.valid('json');
    if (!isPlain(key)) throw accountError('secret-cookie');
    setCookie(c, PLAIN_KEY_COOKIES[key], value, {
      path: '/',
      sameSite: 'Lax',
      secure: secureCookies(c.req.url),
      ...(maxAge === undefined ? {} : { maxAge }),
    });
    return c.json({ key, value });
  })
  .get('/get-cookie', validate('query', GetCookieBody), async (c) => {
    return c.json(await cookieState(c, c.req.valid('query').key));
  })
  .post('/get-cookie', validate('json', GetCookieBody), async (c) => {
    return c.json(await cookieState(c, c.req.valid('json').key));
  })
  .post('/del-cookie', validate('json', DelCookieBody), async (c) => {
    const body = c.req.valid('json');
    const keys: CookieKeyType[] = body.keys ?? (body.key ? [body.key] : [...COOKIE_KEY_TYPES]);
    const conn = await db();
    const secure = secureCookies(c.req.url);
    for (const key of new Set(keys)) {
      if (key === 'SHOP_KEY' || key === 'CUSTOM_KEY') {
        // A cleared token whose session stayed alive would be a credential nobody holds on to.
        await revokeSession(conn, c.get('accessToken'));
        clearAuthCookies(c);
      } else if (key === 'USER_UPDATE_KEY') {
        await revokeUpdateToken(conn, getCookie(c, USER_UPDATE_COOKIE));
        clearUpdateTokenCookie(c);
      } else {
        deleteCookie(c, PLAIN_KEY_COOKIES[key], { path: '/', secure });
      }
    }
    return c.json({ deleted: [...new Set(keys)] });
  });

/** For the islands' typed client (src/lib/clients/cookies.ts). */
export type CookieRoutes = typeof cookieRoutes;
