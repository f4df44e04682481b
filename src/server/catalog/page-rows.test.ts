import { describe, expect, it } from 'vitest';
import { catalogDbPerFile } from '../../../tests/fixtures/catalog-db.ts';
import { addGeneratedProducts } from '../../../tests/fixtures/catalog.ts';
import { pageStatementOf, recordingStatements } from '../../../tests/fixtures/statements.ts';
import { BEST_RANKS } from './badges.ts';
import { findProductList } from './list-repo.ts';

/**
 * The per-row parts of a list page's statement (decision 063): what every card shows is worked out
 * for the page's rows only, and what is the same for every row (the best sellers behind the BEST
 * badge) once per statement, not once per row.
 */
const testDb = catalogDbPerFile((db) =>
  // sales with ties (n % 17), some big sellers not listed (hidden, stopped, sale ended): they never count
  addGeneratedProducts(db, {
    firstNo: 7000,
    count: 60,
    categoryNo: 529106,
    columns: {
      slug: "'rank-' || n",
      product_name: "'순위 방석 ' || n",
      sale_price: '1000 + n * 10',
      sale_cnt: '(n * 7) % 17',
      front_display: 'CASE WHEN n % 13 = 5 THEN 0 ELSE 1 END',
      sale_status: "CASE WHEN n % 11 = 3 THEN 'STOP' ELSE 'ONSALE' END",
      sale_end_ymdt: "CASE WHEN n % 19 = 4 THEN '2020-01-01T00:00:00.000Z' END",
    },
  }),
);
const db = () => testDb().db;

/** The page statement of one list call, and the rows it gave. */
async function pageOf(pageNumber: number) {
  const { db: spy, statements } = recordingStatements(db());
  const now = new Date().toISOString();
  const { rows } = await findProductList(
    spy,
    { now, soldout: true, onSaleOnly: false, excludeBrandPartner: false, categoryNos: [529105] },
    { by: 'SALE_CNT', direction: 'DESC', soldoutPlaceEnd: false },
    { limit: 20, offset: (pageNumber - 1) * 20 },
  );
  const statement = pageStatementOf(statements);
  return { rows, statement, now };
}

/** The query plan of a statement, as a tree's nodes (EXPLAIN QUERY PLAN's id and parent). */
async function planOf(statement: ReturnType<typeof pageStatementOf>) {
  const plan = await db().execute({ ...statement, sql: `EXPLAIN QUERY PLAN ${statement.sql}` });
  return plan.rows.map((r) => ({ id: Number(r.id), parent: Number(r.parent), detail: String(r.detail) }));
}

describe('a list page’s rows', () => {
  it(`give each card its BEST rank: 1 + the listed products that sold more, counted up to ${BEST_RANKS}`, async () => {
    for (const pageNumber of [1, 2, 3]) {
      const { rows, now } = await pageOf(pageNumber);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const better = Number(
          (
            await db().execute({
              sql: `SELECT COUNT(*) AS n FROM products q WHERE q.front_display = 1
                AND q.sale_status IN ('ONSALE', 'READY') AND (q.sale_end_ymdt IS NULL OR q.sale_end_ymdt > ?)
                AND q.sale_cnt > ?`,
              args: [now, row.sale_cnt],
            })
          ).rows[0]?.n,
        );
        expect(row.best_rank, `product ${row.product_no}`).toBe(
          row.sale_cnt > 0 ? 1 + Math.min(better, BEST_RANKS) : null,
        );
      }
    }
  });

  it('read the best sellers once per statement, not once per row', async () => {
    const { statement } = await pageOf(1);
    const nodes = await planOf(statement);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    // run per row: under a correlated subquery, unless materialized (once per statement) below it
    const perRow = (n: { parent: number }): boolean => {
      for (let at = byId.get(n.parent); at; at = byId.get(at.parent)) {
        if (at.detail.startsWith('MATERIALIZE')) return false;
        if (at.detail.startsWith('CORRELATED')) return true;
      }
      return false;
    };
    const salesReads = nodes.filter((n) => /products_sale_cnt/.test(n.detail));
    expect(salesReads).toHaveLength(1);
    expect(salesReads.filter(perRow)).toEqual([]);
  });

  it('take each card’s first image from the images’ index, without sorting the product’s images (migration 0046)', async () => {
    const { db: spy, statements } = recordingStatements(db());
    const { rows } = await findProductList(
      spy,
      {
        now: new Date().toISOString(),
        soldout: true,
        onSaleOnly: false,
        excludeBrandPartner: false,
        categoryNos: [529105],
      },
      { by: 'SALE_CNT', direction: 'DESC', soldoutPlaceEnd: false },
      { limit: 20, offset: 0, shape: 'card' },
    );
    expect(rows.length).toBeGreaterThan(0);
    const nodes = await planOf(pageStatementOf(statements));
    const imageReads = nodes.filter((n) => /SEARCH i USING/.test(n.detail));
    expect(imageReads.map((n) => n.detail)).toEqual([
      'SEARCH i USING INDEX product_images_first (product_no=?)',
    ]);
    // nothing sorted beside it, under the same subquery
    const sorts = nodes.filter((n) => n.parent === imageReads[0]?.parent && n.detail.includes('TEMP B-TREE'));
    expect(sorts).toEqual([]);
  });
});
