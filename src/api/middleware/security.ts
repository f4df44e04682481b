import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { UPLOAD_MAX_BYTES } from '../../server/storage/index.ts';

/**
 * What every response of the server carries (decision 013), set once in `src/fetch.ts` for pages,
 * API answers, files and errors alike.
 *
 * Pages get their script and style policy from Astro's CSP support (`security.csp` in
 * astro.config.mjs: a Content-Security-Policy header with the hashes of the page's own inline
 * scripts, so no other inline script runs); this adds `frame-ancestors` and the rest to it. API
 * answers are data, never documents: `default-src 'none'`. Uploaded files are served sandboxed.
 */

const PAGE_CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** The few HTML pages the API serves itself (the dev social-login consent page): no script at all. */
const API_HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
const FILE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

/** The point-of-sale pages scan barcodes with the camera; nothing else may use it. */
export function usesCamera(path: string): boolean {
  return /^\/(?:test\/pos|test\/pos-order|pos)(?:[/-]|$)/.test(path);
}

/**
 * A page's policy with PAGE_CSP's directives, per policy text (decision 073): a route's policy is
 * the same on every render (its scripts' hashes), so the few texts of the build are joined once.
 * Bounded like csp-once.ts's digests: at most 1,000 texts, then it starts over.
 */
const pagePolicies = new Map<string, string>();

function pagePolicyWithOurs(pagePolicy: string): string {
  let full = pagePolicies.get(pagePolicy);
  if (full === undefined) {
    if (pagePolicies.size >= 1000) pagePolicies.clear();
    full = withDirectives(pagePolicy, PAGE_CSP);
    pagePolicies.set(pagePolicy, full);
  }
  return full;
}

/** `policy` plus those of `extra`'s directives it does not have yet (a repeated one is ignored). */
function withDirectives(policy: string, extra: string): string {
  const parts = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const names = new Set(parts.map((d) => d.split(/\s+/)[0]));
  for (const d of extra.split(';').map((x) => x.trim())) {
    if (!names.has(d.split(/\s+/)[0])) parts.push(d);
  }
  return parts.join('; ');
}

export function securityHeaderValues(
  path: string,
  contentType: string,
  live: boolean,
  /** The policy the page already has (Astro's script and style hashes). */
  pagePolicy: string | null = null,
): Record<string, string> {
  const api = /^\/(?:api|shop-api)(?:\/|$)/.test(path);
  const csp = api
    ? contentType.startsWith('text/html')
      ? API_HTML_CSP
      : API_CSP
    : path.startsWith('/uploads/')
      ? FILE_CSP
      : pagePolicy
        ? pagePolicyWithOurs(pagePolicy)
        : PAGE_CSP;
  const headers: Record<string, string> = {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': `camera=${usesCamera(path) ? '(self)' : '()'}, microphone=(), geolocation=(), usb=(), browsing-topics=()`,
  };
  // a live shop is served over https only (mode.ts refuses an http PUBLIC_BASE_URL)
  if (live) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains';
  return headers;
}

function withHeaders(c: Context, values: Record<string, string>): void {
  try {
    for (const [name, value] of Object.entries(values)) c.res.headers.set(name, value);
  } catch {
    // a Response whose headers are immutable (Response.redirect, a fetched one): copy it
    const copy = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(values)) copy.headers.set(name, value);
    c.res = copy;
  }
}

export const securityHeaders = (live: () => boolean) =>
  createMiddleware(async (c, next) => {
    await next();
    const type = c.res.headers.get('Content-Type') ?? '';
    withHeaders(
      c,
      securityHeaderValues(c.req.path, type, live(), c.res.headers.get('Content-Security-Policy')),
    );
  });

/** JSON, forms and everything else: enough for the largest design document and a long board post. */
export const BODY_LIMIT_BYTES = 256 * 1024;
/** Signed uploads (`PUT /api/upload/put/*`) have their own limit, UPLOAD_MAX_BYTES (10 MB). */
const UPLOAD_PUT = /^\/api\/upload\/put\//;
/** A manager's file uploads (product photos, banners, logos, a CSV import): the same 10 MB. */
const MANAGER_UPLOAD = /^\/api\/manager\/.+\/(images|content-images|logo|image|import)$/;
/** A product save carries its detail content and up to 500 options: up to 2 MB. */
const MANAGER_PRODUCT_SAVE = /^\/api\/manager\/products(\/\d+)?$/;
const PRODUCT_SAVE_LIMIT_BYTES = 2 * 1024 * 1024;

const tooLarge = (c: Context, limitText: string) =>
  c.json(
    { code: 'PAYLOAD_TOO_LARGE', message: `요청 내용이 너무 큽니다. ${limitText} 이하로 보내 주세요.` },
    413,
  );

const generalLimit = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: (c) => tooLarge(c, '256KB') });
const uploadLimit = bodyLimit({ maxSize: UPLOAD_MAX_BYTES, onError: (c) => tooLarge(c, '10MB') });
const productSaveLimit = bodyLimit({ maxSize: PRODUCT_SAVE_LIMIT_BYTES, onError: (c) => tooLarge(c, '2MB') });

/**
 * Every request body has a limit: a declared Content-Length over it is refused before reading, and a
 * body without one is refused as soon as it passes the limit (413, Korean message), read no further.
 */
export const requestBodyLimit = () =>
  createMiddleware(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    const path = c.req.path;
    if (UPLOAD_PUT.test(path) || MANAGER_UPLOAD.test(path)) return uploadLimit(c, next);
    if (MANAGER_PRODUCT_SAVE.test(path)) return productSaveLimit(c, next);
    return generalLimit(c, next);
  });
