import { describe, expect, it } from 'vitest';
import { catalogDbPerFile } from '../../../tests/fixtures/catalog-db.ts';
import { recordingSql } from '../../../tests/fixtures/statements.ts';
import { addGeneratedProducts } from '../../../tests/fixtures/catalog.ts';
import type { Db } from '../db/client.ts';
import {
  COUNT_CAP,
  findProductList,
  keptSummariesSettled,
  SUMMARY_KEEP_MIN,
  type ProductListFilter,
  type ProductListOrder,
} from './list-repo.ts';
import { SEARCH_KEY_STEP } from './search-key.ts';
import { parseSearch } from './search-terms.ts';

/**
 * An under-cap keyword's page ranks the products that hold the text as written first (decision
 * 031). Since decision 072 the kept summary holds which of its matches those are, so a page reads
 * them from the kept row instead of searching the index again: every page must still be exactly
 * the full sort's (computed here from the index, not with the code's queries), for many keywords,
 * orders, page sizes and pages, with the summary found afresh and with it read back.
 */
const COUNT = 960;
// names of 1–3 words built from pieces, with and without spaces between them
const A = ['세탁기', '건조기', '냉장고', '세탁기용', '식기세척기', ''];
const B = ['', '방진', '고무', '실리콘'];
const C = ['패드', '매트', '받침', '패드 세트'];
const pick = (list: string[], expr: string) =>
  `CASE ${expr} ${list.map((v, i) => `WHEN ${i} THEN '${v}'`).join(' ')} END`;
const testDb = catalogDbPerFile((db) =>
  addGeneratedProducts(db, {
    firstNo: 7000,
    count: COUNT,
    columns: {
      slug: "'exact-' || n",
      product_name: `trim(${pick(A, `n % ${A.length}`)} || CASE WHEN n % 7 < 3 THEN ' ' ELSE '' END
        || ${pick(B, `(n / ${A.length}) % ${B.length}`)} || CASE WHEN n % 5 < 2 THEN ' ' ELSE '' END
        || ${pick(C, `(n / ${A.length * B.length}) % ${C.length}`)}) || ' ' || n`,
      sale_price: '1000 + (n * 37) % 20 * 500',
      sale_cnt: '(n * 13) % 40',
      review_cnt: '(n * 7) % 25',
      like_cnt: '(n * 3) % 10',
      sale_status: "CASE WHEN n % 50 = 7 THEN 'FINISHED' ELSE 'ONSALE' END",
    },
  }),
);

interface Row {
  no: number;
  exact: number;
  popular: number;
  sale: number;
  price: number;
}

/** Every listable product `match` finds, and whether `exact` finds it too: read from the index here. */
async function everything(db: Db, match: string, exact: string | null): Promise<Row[]> {
  const found = (m: string) =>
    `SELECT rowid & ${SEARCH_KEY_STEP - 1} FROM product_terms WHERE product_terms MATCH '${m.replaceAll("'", "''")}'`;
  const rs = await db.execute(`SELECT p.product_no AS no,
      ${exact ? `p.product_no IN (${found(exact)})` : '0'} AS exact,
      p.sale_cnt * 2 + p.review_cnt + p.like_cnt AS popular, p.sale_cnt AS sale, p.sale_price AS price
    FROM products p WHERE p.sale_status IN ('ONSALE', 'READY') AND p.front_display = 1
      AND p.product_no IN (${found(match)})`);
  return rs.rows as unknown as Row[];
}

const ORDERS: [string, ProductListOrder, (a: Row, b: Row) => number][] = [
  [
    'popular',
    { by: 'POPULAR', direction: 'DESC', soldoutPlaceEnd: false },
    (a, b) => b.exact - a.exact || b.popular - a.popular || b.sale - a.sale || b.no - a.no,
  ],
  [
    'least popular',
    { by: 'POPULAR', direction: 'ASC', soldoutPlaceEnd: false },
    (a, b) => b.exact - a.exact || a.popular - b.popular || a.sale - b.sale || b.no - a.no,
  ],
  [
    'price, lowest first',
    { by: 'DISCOUNTED_PRICE', direction: 'ASC', soldoutPlaceEnd: false },
    (a, b) => a.price - b.price || b.no - a.no,
  ],
];

