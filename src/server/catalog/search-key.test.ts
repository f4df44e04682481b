import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import {
  hourBucket,
  popularityBucket,
  priceBucket,
  searchKey,
  SEARCH_KEY_STEP,
  sortedKeys,
} from './search-key.ts';

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
  it('never put a more popular product in a lower bucket, and split only where the three leading digits change', () => {
    let previous = popularityBucket(0);
    for (let value = 1; value < 200_000; value += value < 1000 ? 1 : 7) {
      const bucket = popularityBucket(value);
      expect(bucket).toBeGreaterThanOrEqual(previous);
      previous = bucket;
    }
    expect(popularityBucket(9)).toBeLessThan(popularityBucket(10));
    expect(popularityBucket(99)).toBeLessThan(popularityBucket(100));
    // below 1,000 a bucket is one popularity (decision 065)
    expect(popularityBucket(100)).toBeLessThan(popularityBucket(101));
    expect(popularityBucket(998)).toBeLessThan(popularityBucket(999));
    expect(popularityBucket(999)).toBeLessThan(popularityBucket(1000));
    // above, a hundredth of a decade
    expect(popularityBucket(1000)).toBe(popularityBucket(1009));
    expect(popularityBucket(1009)).toBeLessThan(popularityBucket(1010));
    expect(popularityBucket(2_500)).toBe(popularityBucket(2_509));
    expect(popularityBucket(2_509)).toBeLessThan(popularityBucket(2_510));
    expect(popularityBucket(12_300)).toBe(popularityBucket(12_399));
    expect(popularityBucket(12_399)).toBeLessThan(popularityBucket(12_400));
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

interface Priced {
  product_no: number;
  sale_start_ymdt: string;
  sale_price: number;
  immediate_discount_value: number;
  immediate_discount_unit: string;
}

/** The lowest price a product can have (its discount applied whatever its period), worked out here. */
const floorOf = (p: Priced) =>
  p.immediate_discount_value > 0
    ? Math.max(
        0,
        p.sale_price -
          (p.immediate_discount_unit === 'RATE'
            ? Math.trunc((p.sale_price * Math.min(p.immediate_discount_value, 100)) / 100)
            : p.immediate_discount_value),
      )
    : p.sale_price;

/** The second index's rowids (as text: they pass 2^53) next to the keys its products should have now. */
async function sortedIndexKeys(): Promise<{ stored: bigint[]; expected: bigint[] }> {
  const order = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
  const stored = (await t.db.execute('SELECT CAST(rowid AS TEXT) AS k FROM product_terms_sorted')).rows
    .map((r) => BigInt(String(r.k)))
    .sort(order);
  const products = (
    await t.db.execute(`SELECT product_no, sale_start_ymdt, sale_price, immediate_discount_value,
      immediate_discount_unit FROM products`)
  ).rows as unknown as Priced[];
  const expected = products.flatMap((p) => sortedKeys({ ...p, price_floor: floorOf(p) })).sort(order);
  return { stored, expected };
}

describe('price and hour buckets', () => {
  it('never put a higher price or a later hour in a lower bucket', () => {
    let previous = priceBucket(0);
    for (let value = 1; value < 3_000_000; value += value < 10_000 ? 1 : 97) {
      const bucket = priceBucket(value);
      expect(bucket).toBeGreaterThanOrEqual(previous);
      previous = bucket;
    }
    expect(priceBucket(999)).toBeLessThan(priceBucket(1000));
    expect(priceBucket(12_900)).toBe(priceBucket(12_999));
    expect(priceBucket(12_900)).toBeLessThan(priceBucket(13_000));
    expect(hourBucket('2026-11-26T10:00:00.000Z')).toBe(hourBucket('2026-11-26T10:59:59.999Z'));
    expect(hourBucket('2026-11-26T10:59:59.999Z')).toBeLessThan(hourBucket('2026-11-26T11:00:00.000Z'));
  });
});

describe('the second search index (newest and price orders)', () => {
  it('holds each product under its three keys from the start', async () => {
    const { stored, expected } = await sortedIndexKeys();
    expect(stored.length).toBeGreaterThan(15);
    expect(stored).toEqual(expected);
  });

  it('follows a price, a discount and a sale start, and ignores counters', async () => {
    await t.db.execute('UPDATE products SET sale_price = sale_price + 50000 WHERE product_no = 101');
    await t.db.execute(
      "UPDATE products SET immediate_discount_value = 30, immediate_discount_unit = 'RATE' WHERE product_no = 103",
    );
    await t.db.execute(
      "UPDATE products SET sale_start_ymdt = '2150-05-05T09:30:00.000Z' WHERE product_no = 102",
    );
    await t.db.execute('UPDATE products SET sale_cnt = sale_cnt + 5000');
    const { stored, expected } = await sortedIndexKeys();
    expect(stored).toEqual(expected);
    // what moved is found under its new key by the keyword
    const newest = await t.db.execute({
      sql: `SELECT rowid & ${SEARCH_KEY_STEP - 1} AS no FROM product_terms_sorted
        WHERE product_terms_sorted MATCH ? AND rowid < ${1n << 61n} ORDER BY rowid DESC LIMIT 1`,
      args: ['grams : "방진"'],
    });
    expect(newest.rows.map((r) => Number(r.no))).toEqual([102]);
  });

  it('follows a rename, a renamed brand or partner and a deleted product', async () => {
    await t.db.execute("UPDATE products SET product_name = product_name || ' 한정판' WHERE product_no = 102");
    await t.db.execute("UPDATE brands SET brand_name = brand_name || '샵' WHERE brand_no = 10");
    await t.db.execute("UPDATE partners SET partner_name = partner_name || '유통' WHERE partner_no = 1");
    const renamed = await t.db.execute({
      sql: `SELECT DISTINCT rowid & ${SEARCH_KEY_STEP - 1} AS no FROM product_terms_sorted WHERE product_terms_sorted MATCH ?`,
      args: ['grams : "한정"'],
    });
    expect(renamed.rows.map((r) => Number(r.no))).toEqual([102]);
    await t.db.execute('DELETE FROM product_options WHERE product_no = 103');
    await t.db.execute('DELETE FROM product_categories WHERE product_no = 103');
    await t.db.execute('DELETE FROM product_images WHERE product_no = 103');
    await t.db.execute('DELETE FROM products WHERE product_no = 103');
    const { stored, expected } = await sortedIndexKeys();
    expect(stored).toEqual(expected);
    expect(stored.some((k) => k % BigInt(SEARCH_KEY_STEP) === 103n)).toBe(false);
  });
});
