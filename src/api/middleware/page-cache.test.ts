import { afterEach, describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { join } from 'node:path';
import type { Context } from 'hono';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { startApiProcess, type ApiProcess } from '../../../tests/fixtures/api-processes.ts';
import { seedIfEmpty } from '../../server/db/seed/index.ts';
import { ACCESS_TOKEN_COOKIE } from '../../server/auth/index.ts';
import { PageStore, readCacheVersion } from '../../server/platform/page-cache.ts';
import { createServerApp } from '../../server-app.ts';
import { isCacheablePage } from './page-cache.ts';

let t: TestDb | undefined;
let servers: ApiProcess[] = [];
afterEach(() => {
  for (const s of servers) s.proc.kill('SIGTERM');
  servers = [];
  t?.close();
  t = undefined;
});

/** Every table a cached page reads; migration 0032 keeps a trigger trio on each. */
const WATCHED_TABLES = [
  'banner_groups',
  'banners',
  'board_article_images',
  'board_articles',
  'board_categories',
  'boards',
  'brands',
  'categories',
  'delivery_template_remote_areas',
  'delivery_templates',
  'display_section_products',
  'display_sections',
  'member_grades',
  'membership_benefits',
  'page_scripts',
  'partners',
  'product_categories',
  'product_images',
  'product_inputs',
  'product_inquiries',
  'product_likes',
  'product_options',
  'product_reviews',
  'products',
  'review_recommendations',
  'standard_categories',
  'terms',
];

const PRODUCT = 101;
const LONG = '포도 방진패드 '.repeat(200); // over the 1 KB below which nothing is compressed

/**
 * The server with a stand-in page that renders from the database (the product's price) and, like
 * the real header, the member's name when a session cookie came with the request.
 */
function shop(store = new PageStore(8 * 1024 * 1024)) {
  let renders = 0;
  const page = async (c: Context) => {
    renders++;
    const rs = await t!.db.execute({
      sql: 'SELECT sale_price FROM products WHERE product_no = ?',
      args: [PRODUCT],
    });
    const member = c.req.header('Cookie')?.includes(ACCESS_TOKEN_COOKIE) ? '<b>김포도님</b> 장바구니 3' : '';
    return c.html(
      `<!doctype html><title>상품</title>${member}<p>${String(rs.rows[0]?.sale_price)}원</p>${LONG}`,
    );
  };
  const app = createServerApp(page, { pageCache: { store, database: () => Promise.resolve(t!.db) } });
  return {
    store,
    renders: () => renders,
    get: (path: string, headers: Record<string, string> = {}, method = 'GET') =>
      app.request(path, { headers, method }),
  };
}

async function withCatalog() {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
}

describe('page cache (decision 043)', () => {
  it('a visitor gets the second request from memory: no rendering, the same compressed bytes', async () => {
    await withCatalog();
    const s = shop();
    const first = await s.get(`/products/${PRODUCT}`, { 'Accept-Encoding': 'br' });
    expect(first.headers.get('X-Page-Cache')).toBe('miss');
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const second = await s.get(`/products/${PRODUCT}`, { 'Accept-Encoding': 'br' });
    expect(second.headers.get('X-Page-Cache')).toBe('hit');
    expect(second.headers.get('Content-Encoding')).toBe('br');
    expect(second.headers.get('Vary')).toContain('Accept-Encoding');
    expect(second.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true);
    expect(brotliDecompressSync(firstBytes).toString()).toContain('원</p>');
    expect(s.renders()).toBe(1);
    // another encoding is another entry (rendered once more), then from memory too
    const plain = await s.get(`/products/${PRODUCT}`);
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('X-Page-Cache')).toBe('miss');
    expect((await s.get(`/products/${PRODUCT}`)).headers.get('X-Page-Cache')).toBe('hit');
    expect(s.renders()).toBe(2);
    // HEAD from memory: headers only
    const head = await s.get(`/products/${PRODUCT}`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('X-Page-Cache')).toBe('hit');
    expect(await head.text()).toBe('');
  });

  it("a member's name and cart count never reach a visitor's cached page", async () => {
    await withCatalog();
    const s = shop();
    const member = { Cookie: `${ACCESS_TOKEN_COOKIE}=member-token; podo_guest=abc` };
    const mine = await s.get(`/products/${PRODUCT}`, member);
    expect(mine.headers.get('X-Page-Cache')).toBe('bypass');
    expect(await mine.text()).toContain('김포도님');
    expect((await s.get(`/products/${PRODUCT}`, member)).headers.get('X-Page-Cache')).toBe('bypass');
    expect(s.store.size).toBe(0);

    const visitor = await s.get(`/products/${PRODUCT}`);
    expect(visitor.headers.get('X-Page-Cache')).toBe('miss');
    const cached = await s.get(`/products/${PRODUCT}`, { Cookie: 'podo_guest_cart=1' });
    expect(cached.headers.get('X-Page-Cache')).toBe('hit'); // a guest cart cookie changes nothing
    const html = await cached.text();
    expect(html).not.toContain('김포도님');
    expect(html).not.toContain('장바구니 3');
    // and a member after the visitor still gets their own page, not the cached one
    expect(await (await s.get(`/products/${PRODUCT}`, member)).text()).toContain('김포도님');
  });

  it('only anonymous catalogue pages; nothing with a cookie to set, an error or another method', async () => {
    for (const path of [
      '/',
      '/categories/529105',
      '/products/101',
      '/product/101',
      '/search',
      '/search-products',
      '/best',
      '/new',
      '/board/notice',
      '/board/notice/detail/3',
      '/board/faq',
      '/board/benefit',
      '/terms/agreement',
      '/terms/privacy-policy',
    ])
      expect(isCacheablePage(path), path).toBe(true);
    for (const path of [
      '/cart',
      '/guest/cart',
      '/mypage/order',
      '/manager',
      '/login',
      '/board/inquiry',
      '/products/101/customize',
      '/order/order-detail',
      '/api/health',
      '/shop-api/products/search',
      '/restock',
    ])
      expect(isCacheablePage(path), path).toBe(false);

    t = await createTestDb();
    const store = new PageStore(1024 * 1024);
    const app = createServerApp(
      (c) => {
        if (c.req.query('cookie')) c.header('Set-Cookie', 'podo_x=1; Path=/');
        if (c.req.query('missing')) return c.html(`<p>없음</p>${LONG}`, 404);
        return c.html(`<p>페이지</p>${LONG}`);
      },
      { pageCache: { store, database: () => Promise.resolve(t!.db) } },
    );
    for (const q of ['?cookie=1', '?missing=1']) {
      await app.request(`/best${q}`);
      expect((await app.request(`/best${q}`)).headers.get('X-Page-Cache')).toBe('miss');
    }
    await app.request('/best', { method: 'HEAD' });
    expect(store.size).toBe(0); // a HEAD miss has no body to keep
    expect((await app.request('/cart')).headers.get('X-Page-Cache')).toBeNull();
  });

  it('PAGE_CACHE_MB=0 turns it off: every request renders', async () => {
    await withCatalog();
    const s = shop(new PageStore(0));
    for (let i = 0; i < 2; i++)
      expect((await s.get(`/products/${PRODUCT}`)).headers.get('X-Page-Cache')).toBe('bypass');
    expect(s.renders()).toBe(2);
  });

  it('every table the cached pages read keeps its triggers', async () => {
    t = await createTestDb();
    const rs = await t.db.execute(
      "SELECT tbl_name, COUNT(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'cache_version_%' GROUP BY tbl_name ORDER BY tbl_name",
    );
    expect(rs.rows.map((r) => [r.tbl_name, r.n])).toEqual(WATCHED_TABLES.map((name) => [name, 3]));
  });

  it('a write to each kind of table bumps the version, and the next request renders again', async () => {
    t = await createTestDb();
    await seedIfEmpty(t.db, { images: false });
    const s = shop();
    const written: string[] = [];
    for (const table of WATCHED_TABLES) {
      await s.get(`/products/${PRODUCT}`);
      expect((await s.get(`/products/${PRODUCT}`)).headers.get('X-Page-Cache'), table).toBe('hit');
      const before = await readCacheVersion(t.db);
      const cols = await t.db.execute(`SELECT name FROM pragma_table_info('${table}') ORDER BY cid`);
      const rows = Number((await t.db.execute(`SELECT COUNT(*) AS n FROM ${table}`)).rows[0]?.n);
      const col = String(cols.rows[0]?.name);
      // the demo has no row in a few (page scripts, article images…): their trio is checked above
      if (rows === 0) continue;
      written.push(table);
      // an update to the same value still counts: the statement wrote the row
      await t.db.execute(
        `UPDATE ${table} SET ${col} = ${col} WHERE ${col} IS (SELECT ${col} FROM ${table} LIMIT 1)`,
      );
      expect(await readCacheVersion(t.db), table).toBeGreaterThan(before);
      expect((await s.get(`/products/${PRODUCT}`)).headers.get('X-Page-Cache'), table).toBe('miss');
    }
    expect(written.length).toBeGreaterThanOrEqual(20);
  }, 60_000);

  it('inserts and deletes bump too; a write that rolls back does not', async () => {
    await withCatalog();
    const v0 = await readCacheVersion(t!.db);
    await t!.db.execute(
      "INSERT INTO terms (terms_type, title, contents, enforcement_date, created_at) VALUES ('TEST', '약관', '약관', '2026-11-26', '2026-11-26T00:00:00Z')",
    );
    const v1 = await readCacheVersion(t!.db);
    expect(v1).toBeGreaterThan(v0);
    await t!.db.execute("DELETE FROM terms WHERE contents = '약관'");
    const v2 = await readCacheVersion(t!.db);
    expect(v2).toBeGreaterThan(v1);
    const tx = await t!.db.transaction('write');
    await tx.execute({ sql: 'UPDATE products SET sale_price = 1 WHERE product_no = ?', args: [PRODUCT] });
    await tx.rollback();
    tx.close();
    expect(await readCacheVersion(t!.db)).toBe(v2);
  });

  it('a page rendered while a write landed is not kept (it is tagged with the version read before)', async () => {
    await withCatalog();
    const store = new PageStore(1024 * 1024);
    let write = true;
    const app = createServerApp(
      async (c) => {
        const rs = await t!.db.execute({
          sql: 'SELECT sale_price FROM products WHERE product_no = ?',
          args: [PRODUCT],
        });
        if (write) {
          write = false;
          // the manager saves between this page's read and its answer
          await t!.db.execute({
            sql: 'UPDATE products SET sale_price = 7777 WHERE product_no = ?',
            args: [PRODUCT],
          });
        }
        return c.html(`<p>${String(rs.rows[0]?.sale_price)}원</p>${LONG}`);
      },
      { pageCache: { store, database: () => Promise.resolve(t!.db) } },
    );
    const stale = await (await app.request('/products/101')).text();
    expect(stale).not.toContain('7777원');
    const next = await app.request('/products/101');
    expect(next.headers.get('X-Page-Cache')).toBe('miss');
    expect(await next.text()).toContain('7777원');
  });

  it("two processes on one database: one process's write empties the other's cache at once", async () => {
    await withCatalog();
    const dbPath = join(t!.dir, 'shop.db');
    servers = await Promise.all([
      startApiProcess(dbPath, {}, 'tests/fixtures/page-cache-server.ts'),
      startApiProcess(dbPath, {}, 'tests/fixtures/page-cache-server.ts'),
    ]);
    const [a, b] = servers.map((s) => s.url);
    const page = async (base: string) => {
      const res = await fetch(`${base}/products/${PRODUCT}`, { headers: { 'Accept-Encoding': 'br' } });
      return { cache: res.headers.get('X-Page-Cache'), html: await res.text() };
    };
    await page(a!);
    const warm = await page(a!);
    expect(warm.cache).toBe('hit');
    await page(b!);
    expect((await page(b!)).cache).toBe('hit');

    expect((await fetch(`${b}/products/${PRODUCT}?price=12900`, { method: 'POST' })).status).toBe(200);
    // no wait: the very next request on the other process renders again
    const after = await page(a!);
    expect(after.cache).toBe('miss');
    expect(after.html).toContain('12900원');
    expect((await page(a!)).cache).toBe('hit');
    expect((await page(b!)).html).toContain('12900원');
  }, 60_000);
});

