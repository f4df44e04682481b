import { beforeEach, describe, expect, it } from 'vitest';
import { catalogDbPerFile } from '../../../tests/fixtures/catalog-db.ts';
import { addGeneratedProducts, VARIED_PRICES_AND_COUNTS } from '../../../tests/fixtures/catalog.ts';
import { pageStatementOf, recordingStatements } from '../../../tests/fixtures/statements.ts';
import type { Db } from '../db/client.ts';
import { BEST_RANKS } from './badges.ts';
import {
  COUNT_CAP,
  findProductList,
  keptSummariesSettled,
  LIST_HEAD,
  SUMMARY_MAX_AGE_MS,
  type ProductListFilter,
  type ProductListOrder,
} from './list-repo.ts';
import type { ProductSearchQuery } from './schema.ts';
import { SEARCH_KEY_STEP } from './search-key.ts';
import { parseSearch } from './search-terms.ts';
import { listCatalog, searchProducts } from './service.ts';

/**
 * Lists with more matches than COUNT_CAP: the count stops at the cap and says so, and the page is
 * read by walking the order's index (price orders through a bound) — it must be exactly the page
 * a full sort would give, discounts within and outside their period included.
 */
const MANY = COUNT_CAP + 150;
const testDb = catalogDbPerFile((db) =>
  addGeneratedProducts(db, {
    firstNo: 5000,
    count: MANY,
    categoryNo: 529106,
    columns: {
      slug: "'many-' || n",
      product_name: "'대용량 방석 ' || n",
      sale_start_ymdt: "'2024-01-' || printf('%02d', 1 + n % 28) || 'T00:00:00.000Z'",
      ...VARIED_PRICES_AND_COUNTS,
      like_cnt: '(n * 3) % 10',
      register_ymdt: "'2024-02-' || printf('%02d', 1 + n % 28) || 'T00:00:00.000Z'",
      sale_status: "CASE WHEN n % 50 = 7 THEN 'FINISHED' ELSE 'ONSALE' END",
    },
  }),
);
const db = () => testDb().db;

/** The query plan (EXPLAIN QUERY PLAN's lines) of the page statement that `call` ran. */
async function pagePlanOf(call: (spy: Db) => Promise<unknown>): Promise<string[]> {
  const { db: spy, statements } = recordingStatements(db());
  await call(spy);
  const pageStatement = pageStatementOf(statements);
  const plan = await db().execute({ ...pageStatement, sql: `EXPLAIN QUERY PLAN ${pageStatement.sql}` });
  return plan.rows.map((r) => String(r.detail));
}

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

/** The price now, worked out here (not with the code's PRICE_SQL). */
const PRICE_NOW = `CASE WHEN p.immediate_discount_value > 0
        AND (p.immediate_discount_start_ymdt IS NULL OR p.immediate_discount_start_ymdt <= datetime('now'))
        AND (p.immediate_discount_end_ymdt IS NULL OR p.immediate_discount_end_ymdt > datetime('now'))
      THEN p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN p.sale_price * p.immediate_discount_value / 100
        ELSE p.immediate_discount_value END ELSE p.sale_price END AS price`;

/** Every listable product of category 529105 (529106 is its child) with what the orders read, the price as of now. */
async function everything(): Promise<Row[]> {
  const rs = await db().execute(`SELECT p.product_no AS no, ${PRICE_NOW},
      p.sale_cnt * 2 + p.review_cnt + p.like_cnt AS popular, p.sale_cnt AS sale, p.sale_start_ymdt AS start,
      p.register_ymdt AS registered, p.review_cnt AS reviews, p.review_rating AS rating
    FROM products p WHERE p.sale_status IN ('ONSALE', 'READY') AND p.front_display = 1
      AND p.product_no IN (SELECT product_no FROM product_categories WHERE category_no IN (529105, 529106))`);
  return rs.rows as unknown as Row[];
}

