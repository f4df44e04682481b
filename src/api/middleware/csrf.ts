import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { ACCOUNT_ERRORS } from '../../lib/errors/account.ts';
import { ACCESS_TOKEN_COOKIE, ACCESS_TOKEN_HEADER, USER_UPDATE_COOKIE } from '../../server/auth/index.ts';
import { env } from '../../server/platform/env.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Content types a cross-site form or `fetch(no-cors)` can send without a preflight. */
const SIMPLE_TYPES = new Set(['', 'text/plain', 'application/x-www-form-urlencoded']);

function allowedOrigins(c: Context): Set<string> {
  const origins = new Set<string>([new URL(c.req.url).origin]);
  try {
    origins.add(new URL(env().PUBLIC_BASE_URL).origin);
  } catch {
    // PUBLIC_BASE_URL is validated at start; nothing to add if it is not a URL
  }
  return origins;
}

/** 'same' when the browser says the request comes from this site, 'cross' when not, else 'unknown'. */
export function requestSite(c: Context): 'same' | 'cross' | 'unknown' {
  const origin = c.req.header('Origin');
  if (origin) return allowedOrigins(c).has(origin) ? 'same' : 'cross';
  const fetchSite = c.req.header('Sec-Fetch-Site');
  if (fetchSite) return fetchSite === 'same-origin' || fetchSite === 'none' ? 'same' : 'cross';
  return 'unknown';
}

/**
 * Whether a body came with the request. Browsers send Content-Length; a Request built in code
 * may not, so a declared Content-Type with a body stream counts too. A body-less DELETE (logout)
 * has neither.
 */
function hasBody(c: Context, mediaType: string): boolean {
  const length = c.req.header('Content-Length');
  if (length !== undefined) return length !== '0';
  if (c.req.header('Transfer-Encoding') !== undefined) return true;
  return mediaType !== '' && c.req.raw.body !== null;
}

/**
 * CSRF protection for requests that a browser authenticates with the session cookie: a
 * state-changing request must come from this site (Origin, or Sec-Fetch-Site same-origin/none)
 * and must not carry a body in a type a cross-site form could send (JSON must say
 * application/json). Requests with the `accessToken` header are exempt: that header wins over the
 * cookie (the cookie is not read), and a page elsewhere can set it only after a CORS preflight,
 * which Podo grants to the registered API clients' origins alone (API_CLIENTS, decision 017) and
 * never with credentials — so their requests carry no cookie. Requests without a session cookie
 * have nothing to forge (a registered client's login, a guest's order sheet); the JSON validators
 * refuse other types anyway. A cookie-authenticated request from any other origin, registered or
 * not, stays refused: a registered origin is a partner's storefront, not this site.
 */
export const csrfProtection = () =>
  createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (c.req.header(ACCESS_TOKEN_HEADER)) return next();
    const cookieAuth = Boolean(getCookie(c, ACCESS_TOKEN_COOKIE) || getCookie(c, USER_UPDATE_COOKIE));
    if (!cookieAuth) return next();
    if (requestSite(c) !== 'same') {
      return c.json({ code: 'csrf-origin', message: ACCOUNT_ERRORS['csrf-origin'].message }, 403);
    }
    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (hasBody(c, mediaType) && SIMPLE_TYPES.has(mediaType)) {
      return c.json(
        { code: 'unsupported-media-type', message: ACCOUNT_ERRORS['unsupported-media-type'].message },
        415,
      );
    }
    await next();
  });
