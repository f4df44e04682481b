import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { recordingStatements } from '../../../tests/fixtures/statements.ts';
import {
  getOptionsOfProducts,
  getProduct,
  getProductBySlug,
  getProductOptions,
  getProductPage,
  searchProducts,
} from './service.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

describe('getProduct', () => {
  it('fills base info, price, delivery fee, partner, brand, shipping template and status', async () => {
    const p = await getProduct(t.db, 101);
    expect(p?.baseInfo).toMatchObject({
      productNo: 101,
      productName: '진동 방지 세탁기 패드',
      content: '<p>진동 방지 세탁기 패드 상세</p>',
      promotionText: '진동 방지 세탁기 패드 특가',
      productManagementCd: 'PMC-101',
      registerYmdt: '2024-01-05 09:00:00',
      saleStartYmdt: '2024-02-01 09:00:00',
      saleEndYmdt: '9999-12-31 23:59:59',
      imageUrls: ['/uploads/catalog/products/101-1-1280w.webp', '/uploads/catalog/products/101-2-1280w.webp'],
    });
    expect(p?.price).toMatchObject({
      salePrice: 20000,
      immediateDiscountAmt: 2000,
      immediateDiscountUnitType: 'RATE',
      additionDiscountAmt: 0,
    });
    expect(p?.deliveryFee).toMatchObject({
      deliveryConditionType: 'CONDITIONAL',
      deliveryAmt: 3000,
      aboveDeliveryAmt: 50000,
      remoteDeliveryAmt: 3000,
      returnDeliveryAmt: 3000,
      deliveryType: 'PARCEL_DELIVERY',
      deliveryCompanyTypeLabel: 'CJ대한통운',
      defaultDeliveryConditionLabel: '배송비 3,000원 (50,000원 이상 구매 시 무료)',
    });
    expect(p?.shippingInfo.shippingConfig).toMatchObject({
      templateNo: 100,
      shippingAreaType: 'MALL_SHIPPING_AREA',
    });
    expect(p?.partner).toMatchObject({ partnerNo: 1, partnerName: '포도', companyName: '' });
    expect(p?.brand).toMatchObject({ brandNo: 10, name: '포도', nameEn: 'PODO' });
    expect(p?.stock).toEqual({ saleCnt: 50, stockCnt: 10, mainStockCnt: 10 });
    expect(p?.counter).toMatchObject({ likeCnt: 5, reviewCnt: 10 });
    expect(p?.status).toMatchObject({ saleStatusType: 'ONSALE', soldout: false, display: true });
    expect(p?.limitations).toMatchObject({ minBuyCnt: 1, canAddToCart: true });
    expect(p?.liked).toBe(false);
    expect(p?.extra).toMatchObject({
      slug: 'washer-pad',
      discountedPrice: 18000,
      optionLabels: [],
      productSummary: '진동 방지 세탁기 패드 요약',
    });
    expect(p?.extra.images[0]).toMatchObject({
      url: '/uploads/catalog/products/101-1-1280w.webp',
      width: 1280,
      height: 1280,
      main: true,
    });
  });

  it('names each display category with its path from the top', async () => {
    const p = await getProduct(t.db, 101);
    expect(p?.categories).toEqual([
      {
        depth: 2,
        categoryNo: 529106,
        label: '세탁기 방진패드',
        fullCategoryLabel: '방진패드 > 세탁기 방진패드',
        representativeYn: 'Y',
        categories: [
          { depth: 1, categoryNo: 529105, label: '방진패드' },
          { depth: 2, categoryNo: 529106, label: '세탁기 방진패드' },
        ],
      },
    ]);
    expect((await getProduct(t.db, 103))?.categories.map((c) => c.categoryNo)).toEqual([757067, 178561]);
  });

  it('applies an immediate discount only within its period', async () => {
    expect((await getProduct(t.db, 102))?.price.immediateDiscountAmt).toBe(0);
    const active = await getProduct(t.db, 104);
    expect(active?.price.immediateDiscountAmt).toBe(2000);
    expect(active?.extra).toMatchObject({
      discountedPrice: 23000,
      immediateDiscountEndYmdt: '2099-12-31 09:00:00',
    });
  });

  it('reports sold-out, READY and fixed-fee states', async () => {
    expect((await getProduct(t.db, 105))?.status).toMatchObject({ soldout: true });
    expect((await getProduct(t.db, 105))?.limitations.canAddToCart).toBe(false);
    expect((await getProduct(t.db, 107))?.status.soldout).toBe(true);
    const ready = await getProduct(t.db, 108);
    expect(ready?.status.saleStatusType).toBe('READY');
    expect(ready?.limitations.canAddToCart).toBe(false);
    expect(ready?.brand).toBeNull();
    expect((await getProduct(t.db, 103))?.deliveryFee).toMatchObject({
      deliveryConditionType: 'FIXED_FEE',
      deliveryAmt: 2500,
      aboveDeliveryAmt: 0,
    });
  });

  it('opens a hidden product by its address, but never a STOP or unknown one', async () => {
    expect((await getProduct(t.db, 109))?.status.display).toBe(false);
    expect(await getProduct(t.db, 106)).toBeNull();
    expect(await getProduct(t.db, 999)).toBeNull();
    expect(await getProduct(t.db, -1)).toBeNull();
  });

  it('finds a product by slug or by its number', async () => {
    expect((await getProductBySlug(t.db, 'washer-pad'))?.baseInfo.productNo).toBe(101);
    expect((await getProductBySlug(t.db, '103'))?.baseInfo.productNo).toBe(103);
    expect(await getProductBySlug(t.db, 'stopped-dampener')).toBeNull();
    expect(await getProductBySlug(t.db, 'nope')).toBeNull();
    expect(await getProductBySlug(t.db, '')).toBeNull();
  });
});

