import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { apiClient, createShopper, SHOP_HEADERS } from '../../../tests/fixtures/commerce.ts';
import { buyPaid } from '../../../tests/fixtures/paid-orders.ts';
import { PG_TYPE_MAP } from '@shopby/shop-sdk/build/src/domain/order/maps/pay.js';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { createAddress } from '../../server/address/index.ts';
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
      expect(item.reservationData).toEqual({
        reservationStartYmdt: '',
        reservationEndYmdt: '',
        reservationDeliveryYmdt: '',
        reservationStockCnt: 0,
      });
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

describe('GET /products/{no}: the SDK-required detail fields', () => {
  it("fills baseInfo's notice from the product, the type's empty values for what Podo does not keep", async () => {
    await t.db.execute({
      sql: 'UPDATE products SET duty_info = ? WHERE product_no = 103',
      args: [
        JSON.stringify([
          { label: '제조국', value: '대한민국' },
          { label: '소재', value: '면 100%' },
        ]),
      ],
    });
    const p = await get('/products/103');
    const b = p.baseInfo;
    // the legal product notice, as Shopby's JSON string of { contents: [{ label: value }] }
    expect(JSON.parse(b.dutyInfo)).toEqual({ contents: [{ 제조국: '대한민국' }, { 소재: '면 100%' }] });
    for (const key of [
      'expirationYmdt',
      'manufactureYmdt',
      'placeOriginLabel',
      'placeOriginEtcLabel',
      'purchaseGuide',
      'deliveryCustomerInfo',
    ])
      expect(b[key], key).toBe('');
    expect(b.customPropertise).toEqual([]);
    expect(b.certifications).toEqual([]);
    expect(b.usableRestockNoti).toBe(0);
    // a closed list of words with no empty member: no honest value, null as Shopby answers
    expect(b.certificationType).toBeNull();
  });

  it("gives the partner's number and name and empty business details, and the other required fields", async () => {
    const p = await get('/products/103');
    expect(p.partner).toEqual({
      partnerNo: expect.any(Number),
      partnerName: expect.any(String),
      ownerName: '',
      companyName: '',
      businessRegistrationNo: '',
      onlineMarketingBusinessDeclarationNo: '',
      officeAddressLabel: '',
      phoneNo: '',
      faxNo: '',
      email: '',
    });
    expect(p.partner.partnerName.length).toBeGreaterThan(0);
    expect(p.deliveryDate).toEqual({
      period: { startYmdt: '', endYmdt: '' },
      daysOfWeek: null,
      daysAfterPurchase: 0,
    });
    expect(p.regularDelivery).toEqual({ discount: { type: 'AMOUNT', value: 0 } });
    expect(p.partnerNotice).toEqual({ title: '', content: '' });
    expect(p.liquorDelegationGuide).toBe('');
    expect(p.reservationData).toEqual({
      reservationStartYmdt: '',
      reservationEndYmdt: '',
      reservationDeliveryYmdt: '',
      reservationStockCnt: 0,
    });
    expect(p.deliveryFee.returnWarehouse).toEqual({
      warehouseNo: 0,
      warehouseName: '',
      warehouseAddressType: null,
      partnerNo: 0,
      addressStr: '',
      address: '',
      detailAddress: '',
      zipCd: '',
      countryCd: null,
      defaultReleaseWarehouseYn: 'N',
      defaultReturnWarehouseYn: 'N',
    });
  });
});

describe('product list items (search, display sections, likes): the SDK-required empty fields', () => {
  const EMPTY_RESERVATION = {
    reservationStartYmdt: '',
    reservationEndYmdt: '',
    reservationDeliveryYmdt: '',
    reservationStockCnt: 0,
  };

  it('have empty section dates (Podo shows a section product for as long as it is listed) and reservation', async () => {
    const found = await get('/products/search?pageSize=5');
    const section = await get('/display/sections/ids/1?pageSize=5');
    const items = [...found.items, ...section.products];
    expect(items.length).toBeGreaterThan(2);
    for (const item of items) {
      expect(item.sectionProductStartYmdt).toBe('');
      expect(item.sectionProductEndYmdt).toBe('');
      expect(item.reservationData).toEqual(EMPTY_RESERVATION);
    }
  });

  it('the same in the member’s likes', async () => {
    const api = apiClient(app);
    const buyer = await createShopper(t.db, '찜');
    expect((await api.post('/shop-api/profile/like-products', { productNos: [101] }, buyer)).status).toBe(
      200,
    );
    const likes = await api.get('/shop-api/profile/like-products?pageNumber=1&pageSize=10', buyer);
    expect(likes.status).toBe(200);
    expect(likes.body.items.length).toBe(1);
    for (const item of likes.body.items) {
      expect(item.sectionProductEndYmdt).toBe('');
      expect(item.reservationData).toEqual(EMPTY_RESERVATION);
    }
  });
});

