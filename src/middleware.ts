import { defineMiddleware } from 'astro:middleware';
import {
  looksLikeToken,
  resolveSession,
  ACCESS_TOKEN_COOKIE,
  TOKEN_EXPIRY_COOKIE,
  USER_UPDATE_COOKIE,
} from './server/auth/index.ts';

import { db } from './server/db/client.ts';
import { decideGuard, isPagePath } from './lib/route-guards.ts';

/**
 * Page middleware: who is asking (once per request, into `Astro.locals`), then the guards of
 * src/lib/route-guards.ts. API paths never get here (src/fetch.ts hands them to Hono, which has
 * its own auth middleware); built assets and public files are skipped. Requests without a session
 * cookie cost no database call.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  context.locals.member = null;
  context.locals.sessionStatus = 'none';
  if (!isPagePath(context.url.pathname)) return next();

  const token = context.cookies.get(ACCESS_TOKEN_COOKIE)?.value;
  if (token) {
    const found = looksLikeToken(token)
      ? await resolveSession(await db(), token)
      : ({ status: 'invalid' } as const);
    if (found.status === 'ok') {
      context.locals.member = found.member;
      context.locals.sessionStatus = 'ok';
    } else {
      context.locals.sessionStatus = found.status;
      // the browser cannot remove httpOnly cookies itself: a dead session's cookies go here
      for (const name of [ACCESS_TOKEN_COOKIE, TOKEN_EXPIRY_COOKIE, USER_UPDATE_COOKIE]) {
        context.cookies.delete(name, { path: '/' });
      }
    }
  }

  const decision = decideGuard(context.url, context.locals.member);
  if (decision.action === 'redirect') {
    // the login page then says why ("로그인 시간이 만료되었습니다")
    const expired = context.locals.sessionStatus === 'expired' && decision.location.startsWith('/login');
    const location = expired
      ? `${decision.location}${decision.location.includes('?') ? '&' : '?'}reason=expired`
      : decision.location;
    return context.redirect(location, 302);
  }
  const response = decision.action === 'forbidden' ? await context.rewrite('/403') : await next();
  if (context.locals.member) {
    // the page carries the member's name (header) or data: never for shared caches
    response.headers.set('Cache-Control', 'private, no-store');
  }
  return response;
});
