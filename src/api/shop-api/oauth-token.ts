import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { PostOauthTokenResponse } from '@shopby/shop-sdk/build/types/domain/auth';
import { LoginMemberId, LoginPassword } from '../../lib/validation.ts';
import {
  revokeUpdateToken,
  revokeSession,
  loginWithPassword,
  type LoginResult,
} from '../../server/auth/index.ts';

import { db } from '../../server/db/client.ts';
import {
  clearAuthCookies,
  clientIp,
  mayGetSessionCookie,
  noStore,
  readUpdateToken,
  setAuthCookies,
  type AuthEnv,
} from '../middleware/auth.ts';
import { adoptRequestGuestDesigns } from '../middleware/guest-designs.ts';
import { validate } from '../middleware/validate.ts';

const PostOauthTokenBody = z.object({
  memberId: LoginMemberId,
  password: LoginPassword,
  keepLogin: z.boolean().optional(),
  provider: z.string().max(40).optional(),
  captcha: z.string().max(100).optional(),
});

/**
 * A request whose session lives in Podo's httpOnly cookie: a browser (it sends Origin or
 * Sec-Fetch-*) that is neither a registered API client nor authenticated by the `accessToken`
 * header (`mayGetSessionCookie`). API clients (no such headers), registered clients (their
 * `Origin` and `clientId` registered in API_CLIENTS) and header-authenticated requests get the
 * token in the body instead (decision 017).
 */
export function fromBrowser(c: Context<AuthEnv>): boolean {
  if (!mayGetSessionCookie(c)) return false;
  return Boolean(c.req.header('Origin') || c.req.header('Sec-Fetch-Site') || c.req.header('Sec-Fetch-Mode'));
}

/**
 * Id/password login on this response: ends the session the browser had (rotation), sets the new
 * session's cookies and moves the `guestToken` header's designs to the member. Shared by
 * `POST /oauth/token` and the brand login.
 */
export async function passwordLogin(
  c: Context<AuthEnv>,
  input: { memberId: string; password: string; keepLogin?: boolean | undefined },
): Promise<LoginResult> {
  const conn = await db();
  const result = await loginWithPassword(conn, {
    ...input,
    ip: clientIp(c),
    userAgent: c.req.header('User-Agent') ?? null,
  });
  const previous = c.get('accessToken');
  if (previous) await revokeSession(conn, previous);
  if (mayGetSessionCookie(c)) setAuthCookies(c, result.session);
  await adoptRequestGuestDesigns(c, result.memberNo);
  return result;
}

/**
 * `/oauth/token`: login and logout. The shop's own pages (browsers) get the token only as an
 * httpOnly cookie (the body's `accessToken` is empty, decision 002); API clients (no
 * Origin/Sec-Fetch headers) and registered API clients (decision 017) get it in the body and send
 * it back in the `accessToken` header. A registered client, or a request authenticated by the
 * header, is never given the cookie.
 */
export const oauthTokenRoutes = new Hono<AuthEnv>()
  .use(noStore())
  .post('/', validate('json', PostOauthTokenBody), async (c) => {
    const result = await passwordLogin(c, c.req.valid('json'));
    const body: PostOauthTokenResponse = {
      accessToken: fromBrowser(c) ? '' : result.session.accessToken,
      expireIn: result.session.expireIn,
      daysFromLastPasswordChange: result.daysFromLastPasswordChange,
      passwordChangeRequired: result.passwordChangeRequired,
    };
    return c.json(body);
  })
  .delete('/', async (c) => {
    const conn = await db();
    await revokeSession(conn, c.get('accessToken'));
    await revokeUpdateToken(conn, readUpdateToken(c));
    clearAuthCookies(c);
    return c.body(null, 204);
  });

/** For the islands' typed client (src/lib/clients/oauth-token.ts). */
export type OauthTokenRoutes = typeof oauthTokenRoutes;