describe('PageStore', () => {
  const page = (bytes: number, storedAt = Date.now()) => ({
    status: 200,
    headers: [] as [string, string][],
    body: new Uint8Array(bytes),
    storedAt,
  });

  it('keeps pages by bytes, the least recently used out first, and only of the current version', () => {
    const store = new PageStore(10_000);
    store.sync(1);
    expect(store.set('a', page(1000), 1)).toBe(true);
    expect(store.set('b', page(1000), 1)).toBe(true);
    expect(store.set('old', page(100), 0)).toBe(false);
    expect(store.set('huge', page(2000), 1)).toBe(false); // over an eighth of the memory
    for (let i = 0; i < 7; i++) store.set(`p${i}`, page(1000), 1);
    expect(store.get('a')).toBeDefined(); // a used again: b is now the oldest
    store.set('p7', page(1000), 1);
    expect(store.bytes).toBeLessThanOrEqual(10_000);
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    store.sync(2);
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it('serves no page older than its age bound (display and sale periods follow the clock)', () => {
    const store = new PageStore(10_000, 60_000);
    store.sync(1);
    store.set('a', page(10, 1_000), 1);
    expect(store.get('a', 61_000)).toBeDefined();
    expect(store.get('a', 61_001)).toBeUndefined();
    expect(store.size).toBe(0);
  });
});