const KEYWORDS = [
  '세탁기패드',
  '세탁기 패드',
  '세탁기방진패드',
  '방진패드',
  '고무매트',
  '세탁기용받침',
  '건조기실리콘',
  '실리콘 매트',
  '냉장고 고무',
  '패드세트',
  '기패드',
  '식기세척기',
];

function filterOf(text: string): ProductListFilter {
  const search = parseSearch(text);
  return {
    now: new Date().toISOString(),
    match: search?.match ?? null,
    exact: search?.exact ?? null,
    soldout: true,
    onSaleOnly: false,
    excludeBrandPartner: false,
  };
}

describe('an under-cap keyword’s page with the text as written first (decision 072)', () => {
  it('is exactly the full sort’s, found afresh and read back from the kept summary', async () => {
    const { db } = testDb();
    let checked = 0;
    let kept = 0;
    let withExact = 0;
    for (const text of KEYWORDS) {
      const filter = filterOf(text);
      const all = await everything(db, filter.match ?? '', filter.exact ?? null);
      expect(all.length, text).toBeLessThanOrEqual(COUNT_CAP);
      if (all.some((r) => r.exact) && all.some((r) => !r.exact)) withExact++;
      for (const [name, order, compare] of ORDERS) {
        const expected = [...all].sort(compare).map((r) => r.no);
        for (const limit of [7, 20, 30]) {
          // the first call finds the summary (and keeps it when big enough), the next ones read it
          await db.execute('DELETE FROM list_summaries');
          for (let offset = 0; offset < Math.min(expected.length, 4 * limit); offset += limit) {
            const { rows, summary } = await findProductList(db, filter, order, {
              limit,
              offset,
              facets: true,
            });
            expect(summary.totalCount, text).toBe(all.length);
            expect(
              rows.map((r) => r.product_no),
              `${text}, ${name}, ${limit} from ${offset}`,
            ).toEqual(expected.slice(offset, offset + limit));
            checked++;
            await keptSummariesSettled();
          }
          if (all.length >= SUMMARY_KEEP_MIN)
            kept += Number((await db.execute('SELECT COUNT(*) AS n FROM list_summaries')).rows[0]?.n);
        }
      }
    }
    // the catalogue gives the test something to check: keywords with both kinds of match, kept summaries
    expect(withExact).toBeGreaterThanOrEqual(5);
    expect(kept).toBeGreaterThan(0);
    expect(checked).toBeGreaterThan(200);
  });

  it('reads which matches hold the text as written from the kept summary, without searching again', async () => {
    const { db: base } = testDb();
    // a keyword whose summary is kept, with matches of both kinds
    let filter: ProductListFilter | undefined;
    for (const text of KEYWORDS) {
      const f = filterOf(text);
      const all = await everything(base, f.match ?? '', f.exact ?? null);
      if (all.length >= SUMMARY_KEEP_MIN && all.some((r) => r.exact) && all.some((r) => !r.exact)) {
        filter = f;
        break;
      }
    }
    if (!filter) throw new Error('no keyword of the generated catalogue has a kept summary with both kinds');
    const order = ORDERS[0]![1];
    await base.execute('DELETE FROM list_summaries');
    await findProductList(base, filter, order, { limit: 20, offset: 0, facets: true });
    await keptSummariesSettled();
    const { db, sql: statements } = recordingSql(base);
    const { rows } = await findProductList(db, filter, order, { limit: 20, offset: 0, facets: true });
    expect(rows.length).toBe(20);
    // one kept row and one page statement; neither searches the index
    expect(statements).toHaveLength(2);
    expect(statements.filter((s) => s.includes('MATCH'))).toEqual([]);
  });
});