describe("my page order list: the lines carry the SDK's OrderOption fields, as the detail's", () => {
  it('gives each listed line the same fields and values as the same line in the order detail', async () => {
    const api = apiClient(app);
    const buyer = await createShopper(t.db, '라인');
    const { orderNo } = await buyPaid(api, buyer, [{ productNo: 102, optionNo: 1021, orderCnt: 2 }]);
    const list = await api.get('/shop-api/profile/orders?pageNumber=1&pageSize=10', buyer);
    const listed = list.body.items.find((o: { orderNo: string }) => o.orderNo === orderNo);
    const detail = await api.get(`/shop-api/profile/orders/${orderNo}`, buyer);
    const detailLines = detail.body.orderOptionsGroupByPartner.flatMap(
      (p: { orderOptionsGroupByDelivery: { orderOptions: unknown[] }[] }) =>
        p.orderOptionsGroupByDelivery.flatMap((g) => g.orderOptions),
    ) as Record<string, unknown>[];
    expect(listed.orderOptions.length).toBe(1);
    const line = listed.orderOptions[0];
    const same = detailLines.find((l) => l.orderOptionNo === line.orderOptionNo)!;
    for (const key of [
      'isFreeGift',
      'deliverable',
      'optionUsed',
      'additionalProductNo',
      'optionType',
      'deliveryInternationalYn',
      'price',
      'member',
      'setOptions',
      'reservation',
      'refundable',
      'delivery',
      'exchangeYn',
      'accumulationAmt',
      'orderStatusDate',
      'baseProductNo',
      'baseProductName',
      'optionTitle',
      'orderStatusTypeLabel',
    ]) {
      expect(line, key).toHaveProperty(key);
      expect(line[key], key).toEqual(same[key]);
    }
    expect(line.price.standardAmt).toBeGreaterThan(0);
    expect(Array.isArray(line.nextActions)).toBe(true);
  });
});

