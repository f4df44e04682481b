import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addGeneratedProducts, seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { recordingSql } from '../../../tests/fixtures/statements.ts';
import type { Db } from '../db/client.ts';
import {
  findProductList,
  keptSummariesSettled,
  SUMMARY_KEEP_MIN,
  SUMMARY_MAX_AGE_MS,
  type ProductListFilter,
  type ProductListOrder,
} from './list-repo.ts';
import { parseSearch } from './search-terms.ts';

/**
 * A list's summary (count, price range, facets, and under the cap its matches) is kept in the
 * database per filter and catalogue version (decision 055): a second page, another order or another
 * node reads one row instead of finding the matches again, and anything that changes what the
 * summary says makes the kept one stale at once — a catalogue write (the version), the clock
 * passing a found product's sale end or discount boundary, and at the latest SUMMARY_MAX_AGE_MS.
 */
let t: TestDb;
let statements: string[] = [];
let db: Db;
/** Products added to the fixture's three that 방진 finds (and 매트, 요가 do not), so its summary is kept. */
const MORE = SUMMARY_KEEP_MIN;
const FOUND = 3 + MORE;

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  await addGeneratedProducts(t.db, {
    firstNo: 6000,
    count: MORE,
    columns: { slug: "'guard-' || n", product_name: "'방진 보호대 ' || n", sale_price: '25000 + n * 100' },
  });
  ({ db, sql: statements } = recordingSql(t.db));
});
afterAll(() => t.close());
beforeEach(async () => {
  await keptSummariesSettled();
  await t.db.execute('DELETE FROM list_summaries');
  statements.length = 0;
});

const NOW = '2026-11-26T03:00:00.000Z';
const at = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

function keyword(text: string, now = NOW): ProductListFilter {
  const search = parseSearch(text);
  return {
    now,
    match: search?.match ?? null,
    exact: search?.exact ?? null,
    soldout: true,
    onSaleOnly: false,
    excludeBrandPartner: false,
  };
}
const POPULAR: ProductListOrder = { by: 'POPULAR', direction: 'DESC', soldoutPlaceEnd: false };
const PRICE: ProductListOrder = { by: 'DISCOUNTED_PRICE', direction: 'ASC', soldoutPlaceEnd: false };
const page = { limit: 2, offset: 0, facets: true };
/** The statements that found the matches again (the summary's own statement). */
const searched = () => statements.filter((s) => s.includes('WITH found AS MATERIALIZED'));

