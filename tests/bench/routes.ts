/**
 * What `npm run bench` measures, in the order it is printed. Three kinds, one table:
 *
 * - `http` (the default): one request measured with autocannon at a fixed concurrency, next to the
 *   trivial endpoint on the same server. A static `path`, or `request(ctx)` for a prepared request
 *   (method, headers, bodies sent in turn).
 * - `flow`: a sequence of calls (one iteration, e.g. a whole order) run by a few concurrent workers
 *   for the duration: iterations per second.
 * - `figure`: something measured once (sizes, render times).
 *
 * Add an entry to `BENCHES` to measure something else. A bench whose setup answers `{ skip }` is
 * listed as skipped with its reason (for example, an API it depends on is missing).
 */
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import type { InValue, ResultSet } from '@libsql/client';
import { addNode, newDesign, newImageNode, newTextNode } from '../../src/lib/design/document.ts';
import { updateSide } from '../../src/lib/design/sides.ts';
import type { TemplateId } from '../../src/lib/design/templates.ts';
import { EDITOR_FIRST_DRAW_BUDGET_KB, firstDrawScripts } from './first-draw.ts';

export interface BenchContext {
  baseUrl: string;
  /** `GET` JSON from the running server; undefined when the answer is not 2xx. */
  getJson<T>(path: string, headers?: Record<string, string>): Promise<T | undefined>;
  /** A JSON call to the running server; throws with the answer when it is not 2xx. */
  call<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  /** SQL on the bench server's own (throwaway) database: restocking and the like. */
  sql(sql: string, args?: InValue[]): Promise<ResultSet>;
  /** Setup shared by several benches (the signed-in member …), made once. */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
  /** The app processes' ids, for CPU time from /proc (decision 045's per-step figures). */
  appPids?: readonly number[];
}

export type Skip = { skip: string };

export interface PreparedRequest {
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** Request bodies, sent in turn (round robin over the whole run). */
  bodies?: string[];
  /**
   * Headers of each connection (a session each, as shoppers have): the run opens one client per
   * entry, each with its own headers added, instead of `connections` clients sharing `headers`.
   */
  connectionHeaders?: Record<string, string>[];
}

export interface HttpBench {
  kind?: 'http';
  name: string;
  path?: string | ((ctx: BenchContext) => Promise<string | Skip>);
  headers?: Record<string, string>;
  request?: (ctx: BenchContext) => Promise<PreparedRequest | Skip>;
}

export interface FlowBench {
  kind: 'flow';
  name: string;
  /** What one iteration is, for the table: 'orders/s'. */
  unit: string;
  /** Concurrent workers (default 4). */
  workers?: number;
  /** Prepares and returns one iteration (it throws when a step fails). */
  setup: (ctx: BenchContext) => Promise<(() => Promise<void>) | Skip>;
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  detail?: string;
}

export interface FigureBench {
  kind: 'figure';
  name: string;
  measure: (ctx: BenchContext) => Promise<Figure[] | Skip>;
}

export type Bench = HttpBench | FlowBench | FigureBench;
/** Kept for older callers: an HTTP route. */
export type BenchRoute = HttpBench;

export const SHOP_API_HEADERS = { Version: '1.0', clientId: 'podo-local', platform: 'PC' };

/** The baseline: a Hono route that does no work, so the ratio shows what a route itself costs. */
export const TRIVIAL: HttpBench = { name: 'trivial: GET /api/health', path: '/api/health' };

// ------------------------------------------------------------------------------------ shared setup

/**
 * A member signed in once as an API client does it: `POST /shop-api/oauth/token` without an Origin
 * header answers the token in the body; every call then sends it in the `accessToken` header.
 */
function member(ctx: BenchContext): Promise<Record<string, string>> {
  return ctx.once('member', () => joinMember(ctx, `bench${`${Date.now()}`.slice(-8)}`));
}

/**
 * Joins a member as a shopper does (the phone's SMS code first: the demo's SMS outbox is read from
 * the bench's database) and signs in as an API client. `id` is `<letters><8 digits>`: the digits
 * make the phone number.
 */