describe("my page order detail: Shopby's refund fields and the whole payInfo", () => {
  it('names how the order would be refunded, and fills the card payment from the payment, the rest empty', async () => {
    const api = apiClient(app);
    const buyer = await createShopper(t.db, '환불');
    const { orderNo, payAmt } = await buyPaid(api, buyer, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
    const { body } = await api.get(`/shop-api/profile/orders/${orderNo}`, buyer);
    // paid through the gateway: a cancellation goes back through it (the claim module's rule)
    expect(body.refundType).toBe('PG');
    expect(body.refundTypeLabel).toBe('PG 환불');
    expect(body.refundPayType).toBe('PG');
    const pay = body.payInfo;
    expect(pay.cardInfo).toEqual({
      cardCompany: null,
      cardCode: '',
      cardName: '',
      cardNo: '',
      cardApprovalNumber: '',
      installmentPeriod: 0,
      noInterest: false,
      cardAmt: payAmt,
      approveYmdt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(pay.bankInfo).toEqual({
      bank: null,
      bankCode: '',
      bankName: null,
      account: '',
      depositorName: '',
      depositAmt: 0,
      bankAmt: 0,
      paymentExpirationYmdt: '',
      depositYmdt: '',
      remitterName: '',
    });
    expect(pay.mobileInfo).toEqual({ mobileCompany: '', mobileNo: '' });
    expect(pay.naverPayInfo.payLocationType).toBeNull();
    expect(pay.naverPayInfo.generalPaymentAmount).toBe(0);
    expect(pay.cashNo).toBe('');
    expect(pay.cashAuthNo).toBe('');
  });

  it("gives a virtual account's bank as Shopby's bank code, and a deposit-wait order CANCEL_DEPOSIT", async () => {
    const api = apiClient(app);
    const buyer = await createShopper(t.db, '가상');
    const { orderNo } = await buyPaid(api, buyer, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }], {
      payType: 'VIRTUAL_ACCOUNT',
      noDeposit: true,
    });
    const { body } = await api.get(`/shop-api/profile/orders/${orderNo}`, buyer);
    expect(body.refundType).toBe('CANCEL_DEPOSIT');
    expect(body.payInfo.bankInfo.bank).toBe('KB');
    expect(body.payInfo.bankInfo.bankName).toBe('국민은행');
    expect(body.payInfo.cardInfo.cardAmt).toBe(0);
    expect(body.payInfo.cardInfo.approveYmdt).toBe('');
  });
});

describe("order sheets: Shopby's orderSheetAddress and recurringPaymentDelivery", () => {
  it("gives a member's default address as the main one and the memos of their past orders", async () => {
    const api = apiClient(app);
    const buyer = await createShopper(t.db, '주소');
    await createAddress(t.db, buyer.memberNo, {
      addressName: '집',
      receiverName: '김주소',
      receiverZipCd: '06236',
      receiverAddress: '서울특별시 강남구 테헤란로 123',
      receiverDetailAddress: '4층',
      receiverContact1: '01012345678',
      isDefault: true,
    });
    await buyPaid(api, buyer, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
    const sheet = await api.post(
      '/shop-api/order-sheets',
      { products: [{ productNo: 101, optionNo: 1011, orderCnt: 1 }] },
      buyer,
    );
    const { body } = await api.get(`/shop-api/order-sheets/${sheet.body.orderSheetNo}`, buyer);
    expect(body.orderSheetAddress.mainAddress).toEqual({
      addressNo: expect.any(Number),
      addressName: '집',
      receiverName: '김주소',
      receiverZipCd: '06236',
      receiverAddress: '서울특별시 강남구 테헤란로 123',
      receiverJibunAddress: '',
      receiverDetailAddress: '4층',
      receiverContact1: '010-1234-5678',
      receiverContact2: '',
      countryCd: 'KR',
    });
    expect(body.orderSheetAddress.recentDeliveryMemo).toEqual(['문 앞에 놓아 주세요']);
    expect(body.orderSheetAddress.recentAddresses).toEqual([]);
    // Podo keeps no home address on the profile
    expect(body.orderSheetAddress.memberAddress).toEqual({
      address: '',
      jibunAddress: '',
      detailAddress: '',
      zipCd: '',
      jibunDetailAddress: '',
    });
    const options = body.deliveryGroups.flatMap(
      (g: { orderProducts: { orderProductOptions: unknown[] }[] }) =>
        g.orderProducts.flatMap((p) => p.orderProductOptions),
    );
    for (const o of options)
      expect(o.recurringPaymentDelivery).toEqual({
        date: null,
        cycleType: null,
        firstRecurringDate: null,
        cycle: null,
      });
  });

  it('gives a guest (and a member without a book) the empty address', async () => {
    const api = apiClient(app);
    const sheet = await api.post('/shop-api/order-sheets', {
      products: [{ productNo: 101, optionNo: 1011, orderCnt: 1 }],
    });
    expect(sheet.status).toBe(200);
    const { body } = await api.get(`/shop-api/order-sheets/${sheet.body.orderSheetNo}`, {
      guestToken: sheet.body.guestToken,
    });
    expect(body.orderSheetAddress.mainAddress.receiverName).toBe('');
    expect(body.orderSheetAddress.mainAddress.addressNo).toBe(0);
    expect(body.orderSheetAddress.recentDeliveryMemo).toEqual([]);
  });
});

describe("product inquiries: the product's English name and brand", () => {
  it("names the asked product in English and its brand, in the member's list and the product's", async () => {
    await t.db.execute("UPDATE products SET product_name_en = 'Yoga mat' WHERE product_no = 101");
    const api = apiClient(app);
    const asker = await createShopper(t.db, '문의');
    const posted = await api.post(
      '/shop-api/products/101/inquiries',
      { type: 'PRODUCT', title: '크기 문의', content: '가로 세로 크기가 궁금합니다.', secreted: false },
      asker,
    );
    expect(posted.status).toBeLessThan(300);
    const product = await get('/products/101');
    const mine = await api.get('/shop-api/profile/product-inquiries?pageNumber=1&pageSize=10', asker);
    expect(mine.status).toBe(200);
    const item = mine.body.items[0];
    expect(item.productNameEn).toBe('Yoga mat');
    expect(item.brandName).toBe(product.brand?.name ?? '');
    expect(item.brandNameEn).toBe(product.brand?.nameEn ?? '');
  });
});
