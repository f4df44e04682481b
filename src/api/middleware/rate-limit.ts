import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ACCOUNT_ERRORS } from '../../lib/errors/account.ts';
import { hitLimit, type Limit } from '../../server/auth/index.ts';
import { db } from '../../server/db/client.ts';
import { clientIp } from './auth.ts';

/**
 * Limits how often one client may call a route, with the counter in the database (shared by
 * every app process). Keyed by client IP unless `key` says otherwise; a request without a key
 * (no known address) is not counted, rather than sharing one bucket with everyone else. Over
 * the limit: 429 with Retry-After.
 */
export const rateLimit = (limit: Limit | (() => Limit), key: (c: Context) => string | null = clientIp) =>
  createMiddleware(async (c, next) => {
    const subject = key(c);
    if (!subject) return next();
    // a function is read per request, so a limit from the environment follows it
    const state = await hitLimit(await db(), typeof limit === 'function' ? limit() : limit, subject);
    if (state.blocked) {
      c.header('Retry-After', String(state.retryAfterSeconds));
      return c.json({ code: 'too-many-requests', message: ACCOUNT_ERRORS['too-many-requests'].message }, 429);
    }
    await next();
  });