export async function joinMember(ctx: BenchContext, id: string): Promise<Record<string, string>> {
  const n = id.slice(-8);
  const mobileNo = `010${n}`;
  await ctx.call('POST', '/shop-api/authentications/sms', { usage: 'JOIN', mobileNo }, SHOP_API_HEADERS);
  const sent = await ctx.sql(
    "SELECT body FROM outbox_messages WHERE channel = 'sms' AND recipient = ? ORDER BY message_no DESC LIMIT 1",
    [mobileNo],
  );
  const code = /\[(\d{6})\]/.exec(String(sent.rows[0]?.body ?? ''))?.[1] ?? '';
  const { certificationKey } = await ctx.call<{ certificationKey: string }>(
    'GET',
    `/shop-api/authentications/sms?${new URLSearchParams({ usage: 'JOIN', mobileNo, key: code })}`,
    undefined,
    SHOP_API_HEADERS,
  );
  const account = { memberId: id, password: 'bench-2024!' };
  await ctx.call(
    'POST',
    '/shop-api/profile',
    {
      ...account,
      memberName: '벤치',
      email: `${id}@example.com`,
      mobileNo,
      certificationKey,
      joinTermsAgreements: ['USE', 'PI_COLLECTION_AND_USE_REQUIRED', 'PI_14_AGE'],
    },
    SHOP_API_HEADERS,
  );
  const { accessToken } = await ctx.call<{ accessToken: string }>(
    'POST',
    '/shop-api/oauth/token',
    account,
    SHOP_API_HEADERS,
  );
  if (!accessToken) throw new Error('login answered no token in the body (sent as a browser?)');
  return { ...SHOP_API_HEADERS, accessToken, 'Content-Type': 'application/json' };
}

export interface Line {
  productNo: number;
  optionNo: number;
  buyPrice: number;
}

/**
 * Options that can be bought with no custom input, restocked to a million units in the bench's
 * own database so stock never runs out mid-run; each one checked through POST /cart once.
 */
export function orderableLines(ctx: BenchContext): Promise<Line[]> {
  return ctx.once('lines', async () => {
    const headers = await member(ctx);
    const rs = await ctx.sql(
      `SELECT o.product_no, o.option_no FROM product_options o JOIN products p ON p.product_no = o.product_no
       WHERE p.sale_status = 'ONSALE' AND p.customizable = 0 AND p.min_buy_cnt = 1 AND o.forced_sold_out = 0
         AND NOT EXISTS (SELECT 1 FROM product_inputs i WHERE i.product_no = p.product_no AND i.required = 1)
       ORDER BY o.option_no LIMIT 100`,
    );
    const candidates = rs.rows.map((r) => ({
      productNo: Number(r.product_no),
      optionNo: Number(r.option_no),
    }));
    if (candidates.length === 0) return [];
    await ctx.sql(
      `UPDATE product_options SET stock_cnt = 1000000 WHERE option_no IN (${candidates.map(() => '?').join(',')})`,
      candidates.map((c) => c.optionNo),
    );
    await ctx.sql(
      `UPDATE products SET max_buy_time_cnt = 0, max_buy_person_cnt = 0 WHERE product_no IN (${candidates.map(() => '?').join(',')})`,
      candidates.map((c) => c.productNo),
    );
    const lines: Line[] = [];
    for (const c of candidates) {
      try {
        await ctx.call('POST', '/shop-api/cart', [{ ...c, orderCnt: 1 }], headers);
        lines.push({ ...c, buyPrice: 0 });
      } catch {
        // not on sale now (sale period, display): left out
      }
    }
    const cart = await ctx.call<{
      deliveryGroups: {
        orderProducts: { orderProductOptions: { cartNo: number; optionNo: number; buyPrice: number }[] }[];
      }[];
    }>('GET', '/shop-api/cart', undefined, headers);
    const options = cart.deliveryGroups.flatMap((g) => g.orderProducts.flatMap((p) => p.orderProductOptions));
    for (const l of lines) l.buyPrice = options.find((o) => o.optionNo === l.optionNo)?.buyPrice ?? 0;
    if (options.length > 0) {
      await ctx.call(
        'DELETE',
        `/shop-api/cart?cartNo=${options.map((o) => o.cartNo).join(',')}`,
        undefined,
        headers,
      );
    }
    return lines;
  });
}

