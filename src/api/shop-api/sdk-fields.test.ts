import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { apiClient, createShopper, SHOP_HEADERS } from '../../../tests/fixtures/commerce.ts';
import { buyPaid } from '../../../tests/fixtures/paid-orders.ts';
import { PG_TYPE_MAP } from '@shopby/shop-sdk/build/src/domain/order/maps/pay.js';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { createApiApp } from '../app.ts';

/**
 * Fields `@shopby/shop-sdk`'s types mark required (issue 17, point 7): present, of the type's
 * shape, and filled from Podo's data — the type's empty value where Podo has none.
 */

let t: TestDb;
const app = createApiApp();
async function get(path: string) {
  const res = await app.request(`/shop-api${path}`, { headers: SHOP_HEADERS });
  expect(res.status, path).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

const DEPTH_KEYS = [
  'depth1Categories',
  'depth2Categories',
  'depth3Categories',
  'depth4Categories',
  'depth5Categories',
];

describe('GET /products/search: the SDK-required facets and item fields', () => {
  it('lists the brands of the found products with their counts', async () => {
    const all = await get('/products/search?pageSize=100');
    expect(Array.isArray(all.brands)).toBe(true);
    expect(all.brands.length).toBeGreaterThan(0);
    for (const b of all.brands) {
      expect(b).toEqual({
        brandNo: expect.any(Number),
        brandName: expect.any(String),
        brandNameKo: expect.any(String),
        brandNameEn: expect.any(String),
        BrandNameType: 'NAME_KO',
        count: expect.any(Number),
      });
      const items = all.items.filter((i: { brandNo: number }) => i.brandNo === b.brandNo);
      expect(b.count, `brand ${b.brandNo}`).toBe(items.length);
      expect(b.brandName).toBe(items[0].brandName);
    }
  });

  it("counts each category's found products, parents including their children's", async () => {
    const all = await get('/products/search?pageSize=100');
    for (const key of DEPTH_KEYS) expect(Array.isArray(all[key]), key).toBe(true);
    expect(all.depth5Categories).toEqual([]);
    expect(all.depth1Categories.length).toBeGreaterThan(0);
    for (const [n, key] of DEPTH_KEYS.entries()) {
      for (const c of all[key]) {
        expect(c).toEqual({
          categoryNo: expect.any(Number),
          parentCategoryNo: expect.any(Number),
          label: expect.any(String),
          displayOrder: expect.any(Number),
          count: expect.any(Number),
        });
        if (n === 0) expect(c.parentCategoryNo).toBe(0);
        // the same count as a search in that category
        const inIt = await get(`/products/search?pageSize=1&categoryNos=${c.categoryNo}`);
        expect(c.count, `${key} ${c.categoryNo}`).toBe(inIt.totalCount);
      }
    }
  });

  it('gives the categories as a tree and an empty click prefix', async () => {
    const all = await get('/products/search?pageSize=100');
    expect(all.clickUrlPrefix).toEqual({ param: '', url: '' });
    const roots = all.multiLevelCategories;
    expect(roots.map((c: { categoryNo: number }) => c.categoryNo).sort()).toEqual(
      all.depth1Categories.map((c: { categoryNo: number }) => c.categoryNo).sort(),
    );
    const children = roots.flatMap((c: { children: unknown[] }) => c.children) as {
      categoryNo: number;
      depth: number;
    }[];
    expect(children.map((c) => c.categoryNo).sort()).toEqual(
      all.depth2Categories.map((c: { categoryNo: number }) => c.categoryNo).sort(),
    );
    for (const c of children) expect(c.depth).toBe(2);
  });

  it('narrows the facets with the search', async () => {
    const some = await get(`/products/search?pageSize=100&filter.keywords=${encodeURIComponent('요가')}`);
    expect(some.totalCount).toBeGreaterThan(0);
    const total = some.brands.reduce((sum: number, b: { count: number }) => sum + b.count, 0);
    expect(total).toBeLessThanOrEqual(some.totalCount);
    const brandNos = new Set(some.items.map((i: { brandNo: number }) => i.brandNo));
    expect(new Set(some.brands.map((b: { brandNo: number }) => b.brandNo))).toEqual(brandNos);
  });

  it("fills the items' accumulation, coupon, reservation and group fields", async () => {
    const all = await get('/products/search?pageSize=100');
    for (const item of all.items) {
      expect(item.groupManagementCode).toBe('');
      expect(item.groupManagementCodeName).toBe('');
      expect(item.eventCouponByProduct).toEqual({
        product: false,
        partner: false,
        event: false,
        category: false,
        brand: false,
      });
      expect(item.reservationData).toEqual({});
      expect(item.accumulationInfo).toEqual({
        amount: item.accumulationAmtWhenBuyConfirm,
        rewardRateOfProduct: expect.any(Number),
        rewardRateOfMemberBenefit: 0,
      });
    }
    // the product's own rate, from the catalogue
    const withRate = all.items.find(
      (i: { accumulationAmtWhenBuyConfirm: number }) => i.accumulationAmtWhenBuyConfirm > 0,
    );
    expect(withRate.accumulationInfo.rewardRateOfProduct).toBeGreaterThan(0);
  });
});

describe('GET /profile: the SDK-required fields', () => {
  it('has every field, the last login address from the session, empty values where Podo keeps none', async () => {
    const member = new Client();
    const { body } = await member.join();
    const login = await member.login(body.memberId, body.password, {}, { ip: '203.0.113.7' });
    expect(login.status).toBe(200);
    const res = await member.call('/shop-api/profile');
    expect(res.status).toBe(200);
    const profile = await res.json();
    for (const key of [
      'telephoneNo',
      'zipCd',
      'address',
      'detailAddress',
      'jibunAddress',
      'jibunDetailAddress',
      'nickname',
      'joinTypeName',
      'pushNotificationAgreeYmdt',
      'oauthIdNo',
      'additionalInfo',
      'adultCertificatedYmdt',
      'refundBank',
      'refundBankAccount',
      'refundBankDepositorName',
    ]) {
      expect(profile[key], key).toBe('');
    }
    expect(profile.lastLoginIp).toBe('203.0.113.7');
    expect(profile.customTermsAgreement).toEqual([]);
    expect(profile.extraInfo).toEqual([]);
  });
});

describe("my page orders: pgType is one of Shopby's values", () => {
  it('answers DUMMY for an order paid at the sandbox, in the list and the detail', async () => {
    const api = apiClient(app);
    const buyer = await createShopper(t.db, '페이');
    const { orderNo } = await buyPaid(api, buyer, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
    const list = await api.get('/shop-api/profile/orders?pageNumber=1&pageSize=10', buyer);
    expect(list.status).toBe(200);
    const listed = list.body.items.find((o: { orderNo: string }) => o.orderNo === orderNo);
    expect(listed.pgType).toBe('DUMMY');
    const detail = await api.get(`/shop-api/profile/orders/${orderNo}`, buyer);
    expect(detail.status).toBe(200);
    expect(detail.body.pgType).toBe('DUMMY');
    for (const pgType of [listed.pgType, detail.body.pgType])
      expect(Object.keys(PG_TYPE_MAP)).toContain(pgType);
  });

  it("gives each listed order Shopby's full first and last amounts, the same as its detail", async () => {
    const api = apiClient(app);
    const buyer = await createShopper(t.db, '금액');
    const { orderNo, payAmt } = await buyPaid(api, buyer, [{ productNo: 102, optionNo: 1021, orderCnt: 2 }]);
    const list = await api.get('/shop-api/profile/orders?pageNumber=1&pageSize=10', buyer);
    const listed = list.body.items.find((o: { orderNo: string }) => o.orderNo === orderNo);
    const detail = await api.get(`/shop-api/profile/orders/${orderNo}`, buyer);
    const KEYS = [
      'totalProductAmt',
      'additionalDiscountAmt',
      'immediateDiscountAmt',
      'chargeAmt',
      'deliveryAmt',
      'deliveryCouponDiscountAmt',
      'standardAmt',
      'remoteDeliveryAmt',
      'cartCouponDiscountAmt',
      'productCouponDiscountAmt',
      'subPayAmt',
      'payAmt',
    ];
    for (const amt of [listed.firstOrderAmt, listed.lastOrderAmt]) {
      expect(Object.keys(amt).sort()).toEqual([...KEYS].sort());
      for (const key of KEYS) expect(typeof amt[key], key).toBe('number');
      expect(amt.payAmt).toBe(payAmt);
      expect(amt).toEqual(detail.body.firstOrderAmount);
    }
    expect(listed.firstOrderAmt.standardAmt).toBeGreaterThan(0);
  });
});

describe('order sheets: the SDK-required additionalProducts', () => {
  it('gives every order product an empty additionalProducts, in the sheet and its calculation', async () => {
    const api = apiClient(app);
    const buyer = await createShopper(t.db, '시트');
    const sheet = await api.post(
      '/shop-api/order-sheets',
      { products: [{ productNo: 101, optionNo: 1011, orderCnt: 1 }] },
      buyer,
    );
    expect(sheet.status).toBe(200);
    const no = sheet.body.orderSheetNo as string;
    const got = await api.get(`/shop-api/order-sheets/${no}`, buyer);
    const calc = await api.post(`/shop-api/order-sheets/${no}/calculate`, { accumulationUseAmt: 0 }, buyer);
    for (const body of [got.body, calc.body]) {
      const products = body.deliveryGroups.flatMap((g: { orderProducts: unknown[] }) => g.orderProducts);
      expect(products.length).toBe(1);
      for (const p of products) expect(p.additionalProducts).toEqual([]);
    }
  });
});