describe('a list summary kept in the database', () => {
  it('is read back for the next page and another order instead of finding the matches again', async () => {
    const first = await findProductList(db, keyword('방진'), POPULAR, page);
    await keptSummariesSettled();
    expect(searched()).toHaveLength(1);
    statements.length = 0;

    const second = await findProductList(db, keyword('방진'), POPULAR, { ...page, offset: 2 });
    expect(searched()).toHaveLength(0);
    // another order keeps its own row with its own first pages (decision 085): read afresh once,
    // with the same figures, then read back
    const byPrice = await findProductList(db, keyword('방진'), PRICE, page);
    await keptSummariesSettled();
    expect(searched()).toHaveLength(1);
    const byPriceNext = await findProductList(db, keyword('방진'), PRICE, { ...page, offset: 2 });
    expect(searched()).toHaveLength(1);
    expect(second.summary).toEqual(first.summary);
    expect(second.facets).toEqual(first.facets);
    expect(byPrice.summary).toEqual(first.summary);
    expect(byPrice.facets).toEqual(first.facets);
    expect(byPriceNext.rows.map((r) => r.product_no)).toEqual([6001, 6002]);
    expect(first.summary.totalCount).toBe(FOUND);
    expect(first.summary.maxPrice).toBe(50_000);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.product_no)).size).toBe(4);
    // 101 at 18,000 (10 % off), then the guards from 25,000
    expect(byPrice.rows.map((r) => r.product_no)).toEqual([101, 6000]);
  });

  it('keeps filters and the facets apart', async () => {
    await findProductList(db, keyword('방진'), POPULAR, { ...page, facets: false });
    await keptSummariesSettled();
    const withFacets = await findProductList(db, keyword('방진'), POPULAR, page);
    expect(withFacets.facets?.brands.map((b) => [b.brand_no, b.count])).toEqual([[10, FOUND - 1]]);
    await keptSummariesSettled();
    const inCategory = await findProductList(
      db,
      { ...keyword('방진'), categoryNos: [529105] },
      POPULAR,
      page,
    );
    expect(inCategory.summary.totalCount).toBe(3); // 102, and 101 and 108 in its child 529106
    expect(searched()).toHaveLength(3);
  });

  it(`keeps no summary of fewer than ${SUMMARY_KEEP_MIN} matches (found again as cheaply as read)`, async () => {
    const mats = await findProductList(db, keyword('매트'), POPULAR, page);
    await keptSummariesSettled();
    await findProductList(db, keyword('매트'), POPULAR, page);
    expect(mats.summary.totalCount).toBe(2);
    expect(searched()).toHaveLength(2);
    const rows = await t.db.execute('SELECT COUNT(*) AS n FROM list_summaries');
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('is stale at once after a catalogue write', async () => {
    const before = await findProductList(db, keyword('방진'), POPULAR, page);
    await keptSummariesSettled();
    await t.db.execute('UPDATE products SET front_display = 0 WHERE product_no = 102');
    try {
      const after = await findProductList(db, keyword('방진'), POPULAR, page);
      expect(before.summary.totalCount).toBe(FOUND);
      expect(after.summary.totalCount).toBe(FOUND - 1);
      expect(after.rows.map((r) => r.product_no)).not.toContain(102);
    } finally {
      await t.db.execute('UPDATE products SET front_display = 1 WHERE product_no = 102');
    }
  });

  it('is stale from the moment a found product’s sale ends or its discount starts', async () => {
    const ends = at(NOW, 30_000);
    const starts = at(NOW, 45_000);
    await t.db.batch(
      [
        { sql: 'UPDATE products SET sale_end_ymdt = ? WHERE product_no = 102', args: [ends] },
        {
          sql: `UPDATE products SET immediate_discount_value = 1000, immediate_discount_unit = 'WON',
            immediate_discount_start_ymdt = ?, immediate_discount_end_ymdt = NULL WHERE product_no = 101`,
          args: [starts],
        },
      ],
      'write',
    );
    try {
      const before = await findProductList(db, keyword('방진', NOW), POPULAR, page);
      await keptSummariesSettled();
      const stillBefore = await findProductList(db, keyword('방진', at(NOW, 29_000)), POPULAR, page);
      expect(searched()).toHaveLength(1);
      expect(stillBefore.summary).toEqual(before.summary);

      const ended = await findProductList(db, keyword('방진', at(NOW, 31_000)), POPULAR, page);
      expect(before.summary.totalCount).toBe(FOUND);
      expect(ended.summary.totalCount).toBe(FOUND - 1);
      await keptSummariesSettled();

      const discounted = await findProductList(db, keyword('방진', at(NOW, 46_000)), POPULAR, page);
      expect(ended.summary.minPrice).toBe(20_000);
      expect(discounted.summary.minPrice).toBe(19_000);
      expect(searched()).toHaveLength(3);
    } finally {
      await t.db.execute(`UPDATE products SET sale_end_ymdt = NULL WHERE product_no = 102`);
      await t.db.execute(`UPDATE products SET immediate_discount_value = 10, immediate_discount_unit = 'RATE',
        immediate_discount_start_ymdt = NULL WHERE product_no = 101`);
    }
  });

  it(`is kept no longer than ${SUMMARY_MAX_AGE_MS / 1000} s (sales move a capped list's most popular matches)`, async () => {
    await findProductList(db, keyword('방진'), POPULAR, page);
    await keptSummariesSettled();
    await findProductList(db, keyword('방진', at(NOW, SUMMARY_MAX_AGE_MS - 1)), POPULAR, page);
    expect(searched()).toHaveLength(1);
    await findProductList(db, keyword('방진', at(NOW, SUMMARY_MAX_AGE_MS)), POPULAR, page);
    expect(searched()).toHaveLength(2);
  });

  it('is not read by a clock before the moment it was read', async () => {
    await findProductList(db, keyword('방진'), POPULAR, page);
    await keptSummariesSettled();
    await findProductList(db, keyword('방진', at(NOW, -1)), POPULAR, page);
    expect(searched()).toHaveLength(2);
  });

  it('prunes expired summaries when it keeps another', async () => {
    await findProductList(db, keyword('방진'), POPULAR, page);
    await findProductList(db, { ...keyword('방진'), brandNos: [10] }, POPULAR, page);
    await keptSummariesSettled();
    await findProductList(db, keyword('보호대', at(NOW, SUMMARY_MAX_AGE_MS + 1)), POPULAR, page);
    await keptSummariesSettled();
    const rows = await t.db.execute('SELECT COUNT(*) AS n FROM list_summaries');
    expect(rows.rows[0]?.n).toBe(1);
  });
});

