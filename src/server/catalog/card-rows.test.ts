import { describe, expect, it } from 'vitest';
import { catalogDbPerFile } from '../../../tests/fixtures/catalog-db.ts';
import { addGeneratedProducts, VARIED_PRICES_AND_COUNTS } from '../../../tests/fixtures/catalog.ts';
import { pageStatementOf, recordingStatements } from '../../../tests/fixtures/statements.ts';
import { toCardProducts } from '../../components/catalog/product-card.ts';
import type { ProductSearchQuery } from './schema.ts';
import { getDisplaySection, getHomeSections, listCatalog, searchProducts } from './service.ts';
import type { ProductCardItem, ProductSearchItem } from './types.ts';

/**
 * The shop's own list pages and list API read a card's part of each product (decision 079): every
 * item must be exactly the card part of the search API's item for the same product, whatever its
 * state — discounts in and out of their period, options out of stock or marked sold out, the whole
 * product marked sold out, no brand, no image, images whose main one is not the first in order.
 */
const COUNT = 120;
const testDb = catalogDbPerFile(async (db) => {
  await addGeneratedProducts(db, {
    firstNo: 8000,
    count: COUNT,
    categoryNo: 529106,
    columns: {
      slug: "'card-' || n",
      product_name: "'카드 방석 ' || n",
      ...VARIED_PRICES_AND_COUNTS,
      promotion_text: "CASE WHEN n % 3 = 0 THEN '[기획] 할인 ' || n END",
      brand_no: 'CASE WHEN n % 5 = 2 THEN NULL ELSE 10 END',
      forced_sold_out: 'CASE WHEN n % 17 = 3 THEN 1 ELSE 0 END',
      register_ymdt:
        "CASE WHEN n % 6 = 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 days') ELSE '2024-02-01T00:00:00.000Z' END",
    },
  });
  // options: none left (n % 7 = 1), marked sold out (n % 7 = 2), a second one left (n % 7 = 3)
  await db.execute(
    `UPDATE product_options SET stock_cnt = 0 WHERE product_no >= 8000 AND product_no % 7 IN (1, 3)`,
  );
  await db.execute(
    `UPDATE product_options SET forced_sold_out = 1 WHERE product_no >= 8000 AND product_no % 7 = 2`,
  );
  await db.execute(`INSERT INTO product_options (product_no, value1, stock_cnt, add_price)
    SELECT product_no, '큰 것', 2, 500 FROM products WHERE product_no >= 8000 AND product_no % 7 = 3`);
  // images: none (n % 4 = 0); one; three, the main one last in display order, one without widths
  await db.execute(`INSERT INTO product_images (product_no, url, width, height, alt, is_main, display_order, variants)
    SELECT product_no, '/uploads/card/' || product_no || '-a.webp', 800, 800, '앞면', CASE WHEN product_no % 4 = 1 THEN 1 ELSE 0 END, 1,
      '[{"width":640,"url":"/uploads/card/' || product_no || '-a-640w.webp"},{"width":320,"url":"/uploads/card/' || product_no || '-a-320w.webp"}]'
    FROM products WHERE product_no >= 8000 AND product_no % 4 <> 0`);
  await db.execute(`INSERT INTO product_images (product_no, url, width, height, alt, is_main, display_order, variants)
    SELECT product_no, '/uploads/card/' || product_no || '-b.webp', 800, 800, '옆면', 0, 2, '[]'
    FROM products WHERE product_no >= 8000 AND product_no % 4 IN (2, 3)`);
  await db.execute(`INSERT INTO product_images (product_no, url, width, height, alt, is_main, display_order, variants)
    SELECT product_no, '/uploads/card/' || product_no || '-c.webp', 800, 800, '대표', 1, 3,
      '[{"width":960,"url":"/uploads/card/' || product_no || '-c-960w.webp"}]'
    FROM products WHERE product_no >= 8000 AND product_no % 4 IN (2, 3)`);
  // the home page: the fixture's two manual sections, a category's and the best sellers' rules
  await db.execute(
    'UPDATE display_sections SET on_home = 1, display_order = section_no WHERE section_no IN (1, 2)',
  );
  await db.execute(`INSERT INTO display_sections (section_no, label, section_explain, sort_type, visible, on_home,
      display_order, rule_type, rule_category_no, rule_limit)
    VALUES (4, '방석 인기', '', 'ADMIN_SETTING', 1, 1, 3, 'CATEGORY', 529106, 30),
      (5, '많이 팔린 상품', '', 'ADMIN_SETTING', 1, 1, 4, 'BEST', NULL, 40)`);
});
const db = () => testDb().db;