describe('getProductOptions', () => {
  it('gives a product without options one DEFAULT option to put in a cart', async () => {
    const o = await getProductOptions(t.db, 101);
    expect(o).toMatchObject({
      type: 'DEFAULT',
      labels: [],
      multiLevelOptions: [],
      productSalePrice: 20000,
      immediateDiscountAmt: 2000,
    });
    expect(o?.flatOptions).toEqual([
      expect.objectContaining({
        optionNo: 1011,
        label: '',
        value: '',
        buyPrice: 18000,
        stockCnt: 10,
        saleType: 'AVAILABLE',
        main: true,
      }),
    ]);
  });

  it('resolves one dimension, with a sold-out value', async () => {
    const o = await getProductOptions(t.db, 102);
    expect(o).toMatchObject({ type: 'COMBINATION', selectType: 'FLAT', labels: ['색상'] });
    expect(o?.flatOptions.map((f) => [f.optionNo, f.value, f.buyPrice, f.stockCnt, f.saleType])).toEqual([
      [1021, '검정', 30000, 5, 'AVAILABLE'],
      [1022, '흰색', 30000, 0, 'SOLD_OUT'],
    ]);
    expect(o?.multiLevelOptions.map((m) => [m.label, m.value, m.children])).toEqual([
      ['색상', '검정', null],
      ['색상', '흰색', null],
    ]);
  });

  it('resolves two dimensions into a tree whose leaves are whole options', async () => {
    const o = await getProductOptions(t.db, 103);
    expect(o).toMatchObject({ selectType: 'MULTI', labels: ['색상', '두께'] });
    const flat = o?.flatOptions.map((f) => [
      f.label,
      f.value,
      f.addPrice,
      f.buyPrice,
      f.saleType,
      f.forcedSoldOut,
    ]);
    expect(flat).toEqual([
      ['색상|두께', '보라|6mm', 0, 39000, 'AVAILABLE', false],
      ['색상|두께', '보라|10mm', 3000, 42000, 'AVAILABLE', false],
      ['색상|두께', '회색|6mm', 0, 39000, 'SOLD_OUT', true],
      ['색상|두께', '회색|10mm', 3000, 42000, 'SOLD_OUT', false],
    ]);
    const [purple, grey] = o?.multiLevelOptions ?? [];
    expect([purple?.label, purple?.value, grey?.value]).toEqual(['색상', '보라', '회색']);
    expect(purple?.children).toEqual([
      expect.objectContaining({
        label: '두께',
        value: '6mm',
        optionNo: 1031,
        buyPrice: 39000,
        children: null,
      }),
      expect.objectContaining({
        label: '두께',
        value: '10mm',
        optionNo: 1032,
        buyPrice: 42000,
        children: null,
      }),
    ]);
  });

  it('resolves four dimensions, discount on the price and add price on top, and lists inputs', async () => {
    const o = await getProductOptions(t.db, 104);
    expect(o?.labels).toEqual(['색상', '길이', '경도', '구성']);
    const pick = (...path: string[]) => {
      let level: unknown[] = o?.multiLevelOptions ?? [];
      let node: { value: string; children: unknown[] | null } | undefined;
      for (const v of path) {
        node = (level as { value: string; children: unknown[] | null }[]).find((n) => n.value === v);
        level = node?.children ?? [];
      }
      return node;
    };
    expect(pick('분홍', '45cm', '소프트', '세트')).toMatchObject({
      optionNo: 1044,
      addPrice: 5000,
      buyPrice: 28000,
      stockCnt: 2,
    });
    expect(pick('파랑', '90cm', '소프트', '단품')).toMatchObject({ optionNo: 1043, buyPrice: 27000 });
    expect(pick('파랑', '45cm')?.children).toHaveLength(2);
    expect(o?.inputs).toEqual([
      { inputNo: 1, inputLabel: '각인 문구', inputMatchingType: 'OPTION', required: true, maxLength: 20 },
    ]);
  });

  it('sells no option of a product marked sold out', async () => {
    expect(
      (await getProductOptions(t.db, 107))?.flatOptions.map((f) => [f.stockCnt, f.forcedSoldOut, f.saleType]),
    ).toEqual([[3, false, 'SOLD_OUT']]);
  });

  it('is null for STOP and unknown products', async () => {
    expect(await getProductOptions(t.db, 106)).toBeNull();
    expect(await getProductOptions(t.db, 12345)).toBeNull();
  });
});

