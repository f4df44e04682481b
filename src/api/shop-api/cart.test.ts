import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { apiClient, createShopper, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createApiApp } from '../app.ts';

let t: TestDb;
let alice: Shopper;
let bob: Shopper;
const api = apiClient(createApiApp());
const engraved = (text: string) => [{ inputLabel: '각인 문구', inputValue: text }];

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  alice = await createShopper(t.db, '앨리스');
  bob = await createShopper(t.db, '밥');
});
afterAll(() => t.close());

describe('member cart', () => {
  it('needs a member', async () => {
    expect((await api.get('/shop-api/cart')).status).toBe(401);
    expect((await api.post('/shop-api/cart', [{ productNo: 101, optionNo: 1011, orderCnt: 1 }])).status).toBe(
      401,
    );
  });

  it('adds lines, merges the same option without input and keeps custom input lines apart', async () => {
    const first = await api.post('/shop-api/cart', [{ productNo: 101, optionNo: 1011, orderCnt: 1 }], alice);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(1);
    expect(first.body.extra.lines[0]).toMatchObject({
      productNo: 101,
      optionNo: 1011,
      orderCnt: 1,
      increased: false,
    });

    const again = await api.post('/shop-api/cart', { productNo: 101, optionNo: 1011, orderCnt: 2 }, alice);
    expect(again.body.count).toBe(1);
    expect(again.body.extra.lines[0]).toMatchObject({
      orderCnt: 3,
      increased: true,
      cartNo: first.body.extra.lines[0].cartNo,
    });

    await api.post(
      '/shop-api/cart',
      [{ productNo: 104, optionNo: 1041, orderCnt: 1, optionInputs: engraved('하나') }],
      alice,
    );
    const same = await api.post(
      '/shop-api/cart',
      [{ productNo: 104, optionNo: 1041, orderCnt: 1, optionInputs: engraved('하나') }],
      alice,
    );
    expect(same.body.count).toBe(3);
    expect(same.body.extra.lines[0].increased).toBe(false);
    expect((await api.get('/shop-api/cart/count', alice)).body).toEqual({ count: 3 });
  });

  it('prices lines from the catalogue and groups them by partner and delivery template', async () => {
    const res = await api.get('/shop-api/cart', alice);
    expect(res.status).toBe(200);
    const [own, other] = res.body.deliveryGroups;
    // 101 ×3: 20000 −10% = 18000 → 54000, at or above 50000: free delivery
    expect(own).toMatchObject({
      partnerNo: 1,
      partnerName: '포도',
      deliveryTemplateNo: 100,
      deliveryTemplateGroupNo: 100,
      buyAmt: 54000,
      deliveryAmt: 0,
      deliveryCondition: {
        deliveryConditionType: 'CONDITIONAL',
        baseDeliveryAmt: 3000,
        aboveDeliveryAmt: 50000,
        deliveryAmt: 0,
      },
    });
    const option = own.orderProducts[0].orderProductOptions[0];
    expect(option).toMatchObject({
      productNo: 101,
      optionNo: 1011,
      orderCnt: 3,
      stockCnt: 10,
      soldOut: false,
      price: { salePrice: 20000, addPrice: 0, immediateDiscountAmt: 6000, standardAmt: 60000, buyAmt: 54000 },
      validInfo: { valid: true },
    });
    // 104 ×1 ×2 lines: 25000 − 2000 = 23000 each; fixed fee 2500
    expect(other).toMatchObject({
      partnerNo: 2,
      partnerName: '바른스포츠',
      buyAmt: 46000,
      deliveryAmt: 2500,
    });
    expect(other.orderProducts[0].orderProductOptions).toHaveLength(2);
    expect(other.orderProducts[0].orderProductOptions[0].optionInputs[0]).toMatchObject({
      inputNo: 1,
      inputLabel: '각인 문구',
      inputValue: '하나',
    });
    expect(res.body.price).toEqual({
      standardAmt: 110000,
      discountAmt: 10000,
      buyAmt: 100000,
      totalDeliveryAmt: 2500,
      totalPrePaidDeliveryAmt: 2500,
      totalPayOnDeliveryAmt: 0,
      totalAmt: 102500,
      accumulationAmtWhenBuyConfirm: 540 + 230 * 2,
    });
  });

  it('calculates the selected lines only, with the free threshold applying to them', async () => {
    const cart = (await api.get('/shop-api/cart', alice)).body;
    const washer = cart.deliveryGroups[0].orderProducts[0].orderProductOptions[0].cartNo;
    await api.put('/shop-api/cart', { cartNo: washer, orderCnt: 2 }, alice);
    const res = await api.get(`/shop-api/cart/calculate?cartNo=${washer}`, alice);
    expect(res.status).toBe(200);
    // 2 × 18000 = 36000 < 50000 → 3000
    expect(res.body).toMatchObject({ buyAmt: 36000, totalDeliveryAmt: 3000, totalAmt: 39000 });
    expect(res.body.deliveryGroups).toHaveLength(1);
    const subset = await api.get(`/shop-api/cart/subset?cartNo=${washer}`, alice);
    expect(subset.body.price.totalAmt).toBe(39000);
  });

  it('refuses an unknown option, quantity 0 or 10000, a missing required input and sold-out options', async () => {
    const unknown = await api.post(
      '/shop-api/cart',
      [{ productNo: 101, optionNo: 1021, orderCnt: 1 }],
      alice,
    );
    expect(unknown).toMatchObject({
      status: 400,
      body: { code: 'OPTION_NOT_FOUND', message: '옵션 정보를 찾을 수 없습니다.' },
    });
    for (const orderCnt of [0, 10000, 1.5]) {
      const res = await api.post('/shop-api/cart', [{ productNo: 101, optionNo: 1011, orderCnt }], alice);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/수량/);
    }
    const noInput = await api.post(
      '/shop-api/cart',
      [{ productNo: 104, optionNo: 1042, orderCnt: 1 }],
      alice,
    );
    expect(noInput).toMatchObject({ status: 400, body: { code: 'INPUT_REQUIRED' } });
    const tooLong = await api.post(
      '/shop-api/cart',
      [{ productNo: 104, optionNo: 1042, orderCnt: 1, optionInputs: engraved('가'.repeat(21)) }],
      alice,
    );
    expect(tooLong).toMatchObject({ status: 400, body: { code: 'INPUT_INVALID' } });
    const soldOut = await api.post(
      '/shop-api/cart',
      [{ productNo: 102, optionNo: 1022, orderCnt: 1 }],
      alice,
    );
    expect(soldOut).toMatchObject({ status: 409, body: { code: 'SOLD_OUT' } });
    const overStock = await api.post(
      '/shop-api/cart',
      [{ productNo: 102, optionNo: 1021, orderCnt: 6 }],
      alice,
    );
    expect(overStock.status).toBe(409);
    expect(overStock.body.message).toMatch(/남은 수량 5개/);
    const stopped = await api.post(
      '/shop-api/cart',
      [{ productNo: 106, optionNo: 1061, orderCnt: 1 }],
      alice,
    );
    expect(stopped).toMatchObject({ status: 400, body: { code: 'PRODUCT_NOT_FOUND' } });
    const notYet = await api.post('/shop-api/cart', [{ productNo: 108, optionNo: 1081, orderCnt: 1 }], alice);
    expect(notYet).toMatchObject({ status: 409, body: { code: 'NOT_ON_SALE' } });
    expect((await api.get('/shop-api/cart/count', alice)).body.count).toBe(3);
  });

  it('keeps every limit with the lean read: the minimum, the per-order maximum and the stock with what the cart holds, products and options marked sold out (decision 052)', async () => {
    const carol = await createShopper(t.db, '캐럴');
    const add = (optionNo: number, orderCnt: number, productNo = 103) =>
      api.post('/shop-api/cart', [{ productNo, optionNo, orderCnt }], carol);
    const before = await t.db.execute(
      'SELECT min_buy_cnt, max_buy_time_cnt FROM products WHERE product_no = 103',
    );
    await t.db.execute('UPDATE products SET min_buy_cnt = 2, max_buy_time_cnt = 3 WHERE product_no = 103');
    try {
      expect(await add(1031, 1)).toMatchObject({
        status: 400,
        body: { code: 'INVALID_QUANTITY', message: '요가 매트 프로는 2개 이상 구매할 수 있습니다.' },
      });
      expect(await add(1031, 4)).toMatchObject({
        status: 400,
        body: { code: 'INVALID_QUANTITY', message: '주문 수량은 1개 이상 3개 이하로 입력해 주세요.' },
      });
      expect((await add(1031, 2)).status).toBe(200);
      expect(await add(1031, 2)).toMatchObject({
        status: 400,
        body: {
          code: 'INVALID_QUANTITY',
          message: '장바구니에 이미 2개가 담겨 있습니다. 한 번에 3개까지 구매할 수 있습니다.',
        },
      });
      await t.db.execute('UPDATE products SET min_buy_cnt = 1, max_buy_time_cnt = 0 WHERE product_no = 103');
      // 보라|10mm has 2 in stock: the second add would make 3
      expect((await add(1032, 2)).status).toBe(200);
      expect(await add(1032, 1)).toMatchObject({
        status: 409,
        body: { code: 'SOLD_OUT', message: '재고가 부족합니다. (요가 매트 프로, 남은 수량 2개)' },
      });
      // 회색|6mm is marked sold out with 4 in stock; 107 is a product marked sold out
      expect(await add(1033, 1)).toMatchObject({ status: 409, body: { code: 'SOLD_OUT' } });
      expect(await add(1071, 1, 107)).toMatchObject({ status: 409, body: { code: 'SOLD_OUT' } });
      const lines = await api.get('/shop-api/cart', carol);
      expect(
        lines.body.deliveryGroups.flatMap((g: { orderProducts: { orderProductOptions: object[] }[] }) =>
          g.orderProducts.flatMap((p) => p.orderProductOptions),
        ),
      ).toMatchObject([
        { optionNo: 1031, orderCnt: 2 },
        { optionNo: 1032, orderCnt: 2 },
      ]);
    } finally {
      await t.db.execute({
        sql: 'UPDATE products SET min_buy_cnt = ?, max_buy_time_cnt = ? WHERE product_no = 103',
        args: [Number(before.rows[0]?.min_buy_cnt), Number(before.rows[0]?.max_buy_time_cnt)],
      });
    }
  });

  it("answers 404 for another member's cartNo and leaves the line alone", async () => {
    const aliceLine = (await api.get('/shop-api/cart', alice)).body.deliveryGroups[0].orderProducts[0]
      .orderProductOptions[0].cartNo;
    expect((await api.put('/shop-api/cart', { cartNo: aliceLine, orderCnt: 5 }, bob)).status).toBe(404);
    expect((await api.delete(`/shop-api/cart?cartNo=${aliceLine}`, bob)).status).toBe(404);
    expect((await api.get(`/shop-api/cart/calculate?cartNo=${aliceLine}`, bob)).status).toBe(404);
    expect((await api.get('/shop-api/cart/count', alice)).body.count).toBe(3);
    expect((await api.delete('/shop-api/cart?cartNo=abc', alice)).status).toBe(400);
  });

  it('updates quantity and custom input, and deletes selected lines', async () => {
    const cart = (await api.get('/shop-api/cart', alice)).body;
    const [a, b] = cart.deliveryGroups[1].orderProducts[0].orderProductOptions;
    const upd = await api.put(
      '/shop-api/cart',
      [{ cartNo: a.cartNo, orderCnt: 2, optionInputs: engraved('바뀐 문구') }],
      alice,
    );
    expect(upd.status).toBe(200);
    const after = (await api.get('/shop-api/cart', alice)).body.deliveryGroups[1].orderProducts[0]
      .orderProductOptions[0];
    expect(after).toMatchObject({ orderCnt: 2, optionInputs: [{ inputValue: '바뀐 문구' }] });
    expect((await api.put('/shop-api/cart', { cartNo: a.cartNo, orderCnt: 0 }, alice)).status).toBe(400);
    expect((await api.put('/shop-api/cart', { cartNo: a.cartNo, orderCnt: 4 }, alice)).status).toBe(409);
    const del = await api.delete(`/shop-api/cart?cartNo=${a.cartNo},${b.cartNo}`, alice);
    expect(del).toMatchObject({ status: 200, body: { count: 1 } });
  });

  it('flags lines that sold out after they were added and keeps them out of the totals', async () => {
    const carol = await createShopper(t.db, '캐럴');
    await api.post(
      '/shop-api/cart',
      [
        { productNo: 102, optionNo: 1021, orderCnt: 2 },
        { productNo: 101, optionNo: 1011, orderCnt: 1 },
      ],
      carol,
    );
    await t.db.execute('UPDATE product_options SET stock_cnt = 0 WHERE option_no = 1021');
    const res = await api.get('/shop-api/cart', carol);
    const mat = res.body.deliveryGroups[0].orderProducts.find(
      (p: { productNo: number }) => p.productNo === 102,
    ).orderProductOptions[0];
    expect(mat).toMatchObject({
      soldOut: true,
      validInfo: { valid: false, errorCode: { code: 'SOLD_OUT' } },
    });
    expect(res.body.price.buyAmt).toBe(18000);
    const divided = await api.get('/shop-api/cart?divideInvalidProducts=true', carol);
    expect(divided.body.invalidProducts.map((p: { productNo: number }) => p.productNo)).toEqual([102]);
    await t.db.execute('UPDATE product_options SET stock_cnt = 5 WHERE option_no = 1021');
  });
});