describe('the first pages of the popular order, kept with the summary under the cap too (decision 080)', () => {
  const numbers = (rows: readonly { product_no: number }[]) => rows.map((r) => r.product_no);
  /** The popular pages of 20 up to the 120th match, and the page statements that read them. */
  async function popularPages(
    text: string,
    now = NOW,
    more: Partial<ProductListFilter> = {},
  ): Promise<number[][]> {
    const pages: number[][] = [];
    for (let offset = 0; offset < FOUND; offset += 20) {
      const { rows } = await findProductList(db, { ...keyword(text, now), ...more }, POPULAR, {
        limit: 20,
        offset,
      });
      pages.push(numbers(rows));
    }
    await keptSummariesSettled();
    return pages;
  }
  const pageStatements = () => statements.filter((s) => s.includes('WITH page AS'));

  it('are the pages a sort of the kept matches gives, read by number', async () => {
    // three of the guards the most popular, their words turned round: 방진 보호대 finds them, but they
    // do not hold it as written, so its popular order ranks them after those that do
    const turned = [6000, 6001, 6002];
    const names = (
      await t.db.execute(
        `SELECT product_no, product_name FROM products WHERE product_no IN (6000, 6001, 6002)`,
      )
    ).rows as unknown as { product_no: number; product_name: string }[];
    await t.db.execute(`UPDATE products SET product_name = '보호대 방진 ' || product_no, sale_cnt = 5000
      WHERE product_no IN (6000, 6001, 6002)`);
    try {
      await samePagesFromTheHead(turned);
    } finally {
      for (const { product_no, product_name } of names)
        await t.db.execute({
          sql: 'UPDATE products SET product_name = ?, sale_cnt = 0 WHERE product_no = ?',
          args: [product_name, product_no],
        });
    }
  });

  async function samePagesFromTheHead(turned: number[]) {
    for (const text of ['방진', '방진 보호대']) {
      // a price filter that leaves nothing out keeps no first pages (keepsHead): its popular pages
      // sort the kept matches
      statements.length = 0;
      const sorted = await popularPages(text, NOW, { price: { comparison: 'GTE', from: 0 } });
      expect(
        pageStatements().every((s) => s.includes('json_each(:found)') && !s.includes('json_each(:head)')),
      ).toBe(true);
      // a popular page reads it afresh: the row keeps them, and every page reads them by number
      await t.db.execute('DELETE FROM list_summaries');
      statements.length = 0;
      const headed = await popularPages(text);
      expect(pageStatements().every((s) => s.includes('json_each(:head)'))).toBe(true);
      expect(headed, text).toEqual(sorted);
      expect(headed.flat().length, text).toBeGreaterThan(40);
      // 방진 ranks nothing as written; 방진 보호대 ranks the turned guards after those that hold it
      const firstTurned = headed.flat().findIndex((no) => turned.includes(no));
      if (text === '방진') expect(firstTurned).toBe(0);
      else expect(firstTurned).toBeGreaterThan(20);
    }
  }

  it(`follow sale counters within ${SUMMARY_MAX_AGE_MS / 1000} s`, async () => {
    const [first] = await popularPages('방진');
    const last = (await popularPages('방진')).flat().at(-1) ?? 0;
    await t.db.execute({
      sql: 'UPDATE products SET sale_cnt = sale_cnt + 100000 WHERE product_no = ?',
      args: [last],
    });
    try {
      const [lagging] = await popularPages('방진', at(NOW, 1000));
      expect(lagging).toEqual(first);
      const [followed] = await popularPages('방진', at(NOW, SUMMARY_MAX_AGE_MS));
      expect(followed?.[0]).toBe(last);
    } finally {
      await t.db.execute({
        sql: 'UPDATE products SET sale_cnt = sale_cnt - 100000 WHERE product_no = ?',
        args: [last],
      });
    }
  });
});
