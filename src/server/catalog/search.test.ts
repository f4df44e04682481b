import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { AppError } from '../platform/errors.ts';
import { PRODUCT_ORDER_BY, type ProductSearchQuery } from './schema.ts';
import { searchProducts } from './service.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

const nos = async (q: ProductSearchQuery) =>
  (await searchProducts(t.db, { pageSize: 200, ...q })).items.map((i) => i.productNo);

describe('searchProducts: what is listed', () => {
  it('lists every displayable product and hides STOP, hidden and ended ones', async () => {
    const r = await searchProducts(t.db);
    expect(r.items.map((i) => i.productNo).sort()).toEqual([101, 102, 103, 104, 105, 107, 108]);
    expect(r.totalCount).toBe(7);
    expect(r.pageCount).toBe(1);
  });

  it('marks a product before its sale start READY and can leave it out', async () => {
    const r = await searchProducts(t.db, { includeProductNos: [108] });
    expect(r.items[0]?.saleStatusType).toBe('READY');
    expect(await nos({ saleStatus: 'ONSALE' })).not.toContain(108);
  });

  it('leaves sold-out products out with soldout=false (all options at 0, or forced)', async () => {
    expect((await nos({ soldout: false })).sort()).toEqual([101, 102, 103, 104, 108]);
    const all = await searchProducts(t.db, { pageSize: 200 });
    const soldOut = all.items.filter((i) => i.isSoldOut).map((i) => i.productNo);
    expect(soldOut.sort()).toEqual([105, 107]);
  });

  it('gives the price range of the whole result, after discounts in their period', async () => {
    const r = await searchProducts(t.db, { pageSize: 1 });
    expect([r.minPrice, r.maxPrice]).toEqual([9000, 50000]);
    const dampeners = await searchProducts(t.db, { categoryNos: [529105], soldout: false });
    // 101 at 18000 (-10%), 102 at 30000 (its 5000 discount ended in 2020), 108 at 50000
    expect([dampeners.minPrice, dampeners.maxPrice]).toEqual([18000, 50000]);
    const none = await searchProducts(t.db, { keywords: '없는상품이름' });
    expect(none).toMatchObject({ totalCount: 0, pageCount: 0, minPrice: 0, maxPrice: 0, items: [] });
  });
});

describe('searchProducts: keywords', () => {
  it('finds Korean words of 3+ characters through the trigram index, in names, keywords, brands, partners', async () => {
    expect(await nos({ keywords: '세탁기' })).toEqual([101]);
    expect(await nos({ keywords: '마사지' })).toEqual([104]);
    expect((await nos({ keywords: '핏메이트' })).sort()).toEqual([103, 104, 105]);
    expect((await nos({ keywords: '바른스포츠' })).sort()).toEqual([103, 104, 105]);
  });

  it('falls back to LIKE for 1–2 character words', async () => {
    expect((await nos({ keywords: '방진' })).sort()).toEqual([101, 102, 108]);
    expect(await nos({ keywords: '쿠' })).toEqual([107]);
  });

  it('requires every word (AND), mixing index and fallback', async () => {
    expect(await nos({ keywords: '요가 매트' })).toEqual([103]);
    expect(await nos({ keywords: '세탁기 패드' })).toEqual([101]);
    expect(await nos({ keywords: '세탁기 요가' })).toEqual([]);
    expect(await nos({ keywords: '방진', keywordsInResult: '매트' })).toEqual([102]);
  });

  it('never finds a STOP product', async () => {
    expect(await nos({ keywords: '판매중지' })).toEqual([]);
    expect(await nos({ keywords: '댐퍼' })).toEqual([]);
  });

  it('treats wildcards and FTS syntax as plain text', async () => {
    expect(await nos({ keywords: '%' })).toEqual([]);
    expect(await nos({ keywords: '_' })).toEqual([]);
    expect(await nos({ keywords: '세탁기" OR "매트' })).toEqual([]);
    expect(await nos({ keywords: 'NEAR(세탁기' })).toEqual([]);
    expect(await nos({ keywords: '   ' })).toHaveLength(7);
  });
});

describe('searchProducts: filters', () => {
  it('includes the descendants of a category', async () => {
    expect((await nos({ categoryNos: [529105] })).sort()).toEqual([101, 102, 107, 108]);
    expect((await nos({ categoryNos: [529106] })).sort()).toEqual([101, 108]);
    expect((await nos({ categoryNos: [757067, 529106] })).sort()).toEqual([101, 103, 104, 105, 108]);
    expect(await nos({ categoryNos: [178561] })).toEqual([103]);
    expect(await nos({ categoryNos: [999999] })).toEqual([]);
  });

  it('filters by brand, partner, shipping area and delivery condition', async () => {
    expect((await nos({ brandNos: [11] })).sort()).toEqual([103, 104, 105]);
    expect((await nos({ partnerNo: 1 })).sort()).toEqual([101, 102, 107, 108]);
    expect((await nos({ shippingAreaType: 'PARTNER' })).sort()).toEqual([103, 104, 105]);
    expect(await nos({ deliveryConditionType: 'FREE' })).toEqual([107]);
    expect(await nos({ productManagementCd: 'PMC-102' })).toEqual([102]);
    expect((await nos({ excludeProductNos: [101, 102, 103] })).sort()).toEqual([104, 105, 107, 108]);
  });

  it("leaves out the shop's own brand partner on request", async () => {
    expect((await nos({ excludeBrandPartner: true })).sort()).toEqual([103, 104, 105]);
  });

  it("keeps only the shop's own brand partner on request", async () => {
    const own = (await nos({ onlyBrandPartner: true })).sort();
    const others = await nos({ excludeBrandPartner: true });
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((n) => others.includes(n))).toEqual([]);
    expect([...own, ...others].sort()).toEqual((await nos({})).sort());
  });
});

