import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import type { ProductSearchQuery } from './schema.ts';
import { searchProducts } from './service.ts';

/**
 * Korean search as a shopper expects it (issue 16): spacing either way, two-syllable words,
 * 초성, relevance before popularity, and an index that follows every write of a product, brand or
 * partner (the products are written with plain SQL: no writer has to remember the index).
 */
let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  await t.db.batch(
    [
      // number, name, keywords, sales (popularity)
      [201, '세탁기 방진패드 4개입', '세탁기 받침', 5],
      [202, '방진 패드 원형', '', 3],
      [203, '원형 방진패드', '', 1],
      [204, '방진 고무 받침 패드 세트', '', 900],
      [205, '실리콘 쿠션 Silent Pad XL', '', 2],
    ].map(([no, name, keywords, sales]) => ({
      sql: `INSERT INTO products (product_no, slug, product_name, search_keywords, partner_no, brand_no,
          delivery_template_no, sale_start_ymdt, sale_price, sale_cnt, register_ymdt, updated_ymdt)
        VALUES (?, ?, ?, ?, 1, 10, 100, '2024-01-01T00:00:00.000Z', 10000, ?, '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z')`,
      args: [no!, `k-${no}`, name!, keywords!, sales!],
    })),
    'write',
  );
  await t.db.execute(
    `INSERT INTO product_options (product_no, stock_cnt, is_default) SELECT product_no, 5, 1 FROM products WHERE product_no BETWEEN 201 AND 205`,
  );
});
afterAll(() => t.close());

const nos = async (q: ProductSearchQuery) =>
  (await searchProducts(t.db, { pageSize: 200, ...q })).items.map((i) => i.productNo);
const sorted = async (keywords: string) => (await nos({ keywords })).sort((a, b) => a - b);

describe('Korean search', () => {
  it('finds the same products for 방진패드 with or without its space, in both directions', async () => {
    expect(await sorted('방진패드')).toEqual([101, 108, 201, 202, 203, 204]);
    expect(await sorted('방진 패드')).toEqual([101, 108, 201, 202, 203, 204]);
    // the names holding 방진패드 as written, spaces aside, come first
    expect((await nos({ keywords: '방진패드' })).slice(0, 4)).toEqual([201, 202, 203, 108]);
  });

  it('finds 세탁기 방진패드 from 세탁기패드 (no space where the name has one)', async () => {
    expect(await sorted('세탁기패드')).toEqual([101, 201]);
  });

  it('finds names by their initial consonants (초성)', async () => {
    expect(await sorted('ㅂㅈㅍㄷ')).toEqual([108, 201, 202, 203]);
    expect(await sorted('ㅅㅌㄱ')).toEqual([101, 201]);
  });

  it('finds two-syllable and one-syllable words through the index', async () => {
    expect(await sorted('매트')).toEqual([102, 103]);
    expect(await sorted('쿠션')).toEqual([107, 205]);
    expect(await sorted('쿠')).toEqual([107, 205]);
  });

  it('finds Latin words by their start, in any case', async () => {
    expect(await sorted('silent')).toEqual([205]);
    expect(await sorted('PAD xl')).toEqual([205]);
    expect(await sorted('sil')).toEqual([205]);
  });

  it('puts names holding the words as typed before more popular partial matches', async () => {
    const found = await nos({ keywords: '방진 패드' });
    // 204 sells most but has 방진 and 패드 apart; 101 has 방진 only in its keywords
    expect(found.slice(0, 4).sort((a, b) => a - b)).toEqual([108, 201, 202, 203]);
    expect(found.slice(0, 4)).toEqual([201, 202, 203, 108]);
    expect(found.slice(4)).toEqual([204, 101]);
  });
});

describe('the search index follows every write', () => {
  it('indexes a new product, a renamed one, and forgets a deleted one', async () => {
    await t.db.execute(
      `INSERT INTO products (product_no, slug, product_name, partner_no, delivery_template_no, sale_start_ymdt,
        sale_price, register_ymdt, updated_ymdt) VALUES (301, 'k-301', '층간소음 슬리퍼', 1, 100,
        '2024-01-01T00:00:00.000Z', 5000, '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z')`,
    );
    await t.db.execute(`INSERT INTO product_options (product_no, stock_cnt, is_default) VALUES (301, 3, 1)`);
    expect(await sorted('슬리퍼')).toEqual([301]);
    await t.db.execute(`UPDATE products SET product_name = '층간소음 실내화' WHERE product_no = 301`);
    expect(await sorted('슬리퍼')).toEqual([]);
    expect(await sorted('실내화')).toEqual([301]);
    await t.db.execute(`UPDATE products SET search_keywords = '거실 슬리퍼' WHERE product_no = 301`);
    expect(await sorted('거실슬리퍼')).toEqual([301]);
    await t.db.execute(`DELETE FROM product_options WHERE product_no = 301`);
    await t.db.execute(`DELETE FROM products WHERE product_no = 301`);
    expect(await sorted('실내화')).toEqual([]);
  });

  it('follows a renamed brand or partner, and a product moved to another brand', async () => {
    await t.db.execute(`UPDATE brands SET brand_name = '고요한집' WHERE brand_no = 11`);
    expect(await sorted('고요한집')).toEqual([103, 104, 105]);
    expect(await sorted('핏메이트')).toEqual([]);
    await t.db.execute(`UPDATE products SET brand_no = 10 WHERE product_no = 105`);
    expect(await sorted('고요한')).toEqual([103, 104]);
    await t.db.execute(`UPDATE partners SET partner_name = '바른운동' WHERE partner_no = 2`);
    expect(await sorted('바른운동')).toEqual([103, 104, 105]);
    expect(await sorted('바른스포츠')).toEqual([]);
  });
});

describe('one-letter queries (a syllable, a 초성, a letter typed so far)', () => {
  it('read a prefix index of one character, not every token that starts with the letter', async () => {
    // FTS5 merges the lists of every token a prefix query names unless a prefix index holds them:
    // at 100,000 products "방" * merged tens of thousands of rows (30 ms), with the index one list
    const rs = await t.db.execute("SELECT sql FROM sqlite_master WHERE name = 'product_terms'");
    expect(String(rs.rows[0]?.sql)).toMatch(/prefix\s*=\s*'1'/);
    expect(await sorted('방')).toEqual(expect.arrayContaining([201, 202, 203, 204]));
    expect(await sorted('ㅂ')).toEqual(expect.arrayContaining([201, 202, 203, 204]));
    expect(await sorted('s')).toEqual([205]);
  });
});
