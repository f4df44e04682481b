import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { appError } from '../../server/platform/errors.ts';

/**
 * Headers a cross-site form (or `fetch(no-cors)`) cannot send: a browser page elsewhere sets them
 * only after a CORS preflight, which `/shop-api` grants to the registered clients' origins alone
 * (decision 017). A request carrying one comes from a Shopby client — the SDK always sends
 * `Version` — from the shop's own pages, or from a program that is not a browser.
 */
const CLIENT_HEADERS = ['Version', 'clientId', 'accessToken', 'guestToken'];
/** The types a body arrives in when the sender did not name one (fetch with a string body says text/plain). */
const UNTYPED = new Set(['', 'text/plain']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const UNREADABLE_BODY_MESSAGE =
  '요청 본문을 JSON으로 읽을 수 없습니다. JSON 형식으로 보내 주세요 (Content-Type: application/json).';

function fromShopClient(c: Context): boolean {
  return CLIENT_HEADERS.some((name) => c.req.header(name) !== undefined);
}

/**
 * Reads a Shopby client's untyped body as JSON (decision 023): `@shopby/shop-sdk`'s default client
 * sends JSON bodies with no Content-Type (or text/plain), which the JSON validators would read as
 * empty. On `/shop-api`, a body with no type or text/plain from a request carrying a Shopby header
 * is parsed: JSON becomes an `application/json` request, anything else a Korean 400. Runs after
 * the CSRF check, which has already refused such bodies on cookie-authenticated requests; a plain
 * cross-site form (no Shopby header) is left as it is, so it can neither sign in nor act.
 */
export const untypedJsonBody = () =>
  createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !c.req.raw.body) return next();
    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!UNTYPED.has(mediaType) || !fromShopClient(c)) return next();
    const text = await c.req.text();
    if (text.trim() === '') return next();
    try {
      JSON.parse(text);
    } catch {
      throw appError('INVALID_INPUT', UNREADABLE_BODY_MESSAGE);
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set('Content-Type', 'application/json');
    headers.delete('Content-Length');
    const typed = new Request(c.req.raw.url, { method: c.req.method, headers, body: text });
    // what the host put on the request under a registered symbol (Astro's client address, read by
    // the rate limits) stays; the Request's own private symbols must not be copied
    for (const key of Object.getOwnPropertySymbols(c.req.raw)) {
      if (Symbol.keyFor(key) !== undefined) Reflect.set(typed, key, Reflect.get(c.req.raw, key));
    }
    c.req.raw = typed;
    c.req.bodyCache = {};
    await next();
  });
