import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { refreshApiClients, registeredApiClients } from '../../server/api-client/index.ts';
import { db } from '../../server/db/client.ts';
import type { ApiClient } from '../../server/platform/env.ts';

/**
 * CORS for `/shop-api`, for the registered API clients only — the configuration's (`API_CLIENTS`)
 * and the back office's (/manager/api-clients) — (docs/decisions/017-shopby-clients.md, 032). Tokens travel in headers (`accessToken`, `guestToken`),
 * never in cookies, so there is no credentials mode: a cross-origin request never carries Podo's
 * cookie, and `Access-Control-Allow-Credentials` is never sent. Other origins get no CORS headers
 * at all, and the browser keeps the answer from them.
 */

/** The request headers a Shopby client sends (the SDK's `Version` plus its `headerOption`, and tokens). */
export const CORS_ALLOW_HEADERS = [
  'Accept',
  'Accept-Language',
  'Content-Type',
  'Version',
  'clientId',
  'platform',
  'language',
  'accessToken',
  'guestToken',
  'userUpdateToken',
];
export const CORS_ALLOW_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** Headers of Podo's answers a client may read: the guest identity issued for a guest order sheet. */
export const CORS_EXPOSE_HEADERS = ['guestToken', 'Retry-After'];
/** How long a browser may keep a preflight's answer (seconds). */
export const CORS_MAX_AGE = 600;

/** A registered client whose origins include `origin`, or null. */
export function clientForOrigin(origin: string | null | undefined): ApiClient | null {
  if (!origin) return null;
  return registeredApiClients().find((client) => client.origins.includes(origin)) ?? null;
}

/**
 * The registered client this request comes from: its `Origin` is one of the client's origins AND
 * its `clientId` header names that client. Null for the shop's own pages and everyone else.
 */
export function registeredClientOf(c: Context): ApiClient | null {
  const origin = c.req.header('Origin');
  const clientId = c.req.header('clientId')?.trim();
  if (!origin || !clientId) return null;
  return (
    registeredApiClients().find(
      (client) => client.clientId === clientId && client.origins.includes(origin),
    ) ?? null
  );
}

/**
 * Reads the back office's clients again when the in-memory copy is stale (decision 032), before
 * anything on `/shop-api` asks who is registered. Mounted first in the shop API and in front of it
 * (shopApiCors) — a no-op while the copy is fresh.
 */
export const apiClientRegistry = () =>
  createMiddleware(async (_c, next) => {
    await refreshApiClients(await db());
    await next();
  });

function appendVary(c: Context, value: string): void {
  const current = c.res.headers.get('Vary');
  if (!current) c.res.headers.set('Vary', value);
  else if (!current.split(',').some((v) => v.trim().toLowerCase() === value.toLowerCase())) {
    c.res.headers.set('Vary', `${current}, ${value}`);
  }
}

/**
 * Preflights (`OPTIONS` with `Access-Control-Request-Method`) from a registered origin are
 * answered 204 here; from any other origin 204 without CORS headers (the browser then refuses the
 * real request). Real requests from a registered origin get `Access-Control-Allow-Origin` with
 * that exact origin. Every answer varies by `Origin`.
 */
export const shopApiCors = () =>
  createMiddleware(async (c, next) => {
    await refreshApiClients(await db());
    const origin = c.req.header('Origin') ?? null;
    const client = clientForOrigin(origin);
    const preflight = c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method');
    if (preflight) {
      const headers = new Headers({ Vary: 'Origin, Access-Control-Request-Headers' });
      if (client && origin) {
        headers.set('Access-Control-Allow-Origin', origin);
        headers.set('Access-Control-Allow-Methods', CORS_ALLOW_METHODS.join(', '));
        headers.set('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS.join(', '));
        headers.set('Access-Control-Max-Age', String(CORS_MAX_AGE));
      }
      return new Response(null, { status: 204, headers });
    }
    await next();
    appendVary(c, 'Origin');
    if (client && origin) {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      c.res.headers.set('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS.join(', '));
    }
  });
