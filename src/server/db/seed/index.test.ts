import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createTestDb, type TestDb } from '../../../../tests/fixtures/db.ts';
import { BANNER_IMAGE_WIDTHS, PRODUCT_IMAGE_WIDTHS } from '../../../lib/images.ts';
import { env, resetEnvForTests } from '../../platform/env.ts';
import { migrate } from '../migrate.ts';
import { generateImages } from './images.ts';
import { catalogCounts, planDemoCatalog, resetDatabase, seedDemo, seedIfEmpty } from './index.ts';

let t: TestDb;
let storage: string;

/** The file on disk behind an `/uploads/...` URL. */
const fileOf = (url: string) => join(storage, url.replace(/^\/uploads\//, ''));

beforeAll(async () => {
  storage = mkdtempSync(join(tmpdir(), 'podo-seed-'));
  process.env.STORAGE_DIR = storage;
  resetEnvForTests();
  t = await createTestDb();
  expect(await seedIfEmpty(t.db)).toBe(true);
});

afterAll(() => {
  t?.close();
  rmSync(storage, { recursive: true, force: true });
  delete process.env.STORAGE_DIR;
  resetEnvForTests();
});

async function rows(sql: string, args: (string | number)[] = []) {
  return (await t.db.execute({ sql, args })).rows;
}
async function count(sql: string, args: (string | number)[] = []) {
  return Number((await rows(sql, args))[0]?.n ?? 0);
}

describe('demo catalogue seed', () => {
  it('loads a shop-sized catalogue with the specification categories', async () => {
    expect(await count('SELECT COUNT(*) AS n FROM products')).toBeGreaterThanOrEqual(40);
    const cats = await rows('SELECT category_no, is_menu FROM categories');
    const menu = new Map(cats.map((r) => [Number(r.category_no), Number(r.is_menu)]));
    expect(menu.get(529105)).toBe(1);
    expect(menu.get(757067)).toBe(1);
    for (const no of [178561, 250001, 250003, 318518]) expect(menu.get(no)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM categories WHERE parent_no = 529105')).toBeGreaterThan(0);
    for (const no of [529105, 757067, 178561, 250001, 250003]) {
      expect(
        await count('SELECT COUNT(*) AS n FROM product_categories WHERE category_no = ?', [no]),
      ).toBeGreaterThan(0);
    }
  });

  it('has partners, one of them the brand itself, and every kind of delivery template', async () => {
    const self = await rows('SELECT partner_name FROM partners WHERE is_brand_self = 1');
    expect(self.map((r) => r.partner_name)).toEqual([env().BRAND_NAME]);
    expect(await count('SELECT COUNT(DISTINCT partner_no) AS n FROM products')).toBeGreaterThanOrEqual(3);
    const kinds = await rows(
      'SELECT DISTINCT delivery_condition_type AS k FROM delivery_templates ORDER BY k',
    );
    expect(kinds.map((r) => r.k)).toEqual(['CONDITIONAL', 'FIXED_FEE', 'FREE']);
    expect(
      await count(
        'SELECT COUNT(*) AS n FROM partners p WHERE NOT EXISTS (SELECT 1 FROM delivery_templates t WHERE t.partner_no = p.partner_no)',
      ),
    ).toBe(0);
  });

  it('has products with 0, 1, 2 and 4 option dimensions whose rows match their labels', async () => {
    const products = await rows('SELECT product_no, option_labels FROM products');
    const dims = new Set<number>();
    for (const p of products) {
      const labels = String(p.option_labels);
      const n = labels === '' ? 0 : labels.split('|').length;
      dims.add(n);
      const options = await rows('SELECT * FROM product_options WHERE product_no = ?', [
        Number(p.product_no),
      ]);
      expect(options.length).toBeGreaterThan(0);
      for (const o of options) {
        const filled = [o.value1, o.value2, o.value3, o.value4].filter((v) => v !== null).length;
        expect(filled).toBe(n);
        expect(Number(o.is_default)).toBe(n === 0 ? 1 : 0);
      }
      if (n === 0) expect(options).toHaveLength(1);
    }
    expect([...dims].sort()).toEqual([0, 1, 2, 4]);
    expect(await count('SELECT COUNT(*) AS n FROM product_options WHERE add_price > 0')).toBeGreaterThan(0);
  });

  it('has sold-out, stopped and discounted products', async () => {
    expect(await count('SELECT COUNT(*) AS n FROM products WHERE forced_sold_out = 1')).toBeGreaterThan(0);
    expect(
      await count('SELECT COUNT(*) AS n FROM product_options WHERE forced_sold_out = 1'),
    ).toBeGreaterThan(0);
    expect(await count('SELECT COUNT(*) AS n FROM product_options WHERE stock_cnt = 0')).toBeGreaterThan(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM products WHERE sale_status IN ('STOP', 'FINISHED')"),
    ).toBeGreaterThan(0);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM products WHERE immediate_discount_value > 0 AND immediate_discount_unit = 'WON'",
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM products WHERE immediate_discount_value > 0 AND immediate_discount_unit = 'RATE'",
      ),
    ).toBeGreaterThan(0);
    const now = new Date().toISOString();
    expect(
      await count('SELECT COUNT(*) AS n FROM products WHERE immediate_discount_end_ymdt < ?', [now]),
    ).toBeGreaterThan(0);
  });

  it('marks print-on-demand products customizable, with required custom inputs', async () => {
    const custom = await count(
      'SELECT COUNT(*) AS n FROM products p JOIN product_categories c ON c.product_no = p.product_no AND c.category_no = 250003 WHERE p.customizable = 1',
    );
    expect(custom).toBeGreaterThan(0);
    expect(await count('SELECT COUNT(*) AS n FROM product_inputs WHERE required = 1')).toBeGreaterThan(0);
  });

  it('gives every product a unique kebab-case slug and one main image whose files exist', async () => {
    const products = await rows('SELECT product_no, slug FROM products');
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    for (const p of products) expect(String(p.slug)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(
      await count(
        'SELECT COUNT(*) AS n FROM products p WHERE (SELECT COUNT(*) FROM product_images i WHERE i.product_no = p.product_no AND i.is_main = 1) <> 1',
      ),
    ).toBe(0);
    const images = await rows('SELECT url, width, height, variants FROM product_images');
    for (const img of images) {
      expect(String(img.url)).toMatch(/^\/uploads\/catalog\/.+-1280w\.webp$/);
      const variants = JSON.parse(String(img.variants)) as { width: number; url: string }[];
      expect(variants.map((v) => v.width)).toEqual([...PRODUCT_IMAGE_WIDTHS]);
      for (const v of variants) expect(existsSync(fileOf(v.url)), v.url).toBe(true);
    }
    const meta = await sharp(fileOf(String(images[0]?.url))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1280, 1280]);
  });

  it('has main and sub banners with 3:1 images, and best, new and MD sections', async () => {
    const banners = await rows(
      'SELECT g.code, b.image_url, b.variants FROM banners b JOIN banner_groups g USING (banner_group_no)',
    );
    expect(banners.filter((b) => b.code === 'MAIN')).toHaveLength(3);
    expect(banners.filter((b) => b.code === 'SUB')).toHaveLength(2);
    for (const b of banners) {
      const variants = JSON.parse(String(b.variants)) as { width: number; url: string }[];
      expect(variants.map((v) => v.width)).toEqual([...BANNER_IMAGE_WIDTHS]);
      for (const v of variants) expect(existsSync(fileOf(v.url))).toBe(true);
    }
    const meta = await sharp(fileOf(String(banners[0]?.image_url))).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 640]);
    for (const section of [1001, 1002, 1003]) {
      expect(
        await count('SELECT COUNT(*) AS n FROM display_section_products WHERE section_no = ?', [section]),
      ).toBeGreaterThan(0);
    }
  });

  it('indexes Korean names and keywords for search (the triggers of migration 0025)', async () => {
    const match = (q: string) =>
      count('SELECT COUNT(*) AS n FROM product_terms WHERE product_terms MATCH ?', [q]);
    expect(await match('grams : "방진 진패 패드"')).toBeGreaterThan(3);
    expect(await match('grams : "요가 가매 매트"')).toBeGreaterThan(1);
    expect(await match('grams : "방진"')).toBeGreaterThan(3);
    expect(await match('initials : "ㅂㅈ ㅈㅍ ㅍㄷ"')).toBeGreaterThan(3);
  });

  it('does not seed twice', async () => {
    const before = await catalogCounts(t.db);
    expect(await seedIfEmpty(t.db)).toBe(false);
    await expect(seedDemo(t.db)).rejects.toThrow(/이미 상품/);
    expect(await catalogCounts(t.db)).toEqual(before);
  });

  it('is deterministic and reuses image files that exist', async () => {
    const now = new Date('2026-01-15T00:00:00Z');
    const a = planDemoCatalog({ brandName: '포도', brandSlug: 'podo', now });
    const b = planDemoCatalog({ brandName: '포도', brandSlug: 'podo', now });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(await generateImages(a.images, storage)).toBe(0);
  });

  it('resets to an empty database that migrates and seeds again', async () => {
    await resetDatabase(t.db);
    expect(
      await rows(
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'",
      ),
    ).toEqual([]);
    await migrate(t.db);
    expect(await count('SELECT COUNT(*) AS n FROM products')).toBe(0);
    const started = Date.now();
    expect(await seedIfEmpty(t.db)).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000); // images already on disk
    expect(await count('SELECT COUNT(*) AS n FROM products')).toBeGreaterThanOrEqual(40);
  });
});