describe('guest cart merge at login', () => {
  it('merges with the rule, skips stale lines and lowers quantities to the limit', async () => {
    const dave = await createShopper(t.db, '데이브');
    await api.post('/shop-api/cart', [{ productNo: 101, optionNo: 1011, orderCnt: 1 }], dave);
    const res = await api.post(
      '/shop-api/cart/merge',
      [
        { cartNo: 12345, productNo: 101, optionNo: 1011, orderCnt: 2, price: { buyAmt: 1 } },
        { cartNo: 23456, productNo: 103, optionNo: 1031, orderCnt: 1 },
        { cartNo: 34567, productNo: 104, optionNo: 1041, orderCnt: 1, optionInputs: engraved('선물') },
        { cartNo: 45678, productNo: 101, optionNo: 9999, orderCnt: 1 },
        { cartNo: 56789, productNo: 106, optionNo: 1061, orderCnt: 1 },
      ],
      dave,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 3, merged: 1, added: 2 });
    expect(res.body.skipped.map((s: { code: string }) => s.code).sort()).toEqual([
      'NOT_ON_SALE',
      'OPTION_NOT_FOUND',
    ]);
    const cart = (await api.get('/shop-api/cart', dave)).body;
    expect(cart.deliveryGroups[0].orderProducts[0].orderProductOptions[0].orderCnt).toBe(3);
  });
});