// ------------------------------------------------------------------------------------- the benches

/** Quantity 1 of one option per request, rotating over up to 100 options (999 units per line). */
const addToCart: HttpBench = {
  name: 'add to cart: POST /shop-api/cart (member)',
  async request(ctx) {
    const lines = await orderableLines(ctx);
    if (lines.length === 0) return { skip: 'no option can be added to the cart' };
    return {
      path: '/shop-api/cart',
      method: 'POST',
      headers: await member(ctx),
      bodies: lines.map((l) =>
        JSON.stringify([{ productNo: l.productNo, optionNo: l.optionNo, orderCnt: 1 }]),
      ),
    };
  },
};

/** The sandbox's signed return address → the confirmation body. */
export function returnParams(clientReturnUrl: string) {
  const q = new URL(clientReturnUrl, 'http://localhost').searchParams;
  return {
    orderNo: q.get('orderNo'),
    paymentId: q.get('paymentId'),
    amount: Number(q.get('amount')),
    ts: Number(q.get('ts')),
    signature: q.get('signature'),
  };
}

/**
 * A whole order as the pages make it: order sheet → reserve (amount from the sheet) → the sandbox's
 * approval (its webhook confirms the payment: stock, completion) → the browser's confirmation.
 */
const fullOrder: FlowBench = {
  kind: 'flow',
  name: 'full order: sheet → reserve → sandbox approve → confirm',
  unit: 'orders/s',
  workers: 4,
  async setup(ctx) {
    const [line] = await orderableLines(ctx);
    if (!line) return { skip: 'no option can be ordered' };
    const headers = await member(ctx);
    const products = [{ productNo: line.productNo, optionNo: line.optionNo, orderCnt: 1 }];
    const first = await ctx.call<{ orderSheetNo: string }>(
      'POST',
      '/shop-api/order-sheets',
      { products },
      headers,
    );
    const sheet = await ctx.call<{ paymentInfo: { paymentAmt: number } }>(
      'GET',
      `/shop-api/order-sheets/${first.orderSheetNo}`,
      undefined,
      headers,
    );
    const amount = sheet.paymentInfo.paymentAmt;
    return async () => {
      const { orderSheetNo } = await ctx.call<{ orderSheetNo: string }>(
        'POST',
        '/shop-api/order-sheets',
        { products },
        headers,
      );
      const reserve = await ctx.call<{ paymentId: string; clientReturnUrl: string }>(
        'POST',
        '/shop-api/payments/reserve',
        {
          orderSheetNo,
          orderer: { ordererName: '벤치', ordererContact1: '01012345678' },
          shippingAddress: {
            receiverName: '벤치',
            receiverZipCd: '06236',
            receiverAddress: '서울특별시 강남구 테헤란로 123',
            receiverContact1: '010-1234-5678',
          },
          payType: 'CREDIT_CARD',
          agreementTypes: ['ORDER_INFO_AGREE'],
          paymentAmtForVerification: amount,
        },
        headers,
      );
      await ctx.call('POST', `/api/payment-sandbox/payments/${reserve.paymentId}/approve`, {}, headers);
      const outcome = await ctx.call<{ result: string }>(
        'POST',
        '/shop-api/payments/confirm',
        returnParams(reserve.clientReturnUrl),
        headers,
      );
      if (outcome.result !== 'PAID') throw new Error(`order not paid: ${JSON.stringify(outcome)}`);
    };
  },
};

/** Script files a page's HTML refers to: scripts, module preloads and island component/renderer URLs. */
function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  const patterns = [
    /<script\b[^>]*\bsrc="([^"]+)"/g,
    /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g,
    /\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g,
  ];
  for (const re of patterns)
    for (const m of html.matchAll(re)) if (m[1]) urls.add(m[1].replaceAll('&amp;', '&'));
  return [...urls].filter((u) => /\.m?js(\?|$)/.test(u));
}