describe('getOptionsOfProducts', () => {
  it('answers in the order asked, leaving out products that cannot be shown', async () => {
    const r = await getOptionsOfProducts(t.db, [103, 106, 101, 103, 999]);
    expect(r.optionInfos.map((i) => i.mallProductNo)).toEqual([103, 101]);
    const info = r.optionInfos[0];
    expect(info?.options.map((o) => [o.optionNo, o.children])).toEqual([
      [1031, null],
      [1032, null],
      [1033, null],
      [1034, null],
    ]);
    expect(info?.flatOptions).toEqual((await getProductOptions(t.db, 103))?.flatOptions);
    expect((await getOptionsOfProducts(t.db, [])).optionInfos).toEqual([]);
  });
});

describe('getProductPage', () => {
  it('answers what getProduct and getProductOptions answer, from one read, by slug or number', async () => {
    for (const no of [101, 103, 104, 107, 109]) {
      const expected = { product: await getProduct(t.db, no), options: await getProductOptions(t.db, no) };
      const slug = expected.product?.extra.slug ?? '';
      expect(await getProductPage(t.db, slug), slug).toEqual(expected);
      expect(await getProductPage(t.db, String(no)), String(no)).toEqual(expected);
    }
    expect((await getProductPage(t.db, 'foam-roller'))?.options.inputs).toHaveLength(1);
  });

  it('reads the product once per page, whatever the address: a number, a slug, a slug of digits, none', async () => {
    // a slug made of digits: the page /products/5555 is product 102 (no product has that number)
    await t.db.execute(`UPDATE products SET slug = '5555' WHERE product_no = 102`);
    try {
      const expected102 = await getProduct(t.db, 102);
      for (const [address, productNo] of [
        ['101', 101],
        ['washer-pad', 101],
        ['5555', 102],
        ['12345', null], // no such number nor slug: a 404 read once, not by number then by slug
        ['106', null], // stopped: not shown
      ] as const) {
        const recorded = recordingStatements(t.db);
        const page = await getProductPage(recorded.db, address);
        expect(page?.product.baseInfo.productNo ?? null, address).toBe(productNo);
        expect(
          recorded.sql().filter((sql) => sql.includes('json_object(')),
          address,
        ).toHaveLength(1);
        expect(recorded.statements, address).toHaveLength(1);
      }
      expect((await getProductPage(t.db, '5555'))?.product).toEqual(expected102);
    } finally {
      await t.db.execute(`UPDATE products SET slug = 'square-mat' WHERE product_no = 102`);
    }
  });

  it('is null for STOP, unknown and empty addresses', async () => {
    for (const key of ['stopped-dampener', '106', 'no-such-product', '12345', ' ', '']) {
      expect(await getProductPage(t.db, key), key).toBeNull();
    }
  });
});

describe('lists and detail', () => {
  it('agree on price, stock and sold-out for every listed product', async () => {
    const { items } = await searchProducts(t.db, { pageSize: 200 });
    for (const item of items) {
      const detail = await getProduct(t.db, item.productNo);
      expect(
        [
          item.isSoldOut,
          item.stockCnt,
          item.immediateDiscountAmt,
          item.minSalePrice,
          item.maxSalePrice,
          item.saleStatusType,
        ],
        String(item.productNo),
      ).toEqual([
        detail?.status.soldout,
        detail?.stock.stockCnt,
        detail?.price.immediateDiscountAmt,
        detail?.price.minSalePrice,
        detail?.price.maxSalePrice,
        detail?.status.saleStatusType,
      ]);
      expect(item.imageUrls).toEqual(detail?.baseInfo.imageUrls);
      expect(item.extra.listImage).toEqual(detail?.extra.images[0]);
    }
  });
});
