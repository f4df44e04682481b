import type { InStatement } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { BEST_RANKS } from './badges.ts';
import { COUNT_CAP, findProductList } from './list-repo.ts';
import type { ProductSearchQuery } from './schema.ts';
import { listCatalog, searchProducts } from './service.ts';

/**
 * Lists with more matches than COUNT_CAP: the count stops at the cap and says so, and the page is
 * read by walking the order's index (price orders through a bound) — it must be exactly the page
 * a full sort would give, discounts within and outside their period included.
 */
let t: TestDb;
const MANY = COUNT_CAP + 150;
beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  await t.db.batch(
    [
      {
        sql: `WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n + 1 < ?)
        INSERT INTO products (product_no, slug, product_name, partner_no, brand_no, delivery_template_no,
          sale_start_ymdt, sale_price, immediate_discount_value, immediate_discount_unit,
          immediate_discount_start_ymdt, immediate_discount_end_ymdt, sale_cnt, review_cnt, review_rating,
          like_cnt, register_ymdt, updated_ymdt, sale_status)
        SELECT 5000 + n, 'many-' || n, '대용량 방석 ' || n, 1, 10, 100,
          '2024-01-' || printf('%02d', 1 + n % 28) || 'T00:00:00.000Z', 1000 + (n * 37) % 50 * 100,
          CASE n % 4 WHEN 0 THEN 10 WHEN 1 THEN 700 ELSE 0 END,
          CASE n % 4 WHEN 0 THEN 'RATE' ELSE 'WON' END,
          CASE WHEN n % 8 = 1 THEN '2020-01-01T00:00:00.000Z' END,
          CASE WHEN n % 8 = 1 THEN '2020-12-31T00:00:00.000Z' END,
          (n * 13) % 40, (n * 7) % 25, (n % 5) + 0.5, (n * 3) % 10,
          '2024-02-' || printf('%02d', 1 + n % 28) || 'T00:00:00.000Z', '2024-01-01T00:00:00.000Z',
          CASE WHEN n % 50 = 7 THEN 'FINISHED' ELSE 'ONSALE' END
        FROM seq`,
        args: [MANY],
      },
      `INSERT INTO product_categories (product_no, category_no) SELECT product_no, 529106 FROM products WHERE product_no >= 5000`,
      `INSERT INTO product_options (product_no, stock_cnt, is_default) SELECT product_no, 3, 1 FROM products WHERE product_no >= 5000`,
    ],
    'write',
  );
});
afterAll(() => t.close());

interface Row {
  no: number;
  price: number;
  popular: number;
  sale: number;
  start: string;
  registered: string;
  reviews: number;
  rating: number;
}

/** Every listable product of category 529105 (529106 is its child) with what the orders read, the price as of now. */
async function everything(): Promise<Row[]> {
  const rs = await t.db.execute(`SELECT p.product_no AS no,
      CASE WHEN p.immediate_discount_value > 0
        AND (p.immediate_discount_start_ymdt IS NULL OR p.immediate_discount_start_ymdt <= datetime('now'))
        AND (p.immediate_discount_end_ymdt IS NULL OR p.immediate_discount_end_ymdt > datetime('now'))
      THEN p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN p.sale_price * p.immediate_discount_value / 100
        ELSE p.immediate_discount_value END ELSE p.sale_price END AS price,
      p.sale_cnt * 2 + p.review_cnt + p.like_cnt AS popular, p.sale_cnt AS sale, p.sale_start_ymdt AS start,
      p.register_ymdt AS registered, p.review_cnt AS reviews, p.review_rating AS rating
    FROM products p WHERE p.sale_status IN ('ONSALE', 'READY') AND p.front_display = 1
      AND p.product_no IN (SELECT product_no FROM product_categories WHERE category_no IN (529105, 529106))`);
  return rs.rows as unknown as Row[];
}

const by =
  (...keys: ((r: Row) => number | string)[]) =>
  (a: Row, b: Row) => {
    for (const k of keys) {
      const x = k(a);
      const y = k(b);
      if (x !== y) return x < y ? -1 : 1;
    }
    return b.no - a.no;
  };
const neg = (f: (r: Row) => number) => (r: Row) => -f(r);

