import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { flushSearches, recordSearch } from '../../server/catalog/index.ts';
import { createApiApp } from '../app.ts';

let t: TestDb;
const app = createApiApp();
/* eslint-disable @typescript-eslint/no-explicit-any -- tests read response bodies freely */
const get = async (path: string) => {
  const res = await app.request(path);
  return { status: res.status, body: (await res.json()) as any };
};

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

describe('GET /api/catalog/products', () => {
  it('sends what a product card shows, not the Shopby item', async () => {
    const { status, body } = await get('/api/catalog/products?categoryNo=529105&sort=price-asc');
    expect(status).toBe(200);
    expect(body).toMatchObject({ totalCount: 4, countCapped: false, countText: '4개', pageCount: 1 });
    expect(body.items.map((i: any) => i.productNo)).toEqual([107, 101, 102, 108]);
    expect(body.items[1]).toEqual({
      productNo: 101,
      productName: '진동 방지 세탁기 패드',
      // the card's badges (decision 030): second by units sold
      badges: ['BEST 2'],
      href: '/product/washer-pad',
      imageUrl: '/uploads/catalog/products/101-1-1280w.webp',
      imageVariants: expect.any(Array),
      salePrice: 20000,
      discountAmt: 2000,
      price: 18000,
      discountRate: 10,
      isSoldOut: false,
      partnerName: '포도',
      brandName: '포도',
      promotionText: '진동 방지 세탁기 패드 특가',
      reviewRating: 4.5,
      totalReviewCount: 10,
    });
  });

  it('searches by keyword, and refuses bad input in Korean', async () => {
    expect(
      (await get('/api/catalog/products?keyword=ㅂㅈㅍㄷ')).body.items.map((i: any) => i.productNo),
    ).toEqual([108]);
    for (const bad of ['page=0', 'page=abc', 'sort=cheapest', 'categoryNo=x', 'nope=1']) {
      const { status, body } = await get(`/api/catalog/products?${bad}`);
      expect(status).toBe(400);
      expect(body.message).toMatch(/[가-힣]/);
    }
  });
});

describe('GET /api/catalog/products with a keyword that finds nothing (decision 069)', () => {
  it('answers the corrected search with correctedKeyword, and the text as typed with original=1', async () => {
    // the fixture's 공개예정 방진패드 and 방진 keywords: 방진패드 finds products, 방진펫드 nothing
    const direct = await get(`/api/catalog/products?keyword=${encodeURIComponent('방진패드')}`);
    expect(direct.body.correctedKeyword).toBeNull();
    expect(direct.body.totalCount).toBeGreaterThan(0);
    const corrected = await get(`/api/catalog/products?keyword=${encodeURIComponent('방진펫드')}`);
    expect(corrected.status).toBe(200);
    expect(corrected.body).toEqual({ ...direct.body, correctedKeyword: '방진패드' });
    const asTyped = await get(`/api/catalog/products?keyword=${encodeURIComponent('방진펫드')}&original=1`);
    expect(asTyped.body).toMatchObject({ correctedKeyword: null, totalCount: 0, items: [] });
    expect((await get('/api/catalog/products?original=yes')).status).toBe(400);
  });
});

describe('GET /api/search/suggestions', () => {
  it('suggests products whose names match what is typed so far, the most popular first', async () => {
    const { status, body } = await get(`/api/search/suggestions?q=${encodeURIComponent('방진')}`);
    expect(status).toBe(200);
    expect(body.products.map((p: any) => p.productNo)).toEqual([101, 102, 108]);
    expect(body.products[0]).toEqual({
      productNo: 101,
      productName: '진동 방지 세탁기 패드',
      slug: 'washer-pad',
    });
  });

  it('lists the week’s popular searches from every search counted, and those that fit what is typed', async () => {
    for (const k of ['요가 매트', '방진패드', '방진패드', '방석', '방진패드', '요가 매트'])
      recordSearch(t.db, k);
    await flushSearches(t.db);
    expect((await get('/api/search/suggestions')).body.popular).toEqual(['방진패드', '요가 매트', '방석']);
    expect((await get(`/api/search/suggestions?q=${encodeURIComponent('방')}`)).body.popular).toEqual([
      '방진패드',
      '방석',
    ]);
    expect((await get(`/api/search/suggestions?q=${encodeURIComponent('ㅇㄱ')}`)).body.popular).toEqual([
      '요가 매트',
    ]);
    expect((await get(`/api/search/suggestions?q=${'x'.repeat(101)}`)).status).toBe(400);
  });
});
