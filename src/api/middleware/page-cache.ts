import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import { ACCESS_TOKEN_COOKIE } from '../../server/auth/index.ts';
import { db, type Executor } from '../../server/db/client.ts';
import { env } from '../../server/platform/env.ts';
import {
  PAGE_PRODUCT_HEADER,
  PageStore,
  keyedVersionReader,
  readCacheVersions,
  type CacheVersions,
} from '../../server/platform/page-cache.ts';
import { markWhole, wholeBodyOf } from '../../server/platform/whole-body.ts';
import { chooseEncoding } from './compression.ts';

/**
 * Anonymous catalogue pages from memory (decisions 043 and 053). Outside the compression middleware,
 * so a page is kept as the bytes sent (Brotli, gzip or plain: one entry each) and a hit costs no
 * rendering and no compression; before answering from memory the database's versions are read (one
 * primary-key row, and for a product page its product's row too), so a catalogue or board write
 * on any node is seen by the next request, and a product's own change (an order's stock) by the
 * next request for that product's page, leaving every other page in memory.
 *
 * Cached: GET/HEAD of the pages below, from a browser without a session cookie (a member's page
 * carries their name). Other cookies (the guest cart's identity…) change nothing in these pages:
 * what is personal comes from islands. Kept: 200 answers with HTML and no Set-Cookie.
 */

/** The anonymous catalogue pages: home, lists, product, search, board and terms. */
const CACHEABLE_PAGE =
  /^\/(?:|categories\/\d+|products?\/[^/]+|products\/[^/]+\/|search|search-products|best|new|board\/(?:notice|notice\/detail\/\d+|faq|benefit)|terms\/(?:agreement|privacy-policy))$/;

export function isCacheablePage(pathname: string): boolean {
  return CACHEABLE_PAGE.test(pathname);
}

/** Kept per entry: everything else the page pipeline sets is per request (or absent). */
const UNSAFE_TO_STORE = /(?:^|,)\s*(?:no-store|private)\s*(?:,|$)/i;
/** What the browser is told: keep it for this person only and ask again each time (decision 043). */
const BROWSER_CACHE_CONTROL = 'private, no-cache';

export interface PageCacheOptions {
  store?: PageStore;
  database?: () => Promise<Executor>;
}

export function pageCache(options: PageCacheOptions = {}) {
  let store = options.store;
  const database = options.database ?? db;
  const versions = keyedVersionReader(async (productNo: number | undefined) =>
    readCacheVersions(await database(), productNo),
  );

  return createMiddleware(async (c, next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || !isCacheablePage(c.req.path)) return next();
    store ??= new PageStore(env().PAGE_CACHE_MB * 1024 * 1024);
    if (store.maxBytes === 0 || getCookie(c, ACCESS_TOKEN_COOKIE)) {
      await next();
      c.res.headers.delete(PAGE_PRODUCT_HEADER);
      c.header('X-Page-Cache', 'bypass');
      return;
    }

    const url = new URL(c.req.url);
    const key = `${chooseEncoding(c.req.header('Accept-Encoding')) ?? 'identity'} ${c.req.header('Host') ?? ''}${url.pathname}${url.search}`;
    let current: CacheVersions;
    try {
      current = await versions(store.productOf(key));
    } catch (err) {
      // no version, no trust in memory: the page is rendered as if there were no cache
      console.error('[page-cache] version unreadable', err);
      await next();
      c.res.headers.delete(PAGE_PRODUCT_HEADER);
      c.header('X-Page-Cache', 'bypass');
      return;
    }
    store.sync(current.catalogue);

    const hit = store.get(key, Date.now(), current);
    if (hit) {
      const headers = new Headers(hit.headers);
      headers.set('X-Page-Cache', 'hit');
      // bytes known whole: written in one piece with their length (decision 074)
      c.res = markWhole(
        new Response(method === 'HEAD' ? null : hit.body, { status: hit.status, headers }),
        hit.body,
      );
      return;
    }

    await next();
    const res = c.res;
    const cacheControl = res.headers.get('Cache-Control') ?? '';
    const storable =
      method === 'GET' &&
      res.status === 200 &&
      !!res.body &&
      !res.headers.has('Set-Cookie') &&
      /^text\/html\b/i.test(res.headers.get('Content-Type') ?? '') &&
      !UNSAFE_TO_STORE.test(cacheControl);
    const headers = new Headers(res.headers);
    const productNo = productOfPage(headers.get(PAGE_PRODUCT_HEADER));
    headers.delete(PAGE_PRODUCT_HEADER);
    headers.set('X-Page-Cache', 'miss');
    if (!cacheControl) headers.set('Cache-Control', BROWSER_CACHE_CONTROL);
    if (!storable || !res.body) {
      c.res = undefined;
      c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers });
      return;
    }

    const stored = new Headers(headers);
    stored.delete('X-Page-Cache');
    const target = store;
    // a page rendered whole (decision 074) is kept as its bytes, the same body going on to the
    // browser; otherwise one branch to the browser as it streams, the other into memory
    const whole = wholeBodyOf(res);
    const [toBrowser, toStore] = whole ? [res.body, whole] : res.body.tee();
    void keep(toStore, target.maxBytes / 8).then((body) => {
      if (body) {
        target.set(
          key,
          {
            status: res.status,
            headers: [...stored],
            body,
            storedAt: Date.now(),
            productNo,
            stamp: current.stamp,
          },
          current.catalogue,
        );
      }
    });
    c.res = undefined;
    c.res = new Response(toBrowser, { status: res.status, statusText: res.statusText, headers });
  });
}

/** The product a page named (`PAGE_PRODUCT_HEADER`), or undefined for a page of no one product. */
function productOfPage(value: string | null): number | undefined {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  return Number(value);
}

/** The whole body, or undefined when it is larger than `limit` or fails on the way. */
async function keep(
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (body instanceof Uint8Array) return body.byteLength > limit ? undefined : body;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return undefined;
      }
      chunks.push(value);
    }
  } catch {
    return undefined;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
