import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { getProduct, getProductOptions, searchProducts } from '../../server/catalog/service.ts';
import { createApiApp } from '../app.ts';

let t: TestDb;
const app = createApiApp();
const SHOP_HEADERS = { Version: '1.0', clientId: 'podo-local', platform: 'MOBILE_WEB' };
const get = (path: string) => app.request(`/shop-api${path}`, { headers: SHOP_HEADERS });

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

describe('GET /products/search', () => {
  it("answers a keyword that finds nothing with the corrected search, in Shopby's correctedKeyword (decision 069)", async () => {
    const typo = await (
      await get(`/products/search?filter.keywords=${encodeURIComponent('방진펫드')}`)
    ).json();
    const direct = await (
      await get(`/products/search?filter.keywords=${encodeURIComponent('방진패드')}`)
    ).json();
    expect(direct.correctedKeyword).toBeNull();
    expect(direct.totalCount).toBeGreaterThan(0);
    expect(typo).toEqual({ ...direct, correctedKeyword: '방진패드' });
  });

  it("maps Shopby's query names onto the search and answers what the service answers", async () => {
    const res = await get(
      '/products/search?filter.keywords=%EB%B0%A9%EC%A7%84&filter.soldout=false&order.by=DISCOUNTED_PRICE&order.direction=ASC&pageNumber=1&pageSize=2&hasTotalCount=true',
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual(
      await searchProducts(t.db, {
        keywords: '방진',
        soldout: false,
        orderBy: 'DISCOUNTED_PRICE',
        direction: 'ASC',
        pageSize: 2,
      }),
    );
    // 101 (18000), 102 (30000), 108 (50000)
    expect(body).toMatchObject({ totalCount: 3, pageCount: 2, minPrice: 18000, maxPrice: 50000 });
    expect(body.items.map((i: { productNo: number }) => i.productNo)).toEqual([101, 102]);
  });

  it('takes comma lists of categories and brands, partner, shipping area and option values', async () => {
    const nos = async (qs: string) =>
      ((await (await get(`/products/search?${qs}`)).json()).items as { productNo: number }[])
        .map((i) => i.productNo)
        .sort();
    expect(await nos('categoryNos=529106,757067')).toEqual([101, 103, 104, 105, 108]);
    expect(await nos('brandNos=11&partnerNo=2&shippingAreaType=PARTNER')).toEqual([103, 104, 105]);
    expect(await nos('filter.soldout=false&categoryNos=757067')).toEqual([103, 104]);
    expect(await nos('excludeBrandPartner=true')).toEqual([103, 104, 105]);
    const withValues = await (
      await get('/products/search?hasOptionValues=true&filter.includeMallProductNo=102')
    ).json();
    expect(withValues.items[0].optionValues).toHaveLength(2);
  });

  it('reads + in the query as a space between words', async () => {
    const res = await get(
      `/products/search?filter.keywords=${encodeURIComponent('요가')}+${encodeURIComponent('매트')}`,
    );
    expect((await res.json()).items.map((i: { productNo: number }) => i.productNo)).toEqual([103]);
  });

  it('treats empty values as absent and accepts the Shopby flags it does not need', async () => {
    const res = await get(
      '/products/search?filter.keywords=&categoryNos=&clientKey=x&hasMaxCouponAmt=false&filter.totalReviewCount=true',
    );
    expect(res.status).toBe(200);
    expect((await res.json()).totalCount).toBe(7);
  });

  it('is cacheable for a short time', async () => {
    const res = await get('/products/search');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
  });

  const bad: [string, RegExp][] = [
    ['pageNumber=abc', /페이지 번호/],
    ['pageNumber=0', /페이지 번호/],
    ['pageNumber=-1', /페이지 번호/],
    ['pageNumber=1.5', /페이지 번호/],
    ['pageSize=0', /페이지 크기/],
    ['pageSize=201', /최대 200개/],
    ['pageSize=99999999999', /최대 200개/],
    ['pageNumber=99999999999', /페이지 번호/],
    ['order.by=PRICE', /정렬 기준/],
    ['order.direction=UP', /정렬 방향/],
    ['filter.soldout=maybe', /filter.soldout/],
    ['categoryNos=12,abc', /카테고리 번호/],
    ['categoryNos=-5', /카테고리 번호/],
    ['brandNos=1;DROP', /브랜드 번호/],
    ['partnerNo=x', /파트너 번호/],
    ['shippingAreaType=SEA', /배송 구분/],
    ['hasOptionValues=yes', /hasOptionValues/],
    [`filter.keywords=${'가'.repeat(101)}`, /100자/],
    ['pageSize=1&pageSize=2', /[가-힣]/],
    ['unknownParam=1', /알 수 없는 요청 값/],
  ];
  for (const [qs, message] of bad) {
    it(`answers 400 with a Korean message for ${qs.slice(0, 40)}`, async () => {
      const res = await get(`/products/search?${qs}`);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('INVALID_INPUT');
      expect(body.message).toMatch(message);
      expect(body.message).toMatch(/[가-힣]/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  }
});

describe('GET /products/{productNo}', () => {
  it('answers the product detail', async () => {
    const res = await get('/products/101');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual(JSON.parse(JSON.stringify(await getProduct(t.db, 101))));
    expect(body.shippingInfo.shippingConfig.templateNo).toBe(100);
    expect(body.partner.partnerName).toBe('포도');
  });

  it("accepts Shopby's extra flags", async () => {
    expect((await get('/products/101?pageSize=20&preview=false&channelType=')).status).toBe(200);
  });

  it('answers 404 for unknown, STOP and zero product numbers', async () => {
    for (const no of ['999', '106', '0']) {
      const res = await get(`/products/${no}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: expect.stringMatching(/상품/) });
    }
  });

  it('answers 400 for a number that is not one', async () => {
    for (const no of ['abc', '-1', '1e3', '12345678901234567890']) {
      const res = await get(`/products/${no}`);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('INVALID_INPUT');
    }
    expect((await get('/products/101?nope=1')).status).toBe(400);
  });
});

describe('GET /products/{productNo}/options and /products/options', () => {
  it('answers the options of one product', async () => {
    const res = await get('/products/104/options');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await getProductOptions(t.db, 104));
    expect((await get('/products/106/options')).status).toBe(404);
    expect((await get('/products/x/options')).status).toBe(400);
  });

  it('answers the options of several products', async () => {
    const res = await get('/products/options?productNos=103,101');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.optionInfos.map((i: { mallProductNo: number }) => i.mallProductNo)).toEqual([103, 101]);
    for (const qs of [
      '',
      '?productNos=',
      '?productNos=1,,2',
      '?productNos=a',
      `?productNos=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`,
    ]) {
      const r = await get(`/products/options${qs}`);
      expect(r.status, qs).toBe(400);
      expect((await r.json()).message).toMatch(/[가-힣]/);
    }
  });
});

describe('Shop API headers', () => {
  it('serves callers without the Shopby headers too', async () => {
    expect((await app.request('/shop-api/products/101')).status).toBe(200);
  });
});