/**
 * The JavaScript of the editor page: the files its HTML refers to, and everything they import
 * statically (what loads before the editor works); lazily imported chunks are counted apart.
 */
const editorJs: FigureBench = {
  kind: 'figure',
  name: 'editor page /custom/dampener JavaScript',
  async measure(ctx) {
    const res = await fetch(`${ctx.baseUrl}/custom/dampener`);
    if (!res.ok) return { skip: `/custom/dampener answered ${res.status}` };
    const referenced = scriptUrls(await res.text());
    if (referenced.length === 0) return { skip: '/custom/dampener refers to no script' };
    const sizes = new Map<string, { raw: number; gzip: number }>();
    const lazy = new Set<string>();
    const queue = referenced.map((u) => new URL(u, ctx.baseUrl).href);
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (sizes.has(url)) continue;
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      sizes.set(url, { raw: body.length, gzip: gzipSync(body).length });
      const text = body.toString('utf8');
      for (const m of text.matchAll(/\b(?:import|from)\s*["']([^"']+\.m?js)["']/g))
        queue.push(new URL(m[1]!, url).href);
      for (const m of text.matchAll(/\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g))
        lazy.add(new URL(m[1]!, url).href);
    }
    const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
    const sum = (urls: Iterable<string>, key: 'raw' | 'gzip') =>
      [...urls].reduce((n, u) => n + (sizes.get(u)?.[key] ?? 0), 0);
    const direct = referenced.map((u) => new URL(u, ctx.baseUrl).href);
    const lazyOnly = [...lazy].filter((u) => !sizes.has(u));
    let lazyRaw = 0;
    let lazyGzip = 0;
    for (const url of lazyOnly) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      lazyRaw += body.length;
      lazyGzip += gzipSync(body).length;
    }
    return [
      {
        name: 'editor JS, referenced by the HTML + static imports (gzip)',
        value: kb(sum(sizes.keys(), 'gzip')),
        unit: 'KB',
        detail: `${sizes.size} files; raw ${kb(sum(sizes.keys(), 'raw'))} KB`,
      },
      {
        name: 'editor JS, referenced by the HTML + static imports (raw)',
        value: kb(sum(sizes.keys(), 'raw')),
        unit: 'KB',
      },
      {
        name: 'editor JS, files named in the HTML only (gzip)',
        value: kb(sum(direct, 'gzip')),
        unit: 'KB',
        detail: `${direct.length} files; raw ${kb(sum(direct, 'raw'))} KB`,
      },
      {
        name: 'editor JS, loaded later by dynamic import (gzip)',
        value: kb(lazyGzip),
        unit: 'KB',
        detail: `${lazyOnly.length} files; raw ${kb(lazyRaw)} KB`,
      },
    ];
  },
};

/**
 * The editor's JavaScript until its canvas first draws (issue 16: at most 150 KB gzip), as a browser
 * loads it: the scripts Chromium requested before the first drawing call on a canvas in the page.
 */
const editorFirstDraw: FigureBench = {
  kind: 'figure',
  name: 'editor /custom/dampener JavaScript before the first canvas draw',
  async measure(ctx) {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const draw = await firstDrawScripts(await browser.newPage(), `${ctx.baseUrl}/custom/dampener`);
      const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
      return [
        {
          name: 'editor JS before the first canvas draw (gzip)',
          value: kb(draw.gzipBytes),
          unit: 'KB',
          detail: `budget ${EDITOR_FIRST_DRAW_BUDGET_KB} KB; ${draw.scripts.length} files; raw ${kb(draw.rawBytes)} KB; drawn at ${Math.round(draw.drawnAtMs)} ms`,
        },
      ];
    } catch (err) {
      return { skip: `no browser measurement: ${err instanceof Error ? err.message : String(err)}` };
    } finally {
      await browser.close();
    }
  },
};

/**
 * The server's 300 DPI print file of the largest cushion (50 cm + bleed: 6142 × 6142 px) with a
 * photo and Korean text, rendered in this process with the server's code (fonts from the npm
 * packages, strip-by-strip PNG). Median of three after one warm-up.
 */