/** The card's part of a search API item, as ProductCardItem names it. */
function cardPart(item: ProductSearchItem): ProductCardItem {
  const image = item.extra.listImage;
  return {
    productNo: item.productNo,
    productName: item.productName,
    salePrice: item.salePrice,
    immediateDiscountAmt: item.immediateDiscountAmt,
    isSoldOut: item.isSoldOut,
    partnerName: item.partnerName,
    brandName: item.brandName,
    promotionText: item.promotionText,
    reviewRating: item.reviewRating,
    totalReviewCount: item.totalReviewCount,
    extra: {
      slug: item.extra.slug,
      listImage: image ? { url: image.url, variants: image.variants } : null,
      badges: item.extra.badges,
    },
  };
}

const QUERIES: ProductSearchQuery[] = [
  { categoryNos: [529105] },
  { categoryNos: [529106], orderBy: 'DISCOUNTED_PRICE', direction: 'ASC' },
  { categoryNos: [529106], orderBy: 'SALE_YMD', direction: 'DESC', pageNumber: 2 },
  { categoryNos: [529106], orderBy: 'REVIEW', direction: 'DESC', pageNumber: 3 },
  { keywords: '방석' },
  { keywords: '카드 방석', orderBy: 'DISCOUNTED_PRICE', direction: 'DESC', pageNumber: 2 },
  { keywords: '세탁기' },
  {},
];

describe('a list page’s product cards (decision 079)', () => {
  it('are exactly the card part of the search API’s items, product for product', async () => {
    let compared = 0;
    // the generated products' states (numbered from 8000: n = productNo − 8000), as made above
    const states: Record<string, (no: number) => boolean> = {
      'discount in its period': (no) => no % 4 < 2 && no % 8 !== 1,
      'discount out of its period': (no) => no % 8 === 1,
      'no option left': (no) => no % 7 === 1,
      'option marked sold out': (no) => no % 7 === 2,
      'a second option left': (no) => no % 7 === 3,
      'product marked sold out': (no) => (no - 8000) % 17 === 3,
      'no brand': (no) => (no - 8000) % 5 === 2,
      'no image': (no) => no % 4 === 0,
      'main image last in order': (no) => no % 4 >= 2,
    };
    const seen = new Map(Object.keys(states).map((s) => [s, 0]));
    for (const q of QUERIES) {
      for (const pageSize of [20, 50]) {
        const query = { pageSize, ...q };
        const cards = await listCatalog(db(), query);
        const search = await searchProducts(db(), query);
        expect(cards.items.length).toBeGreaterThan(0);
        expect(cards.items).toEqual(search.items.map(cardPart));
        expect(toCardProducts(cards.items)).toEqual(toCardProducts(search.items));
        expect({ totalCount: cards.totalCount, pageCount: cards.pageCount }).toEqual({
          totalCount: search.totalCount,
          pageCount: search.pageCount,
        });
        compared += cards.items.length;
        for (const { productNo } of cards.items) {
          if (productNo < 8000) continue;
          for (const [state, holds] of Object.entries(states))
            if (holds(productNo)) seen.set(state, (seen.get(state) ?? 0) + 1);
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
    // every state above was among the compared items
    for (const [state, count] of seen) expect({ state, count }).not.toEqual({ state, count: 0 });
  });

  it('on the home page are the card part of the section API’s items, section for section', async () => {
    for (const pageSize of [8, 30]) {
      const home = await getHomeSections(db(), { pageSize });
      expect(home.map((h) => [h.section.sectionNo, h.ruleType])).toEqual([
        [1, 'MANUAL'],
        [2, 'MANUAL'],
        [4, 'CATEGORY'],
        [5, 'BEST'],
      ]);
      for (const { section } of home) {
        const api = await getDisplaySection(db(), section.sectionNo, { pageSize }, { count: false });
        expect(section.products.length).toBeGreaterThan(0);
        expect(section).toEqual({
          sectionNo: api?.sectionNo,
          label: api?.label,
          sectionExplain: api?.sectionExplain,
          products: api?.products.map(cardPart),
        });
      }
      // the generated products, in several states, are among them
      expect(
        home.flatMap((h) => h.section.products).filter((p) => p.productNo >= 8000).length,
      ).toBeGreaterThan(pageSize);
    }
  });

  it('are read without the options’ totals and with one image per product', async () => {
    const { db: spy, statements } = recordingStatements(db());
    await listCatalog(spy, { categoryNos: [529105], pageSize: 20 });
    const page = pageStatementOf(statements).sql;
    expect(page).not.toContain('SUM(CASE WHEN so.forced_sold_out');
    expect(page).not.toContain('json_group_array');
    // the card's image: the first of the product's images, one row (the best sellers' LIMIT is 10)
    expect(page).toMatch(/i\.image_no LIMIT 1\)\)/);
  });
});