/** Every listable product the keyword 방석 finds (read without the walk: the whole match list). */
async function everyCushion(): Promise<Row[]> {
  const rs = await db()
    .execute(`SELECT p.product_no AS no, p.sale_cnt * 2 + p.review_cnt + p.like_cnt AS popular,
      p.sale_cnt AS sale, ${PRICE_NOW}, p.sale_start_ymdt AS start, p.register_ymdt AS registered
    FROM products p WHERE p.sale_status IN ('ONSALE', 'READY') AND p.front_display = 1
      AND p.product_no IN (SELECT rowid & ${SEARCH_KEY_STEP - 1} FROM product_terms
        WHERE product_terms MATCH 'grams : "방석"')`);
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
/** Text keys compared in `dir` (1 lowest first, -1 highest first), ties by the higher number first. */
const byText =
  (dir: 1 | -1, ...keys: ((r: Row) => string)[]) =>
  (a: Row, b: Row) => {
    for (const k of keys) {
      const x = k(a);
      const y = k(b);
      if (x !== y) return x < y ? -dir : dir;
    }
    return b.no - a.no;
  };

describe('lists with more than COUNT_CAP matches', () => {
  it('say the count stopped at the cap, and the search API gives the cap as its count', async () => {
    const page = await listCatalog(db(), { categoryNos: [529106], pageSize: 20 });
    expect(page).toMatchObject({ totalCount: COUNT_CAP, countCapped: true, pageCount: COUNT_CAP / 20 });
    expect(page.items).toHaveLength(20);
    const api = await searchProducts(db(), { keywords: '방석', pageSize: 20 });
    expect(api.totalCount).toBe(COUNT_CAP);
    expect(api).not.toHaveProperty('countCapped');
    const few = await listCatalog(db(), { keywords: '세탁기' });
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
    it(`walk the ${name} order to exactly the page a full sort gives (pages 1, 7 and 50)`, async () => {
      const all = (await everything()).sort(compare).map((r) => r.no);
      for (const pageNumber of [1, 7, 50]) {
        const page = await listCatalog(db(), { categoryNos: [529105], pageSize: 20, pageNumber, ...q });
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
    const page = await listCatalog(db(), {
      categoryNos: [529105],
      orderBy: 'SALE_YMD',
      pageSize: 30,
      pageNumber: 3,
    });
    expect(page.items.map((i) => i.productNo)).toEqual(all.slice(60, 90));
  });

  it(`counts a BEST rank only up to ${BEST_RANKS + 1}: a page of slow sellers does not count every better one`, async () => {
    const { rows } = await findProductList(
      db(),
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

  describe('a keyword with more matches than COUNT_CAP, in the popular order', () => {
    const popularFirst = by(
      neg((r) => r.popular),
      neg((r) => r.sale),
    );
    const leastFirst = by(
      (r) => r.popular,
      (r) => r.sale,
    );
    const page = async (q: ProductSearchQuery) =>
      (await listCatalog(db(), { keywords: '방석', pageSize: 20, ...q })).items.map((i) => i.productNo);

    it('walks the search index from its most popular end to exactly the page a full sort gives', async () => {
      const all = (await everyCushion()).sort(popularFirst).map((r) => r.no);
      expect(all.length).toBeGreaterThan(COUNT_CAP);
      for (const pageNumber of [1, 2, 7, 50]) {
        expect(await page({ pageNumber })).toEqual(all.slice((pageNumber - 1) * 20, pageNumber * 20));
      }
      const least = (await everyCushion()).sort(leastFirst).map((r) => r.no);
      for (const pageNumber of [1, 7])
        expect(await page({ pageNumber, direction: 'ASC' })).toEqual(
          least.slice((pageNumber - 1) * 20, pageNumber * 20),
        );
    });

    it('follows sales that move products to another bucket, and a filter checked on the way', async () => {
      // the most popular fall back, and four others become the most popular
      await db().execute(`UPDATE products SET sale_cnt = 0, review_cnt = 0, like_cnt = 0
        WHERE product_no IN (SELECT product_no FROM products WHERE product_no >= 5000
          ORDER BY sale_cnt * 2 + review_cnt + like_cnt DESC LIMIT 5)`);
      await db().execute(
        `UPDATE products SET sale_cnt = sale_cnt + 3000 WHERE product_no IN (5000, 5001, 5002, 5003)`,
      );
      const all = (await everyCushion()).sort(popularFirst).map((r) => r.no);
      expect(all.slice(0, 4).sort((a, b) => a - b)).toEqual([5000, 5001, 5002, 5003]);
      expect(await page({})).toEqual(all.slice(0, 20));
      expect(await page({ pageNumber: 3 })).toEqual(all.slice(40, 60));
      // a category and the keyword: the category is checked on the index's walk
      const inCategory = await listCatalog(db(), { keywords: '방석', categoryNos: [529105], pageSize: 20 });
      expect(inCategory.countCapped).toBe(true);
      expect(inCategory.items.map((i) => i.productNo)).toEqual(all.slice(0, 20));
    });

    it('sorts a last bucket that holds several popularities exactly (across 1,000, where buckets widen)', async () => {
      // 300 matches between 900 and ~1,150: one popularity a bucket below 1,000, ten above
      // (decision 065), with ties of popularity and of sales inside a bucket
      await db().execute(`UPDATE products SET sale_cnt = 450 + (product_no * 7) % 60,
          review_cnt = (product_no * 11) % 40, like_cnt = (product_no * 3) % 10
        WHERE product_no BETWEEN 5100 AND 5399`);
      const all = (await everyCushion()).sort(popularFirst).map((r) => r.no);
      for (const pageNumber of [1, 2, 3, 7, 14, 15])
        expect(await page({ pageNumber })).toEqual(all.slice((pageNumber - 1) * 20, pageNumber * 20));
      for (const pageSize of [7, 33])
        expect(
          (await listCatalog(db(), { keywords: '방석', pageSize, pageNumber: 2 })).items.map(
            (i) => i.productNo,
          ),
        ).toEqual(all.slice(pageSize, pageSize * 2));
      const least = (await everyCushion()).sort(leastFirst).map((r) => r.no);
      for (const pageNumber of [45, 48, 50])
        expect(await page({ pageNumber, direction: 'ASC' })).toEqual(
          least.slice((pageNumber - 1) * 20, pageNumber * 20),
        );
    });

    it('reads no list of every match: the page statement walks the index and stops', async () => {
      // past the first pages kept with the summary (LIST_HEAD, decision 080), which the walk reads
      const pageNumber = LIST_HEAD / 20 + 1;
      const details = await pagePlanOf((spy) =>
        listCatalog(spy, { keywords: '방석', pageSize: 20, pageNumber }),
      );
      // a LIST SUBQUERY over the index would collect every match (33,000 for 방진 at 100,000 products)
      // (a list page's cards read no options' totals, decision 079: no list subquery at all)
      expect(details.filter((d) => d.startsWith('LIST SUBQUERY'))).toHaveLength(0);
      expect(details.some((d) => /SCAN product_terms VIRTUAL TABLE/.test(d))).toBe(true);
    });

    it('reads no list of every match for the search API’s whole items either', async () => {
      const pageNumber = LIST_HEAD / 20 + 1;
      const details = await pagePlanOf((spy) =>
        searchProducts(spy, { keywords: '방석', pageSize: 20, pageNumber }),
      );
      expect(details.filter((d) => d.startsWith('LIST SUBQUERY'))).toHaveLength(1); // the options of the page's rows
      expect(details.some((d) => /SCAN product_terms VIRTUAL TABLE/.test(d))).toBe(true);
    });
  });

  describe('a keyword with more matches than COUNT_CAP, by newest and by price', () => {
    const orders: [string, ProductSearchQuery, (a: Row, b: Row) => number][] = [
      [
        'newest',
        { orderBy: 'SALE_YMD' },
        byText(
          -1,
          (r) => r.start,
          (r) => r.registered,
        ),
      ],
      [
        'oldest',
        { orderBy: 'SALE_YMD', direction: 'ASC' },
        byText(
          1,
          (r) => r.start,
          (r) => r.registered,
        ),
      ],
      ['price, lowest first', { orderBy: 'DISCOUNTED_PRICE', direction: 'ASC' }, by((r) => r.price)],
      ['price, highest first', { orderBy: 'DISCOUNTED_PRICE' }, by(neg((r) => r.price))],
    ];
    const page = async (q: ProductSearchQuery) =>
      (await listCatalog(db(), { keywords: '방석', pageSize: 20, ...q })).items.map((i) => i.productNo);

    for (const [name, q, compare] of orders) {
      it(`gives exactly the pages a full sort gives: ${name} (pages 1, 2, 7 and 50)`, async () => {
        const all = (await everyCushion()).sort(compare).map((r) => r.no);
        expect(all.length).toBeGreaterThan(COUNT_CAP);
        for (const pageNumber of [1, 2, 7, 50]) {
          expect(await page({ ...q, pageNumber })).toEqual(all.slice((pageNumber - 1) * 20, pageNumber * 20));
        }
      });
    }

    it('moves a product at once when its price, its discount or its sale start changes', async () => {
      await db().execute('UPDATE products SET sale_price = 10 WHERE product_no = 5010');
      await db().execute('UPDATE products SET sale_price = 9000000 WHERE product_no = 5011');
      await db().execute(`UPDATE products SET immediate_discount_value = 99, immediate_discount_unit = 'RATE',
        immediate_discount_start_ymdt = '2020-01-01T00:00:00.000Z', immediate_discount_end_ymdt = '2099-01-01T00:00:00.000Z'
        WHERE product_no = 5012`);
      await db().execute(
        "UPDATE products SET sale_start_ymdt = '2150-01-01T00:00:00.000Z' WHERE product_no = 5013",
      );
      for (const [, q, compare] of orders) {
        const all = (await everyCushion()).sort(compare).map((r) => r.no);
        expect(await page(q)).toEqual(all.slice(0, 20));
        expect(await page({ ...q, pageNumber: 7 })).toEqual(all.slice(120, 140));
      }
      expect((await page({ orderBy: 'DISCOUNTED_PRICE', direction: 'ASC' })).slice(0, 2)).toEqual([
        5010, 5012,
      ]);
      expect((await page({ orderBy: 'DISCOUNTED_PRICE' }))[0]).toBe(5011);
      expect((await page({ orderBy: 'SALE_YMD' }))[0]).toBe(5013);
      // a category and the keyword: the category is checked on the index's walk
      const all = (await everyCushion()).sort(by((r) => r.price)).map((r) => r.no);
      const inCategory = await listCatalog(db(), {
        keywords: '방석',
        categoryNos: [529105],
        orderBy: 'DISCOUNTED_PRICE',
        direction: 'ASC',
        pageSize: 20,
      });
      expect(inCategory.countCapped).toBe(true);
      expect(inCategory.items.map((i) => i.productNo)).toEqual(all.slice(0, 20));
    });

    it('reads no list of every match: the page statement walks the second index and stops', async () => {
      for (const [, q] of orders) {
        // past the first pages the summary keeps (decision 085)
        const details = await pagePlanOf((spy) =>
          listCatalog(spy, { keywords: '방석', pageSize: 20, pageNumber: LIST_HEAD / 20 + 1, ...q }),
        );
        expect(details.filter((d) => d.startsWith('LIST SUBQUERY'))).toHaveLength(0); // cards: no options' totals
        expect(details.some((d) => /SCAN product_terms_sorted VIRTUAL TABLE/.test(d))).toBe(true);
      }
    });
  });

  it('bound a price page by the walk’s last price and number: only the products before it are looked up', async () => {
    for (const direction of ['ASC', 'DESC'] as const) {
      // past the first pages the summary keeps (decision 085)
      const details = await pagePlanOf((spy) =>
        listCatalog(spy, {
          categoryNos: [529105],
          orderBy: 'DISCOUNTED_PRICE',
          direction,
          pageSize: 20,
          pageNumber: LIST_HEAD / 20 + 1,
        }),
      );
      // the candidates come from the price index alone (dozens among hundreds of equal prices), and
      // only they are looked up by number
      const index = direction === 'ASC' ? 'products_price_floor' : 'products_sale_price';
      expect(details.some((d) => d.startsWith('SEARCH q USING') && d.includes(index))).toBe(true);
      expect(details).toContain('SEARCH p USING INTEGER PRIMARY KEY (rowid=?)');
      // the walk that gives the bound's price and number runs once (decision 075: it ran once for
      // the price, again for the same price in the tie's test, and once more for the number)
      expect(details.filter((d) => d === `SCAN p USING INDEX ${index}`)).toHaveLength(1);
    }
  });

  it('give every order the same page however the walk is bounded: deep pages, page sizes, ties at the bound', async () => {
    // a plain sort in SQL of every listable product of the category (not the code's order or price SQL)
    const reference = async (orderBy: string, pageSize: number, pageNumber: number) =>
      (
        await db().execute({
          sql: `SELECT p.product_no AS no FROM products p WHERE p.sale_status IN ('ONSALE', 'READY') AND p.front_display = 1
            AND p.product_no IN (SELECT product_no FROM product_categories WHERE category_no IN (529105, 529106))
            ORDER BY ${orderBy}, p.product_no DESC LIMIT ? OFFSET ?`,
          args: [pageSize, (pageNumber - 1) * pageSize],
        })
      ).rows.map((r) => Number(r.no));
    const priceNow = PRICE_NOW.replace(/ AS price$/, '');
    const orders: [ProductSearchQuery, string][] = [
      [{ orderBy: 'POPULAR' }, 'p.sale_cnt * 2 + p.review_cnt + p.like_cnt DESC, p.sale_cnt DESC'],
      [{ orderBy: 'REVIEW' }, 'p.review_cnt DESC, p.review_rating DESC'],
      [{ orderBy: 'SALE_YMD' }, 'p.sale_start_ymdt DESC, p.register_ymdt DESC'],
      [{ orderBy: 'DISCOUNTED_PRICE', direction: 'ASC' }, `${priceNow} ASC`],
      [{ orderBy: 'DISCOUNTED_PRICE', direction: 'DESC' }, `${priceNow} DESC`],
    ];
    for (const [q, orderBy] of orders) {
      for (const [pageSize, pageNumber] of [
        [20, 1],
        [20, 2],
        [7, 13],
        [33, 30],
        [1, 1],
      ] as const) {
        const page = await listCatalog(db(), { categoryNos: [529105], pageSize, pageNumber, ...q });
        expect(
          page.items.map((i) => i.productNo),
          `${JSON.stringify(q)} ${pageSize} × ${pageNumber}`,
        ).toEqual(await reference(orderBy, pageSize, pageNumber));
        expect(page).toMatchObject({ totalCount: COUNT_CAP, countCapped: true });
      }
    }
  });

  it('the search API finds its matches once for the count, price range and facets (of the first COUNT_CAP + 1)', async () => {
    const recorded = recordingStatements(db());
    const spy = recorded.db;
    const api = await searchProducts(spy, { keywords: '방석', pageSize: 20 });
    expect(api.totalCount).toBe(COUNT_CAP);
    // the facets count what the summary counted: the first COUNT_CAP + 1 found, not every match
    expect(api.brands.reduce((n, b) => n + b.count, 0)).toBe(COUNT_CAP + 1);
    expect(api.depth1Categories.find((c) => c.categoryNo === 529105)?.count).toBe(COUNT_CAP + 1);
    // one statement for count, price range, facets and the first pages; the first page reads its
    // rows by number (decision 080)
    expect(recorded.sql().filter((sql) => sql.includes('MATCH'))).toHaveLength(1);
    // Podo's own lists ask for no facets
    recorded.statements.length = 0;
    await listCatalog(spy, { keywords: '방석', pageSize: 20 });
    expect(recorded.sql().some((sql) => /ancestry|brand_order/.test(sql))).toBe(false);
    // no more than COUNT_CAP found: the summary's list of them is sorted, the keyword is not searched again
    recorded.statements.length = 0;
    const few = await listCatalog(spy, { keywords: '쿠션', pageSize: 20 });
    expect(few.countCapped).toBe(false);
    expect(few.items.length).toBeGreaterThan(0);
    expect(recorded.sql().filter((sql) => sql.includes('MATCH'))).toHaveLength(1);
  });
});

describe('the first pages of a capped list’s popular order, kept with its summary (decision 080)', () => {
  const POPULAR = { by: 'POPULAR', direction: 'DESC', soldoutPlaceEnd: false } as const;
  const popularFirst = by(
    neg((r) => r.popular),
    neg((r) => r.sale),
  );
  const cushions = parseSearch('방석');
  const lists: [string, Partial<ProductListFilter>, () => Promise<Row[]>][] = [
    ['a category', { categoryNos: [529105] }, everything],
    ['a keyword', { match: cushions?.match ?? null, exact: cushions?.exact ?? null }, everyCushion],
  ];
  const filterAt = (now: string, f: Partial<ProductListFilter>): ProductListFilter => ({
    now,
    soldout: true,
    onSaleOnly: false,
    excludeBrandPartner: false,
    ...f,
  });
  const at = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
  const numbers = (rows: readonly { product_no: number }[]) => rows.map((r) => r.product_no);
  /** The page CTE of the page statement among `statements`: where the page's numbers come from. */
  const pageCteOf = (statements: Parameters<typeof pageStatementOf>[0]) =>
    /^WITH page AS \(([\s\S]*?)\),\s*(?:o|best) AS/.exec(pageStatementOf(statements).sql)?.[1] ?? '';
  const headsKept = async () =>
    (await db().execute('SELECT COUNT(*) AS n FROM list_summaries WHERE head_nos IS NOT NULL')).rows[0]?.n;

  beforeEach(async () => {
    // earlier tests moved sale counters, which a kept head follows only within its bound
    await keptSummariesSettled();
    await db().execute('DELETE FROM list_summaries');
  });

  for (const [name, filter, everyRow] of lists) {
    it(`reads a page within them by number, exactly the page a full sort gives; a page past them walks (${name})`, async () => {
      const all = (await everyRow()).sort(popularFirst).map((r) => r.no);
      const { db: spy, statements } = recordingStatements(db());
      for (const offset of [0, 20, LIST_HEAD - 20, LIST_HEAD]) {
        statements.length = 0;
        const now = new Date().toISOString();
        const { rows } = await findProductList(spy, filterAt(now, filter), POPULAR, { limit: 20, offset });
        await keptSummariesSettled();
        expect(numbers(rows)).toEqual(all.slice(offset, offset + 20));
        const pageCte = pageCteOf(statements);
        expect(pageCte.includes('json_each(:head)'), `offset ${offset}`).toBe(offset < LIST_HEAD);
        expect(/product_terms|product_categories/.test(pageCte), `offset ${offset}`).toBe(
          offset >= LIST_HEAD,
        );
      }
      // the lowest first keeps its own (decision 085)
      statements.length = 0;
      const lowest = await findProductList(
        spy,
        filterAt(new Date().toISOString(), filter),
        { ...POPULAR, direction: 'ASC' },
        { limit: 20, offset: 0 },
      );
      expect(pageStatementOf(statements).sql).toContain('json_each(:head)');
      const ascending = (await everyRow())
        .sort(
          by(
            (r) => r.popular,
            (r) => r.sale,
          ),
        )
        .map((r) => r.no);
      expect(numbers(lowest.rows)).toEqual(ascending.slice(0, 20));
    });
  }

  it('is kept for each order apart (decision 085): newest, price both ways, reviews — exactly a full sort’s pages', async () => {
    const orders: [ProductListOrder, (a: Row, b: Row) => number][] = [
      [
        { by: 'SALE_YMD', direction: 'DESC', soldoutPlaceEnd: false },
        byText(
          -1,
          (r) => r.start,
          (r) => r.registered,
        ),
      ],
      [{ by: 'DISCOUNTED_PRICE', direction: 'ASC', soldoutPlaceEnd: false }, by((r) => r.price)],
      [{ by: 'DISCOUNTED_PRICE', direction: 'DESC', soldoutPlaceEnd: false }, by(neg((r) => r.price))],
    ];
    const categoryOnly: [ProductListOrder, (a: Row, b: Row) => number][] = [
      [
        { by: 'REVIEW', direction: 'DESC', soldoutPlaceEnd: false },
        by(
          neg((r) => r.reviews),
          neg((r) => r.rating),
        ),
      ],
    ];
    const { db: spy, statements } = recordingStatements(db());
    for (const [name, filter, everyRow] of lists) {
      await keptSummariesSettled();
      await db().execute('DELETE FROM list_summaries');
      const now = new Date().toISOString();
      const rows = await everyRow();
      for (const [order, compare] of name === 'a category' ? [...orders, ...categoryOnly] : orders) {
        const all = [...rows].sort(compare).map((r) => r.no);
        const label = `${name}, ${order.by} ${order.direction}`;
        for (const offset of [0, 20, LIST_HEAD - 20, LIST_HEAD]) {
          statements.length = 0;
          const page = await findProductList(spy, filterAt(now, filter), order, { limit: 20, offset });
          await keptSummariesSettled();
          expect(page.summary.capped, label).toBe(true);
          expect(numbers(page.rows), `${label} at ${offset}`).toEqual(all.slice(offset, offset + 20));
          expect(pageCteOf(statements).includes('json_each(:head)'), `${label} at ${offset}`).toBe(
            offset < LIST_HEAD,
          );
        }
      }
      // one row per order, each with its own first pages
      const count = name === 'a category' ? orders.length + categoryOnly.length : orders.length;
      expect(await headsKept(), name).toBe(count);
    }
  });

  it('ends a price order’s first pages when a product outside them changes its price by the clock', async () => {
    const t0 = new Date().toISOString();
    const filter = { categoryNos: [529105] };
    const LOWEST = { by: 'DISCOUNTED_PRICE', direction: 'ASC', soldoutPlaceEnd: false } as const;
    const page = { limit: 20, offset: 0 };
    // the subtree's highest number: past the first COUNT_CAP + 1 the count reads (in number order),
    // so only the new rule ends the row; made the dearest, then free by a discount that starts in 30 s
    const last = Math.max(...(await everything()).map((r) => r.no));
    const kept = (
      await db().execute({
        sql: `SELECT sale_price AS p, immediate_discount_value AS v, immediate_discount_unit AS u,
          immediate_discount_start_ymdt AS s, immediate_discount_end_ymdt AS e FROM products WHERE product_no = ?`,
        args: [last],
      })
    ).rows[0] as unknown as { p: number; v: number; u: string | null; s: string | null; e: string | null };
    await db().execute({
      sql: `UPDATE products SET sale_price = 99000000, immediate_discount_value = 100, immediate_discount_unit = 'RATE',
        immediate_discount_start_ymdt = ?, immediate_discount_end_ymdt = NULL WHERE product_no = ?`,
      args: [at(t0, 30_000), last],
    });
    try {
      const before = await findProductList(db(), filterAt(t0, filter), LOWEST, page);
      await keptSummariesSettled();
      expect(await headsKept()).toBe(1);
      expect(numbers(before.rows)).not.toContain(last);
      const still = await findProductList(db(), filterAt(at(t0, 29_000), filter), LOWEST, page);
      expect(numbers(still.rows)).toEqual(numbers(before.rows));
      const started = await findProductList(db(), filterAt(at(t0, 31_000), filter), LOWEST, page);
      expect(started.rows[0]?.product_no).toBe(last);
      expect(numbers(started.rows).slice(1)).toEqual(numbers(before.rows).slice(0, 19));
    } finally {
      await db().execute({
        sql: `UPDATE products SET sale_price = ?, immediate_discount_value = ?, immediate_discount_unit = ?,
          immediate_discount_start_ymdt = ?, immediate_discount_end_ymdt = ? WHERE product_no = ?`,
        args: [kept.p, kept.v, kept.u, kept.s, kept.e, last],
      });
    }
  });

  it('is not kept for an on-sale-only list or a price filter, which the clock alone can add to', async () => {
    const now = new Date().toISOString();
    const { db: spy, statements } = recordingStatements(db());
    for (const only of [{ onSaleOnly: true }, { price: { comparison: 'GTE', from: 0 } as const }]) {
      statements.length = 0;
      const page = await findProductList(spy, filterAt(now, { categoryNos: [529105], ...only }), POPULAR, {
        limit: 20,
        offset: 0,
      });
      await keptSummariesSettled();
      expect(page.summary.capped).toBe(true);
      expect(pageCteOf(statements)).not.toContain('json_each(:head)');
      expect(statements.some((st) => typeof st !== 'string' && st.sql.includes('head AS MATERIALIZED'))).toBe(
        false,
      );
    }
    expect(await db().execute('SELECT COUNT(*) AS n FROM list_summaries')).toMatchObject({
      rows: [{ n: 2 }],
    });
    expect(await headsKept()).toBe(0);
  });

  it(`follows sale counters within ${SUMMARY_MAX_AGE_MS / 1000} s, as the page cache’s lists do (decision 053)`, async () => {
    const t0 = new Date().toISOString();
    const filter = { categoryNos: [529105] };
    const page = { limit: 20, offset: 0 };
    const first = await findProductList(db(), filterAt(t0, filter), POPULAR, page);
    await keptSummariesSettled();
    const least = (await everything()).sort(popularFirst).at(-1)?.no ?? 0;
    expect(least).toBeGreaterThan(0);
    await db().execute({
      sql: 'UPDATE products SET sale_cnt = sale_cnt + 100000 WHERE product_no = ?',
      args: [least],
    });
    try {
      const lagging = await findProductList(db(), filterAt(at(t0, 1000), filter), POPULAR, page);
      expect(numbers(lagging.rows)).toEqual(numbers(first.rows));
      const followed = await findProductList(
        db(),
        filterAt(at(t0, SUMMARY_MAX_AGE_MS), filter),
        POPULAR,
        page,
      );
      expect(followed.rows[0]?.product_no).toBe(least);
      expect(numbers(followed.rows).slice(1)).toEqual(numbers(first.rows).slice(0, 19));
    } finally {
      await db().execute({
        sql: 'UPDATE products SET sale_cnt = sale_cnt - 100000 WHERE product_no = ?',
        args: [least],
      });
    }
  });

  it('is stale from the moment a product of the first pages leaves the list by the clock, counted or not', async () => {
    const t0 = new Date().toISOString();
    const filter = { categoryNos: [529105] };
    const page = { limit: 20, offset: 0 };
    // the subtree's highest number: past the first COUNT_CAP + 1 the count reads (in number order),
    // made the most popular, its sale ending in 30 s
    const last = Math.max(...(await everything()).map((r) => r.no));
    await db().execute({
      sql: 'UPDATE products SET sale_cnt = sale_cnt + 100000, sale_end_ymdt = ? WHERE product_no = ?',
      args: [at(t0, 30_000), last],
    });
    try {
      const before = await findProductList(db(), filterAt(t0, filter), POPULAR, page);
      await keptSummariesSettled();
      expect(before.rows[0]?.product_no).toBe(last);
      const still = await findProductList(db(), filterAt(at(t0, 29_000), filter), POPULAR, page);
      expect(still.rows[0]?.product_no).toBe(last);
      const ended = await findProductList(db(), filterAt(at(t0, 31_000), filter), POPULAR, page);
      expect(numbers(ended.rows)).not.toContain(last);
      expect(numbers(ended.rows)).toEqual(
        numbers(before.rows).slice(1).concat(numbers(ended.rows).slice(19)),
      );
    } finally {
      await db().execute({
        sql: 'UPDATE products SET sale_cnt = sale_cnt - 100000, sale_end_ymdt = NULL WHERE product_no = ?',
        args: [last],
      });
    }
  });
});
