import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createApiApp } from '../app.ts';

/** What `@shopby/shop-sdk` and Shopby's skin send to GET /products/search, beyond Podo's own use. */
let t: TestDb;
const app = createApiApp();
const SHOP_HEADERS = { Version: '1.0', clientId: 'podo-local', platform: 'MOBILE_WEB' };
const get = (path: string) => app.request(`/shop-api${path}`, { headers: SHOP_HEADERS });
const nos = async (qs: string) => {
  const res = await get(`/products/search?${qs}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { items: { productNo: number }[] }).items.map((i) => i.productNo).sort();
};

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

describe('GET /products/search with what the SDK sends', () => {
  it('takes `null` and `undefined` for an unset number, list, flag or choice', async () => {
    const all = await nos('');
    expect(all).toHaveLength(7);
    expect(await nos('categoryNos=null&brandNos=undefined&partnerNo=null&filter.soldout=null')).toEqual(all);
    expect(await nos('order.by=null&displayCategoryNo=null')).toEqual(all);
  });

  it('keeps `null` as a search word: free text is never rewritten', async () => {
    expect(await nos('filter.keywords=null')).toEqual([]);
  });

  it('applies displayCategoryNo as one more category', async () => {
    expect(await nos('displayCategoryNo=757067')).toEqual(await nos('categoryNos=757067'));
    expect(await nos('displayCategoryNo=757067&categoryNos=529106')).toEqual(
      await nos('categoryNos=529106,757067'),
    );
    expect(await nos('displayCategoryNo=757067&categoryNos=757067')).toEqual(await nos('categoryNos=757067'));
  });

  it('accepts custom properties, which Podo has not, without effect', async () => {
    const all = await nos('');
    expect(
      await nos(
        'filter.customProperties.propNos=1,2&filter.customProperties.propValueNos=3&filter.customProperties.other=x',
      ),
    ).toEqual(all);
  });

  it('filters by the price now (discounts applied) with filter.discountedPrices', async () => {
    const res = await get('/products/search?pageSize=100');
    const items = (
      (await res.json()) as {
        items: { productNo: number; salePrice: number; immediateDiscountAmt: number }[];
      }
    ).items;
    const now = items.map((i) => ({ no: i.productNo, price: i.salePrice - i.immediateDiscountAmt }));
    const where = (keep: (price: number) => boolean) =>
      now
        .filter((i) => keep(i.price))
        .map((i) => i.no)
        .sort();
    const prices = [...new Set(now.map((i) => i.price))].sort((a, b) => a - b);
    expect(prices.length).toBeGreaterThan(2);
    const [low, mid] = [prices[0]!, prices[Math.floor(prices.length / 2)]!];
    const between = await nos(`filter.discountedPrices=${low},${mid}&filter.discountedComparison=BETWEEN`);
    expect(between).toEqual(where((p) => p >= low && p <= mid));
    expect(between.length).toBeLessThan(now.length);
    expect(await nos(`filter.discountedPrices=${mid},${low}`)).toEqual(between);
    expect(await nos(`filter.discountedPrices=${mid}`)).toEqual(where((p) => p >= mid));
    expect(await nos(`filter.discountedPrices=${mid}&filter.discountedComparison=GT`)).toEqual(
      where((p) => p > mid),
    );
    expect(await nos(`filter.discountedPrices=${mid}&filter.discountedComparison=LTE`)).toEqual(
      where((p) => p <= mid),
    );
    expect(await nos(`filter.discountedPrices=${low}&filter.discountedComparison=EQ`)).toEqual(
      where((p) => p === low),
    );
  });

  const bad: [string, RegExp][] = [
    ['displayCategoryNo=abc', /전시 카테고리 번호/],
    ['filter.discountedPrices=cheap', /할인가/],
    ['filter.discountedComparison=LT', /할인가 비교 조건/],
    ['filter.customPropertiesX=1', /알 수 없는 요청 값/],
    ['categoryNos=nul', /카테고리 번호/],
  ];
  for (const [qs, message] of bad) {
    it(`still answers 400 in Korean for ${qs}`, async () => {
      const res = await get(`/products/search?${qs}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(message);
    });
  }
});
