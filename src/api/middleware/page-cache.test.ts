import { afterEach, describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { join } from 'node:path';
import type { Context } from 'hono';
import type { InValue } from '@libsql/client';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { startApiProcess, type ApiProcess } from '../../../tests/fixtures/api-processes.ts';
import { seedIfEmpty } from '../../server/db/seed/index.ts';
import { ACCESS_TOKEN_COOKIE } from '../../server/auth/index.ts';
import {
  PAGE_PRODUCT_HEADER,
  PageStore,
  keyedVersionReader,
  readCacheVersion,
  readCacheVersions,
  type CacheVersions,
} from '../../server/platform/page-cache.ts';
import { catalogSteps } from '../../server/catalog/index.ts';
import type { Db, Executor } from '../../server/db/client.ts';
import { createServerApp } from '../../server-app.ts';
import { wholeBodyOf, wholeResponse } from '../../server/platform/whole-body.ts';
import { isCacheablePage } from './page-cache.ts';

let t: TestDb | undefined;
let servers: ApiProcess[] = [];
afterEach(() => {
  for (const s of servers) s.proc.kill('SIGTERM');
  servers = [];
  t?.close();
  t = undefined;
});

/**
 * Every table a cached page reads (migrations 0032 and 0037). `catalogue`: a write makes every
 * cached page stale; `product`: only the page of the row's product (its `product_no`, or its
 * review's). For products and product_options the scope is per column (below).
 */
const WATCHED_TABLES = {
  banner_groups: 'catalogue',
  banners: 'catalogue',
  board_article_images: 'catalogue',
  board_articles: 'catalogue',
  board_categories: 'catalogue',
  boards: 'catalogue',
  brands: 'catalogue',
  categories: 'catalogue',
  delivery_template_remote_areas: 'catalogue',
  delivery_templates: 'catalogue',
  display_section_products: 'catalogue',
  display_sections: 'catalogue',
  member_grades: 'catalogue',
  membership_benefits: 'catalogue',
  page_scripts: 'catalogue',
  partners: 'catalogue',
  product_categories: 'catalogue',
  product_images: 'catalogue',
  product_inputs: 'product',
  product_inquiries: 'product',
  product_likes: 'product',
  product_options: 'catalogue',
  product_reviews: 'product',
  products: 'catalogue',
  review_recommendations: 'product',
  standard_categories: 'catalogue',
  terms: 'catalogue',
} as const;
type Scope = 'catalogue' | 'product';

/**
 * The columns of products and product_options that only their product's page shows (decision
 * 053); every other column of them is catalogue. sale_cnt and like_cnt also order lists (BEST,
 * popularity): lists follow them within the 60-second bound. A stock change that crosses zero is
 * catalogue too (tested apart).
 */
const PRODUCT_COLUMNS: Record<string, readonly string[]> = {
  products: ['sale_cnt', 'like_cnt', 'updated_ymdt', 'version', 'low_stock_threshold'],
  product_options: ['stock_cnt', 'sale_cnt', 'barcode'],
};

/** The triggers of 0032 and 0037 per table: insert, update and delete at least. */
const EXTRA_TRIGGERS: Record<string, number> = {
  products: 1, // the counters' product trigger beside the catalogue one
  product_options: 2, // stock (product) and crossing zero (catalogue)
  product_inputs: 1, // moved to another product (catalogue)
  product_inquiries: 1,
  product_likes: 1,
  product_reviews: 1,
};

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

/**
 * The server with stand-in pages that render from the database as the real ones do: a product page
 * (`/products/<no>`: price and stock, naming its product like the real page does) and lists
 * (every other path: each product's price and 품절).
 */
function catalogueShop(store = new PageStore(8 * 1024 * 1024)) {
  const app = createServerApp(
    async (c) => {
      const db = t!.db;
      const productNo = Number(/^\/products\/(\d+)$/.exec(c.req.path)?.[1] ?? 0);
      if (productNo) {
        const rs = await db.execute({
          sql: `SELECT sale_price,
              (SELECT SUM(stock_cnt) FROM product_options o WHERE o.product_no = p.product_no) AS stock
            FROM products p WHERE product_no = ?`,
          args: [productNo],
        });
        c.header(PAGE_PRODUCT_HEADER, String(productNo));
        return c.html(
          `<!doctype html><p>${String(rs.rows[0]?.sale_price)}원</p><p>재고 ${String(rs.rows[0]?.stock)}개</p>${LONG}`,
        );
      }
      const rs = await db.execute(
        `SELECT p.product_no, p.sale_price, NOT EXISTS (SELECT 1 FROM product_options o
           WHERE o.product_no = p.product_no AND o.stock_cnt > 0) AS sold_out
         FROM products p ORDER BY p.product_no LIMIT 40`,
      );
      const items = rs.rows.map(
        (r) => `<li>${String(r.product_no)}: ${String(r.sale_price)}원${r.sold_out ? ' 품절' : ''}</li>`,
      );
      return c.html(`<!doctype html><ul>${items.join('')}</ul>${LONG}`);
    },
    { pageCache: { store, database: () => Promise.resolve(t!.db) } },
  );
  const get = async (path: string) => {
    const res = await app.request(path);
    const html = await res.text();
    expect(res.headers.has(PAGE_PRODUCT_HEADER), `${path}: the product header stays inside`).toBe(false);
    return { cache: res.headers.get('X-Page-Cache'), html };
  };
  return {
    store,
    get,
    /** Every page in memory. */
    async warm(pages: Pages) {
      for (const path of [...pages.lists, pages.product, pages.other])
        if ((await get(path)).cache !== 'hit') expect((await get(path)).cache, path).toBe('hit');
    },
    /** After a write of `scope`: which pages render again, which still come from memory. */
    async expectStale(pages: Pages, scope: Scope, before: CacheVersions, label: string) {
      const after = await readCacheVersions(t!.db, pages.productNo);
      const stale = (path: string) => scope === 'catalogue' || path === pages.product;
      if (scope === 'catalogue') expect(after.catalogue, label).toBeGreaterThan(before.catalogue);
      else {
        expect(after.catalogue, `${label}: lists untouched`).toBe(before.catalogue);
        expect(after.product!.stamp, `${label}: its product's stamp`).toBeGreaterThan(before.product!.stamp);
      }
      for (const path of [...pages.lists, pages.product, pages.other])
        expect((await get(path)).cache, `${label}: ${path}`).toBe(stale(path) ? 'miss' : 'hit');
    },
  };
}

interface Pages {
  productNo: number;
  lists: string[];
  /** The page of the product written. */
  product: string;
  /** Another product's page. */
  other: string;
}

/** The lists, the page of `productNo` (or of the first product) and another product's page. */
async function pagesAround(db: Executor, productNo: number | undefined): Promise<Pages> {
  const rs = await db.execute('SELECT product_no FROM products ORDER BY product_no LIMIT 2');
  const [a, b] = rs.rows.map((r) => Number(r.product_no));
  const mine = productNo ?? a!;
  return {
    productNo: mine,
    lists: ['/', '/categories/529105'],
    product: `/products/${mine}`,
    other: `/products/${mine === a ? b! : a!}`,
  };
}

/**
 * What shoppers write that the demo seed has none of: a like, a review with a recommendation and a
 * question, all on the fourth product (so not the first product every catalogue row points at).
 */
async function shopperRows(db: Db) {
  const now = new Date().toISOString();
  const rs = await db.execute(
    'SELECT product_no, (SELECT MIN(option_no) FROM product_options o WHERE o.product_no = p.product_no) AS option_no FROM products p ORDER BY product_no LIMIT 1 OFFSET 3',
  );
  const productNo = Number(rs.rows[0]?.product_no);
  const optionNo = Number(rs.rows[0]?.option_no);
  await db.batch(
    [
      {
        sql: "INSERT INTO members (member_no, member_id, member_name, created_at, updated_at) VALUES (900, 'scope900', '김포도', ?, ?), (901, 'scope901', '이포도', ?, ?)",
        args: [now, now, now, now],
      },
      {
        sql: 'INSERT INTO product_likes (member_no, product_no, created_at) VALUES (900, ?, ?)',
        args: [productNo, now],
      },
      {
        sql: `INSERT INTO product_reviews (review_no, product_no, option_no, order_option_no, order_no, member_no, rating, content, created_at, updated_at)
          VALUES (900, ?, ?, 900001, 'O-SCOPE-900', 900, 5, '잘 쓰고 있어요', ?, ?)`,
        args: [productNo, optionNo, now, now],
      },
      {
        sql: 'INSERT INTO review_recommendations (review_no, member_no, created_at) VALUES (900, 901, ?)',
        args: [now],
      },
      {
        sql: "INSERT INTO product_inquiries (product_no, member_no, content, created_at, updated_at) VALUES (?, 900, '배송은 언제 되나요?', ?, ?)",
        args: [productNo, now, now],
      },
    ],
    'write',
  );
}

/** A table's first row: its columns and values, and how to find it again. */
async function firstRow(db: Executor, table: string) {
  const info = await db.execute(`SELECT name, pk FROM pragma_table_info('${table}') ORDER BY cid`);
  const columns = info.rows.map((r) => String(r.name));
  const pk = info.rows
    .filter((r) => Number(r.pk) > 0)
    .sort((x, y) => Number(x.pk) - Number(y.pk))
    .map((r) => String(r.name));
  const rs = await db.execute(`SELECT ${pk.length > 0 ? '' : 'rowid AS row_id, '}* FROM ${table} LIMIT 1`);
  const row = rs.rows[0];
  if (!row) return undefined;
  return {
    columns,
    values: columns.map((c) => row[c] as InValue),
    where: pk.length > 0 ? pk.map((c) => `${c} = ?`).join(' AND ') : 'rowid = ?',
    args: (pk.length > 0 ? pk.map((c) => row[c]) : [row.row_id]) as InValue[],
  };
}

/** The product a row of `table` belongs to (a review's for a recommendation), if any. */
async function productOfRow(db: Executor, table: string, values: InValue[]): Promise<number | undefined> {
  const row = await firstRow(db, table);
  const at = (column: string) => values[row!.columns.indexOf(column)];
  if (table === 'review_recommendations') {
    const rs = await db.execute({
      sql: 'SELECT product_no FROM product_reviews WHERE review_no = ?',
      args: [at('review_no') ?? null],
    });
    return Number(rs.rows[0]?.product_no);
  }
  return row!.columns.includes('product_no') ? Number(at('product_no')) : undefined;
}

describe('page cache (decisions 043 and 053)', () => {
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

  it('a page rendered whole is kept as its bytes and sent whole, from memory too (decision 074)', async () => {
    await withCatalog();
    const html = new TextEncoder().encode(`<!doctype html><title>상품</title>${LONG}`);
    let renders = 0;
    const app = createServerApp(
      () => {
        renders++;
        return wholeResponse(html, {
          headers: { 'Content-Type': 'text/html', 'Content-Length': String(html.byteLength) },
        });
      },
      { pageCache: { store: new PageStore(8 * 1024 * 1024), database: () => Promise.resolve(t!.db) } },
    );
    for (const encoding of ['br', 'identity']) {
      const miss = await app.request(`/products/${PRODUCT}`, { headers: { 'Accept-Encoding': encoding } });
      const hit = await app.request(`/products/${PRODUCT}`, { headers: { 'Accept-Encoding': encoding } });
      expect([miss.headers.get('X-Page-Cache'), hit.headers.get('X-Page-Cache')]).toEqual(['miss', 'hit']);
      const sent = wholeBodyOf(miss);
      expect(sent).toBeDefined();
      expect(wholeBodyOf(hit)).toEqual(sent);
      expect(Buffer.from(await hit.arrayBuffer()).equals(Buffer.from(await miss.arrayBuffer()))).toBe(true);
      if (encoding === 'identity') expect(sent).toEqual(html);
      else expect(brotliDecompressSync(sent!).equals(Buffer.from(html))).toBe(true);
    }
    expect(renders).toBe(2);
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
    expect(rs.rows.map((r) => [r.tbl_name, r.n])).toEqual(
      Object.keys(WATCHED_TABLES).map((name) => [name, 3 + (EXTRA_TRIGGERS[name] ?? 0)]),
    );
  });

  it('a write to each table and column makes stale exactly the pages that show it, per scope', async () => {
    t = await createTestDb();
    await seedIfEmpty(t.db, { images: false });
    const db = t.db;
    await shopperRows(db);
    const s = catalogueShop();
    const written = new Set<string>();
    const deleteAndInsert: {
      table: string;
      row: NonNullable<Awaited<ReturnType<typeof firstRow>>>;
      pages: Pages;
    }[] = [];
    let columnsWritten = 0;
    for (const [table, tableScope] of Object.entries(WATCHED_TABLES)) {
      const row = await firstRow(db, table);
      // the demo has no row in a few (page scripts, article images…): their triggers are counted above
      if (!row) continue;
      written.add(table);
      const productNo = await productOfRow(db, table, row.values);
      const pages = await pagesAround(db, productNo);
      for (const column of row.columns) {
        const scope: Scope = PRODUCT_COLUMNS[table]?.includes(column) ? 'product' : tableScope;
        await s.warm(pages);
        const before = await readCacheVersions(db, pages.productNo);
        // an update to the same value still counts: the statement wrote the row
        await db.execute({
          sql: `UPDATE ${table} SET ${column} = ${column} WHERE ${row.where}`,
          args: row.args,
        });
        await s.expectStale(pages, scope, before, `${table}.${column}`);
        columnsWritten++;
      }
      if (tableScope === 'product') deleteAndInsert.push({ table, row, pages });
    }
    // each product-scoped row deleted and put back (one transaction): each of the two is that
    // product's alone. Recommendations before their review, whose delete takes them along.
    for (const { table, row, pages } of deleteAndInsert.reverse()) {
      await s.warm(pages);
      const before = await readCacheVersions(db, pages.productNo);
      const tx = await db.transaction('write');
      await tx.execute('PRAGMA defer_foreign_keys = ON');
      await tx.execute({ sql: `DELETE FROM ${table} WHERE ${row.where}`, args: row.args });
      const deleted = await readCacheVersions(tx, pages.productNo);
      await tx.execute({
        sql: `INSERT INTO ${table} (${row.columns.join(', ')}) VALUES (${row.columns.map(() => '?').join(', ')})`,
        args: row.values,
      });
      const inserted = await readCacheVersions(tx, pages.productNo);
      await tx.commit();
      tx.close();
      expect(deleted.product!.stamp, `${table} delete`).toBeGreaterThan(before.product!.stamp);
      expect(inserted.product!.stamp, `${table} insert`).toBeGreaterThan(deleted.product!.stamp);
      await s.expectStale(pages, 'product', before, `${table} delete and insert`);
    }
    expect(written.size).toBeGreaterThanOrEqual(24);
    for (const [table, scope] of Object.entries(WATCHED_TABLES))
      if (scope === 'product') expect(written.has(table), table).toBe(true);
    expect(columnsWritten).toBeGreaterThan(150);
  }, 120_000);

  /** An order's stock step as the order workflow runs it: the option's stock and the sale counter. */
  async function order(productNo: number, cnt: number) {
    const db = t!.db;
    const rs = await db.execute({
      sql: 'SELECT option_no FROM product_options WHERE product_no = ? ORDER BY option_no LIMIT 1',
      args: [productNo],
    });
    const optionNo = Number(rs.rows[0]?.option_no);
    const tx = await db.transaction('write');
    const entry = {
      reason: 'ORDER',
      channel: 'WEB',
      actorLabel: '주문자 김포도',
      now: new Date().toISOString(),
    } as const;
    expect(await catalogSteps.takeStock(tx, optionNo, cnt, entry)).toBe(true);
    await catalogSteps.countSale(tx, productNo, cnt);
    await tx.commit();
    tx.close();
    return optionNo;
  }

  it("an order that leaves the product buyable: lists stay in memory, only that product's page renders again", async () => {
    await withCatalog();
    const s = catalogueShop();
    const pages = await pagesAround(t!.db, PRODUCT);
    expect(pages.lists).toEqual(['/', '/categories/529105']);
    await s.warm({ ...pages, lists: [...pages.lists, '/categories/529106', '/best'] });
    expect((await s.get(pages.product)).html).toContain('재고 10개');
    const before = await readCacheVersions(t!.db, PRODUCT);

    await order(PRODUCT, 1);

    for (const path of ['/', '/categories/529105', '/categories/529106', '/best', pages.other])
      expect((await s.get(path)).cache, path).toBe('hit');
    const page = await s.get(pages.product);
    expect(page.cache).toBe('miss');
    expect(page.html).toContain('재고 9개');
    expect((await s.get(pages.product)).cache).toBe('hit');
    const after = await readCacheVersions(t!.db, PRODUCT);
    expect(after.catalogue).toBe(before.catalogue);
    // the other product's stamp did not move: its page is still the one in memory
    expect((await readCacheVersions(t!.db, 102)).product!.stamp).toBe(0);
  });

  it('stock reaching zero shows 품절 in every list at once, and so does stock coming back', async () => {
    await withCatalog();
    const s = catalogueShop();
    const pages = await pagesAround(t!.db, PRODUCT);
    await s.warm(pages);
    expect((await s.get('/')).html).toContain('101: 20000원</li>');

    const optionNo = await order(PRODUCT, 10); // the last ten
    const home = await s.get('/');
    expect(home.cache).toBe('miss');
    expect(home.html).toContain('101: 20000원 품절</li>');
    expect((await s.get('/categories/529105')).cache).toBe('miss');
    expect((await s.get(pages.product)).html).toContain('재고 0개');

    await s.warm(pages);
    const tx = await t!.db.transaction('write');
    const entry = {
      reason: 'RECEIVE',
      channel: 'MANAGER',
      actorLabel: '관리자',
      now: new Date().toISOString(),
    } as const;
    expect(await catalogSteps.moveStock(tx, optionNo, 3, entry)).toBe(true);
    await tx.commit();
    tx.close();
    const back = await s.get('/');
    expect(back.cache).toBe('miss');
    expect(back.html).toContain('101: 20000원</li>');
  });

  it('a price change makes every page showing it render again', async () => {
    await withCatalog();
    const s = catalogueShop();
    const pages = await pagesAround(t!.db, PRODUCT);
    await s.warm(pages);
    const before = await readCacheVersions(t!.db, PRODUCT);
    await t!.db.execute({
      sql: 'UPDATE products SET sale_price = 18900 WHERE product_no = ?',
      args: [PRODUCT],
    });
    await s.expectStale(pages, 'catalogue', before, 'sale_price');
    expect((await s.get('/')).html).toContain('101: 18900원</li>');
    expect((await s.get(pages.product)).html).toContain('18900원');
  });

  it('a product page rendered while its stock changed is not kept (tagged with the stamp read before)', async () => {
    await withCatalog();
    const store = new PageStore(1024 * 1024);
    let write = true;
    const app = createServerApp(
      async (c) => {
        const rs = await t!.db.execute({
          sql: 'SELECT stock_cnt FROM product_options WHERE product_no = ?',
          args: [PRODUCT],
        });
        if (write) {
          write = false;
          await order(PRODUCT, 2); // an order completes between this page's read and its answer
        }
        c.header(PAGE_PRODUCT_HEADER, String(PRODUCT));
        return c.html(`<p>재고 ${String(rs.rows[0]?.stock_cnt)}개</p>${LONG}`);
      },
      { pageCache: { store, database: () => Promise.resolve(t!.db) } },
    );
    expect(await (await app.request('/products/101')).text()).toContain('재고 10개');
    const next = await app.request('/products/101');
    expect(next.headers.get('X-Page-Cache')).toBe('miss');
    expect(await next.text()).toContain('재고 8개');
    expect((await app.request('/products/101')).headers.get('X-Page-Cache')).toBe('hit');
  });

  it('a new product and a deleted one change the lists', async () => {
    await withCatalog();
    const db = t!.db;
    const v0 = await readCacheVersion(db);
    const cols = (
      await db.execute(
        "SELECT name FROM pragma_table_info('products') WHERE name NOT IN ('product_no', 'slug')",
      )
    ).rows
      .map((r) => String(r.name))
      .join(', ');
    await db.execute(
      `INSERT INTO products (product_no, slug, ${cols}) SELECT 900, 'copy-of-101', ${cols} FROM products WHERE product_no = 101`,
    );
    const v1 = await readCacheVersion(db);
    expect(v1).toBeGreaterThan(v0);
    await db.execute('UPDATE products SET like_cnt = like_cnt + 1 WHERE product_no = 900');
    expect(
      (await db.execute('SELECT COUNT(*) AS n FROM product_cache_versions WHERE product_no = 900')).rows[0]
        ?.n,
    ).toBe(1);
    await db.execute('DELETE FROM products WHERE product_no = 900');
    expect(await readCacheVersion(db)).toBeGreaterThan(v1);
    // its stamp goes with it
    expect(
      (await db.execute('SELECT COUNT(*) AS n FROM product_cache_versions WHERE product_no = 900')).rows[0]
        ?.n,
    ).toBe(0);
  });

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

  it("two processes on one database: one process's writes reach the other's cache at once, per scope", async () => {
    await withCatalog();
    const dbPath = join(t!.dir, 'shop.db');
    servers = await Promise.all([
      startApiProcess(dbPath, {}, 'tests/fixtures/page-cache-server.ts'),
      startApiProcess(dbPath, {}, 'tests/fixtures/page-cache-server.ts'),
    ]);
    const [a, b] = servers.map((s) => s.url);
    const page = async (base: string, path = `/products/${PRODUCT}`) => {
      const res = await fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(res.headers.has(PAGE_PRODUCT_HEADER)).toBe(false);
      return { cache: res.headers.get('X-Page-Cache'), html: await res.text() };
    };
    for (const path of ['/', `/products/${PRODUCT}`, '/products/102']) {
      await page(a!, path);
      expect((await page(a!, path)).cache, path).toBe('hit');
    }
    await page(b!);
    expect((await page(b!)).cache).toBe('hit');

    // an order's stock step on the other process: only that product's page renders again
    expect((await fetch(`${b}/products/${PRODUCT}?take=1`, { method: 'POST' })).status).toBe(200);
    const taken = await page(a!);
    expect(taken.cache).toBe('miss');
    expect(taken.html).toContain('재고 9개');
    expect((await page(a!, '/')).cache).toBe('hit');
    expect((await page(a!, '/products/102')).cache).toBe('hit');

    expect((await fetch(`${b}/products/${PRODUCT}?price=12900`, { method: 'POST' })).status).toBe(200);
    // no wait: the very next request on the other process renders again, every page
    const after = await page(a!);
    expect(after.cache).toBe('miss');
    expect(after.html).toContain('12900원');
    expect((await page(a!)).cache).toBe('hit');
    const home = await page(a!, '/');
    expect(home.cache).toBe('miss');
    expect(home.html).toContain('101: 12900원');
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

  it("keeps a product page while its product's stamp is not past the one read before rendering", () => {
    const store = new PageStore(10_000);
    store.sync(1);
    store.set('p', { ...page(10), productNo: 101, stamp: 7 }, 1);
    expect(store.productOf('p')).toBe(101);
    const at = (stamp: number, productNo = 101) => ({
      catalogue: 1,
      stamp: 9,
      product: { productNo, stamp },
    });
    expect(store.get('p', Date.now(), at(0))).toBeDefined(); // never written since
    expect(store.get('p', Date.now(), at(7))).toBeDefined(); // written before it was rendered
    expect(store.get('p', Date.now(), { catalogue: 1, stamp: 9 })).toBeUndefined(); // no stamp read: not served
    store.set('p', { ...page(10), productNo: 101, stamp: 7 }, 1);
    expect(store.get('p', Date.now(), at(7, 102))).toBeUndefined(); // another product's stamp
    store.set('p', { ...page(10), productNo: 101, stamp: 7 }, 1);
    expect(store.get('p', Date.now(), at(8))).toBeUndefined(); // written since: dropped
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
    // a page of no one product follows the catalogue version alone
    store.set('home', page(10), 1);
    expect(store.get('home', Date.now(), at(8))).toBeDefined();
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

describe('keyedVersionReader', () => {
  it('shares reads per key, never across keys, and forgets idle keys', async () => {
    const reads: (number | undefined)[] = [];
    const gates: (() => void)[] = [];
    const read = keyedVersionReader((key: number | undefined) => {
      reads.push(key);
      return new Promise<number>((resolve) => gates.push(() => resolve(reads.length)));
    });
    const first = read(101);
    const second = read(101); // arrives while the first read is out: waits for the next one
    const third = read(101); // shares that next read
    const other = read(undefined);
    expect(reads).toEqual([101, undefined]);
    gates.shift()!();
    await first;
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toEqual([101, undefined, 101]);
    gates.forEach((open) => open());
    expect(await second).toBe(await third);
    await other;
    const last = read(101);
    expect(reads).toEqual([101, undefined, 101, 101]); // a fresh read for a fresh request
    gates.at(-1)!();
    expect(await last).toBe(4);
  });
});