const cushionPrint: FigureBench = {
  kind: 'figure',
  name: 'print file: 300 DPI cushion',
  async measure() {
    const { renderPrintFile } = await import('../../src/server/design/render.ts');
    const templateId: TemplateId = 'square-cushion-500';
    const photo = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: { r: 120, g: 160, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    let doc = updateSide(newDesign(templateId), 'front', (s) => ({
      ...addNode(
        addNode(
          s,
          newImageNode(templateId, {
            src: '/uploads/bench/photo.jpg',
            naturalWidth: 3000,
            naturalHeight: 2000,
          }),
        ),
        newTextNode(templateId, { text: '우리 집 고양이 나비', fontFamily: 'gowunDodum', fontSize: 40 }),
      ),
      background: 'navy',
    }));
    doc = updateSide(doc, 'front', (s) =>
      addNode(
        s,
        newTextNode(templateId, { text: 'PODO 2026', fontFamily: 'blackHanSans', fontSize: 30, y: 80 }),
      ),
    );
    const options = { loadImage: async () => photo };
    const first = await renderPrintFile(doc, 'front', options);
    const times: number[] = [];
    let bytes = first.png.length;
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      const file = await renderPrintFile(doc, 'front', options);
      times.push(performance.now() - start);
      bytes = file.png.length;
    }
    times.sort((a, b) => a - b);
    return [
      {
        name: `print file: 300 DPI ${templateId} front (median of 3)`,
        value: Math.round(times[1]!),
        unit: 'ms',
        detail: `${first.width}×${first.height} px, PNG ${Math.round(bytes / 1024)} KB; min ${Math.round(times[0]!)} ms`,
      },
    ];
  },
};

/** A demo product's page, the first the search API lists. */
async function productPath({ getJson }: BenchContext): Promise<string | Skip> {
  const found = await getJson<{ items?: { productNo: number }[] }>('/shop-api/products/search?pageSize=1');
  const productNo = found?.items?.[0]?.productNo;
  return productNo ? `/products/${productNo}` : { skip: '/shop-api/products/search gave no product' };
}

/** What a browser sends: every page row below from memory once warm (decision 043), Brotli bytes. */
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };

export const BENCHES: Bench[] = [
  { name: 'home page /', path: '/' },
  { name: 'home page / (browser: br, page cache)', path: '/', headers: BROWSER },
  {
    name: 'product page (browser: br, page cache)',
    request: async (ctx) => {
      const path = await productPath(ctx);
      return typeof path === 'string' ? { path, headers: BROWSER } : path;
    },
  },
  { name: 'category page (browser: br, page cache)', path: '/categories/529105', headers: BROWSER },
  {
    name: 'search page (browser: br, page cache)',
    path: `/search?${new URLSearchParams({ keyword: '방진' })}`,
    headers: BROWSER,
  },
  { name: 'notice board (browser: br, page cache)', path: '/board/notice', headers: BROWSER },
  { name: 'product page /products/:productNo', path: productPath },
  {
    name: 'search API: keywords 방진',
    path: `/shop-api/products/search?${new URLSearchParams({ 'filter.keywords': '방진' })}`,
    headers: SHOP_API_HEADERS,
  },
  addToCart,
  fullOrder,
  editorJs,
  editorFirstDraw,
  cushionPrint,
];

/** Kept for older callers: the HTTP routes of BENCHES. */
export const ROUTES: HttpBench[] = BENCHES.filter((b): b is HttpBench => !b.kind || b.kind === 'http');

// ------------------------------------------------------------------ the catalogue at several sizes

const search = (params: Record<string, string>) =>
  `/shop-api/products/search?${new URLSearchParams({ pageSize: '20', ...params })}`;

/**
 * What `npm run bench -- --products N` measures at each size (issue 16's routes): the search API
 * with keywords of every kind, a category with a price sort, the pages, and the suggestions. A route
 * the build does not have (404) is skipped, so an older build can be measured with the same list.
 */
