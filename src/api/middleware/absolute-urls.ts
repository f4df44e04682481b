import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { env, publicBaseUrlConfigured } from '../../server/platform/env.ts';
import { markWhole, wholeBodyOf } from '../../server/platform/whole-body.ts';
import { storage } from '../../server/storage/index.ts';

/**
 * Absolute addresses for stored files in `/shop-api` answers (decision 023). The local storage
 * names its files by path (`/uploads/...`), which a storefront on another origin would resolve
 * against itself. Every answer to a Shopby client — a request naming a `clientId` other than the
 * shop's own pages' (SHOP_CLIENT_ID) — gets those paths prefixed with PUBLIC_BASE_URL, or with the
 * request's own origin when PUBLIC_BASE_URL is not configured (demo). Files in S3 already have
 * absolute addresses (S3_PUBLIC_BASE_URL, the CDN, or the bucket's own) and are left alone. The
 * shop's own pages, and callers that send no `clientId`, keep the relative paths.
 */

/** The path prefix of the storage's public addresses when they are relative (`/uploads/`), else null. */
function relativeFilePrefix(): string | null {
  const sample = storage().publicUrl('x');
  return sample.startsWith('/') && !sample.startsWith('//') ? sample.slice(0, -1) : null;
}

/** Whether this request comes from a Shopby client rather than the shop's own pages. */
function forShopbyClient(c: Context): boolean {
  const clientId = c.req.header('clientId')?.trim();
  return Boolean(clientId) && clientId !== env().SHOP_CLIENT_ID;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Rewrites the file paths in one string: the whole string (`"/uploads/a.webp"`) or a path inside
 * markup (`src="/uploads/a.webp"`, `url(/uploads/a.webp)`, a srcset's entries).
 */
export function absoluteFileUrls(value: unknown, prefix: string, base: string): unknown {
  const pattern = new RegExp(`(^|["'(\\s,])${escapeRegExp(prefix)}`, 'g');
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.includes(prefix) ? v.replace(pattern, `$1${base}${prefix}`) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item)]));
    }
    return v;
  };
  return walk(value);
}

export const absoluteFileUrlAnswers = () =>
  createMiddleware(async (c, next) => {
    await next();
    if (!forShopbyClient(c)) return;
    const type = c.res.headers.get('Content-Type') ?? '';
    if (!/^application\/json/i.test(type)) return;
    const prefix = relativeFilePrefix();
    if (!prefix) return;
    // the bytes of `c.json` (decision 082) read as they are, the answer left whole; any other body
    // read from a copy
    const whole = wholeBodyOf(c.res);
    const text = whole ? decoder.decode(whole) : await c.res.clone().text();
    if (!text.includes(prefix)) return;
    const base = publicBaseUrlConfigured()
      ? new URL(env().PUBLIC_BASE_URL).origin
      : new URL(c.req.url).origin;
    const body = encoder.encode(JSON.stringify(absoluteFileUrls(JSON.parse(text), prefix, base)));
    const headers = new Headers(c.res.headers);
    headers.delete('Content-Length');
    const res = markWhole(
      new Response(body, { status: c.res.status, statusText: c.res.statusText, headers }),
      body,
    );
    // replace, not merge: Hono merges the old response's headers into a new one (Content-Length)
    c.res = undefined as unknown as Response;
    c.res = res;
  });
