import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { apiClient } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createApiApp } from '../app.ts';

let t: TestDb;
const api = apiClient(createApiApp());

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

describe('POST /guest/cart', () => {
  it('prices from product and option numbers only, ignoring what the browser says about money and stock', async () => {
    const res = await api.post('/shop-api/guest/cart', [
      {
        cartNo: 12345,
        productNo: 101,
        optionNo: 1011,
        orderCnt: 2,
        price: { salePrice: 1, buyAmt: 1, immediateDiscountAmt: 99999 },
        stockCnt: 9999,
        deliveryAmt: 0,
      },
      { cartNo: 23456, productNo: 103, optionNo: 1032, orderCnt: 1, optionInputs: [] },
    ]);
    expect(res.status).toBe(200);
    const [own, other] = res.body.deliveryGroups;
    expect(own).toMatchObject({
      partnerName: '포도',
      deliveryTemplateGroupNo: 100,
      buyAmt: 36000,
      salePrice: 40000,
      deliveryAmt: 3000,
      deliveryCondition: { baseDeliveryAmt: 3000, aboveDeliveryAmt: 50000, deliveryAmt: 3000 },
    });
    expect(own.orderProducts[0]).toMatchObject({ productNo: 101, productName: '진동 방지 세탁기 패드' });
    expect(own.orderProducts[0].imageUrl).toMatch(/^\/uploads\/catalog\/products\/101-1-/);
    expect(own.orderProducts[0].orderProductOptions[0]).toMatchObject({
      cartNo: 12345,
      orderCnt: 2,
      stockCnt: 10,
      optionTitle: '',
      price: { salePrice: 20000, immediateDiscountAmt: 4000, addPrice: 0, buyAmt: 36000 },
    });
    // 39000 + 3000 add price, fixed fee 2500
    expect(other).toMatchObject({ partnerName: '바른스포츠', buyAmt: 42000, deliveryAmt: 2500 });
    expect(other.orderProducts[0].orderProductOptions[0]).toMatchObject({
      cartNo: 23456,
      optionName: '색상|두께',
      optionValue: '보라|10mm',
      optionTitle: '색상: 보라 / 두께: 10mm',
      price: { addPrice: 3000, buyAmt: 42000 },
    });
    expect(res.body.price).toMatchObject({ buyAmt: 78000, totalDeliveryAmt: 5500, totalAmt: 83500 });
  });

  it("answers 400 'option data not found' for an option the product does not have", async () => {
    const res = await api.post('/shop-api/guest/cart', [{ productNo: 101, optionNo: 1031, orderCnt: 1 }]);
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'OPTION_NOT_FOUND', message: '옵션 정보를 찾을 수 없습니다.' },
    });
  });

  it('refuses quantity 0 or 10000 and the product limit', async () => {
    for (const orderCnt of [0, 10000, -1]) {
      const res = await api.post('/shop-api/guest/cart', [{ productNo: 101, optionNo: 1011, orderCnt }]);
      expect(res.status).toBe(400);
    }
    await t.db.execute('UPDATE products SET max_buy_time_cnt = 3 WHERE product_no = 101');
    const over = await api.post('/shop-api/guest/cart', [{ productNo: 101, optionNo: 1011, orderCnt: 4 }]);
    expect(over).toMatchObject({ status: 400, body: { code: 'INVALID_QUANTITY' } });
    expect(over.body.message).toMatch(/3개 이하/);
    await t.db.execute('UPDATE products SET max_buy_time_cnt = 0 WHERE product_no = 101');
  });

  it('flags sold-out lines and returns products no longer sold as invalid products', async () => {
    const res = await api.post('/shop-api/guest/cart?divideInvalidProducts=true', [
      { cartNo: 1, productNo: 102, optionNo: 1022, orderCnt: 1 },
      { cartNo: 2, productNo: 106, optionNo: 1061, orderCnt: 1 },
      { cartNo: 3, productNo: 101, optionNo: 1011, orderCnt: 1 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.deliveryGroups).toHaveLength(1);
    expect(res.body.invalidProducts.map((p: { productNo: number }) => p.productNo)).toEqual([102, 106]);
    expect(res.body.invalidProducts[0].orderProductOptions[0]).toMatchObject({
      cartNo: 1,
      soldOut: true,
      validInfo: { valid: false },
    });
    expect(res.body.price.buyAmt).toBe(18000);
  });

  it('prices an empty guest cart as nothing', async () => {
    const res = await api.post('/shop-api/guest/cart', []);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deliveryGroups: [], invalidProducts: [], price: { totalAmt: 0 } });
  });
});