export const CATALOGUE_BENCHES: HttpBench[] = [
  {
    name: 'search API, 3+ letters (방진패드)',
    path: search({ 'filter.keywords': '방진패드' }),
    headers: SHOP_API_HEADERS,
  },
  {
    name: 'search API, 2 letters (방진)',
    path: search({ 'filter.keywords': '방진' }),
    headers: SHOP_API_HEADERS,
  },
  {
    name: 'search API, 2 letters (매트)',
    path: search({ 'filter.keywords': '매트' }),
    headers: SHOP_API_HEADERS,
  },
  {
    name: 'search API, no spaces (세탁기패드)',
    path: search({ 'filter.keywords': '세탁기패드' }),
    headers: SHOP_API_HEADERS,
  },
  {
    name: 'search API, 초성 (ㅂㅈㅍㄷ)',
    path: search({ 'filter.keywords': 'ㅂㅈㅍㄷ' }),
    headers: SHOP_API_HEADERS,
  },
  {
    name: 'search API, category + price sort',
    path: search({ categoryNos: '529105', 'order.by': 'DISCOUNTED_PRICE', 'order.direction': 'ASC' }),
    headers: SHOP_API_HEADERS,
  },
  {
    name: 'search API, category + newest',
    path: search({ categoryNos: '529105', 'order.by': 'SALE_YMD', 'order.direction': 'DESC' }),
    headers: SHOP_API_HEADERS,
  },
  {
    name: 'search API, keyword + newest (방진)',
    path: search({ 'filter.keywords': '방진', 'order.by': 'SALE_YMD', 'order.direction': 'DESC' }),
    headers: SHOP_API_HEADERS,
  },
  {
    name: 'search API, keyword + price low first (방진)',
    path: search({ 'filter.keywords': '방진', 'order.by': 'DISCOUNTED_PRICE', 'order.direction': 'ASC' }),
    headers: SHOP_API_HEADERS,
  },
  {
    name: 'search API, keyword + price high first (방진)',
    path: search({ 'filter.keywords': '방진', 'order.by': 'DISCOUNTED_PRICE', 'order.direction': 'DESC' }),
    headers: SHOP_API_HEADERS,
  },
  { name: 'search page /search?keyword=방진', path: `/search?${new URLSearchParams({ keyword: '방진' })}` },
  // a search that finds nothing (decision 069): corrected to 방진패드, or close to no word at all
  {
    name: 'search API, typo (방진펫드 → 방진패드)',
    path: search({ 'filter.keywords': '방진펫드' }),
    headers: SHOP_API_HEADERS,
  },
  {
    name: 'search page, typo (방진펫드 → 방진패드)',
    path: `/search?${new URLSearchParams({ keyword: '방진펫드' })}`,
  },
  {
    name: 'search page, nothing close (없는상품이름)',
    path: `/search?${new URLSearchParams({ keyword: '없는상품이름' })}`,
  },
  { name: 'category page (popular)', path: '/categories/529105' },
  { name: 'category page (price)', path: '/categories/529105?sort=price-asc' },
  { name: 'category page (newest)', path: '/categories/757067?sort=new' },
  { name: 'category page (reviews)', path: '/categories/612300?sort=review' },
  {
    name: 'product page',
    path: async ({ getJson }) => {
      const found = await getJson<{ items?: { productNo: number }[] }>(
        '/shop-api/products/search?pageSize=1',
        SHOP_API_HEADERS,
      );
      const productNo = found?.items?.[0]?.productNo;
      return productNo ? `/products/${productNo}` : { skip: '/shop-api/products/search gave no product' };
    },
  },
  {
    name: 'suggestions API (방)',
    path: async ({ baseUrl }) => {
      const path = `/api/search/suggestions?${new URLSearchParams({ q: '방' })}`;
      const res = await fetch(baseUrl + path);
      return res.ok ? path : { skip: `${path} answered ${res.status}` };
    },
  },
  {
    name: 'list API, category (lean items)',
    path: async ({ baseUrl }) => {
      const path = '/api/catalog/products?categoryNo=529105';
      const res = await fetch(baseUrl + path);
      return res.ok ? path : { skip: `${path} answered ${res.status}` };
    },
  },
];
