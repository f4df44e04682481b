import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { popularityBucket, searchKey, SEARCH_KEY_STEP } from './search-key.ts';

/**
 * The search index's rowid is a popularity key (migration 0035, decision 050): FTS5 hands its
 * matches over in rowid order, so a keyword's most popular matches come first and a page stops
 * early. The key must follow every write of a product's counters, names, brand and partner, or a
 * list would be walked in a stale order.
 */
let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

interface Counted {
  product_no: number;
  sale_cnt: number;
  review_cnt: number;
  like_cnt: number;
}

/** The index's rowids next to the keys its products should have now. */
async function keys(): Promise<{ stored: number[]; expected: number[] }> {
  const stored = (await t.db.execute('SELECT rowid AS k FROM product_terms ORDER BY rowid')).rows.map((r) =>
    Number(r.k),
  );
  const products = (await t.db.execute('SELECT product_no, sale_cnt, review_cnt, like_cnt FROM products'))
    .rows as unknown as Counted[];
  return { stored, expected: products.map(searchKey).sort((a, b) => a - b) };
}

describe('popularity buckets', () => {
  it('never put a more popular product in a lower bucket, and split only where the two leading digits change', () => {
    let previous = popularityBucket(0);
    for (let value = 1; value < 200_000; value += value < 1000 ? 1 : 7) {
      const bucket = popularityBucket(value);
      expect(bucket).toBeGreaterThanOrEqual(previous);
      previous = bucket;
    }
    expect(popularityBucket(9)).toBeLessThan(popularityBucket(10));
    expect(popularityBucket(99)).toBeLessThan(popularityBucket(100));
    expect(popularityBucket(100)).toBe(popularityBucket(109));
    expect(popularityBucket(109)).toBeLessThan(popularityBucket(110));
    expect(popularityBucket(12_345)).toBe(popularityBucket(12_999));
  });

  it('keep the product number in the key below 2^40', () => {
    const key = searchKey({ product_no: 123_456_789, sale_cnt: 4_000, review_cnt: 12, like_cnt: 3 });
    expect(key % SEARCH_KEY_STEP).toBe(123_456_789);
    expect(Number.isSafeInteger(key)).toBe(true);
  });
});

describe('the search index keys', () => {
  it('are each product’s popularity key from the start', async () => {
    const { stored, expected } = await keys();
    expect(stored.length).toBeGreaterThan(5);
    expect(stored).toEqual(expected);
  });

  it('follow sales, reviews and likes across buckets, and a counter written with a rename', async () => {
    await t.db.execute('UPDATE products SET sale_cnt = sale_cnt + 7 WHERE product_no = 101');
    await t.db.execute('UPDATE products SET review_cnt = review_cnt + 250, like_cnt = like_cnt + 3');
    // within one bucket nothing moves; the index still holds every product once
    await t.db.execute('UPDATE products SET like_cnt = like_cnt + 0');
    await t.db.execute(
      "UPDATE products SET sale_cnt = sale_cnt + 1000, product_name = product_name || ' 특가' WHERE product_no = 102",
    );
    const { stored, expected } = await keys();
    expect(stored).toEqual(expected);
    // what was renamed with the counter is found by its new name
    const found = await t.db.execute({
      sql: `SELECT rowid & ${SEARCH_KEY_STEP - 1} AS no FROM product_terms WHERE product_terms MATCH ?`,
      args: ['grams : "특가"'],
    });
    expect(found.rows.map((r) => Number(r.no))).toEqual([102]);
  });

  it('follow a renamed brand or partner and a deleted product', async () => {
    await t.db.execute("UPDATE brands SET brand_name = brand_name || '몰' WHERE brand_no = 10");
    await t.db.execute("UPDATE partners SET partner_name = partner_name || '상사' WHERE partner_no = 1");
    await t.db.execute('DELETE FROM product_options WHERE product_no = 101');
    await t.db.execute('DELETE FROM product_categories WHERE product_no = 101');
    await t.db.execute('DELETE FROM product_images WHERE product_no = 101');
    await t.db.execute('DELETE FROM products WHERE product_no = 101');
    const { stored, expected } = await keys();
    expect(stored).toEqual(expected);
    expect(stored.some((k) => k % SEARCH_KEY_STEP === 101)).toBe(false);
  });
});