describe('lists with more than COUNT_CAP matches', () => {
  it('say the count stopped at the cap, and the search API gives the cap as its count', async () => {
    const page = await listCatalog(t.db, { categoryNos: [529106], pageSize: 20 });
    expect(page).toMatchObject({ totalCount: COUNT_CAP, countCapped: true, pageCount: COUNT_CAP / 20 });
    expect(page.items).toHaveLength(20);
    const api = await searchProducts(t.db, { keywords: '방석', pageSize: 20 });
    expect(api.totalCount).toBe(COUNT_CAP);
    expect(api).not.toHaveProperty('countCapped');
    const few = await listCatalog(t.db, { keywords: '세탁기' });
    expect(few).toMatchObject({ totalCount: 1, countCapped: false });
  });

  const cases: [string, ProductSearchQuery, (a: Row, b: Row) => number][] = [
    [
      'popular',
      { orderBy: 'POPULAR' },
      by(
        neg((r) => r.popular),
        neg((r) => r.sale),
      ),
    ],
    ['price, lowest first', { orderBy: 'DISCOUNTED_PRICE', direction: 'ASC' }, by((r) => r.price)],
    ['price, highest first', { orderBy: 'DISCOUNTED_PRICE' }, by(neg((r) => r.price))],
    [
      'reviews',
      { orderBy: 'REVIEW' },
      by(
        neg((r) => r.reviews),
        neg((r) => r.rating),
      ),
    ],
    ['sales', { orderBy: 'SALE_CNT' }, by(neg((r) => r.sale))],
  ];
  for (const [name, q, compare] of cases) {
    it(`walk the ${name} order to exactly the page a full sort gives (pages 1 and 7)`, async () => {
      const all = (await everything()).sort(compare).map((r) => r.no);
      for (const pageNumber of [1, 7]) {
        const page = await listCatalog(t.db, { categoryNos: [529105], pageSize: 20, pageNumber, ...q });
        expect(page.items.map((i) => i.productNo)).toEqual(all.slice((pageNumber - 1) * 20, pageNumber * 20));
      }
    });
  }

  it('walk the newest order (sale start, then registration)', async () => {
    const all = (await everything())
      .sort((a, b) =>
        a.start !== b.start
          ? a.start < b.start
            ? 1
            : -1
          : a.registered !== b.registered
            ? a.registered < b.registered
              ? 1
              : -1
            : b.no - a.no,
      )
      .map((r) => r.no);
    const page = await listCatalog(t.db, {
      categoryNos: [529105],
      orderBy: 'SALE_YMD',
      pageSize: 30,
      pageNumber: 3,
    });
    expect(page.items.map((i) => i.productNo)).toEqual(all.slice(60, 90));
  });

  it(`counts a BEST rank only up to ${BEST_RANKS + 1}: a page of slow sellers does not count every better one`, async () => {
    const { rows } = await findProductList(
      t.db,
      {
        now: new Date().toISOString(),
        soldout: true,
        onSaleOnly: false,
        excludeBrandPartner: false,
        categoryNos: [529105],
      },
      { by: 'SALE_CNT', direction: 'ASC', soldoutPlaceEnd: false },
      { limit: 20, offset: 100 },
    );
    expect(rows).toHaveLength(20);
    // hundreds sold more than each of these: the rank says only "past the badge's ranks"
    for (const row of rows) expect(row.best_rank).toBe(BEST_RANKS + 1);
  });

  it('the search API finds its matches once for the count, price range and facets (of the first COUNT_CAP + 1)', async () => {
    const statements: string[] = [];
    const spy = {
      ...t.db,
      execute: (st: InStatement) => {
        statements.push(typeof st === 'string' ? st : st.sql);
        return t.db.execute(st);
      },
    } as typeof t.db;
    const api = await searchProducts(spy, { keywords: '방석', pageSize: 20 });
    expect(api.totalCount).toBe(COUNT_CAP);
    // the facets count what the summary counted: the first COUNT_CAP + 1 found, not every match
    expect(api.brands.reduce((n, b) => n + b.count, 0)).toBe(COUNT_CAP + 1);
    expect(api.depth1Categories.find((c) => c.categoryNo === 529105)?.count).toBe(COUNT_CAP + 1);
    // one statement for count, price range and facets, one for the page
    expect(statements.filter((sql) => sql.includes('MATCH'))).toHaveLength(2);
    // Podo's own lists ask for no facets
    statements.length = 0;
    await listCatalog(spy, { keywords: '방석', pageSize: 20 });
    expect(statements.some((sql) => /ancestry|brand_order/.test(sql))).toBe(false);
  });
});