describe('searchProducts: order', () => {
  const expected: Record<(typeof PRODUCT_ORDER_BY)[number], number[]> = {
    // sale_cnt × 2 + reviews + likes
    POPULAR: [103, 101, 102, 104, 105, 107, 108],
    SALE_YMD: [108, 107, 105, 104, 103, 102, 101],
    DISCOUNTED_PRICE: [108, 103, 102, 104, 101, 107, 105],
    // reviews, then rating, then newest number
    REVIEW: [102, 101, 103, 104, 108, 107, 105],
    SALE_CNT: [103, 101, 102, 104, 105, 107, 108],
    RECENT_PRODUCT: [108, 104, 101, 102, 103, 105, 107],
    // rank 1 first, unranked after by number
    MD_RECOMMEND: [104, 101, 108, 107, 105, 103, 102],
  };
  for (const by of PRODUCT_ORDER_BY) {
    it(`orders by ${by}`, async () => {
      expect(await nos({ orderBy: by })).toEqual(expected[by]);
    });
  }

  it('lets the shopper pick the price direction', async () => {
    expect(await nos({ orderBy: 'DISCOUNTED_PRICE', direction: 'ASC' })).toEqual([
      105, 107, 101, 104, 102, 103, 108,
    ]);
  });

  it('defaults to POPULAR, descending', async () => {
    expect(await nos({})).toEqual(expected.POPULAR);
  });

  it('can put sold-out products last', async () => {
    expect(await nos({ orderBy: 'DISCOUNTED_PRICE', direction: 'ASC', soldoutPlaceEnd: true })).toEqual([
      101, 104, 102, 103, 108, 105, 107,
    ]);
  });
});

describe('searchProducts: paging', () => {
  it('counts pages and slices the ordered list', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map((n) => searchProducts(t.db, { pageSize: 3, pageNumber: n })),
    );
    expect(pages.map((p) => [p.totalCount, p.pageCount])).toEqual(Array(4).fill([7, 3]));
    expect(pages.map((p) => p.items.map((i) => i.productNo))).toEqual([
      [103, 101, 102],
      [104, 105, 107],
      [108],
      [],
    ]);
  });

  it('defaults to 30 a page', async () => {
    const r = await searchProducts(t.db, {});
    expect(r.items).toHaveLength(7);
    expect(r.pageCount).toBe(1);
  });

  it('rejects bad criteria with a Korean 400', async () => {
    for (const bad of [
      { pageSize: 201 },
      { pageSize: 0 },
      { pageNumber: 0 },
      { pageNumber: -1 },
      { orderBy: 'NOPE' },
    ] as ProductSearchQuery[]) {
      const err = await searchProducts(t.db, bad).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
      expect((err as AppError).message).toMatch(/[가-힣]/);
    }
  });
});

describe('searchProducts: items', () => {
  it('fills the Shopby item fields from the product, its images, options and template', async () => {
    const [item] = (await searchProducts(t.db, { includeProductNos: [101] })).items;
    expect(item).toMatchObject({
      productNo: 101,
      productName: '진동 방지 세탁기 패드',
      salePrice: 20000,
      immediateDiscountAmt: 2000,
      immediateDiscountUnitType: 'RATE',
      isSoldOut: false,
      saleStatusType: 'ONSALE',
      stockCnt: 10,
      brandName: '포도',
      partnerName: '포도',
      reviewRating: 4.5,
      totalReviewCount: 10,
      likeCount: 5,
      saleCnt: 50,
      promotionText: '진동 방지 세탁기 패드 특가',
      registerYmdt: '2024-01-05 09:00:00',
      deliveryConditionType: 'CONDITIONAL',
      displayCategoryNos: '529106',
      listImageUrls: ['/uploads/catalog/products/101-1-640w.webp'],
      imageUrls: ['/uploads/catalog/products/101-1-1280w.webp', '/uploads/catalog/products/101-2-1280w.webp'],
      optionValues: [],
      extra: { slug: 'washer-pad', discountedPrice: 18000, customizable: false, partnerNo: 1 },
    });
    expect(item?.extra.listImage).toMatchObject({
      width: 1280,
      height: 1280,
      alt: '진동 방지 세탁기 패드 이미지 1',
    });
    expect(item?.extra.listImage?.variants.map((v) => v.width)).toEqual([320, 640, 960, 1280]);
  });

  it('lists option values on request, a forced sold-out option with no stock', async () => {
    const [item] = (await searchProducts(t.db, { includeProductNos: [103], hasOptionValues: true })).items;
    expect(item?.optionValues).toEqual([
      { optionValue: '보라|6mm', stockCnt: 7, mallProductNo: 103 },
      { optionValue: '보라|10mm', stockCnt: 2, mallProductNo: 103 },
      { optionValue: '회색|6mm', stockCnt: 0, mallProductNo: 103 },
      { optionValue: '회색|10mm', stockCnt: 0, mallProductNo: 103 },
    ]);
    expect(item).toMatchObject({ stockCnt: 9, minSalePrice: 39000, maxSalePrice: 42000, isSoldOut: false });
  });

  it('ignores a discount whose period has ended', async () => {
    const [item] = (await searchProducts(t.db, { includeProductNos: [102] })).items;
    expect(item).toMatchObject({
      salePrice: 30000,
      immediateDiscountAmt: 0,
      extra: { discountedPrice: 30000 },
    });
  });
});
