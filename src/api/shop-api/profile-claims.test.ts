import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { addCoupon, apiClient, createShopper, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { buyPaid } from '../../../tests/fixtures/paid-orders.ts';
import { createSandboxAdapter, findSandboxPayment } from '../../server/adapters/payment/sandbox.ts';
import { loadPaymentConfig } from '../../server/adapters/payment/config.ts';
import { PaymentProviderError, usePaymentProviderForTests } from '../../server/adapters/payment/index.ts';
import { retryClaimRefunds } from '../../server/claim/index.ts';
import { runCommerceMaintenance } from '../../server/payment/maintenance.ts';
import { grantAdmin } from '../../server/member/service.ts';
import { givePoints, issueCoupon } from '../../server/promotion/service.ts';
import { createApiApp } from '../app.ts';

/**
 * My page's claims end to end through the API: partial and whole cancels with their amounts,
 * refunds at the sandbox (and their retry), returns decided by a manager, buy confirmation and its
 * points, and nobody reaching another member's orders or claims.
 */

let t: TestDb;
let alice: Shopper;
let bob: Shopper;
let admin: Shopper;
const api = apiClient(createApiApp());

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  alice = await createShopper(t.db, '앨리스');
  bob = await createShopper(t.db, '밥');
  admin = await createShopper(t.db, '관리자');
  await grantAdmin(t.db, admin.memberNo);
  await addCoupon(t.db, { couponNo: 801, type: 'PRODUCT', value: 3000, targets: [101] });
  await addCoupon(t.db, { couponNo: 802, type: 'CART', value: 5000 });
});
afterAll(() => t.close());
afterEach(() => usePaymentProviderForTests('sandbox', undefined));

const one = async (sql: string, args: (string | number)[] = []) =>
  (await t.db.execute({ sql, args })).rows[0] as unknown as Record<string, unknown> | undefined;
const stock = async (optionNo: number) =>
  Number((await one('SELECT stock_cnt FROM product_options WHERE option_no = ?', [optionNo]))!.stock_cnt);
const setStock = (optionNo: number, n: number) =>
  t.db.execute({ sql: 'UPDATE product_options SET stock_cnt = ? WHERE option_no = ?', args: [n, optionNo] });
const balance = async (memberNo: number) =>
  Number(
    (await one('SELECT balance FROM accumulation_balances WHERE member_no = ?', [memberNo]))?.balance ?? 0,
  );
const couponStatus = async (issueNo: number) =>
  String((await one('SELECT status FROM coupon_issues WHERE coupon_issue_no = ?', [issueNo]))!.status);
const linesOf = async (orderNo: string) =>
  (
    await t.db.execute({
      sql: 'SELECT * FROM order_options WHERE order_no = ? ORDER BY order_option_no',
      args: [orderNo],
    })
  ).rows as unknown as LineRow[];
interface LineRow {
  order_option_no: number;
  buy_amt: number;
  product_coupon_discount_amt: number;
  cart_coupon_discount_amt: number;
  returning_cnt: number;
}
const sandboxCancelled = async (paymentId: string) =>
  Number(
    (await one('SELECT cancelled_amt FROM sandbox_payments WHERE payment_id = ?', [paymentId]))!
      .cancelled_amt,
  );
const manager = (path: string, body: unknown = {}) => api.post(`/api/manager/orders/${path}`, body, admin);

async function shipAndDeliver(orderNo: string) {
  expect((await manager(`${orderNo}/prepare`)).status).toBe(200);
  const shipped = await manager(`${orderNo}/ship`, { deliveryCompanyType: 'CJ', invoiceNo: '123456789012' });
  expect(shipped.body).toMatchObject({ orderStatus: 'DELIVERY_ING' });
  expect((await manager(`${orderNo}/deliver`)).body).toMatchObject({ orderStatus: 'DELIVERY_DONE' });
}

const CANCEL = { claimReasonType: 'CHANGE_MIND', claimReasonDetail: '마음이 바뀌었어요' };

describe('order list and summary', () => {
  it('lists the member’s paid orders by group and range, counts them, and refuses bad dates and pages', async () => {
    const a = await buyPaid(api, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
    const b = await buyPaid(api, alice, [{ productNo: 103, optionNo: 1031, orderCnt: 1 }]);
    await manager(`${b.orderNo}/prepare`);

    const all = await api.get('/shop-api/profile/orders?pageSize=50', alice);
    expect(all.status).toBe(200);
    const nos = all.body.items.map((i: { orderNo: string }) => i.orderNo);
    expect(nos).toEqual(expect.arrayContaining([a.orderNo, b.orderNo]));
    expect(all.body.items.find((i: { orderNo: string }) => i.orderNo === a.orderNo)).toMatchObject({
      extra: { displayGroup: '결제완료', orderStatusLabel: '결제완료' },
      orderOptions: [{ productNo: 101, orderCnt: 1 }],
      nextActions: expect.arrayContaining([expect.objectContaining({ nextActionType: 'CANCEL_ALL' })]),
    });

    const preparing = await api.get(
      '/shop-api/profile/orders?orderRequestTypes=PRODUCT_PREPARE,DELIVERY_PREPARE',
      alice,
    );
    expect(preparing.body.items.map((i: { orderNo: string }) => i.orderNo)).toEqual([b.orderNo]);
    const paged = await api.get('/shop-api/profile/orders?pageSize=1&pageNumber=2', alice);
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.totalCount).toBe(all.body.totalCount);

    const summary = await api.get('/shop-api/profile/orders/summary/status', alice);
    expect(summary.body).toMatchObject({ productPrepareCnt: 1, extra: { groups: { PREPARING: 1 } } });
    expect(summary.body.payDoneCnt).toBeGreaterThanOrEqual(1);

    // an old range has nothing; bob sees none of alice's orders
    expect(
      (await api.get('/shop-api/profile/orders?startYmd=2020-01-01&endYmd=2020-12-31', alice)).body
        .totalCount,
    ).toBe(0);
    expect((await api.get('/shop-api/profile/orders', bob)).body.totalCount).toBe(0);

    for (const q of [
      'startYmd=2024-02-30',
      'endYmd=abc',
      'startYmd=2024-05-01&endYmd=2024-04-01',
      'startYmd=1999-01-01',
    ]) {
      const res = await api.get(`/shop-api/profile/orders?${q}`, alice);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toMatch(/[가-힣]/);
    }
    for (const q of ['pageNumber=0', 'pageNumber=x', 'pageSize=1000', 'orderRequestTypes=NOPE']) {
      expect((await api.get(`/shop-api/profile/orders?${q}`, alice)).status, q).toBe(400);
    }
    expect((await api.get('/shop-api/profile/orders/summary/status?startYmd=2024-13-01', alice)).status).toBe(
      400,
    );
    expect((await api.get('/shop-api/profile/orders')).status).toBe(401);
    expect((await api.get(`/shop-api/profile/orders/${a.orderNo}`, bob)).status).toBe(404);
  });
});

describe('cancels', () => {
  it('a partial cancel refunds the units’ paid share; cancelling the rest gives everything back exactly', async () => {
    await givePoints(t.db, alice.memberNo, 2000);
    const pc = await issueCoupon(t.db, alice.memberNo, 801, { gift: true });
    const cc = await issueCoupon(t.db, alice.memberNo, 802, { gift: true });
    const [s1011, s1031] = [await stock(1011), await stock(1031)];
    const pointsBefore = await balance(alice.memberNo);
    const order = await buyPaid(
      api,
      alice,
      [
        { productNo: 101, optionNo: 1011, orderCnt: 2 },
        { productNo: 103, optionNo: 1031, orderCnt: 1 },
      ],
      {
        coupons: {
          productCoupons: [{ couponIssueNo: pc.couponIssueNo, productNo: 101 }],
          cartCouponIssueNo: cc.couponIssueNo,
        },
        points: 1000,
      },
    );
    // 36,000 + 39,000 − 3,000 − 5,000 − 1,000 points + 3,000 (group of 101: 33,000 < 50,000) + 2,500 (103)
    expect(order.payAmt).toBe(71500);
    expect(await couponStatus(pc.couponIssueNo)).toBe('USED');
    const [l101, l103] = await linesOf(order.orderNo);

    const est = await api.post(
      '/shop-api/profile/claims/estimate',
      {
        claimType: 'CANCEL',
        claimedProductOptions: [{ orderProductOptionNo: l101!.order_option_no, productCnt: 1 }],
      },
      alice,
    );
    expect(est.body).toMatchObject({ refundMainPayAmt: 15126, refundSubPayAmt: 229, refundPayAmt: 15355 });

    const first = await api.post(
      '/shop-api/profile/claims/cancel',
      { ...CANCEL, claimedProductOptions: [{ orderProductOptionNo: l101!.order_option_no, productCnt: 1 }] },
      alice,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      claimType: 'CANCEL',
      claimClassType: 'OPTION_CANCEL',
      claimPriceInfo: { refundMainPayAmt: 15126, refundSubPayAmt: 229 },
      extra: { claimStatus: 'CANCEL_DONE', refundStatus: 'DONE' },
      claimedOptions: [{ orderOptionNo: l101!.order_option_no, orderCnt: 1 }],
    });
    expect(await stock(1011)).toBe(s1011 - 1);
    expect(await sandboxCancelled(order.paymentId)).toBe(15126);
    expect(await balance(alice.memberNo)).toBe(pointsBefore - 1000 + 229);
    expect(await couponStatus(pc.couponIssueNo)).toBe('USED');
    const detail = await api.get(`/shop-api/profile/orders/${order.orderNo}`, alice);
    expect(detail.body.defaultOrderStatusType).toBe('PAY_DONE');
    expect(detail.body.extra.claims).toHaveLength(1);

    // more units than are left: 409, nothing changes
    const over = await api.post(
      `/shop-api/profile/order-options/${l101!.order_option_no}/claims/cancel`,
      { ...CANCEL, productCnt: 2 },
      alice,
    );
    expect(over).toMatchObject({ status: 409, body: { code: 'CLAIM_QUANTITY' } });

    const rest = await api.post(`/shop-api/profile/orders/${order.orderNo}/claims/cancel`, CANCEL, alice);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.claimPriceInfo).toMatchObject({ refundMainPayAmt: 56374, refundSubPayAmt: 771 });
    expect(rest.body.claimPriceInfo.deliveryAmtInfo.refundDeliveryAmt).toBe(5500);
    expect(await sandboxCancelled(order.paymentId)).toBe(71500);
    expect(await stock(1011)).toBe(s1011);
    expect(await stock(1031)).toBe(s1031);
    expect(await balance(alice.memberNo)).toBe(pointsBefore);
    expect(await couponStatus(pc.couponIssueNo)).toBe('ISSUED');
    expect(await couponStatus(cc.couponIssueNo)).toBe('ISSUED');
    expect((await api.get(`/shop-api/profile/orders/${order.orderNo}`, alice)).body).toMatchObject({
      defaultOrderStatusType: 'CANCEL_DONE',
      nextActions: [expect.objectContaining({ nextActionType: 'VIEW_CLAIM' })],
    });
    expect(l103).toBeDefined();

    // cancelling again answers the same claim and gives nothing back twice
    const again = await api.post(`/shop-api/profile/orders/${order.orderNo}/claims/cancel`, CANCEL, alice);
    expect(again.body.claimNo).toBe(rest.body.claimNo);
    expect(await stock(1011)).toBe(s1011);
    expect(await balance(alice.memberNo)).toBe(pointsBefore);
    const entries = await t.db.execute({
      sql: "SELECT COUNT(*) AS n FROM accumulations WHERE order_no = ? AND reason = 'ADD_CANCEL'",
      args: [order.orderNo],
    });
    expect(Number(entries.rows[0]!.n)).toBe(2);
    const list = await api.get('/shop-api/profile/claims?claimTypes=CANCEL', alice);
    expect(list.body.items.map((i: { claimNo: number }) => i.claimNo)).toEqual(
      expect.arrayContaining([first.body.claimNo, rest.body.claimNo]),
    );
  });

  it('a product coupon comes back once none of its product is left; the cart coupon only with the whole order', async () => {
    const pc = await issueCoupon(t.db, bob.memberNo, 801, { gift: true });
    const order = await buyPaid(
      api,
      bob,
      [
        { productNo: 101, optionNo: 1011, orderCnt: 1 },
        { productNo: 103, optionNo: 1031, orderCnt: 1 },
      ],
      { coupons: { productCoupons: [{ couponIssueNo: pc.couponIssueNo, productNo: 101 }] } },
    );
    const [l101] = await linesOf(order.orderNo);
    const res = await api.post(
      `/shop-api/profile/order-options/${l101!.order_option_no}/claims/cancel`,
      { ...CANCEL, productCnt: 1 },
      bob,
    );
    expect(res.body.extra.restoredCouponIssueNos).toEqual([pc.couponIssueNo]);
    expect(await couponStatus(pc.couponIssueNo)).toBe('ISSUED');
    // 18,000 − 3,000 coupon; its group's 3,000 fee comes back too (nothing left to ship in it)
    expect(res.body.claimPriceInfo).toMatchObject({ refundMainPayAmt: 18000 });
  });

  it('refuses another member, shipped orders, partial cancels before the deposit; closes an unpaid virtual account', async () => {
    const order = await buyPaid(api, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
    const [line] = await linesOf(order.orderNo);
    const opt = line!.order_option_no;
    expect(
      (await api.post(`/shop-api/profile/orders/${order.orderNo}/claims/cancel`, CANCEL, bob)).status,
    ).toBe(404);
    expect(
      (
        await api.post(
          '/shop-api/profile/claims/cancel',
          { ...CANCEL, claimedProductOptions: [{ orderProductOptionNo: opt, productCnt: 1 }] },
          bob,
        )
      ).status,
    ).toBe(404);
    expect(
      (await api.get(`/shop-api/profile/order-options/${opt}/claims?claimType=CANCEL`, bob)).status,
    ).toBe(404);
    expect(
      (
        await api.get(
          `/shop-api/profile/order-options/${opt}/claims/estimate?claimType=CANCEL&productCnt=1`,
          bob,
        )
      ).status,
    ).toBe(404);
    expect((await api.put(`/shop-api/profile/orders/${order.orderNo}/confirm`, {}, bob)).status).toBe(404);
    expect(
      (
        await api.post(
          `/shop-api/profile/orders/${order.orderNo}/claims/cancel`,
          { claimReasonType: 'NOPE' },
          alice,
        )
      ).status,
    ).toBe(400);
    const form = await api.get(`/shop-api/profile/order-options/${opt}/claims?claimType=CANCEL`, alice);
    expect(form.body).toMatchObject({
      claimType: 'CANCEL',
      originalOption: { orderOptionNo: opt, claimableCnt: 1 },
    });

    await manager(`${order.orderNo}/ship`, { deliveryCompanyType: 'CJ', invoiceNo: '123456789012' });
    expect(
      await api.post(`/shop-api/profile/orders/${order.orderNo}/claims/cancel`, CANCEL, alice),
    ).toMatchObject({
      status: 409,
      body: { code: 'ORDER_NOT_CANCELABLE' },
    });

    const before = await stock(1031);
    const va = await buyPaid(api, alice, [{ productNo: 103, optionNo: 1031, orderCnt: 2 }], {
      payType: 'VIRTUAL_ACCOUNT',
      noDeposit: true,
    });
    expect(await stock(1031)).toBe(before - 2);
    const [vaLine] = await linesOf(va.orderNo);
    expect(
      await api.post(
        `/shop-api/profile/order-options/${vaLine!.order_option_no}/claims/cancel`,
        { ...CANCEL, productCnt: 1 },
        alice,
      ),
    ).toMatchObject({ status: 409, body: { code: 'PARTIAL_CANCEL_BEFORE_DEPOSIT' } });
    const whole = await api.post(`/shop-api/profile/orders/${va.orderNo}/claims/cancel`, CANCEL, alice);
    expect(whole.body).toMatchObject({
      refundType: 'CANCEL_DEPOSIT',
      claimPriceInfo: { refundMainPayAmt: 0 },
    });
    expect(await stock(1031)).toBe(before);
    expect((await findSandboxPayment(t.db, va.paymentId))!.status).toBe('CANCELLED');
  });

  it('an unpaid virtual account cancelled refunds nothing: no money, no delivery fee, in the estimate and the claim', async () => {
    await givePoints(t.db, alice.memberNo, 500);
    // 2 × 39,000 + the fixed 2,500 fee, 500 of it in points: nothing reaches the provider before the deposit
    const va = await buyPaid(api, alice, [{ productNo: 103, optionNo: 1031, orderCnt: 2 }], {
      payType: 'VIRTUAL_ACCOUNT',
      noDeposit: true,
      points: 500,
    });
    const [line] = await linesOf(va.orderNo);
    const estimate = await api.post(
      '/shop-api/profile/claims/estimate',
      {
        claimType: 'CANCEL',
        claimedProductOptions: [{ orderProductOptionNo: line!.order_option_no, productCnt: 2 }],
      },
      alice,
    );
    expect(estimate.status).toBe(200);
    expect(estimate.body).toMatchObject({
      refundType: 'CANCEL_DEPOSIT',
      refundMainPayAmt: 0,
      refundSubPayAmt: 500,
      deliveryAmtInfo: { refundDeliveryAmt: 0, totalAmt: 0 },
      extra: { nothingPaid: true },
    });

    const whole = await api.post(`/shop-api/profile/orders/${va.orderNo}/claims/cancel`, CANCEL, alice);
    expect(whole.body).toMatchObject({
      refundType: 'CANCEL_DEPOSIT',
      claimPriceInfo: {
        refundMainPayAmt: 0,
        refundSubPayAmt: 500,
        deliveryAmtInfo: { refundDeliveryAmt: 0 },
      },
      extra: { nothingPaid: true },
    });
    const detail = await api.get(`/shop-api/profile/orders/${va.orderNo}`, alice);
    expect(detail.body.extra.claims[0]).toMatchObject({
      claimPriceInfo: { refundMainPayAmt: 0, deliveryAmtInfo: { refundDeliveryAmt: 0 } },
      extra: { nothingPaid: true },
    });
    // a paid order's claim is not one of those
    const paid = await buyPaid(api, alice, [{ productNo: 103, optionNo: 1031, orderCnt: 1 }]);
    const paidCancel = await api.post(
      `/shop-api/profile/orders/${paid.orderNo}/claims/cancel`,
      CANCEL,
      alice,
    );
    expect(paidCancel.body).toMatchObject({
      claimPriceInfo: { refundMainPayAmt: 41500, deliveryAmtInfo: { refundDeliveryAmt: 2500 } },
      extra: { nothingPaid: false },
    });
  });

  it('keeps a refund the provider could not make owed, and the retry pays it once', async () => {
    const real = createSandboxAdapter(loadPaymentConfig());
    let fail = true;
    usePaymentProviderForTests('sandbox', {
      ...real,
      async cancelPart(id, req) {
        if (fail) throw new PaymentProviderError('sandbox is down');
        return real.cancelPart!(id, req);
      },
    });
    const order = await buyPaid(api, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 2 }]);
    const [line] = await linesOf(order.orderNo);
    const res = await api.post(
      `/shop-api/profile/order-options/${line!.order_option_no}/claims/cancel`,
      { ...CANCEL, productCnt: 1 },
      alice,
    );
    expect(res.body.extra).toMatchObject({
      claimStatus: 'CANCEL_PROC_WAITING_REFUND',
      refundStatus: 'REQUIRED',
    });
    expect(await sandboxCancelled(order.paymentId)).toBe(0);
    fail = false;
    // the payment maintenance pass makes the refund owed
    const pass = await runCommerceMaintenance(t.db);
    expect(pass.claimRefunds.done).toBeGreaterThanOrEqual(1);
    expect(await sandboxCancelled(order.paymentId)).toBe(18000);
    // a second retry (or a replayed key) pays nothing more
    await real.cancelPart!(order.paymentId, {
      amount: 18000,
      reason: 'x',
      refundKey: `claim-${res.body.claimNo}`,
    });
    await retryClaimRefunds(t.db);
    expect(await sandboxCancelled(order.paymentId)).toBe(18000);
    const claim = await api.get(`/shop-api/profile/claims/${res.body.claimNo}/result`, alice);
    expect(claim.body.extra).toMatchObject({ claimStatus: 'CANCEL_DONE', refundStatus: 'DONE' });
    expect((await api.get(`/shop-api/profile/claims/${res.body.claimNo}/result`, bob)).status).toBe(404);
  });
});

describe('buy confirmation and returns', () => {
  it('confirming gives the points of the paid lines exactly once', async () => {
    const cc = await issueCoupon(t.db, bob.memberNo, 802, { gift: true });
    const order = await buyPaid(
      api,
      bob,
      [
        { productNo: 101, optionNo: 1011, orderCnt: 2 },
        { productNo: 103, optionNo: 1032, orderCnt: 1 },
      ],
      { coupons: { cartCouponIssueNo: cc.couponIssueNo } },
    );
    expect(await api.put(`/shop-api/profile/orders/${order.orderNo}/confirm`, {}, bob)).toMatchObject({
      status: 409,
      body: { code: 'ORDER_NOT_CONFIRMABLE' },
    });
    const waiting = await api.get('/shop-api/profile/accumulations/waiting', bob);
    await shipAndDeliver(order.orderNo);
    const before = await balance(bob.memberNo);
    const lines = await linesOf(order.orderNo);
    // 1 % of what each line cost after its coupon share, rounded down per line
    const expected = lines.reduce(
      (a, l) =>
        a + Math.floor(((l.buy_amt - l.product_coupon_discount_amt - l.cart_coupon_discount_amt) * 1) / 100),
      0,
    );
    expect(waiting.body.extra.items).toEqual(
      expect.arrayContaining([
        { orderNo: order.orderNo, orderYmdt: expect.any(String), accumulationAmt: expected },
      ]),
    );
    const confirmed = await api.put(`/shop-api/profile/orders/${order.orderNo}/confirm`, {}, bob);
    expect(confirmed.body).toMatchObject({
      orderStatusType: 'BUY_CONFIRM',
      accumulationAmt: expected,
      alreadyConfirmed: false,
    });
    const again = await api.put(
      `/shop-api/profile/order-options/${lines[0]!.order_option_no}/confirm`,
      {},
      bob,
    );
    expect(again.body).toMatchObject({ accumulationAmt: expected, alreadyConfirmed: true });
    expect(await balance(bob.memberNo)).toBe(before + expected);
    const gives = await t.db.execute({
      sql: "SELECT COUNT(*) AS n FROM accumulations WHERE order_no = ? AND reason = 'ADD_AFTER_PAYMENT'",
      args: [order.orderNo],
    });
    expect(Number(gives.rows[0]!.n)).toBe(1);
    const detail = await api.get(`/shop-api/profile/orders/${order.orderNo}`, bob);
    expect(detail.body.extra).toMatchObject({
      displayGroup: '배송완료',
      orderGroupLabel: '배송완료',
      accumulationGivenAmt: expected,
      shipping: { deliveryCompanyTypeLabel: 'CJ대한통운', invoiceNo: '123456789012' },
    });
  });

  it('checkout promises the points the confirmation gives: on what is paid after coupons and points', async () => {
    const carol = await createShopper(t.db, '캐럴');
    const pc = await issueCoupon(t.db, carol.memberNo, 801, { gift: true });
    await givePoints(t.db, carol.memberNo, 2000);
    const products = [
      { productNo: 101, optionNo: 1011, orderCnt: 2 },
      { productNo: 103, optionNo: 1032, orderCnt: 1 },
    ];
    const coupons = { productCoupons: [{ couponIssueNo: pc.couponIssueNo, productNo: 101 }] };
    const sheet = await api.post('/shop-api/order-sheets', { products }, carol);
    const calc = await api.post(
      `/shop-api/order-sheets/${sheet.body.orderSheetNo}/calculate`,
      { couponRequest: coupons, accumulationUseAmt: 2000 },
      carol,
    );
    // 101: 2 × 18,000 − 3,000 coupon = 33,000; 103: 42,000; 2,000 points shared 880 / 1,120:
    // 1 % of 32,120 and of 40,880, rounded down per line = 321 + 408
    expect(calc.body.paymentInfo).toMatchObject({
      usedAccumulationAmt: 2000,
      accumulationAmtWhenBuyConfirm: 729,
    });

    const order = await buyPaid(api, carol, products, { coupons, points: 2000 });
    const stored = await one('SELECT accumulation_amt_when_buy_confirm AS n FROM orders WHERE order_no = ?', [
      order.orderNo,
    ]);
    expect(Number(stored!.n)).toBe(729);
    const waiting = await api.get('/shop-api/profile/accumulations/waiting', carol);
    expect(waiting.body.extra.items).toEqual(
      expect.arrayContaining([
        { orderNo: order.orderNo, orderYmdt: expect.any(String), accumulationAmt: 729 },
      ]),
    );
    await shipAndDeliver(order.orderNo);
    const detail = await api.get(`/shop-api/profile/orders/${order.orderNo}`, carol);
    expect(detail.body.extra.expectedAccumulationAmt).toBe(729);
    const confirmed = await api.put(`/shop-api/profile/orders/${order.orderNo}/confirm`, {}, carol);
    expect(confirmed.body).toMatchObject({ accumulationAmt: 729, alreadyConfirmed: false });
  });

  it('a return request waits for the manager: rejected it gives the units back, approved it refunds and restocks', async () => {
    const before = await stock(1011);
    const order = await buyPaid(api, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 2 }]);
    await shipAndDeliver(order.orderNo);
    const [line] = await linesOf(order.orderNo);
    const opt = line!.order_option_no;
    const body = {
      claimReasonType: 'DEFECTIVE_PRODUCT',
      claimReasonDetail: '모서리가 찢어져 왔어요',
      claimImageUrls: [`/uploads/members/${alice.memberNo}/claims/a.jpg`],
      claimedProductOptions: [{ orderProductOptionNo: opt, productCnt: 1 }],
      returnAddress: {
        receiverName: '앨리스',
        receiverZipCd: '06236',
        receiverAddress: '서울특별시 강남구 테헤란로 1',
        receiverDetailAddress: '2층',
        receiverContact1: '010-1111-2222',
      },
    };
    expect(
      (
        await api.post(
          '/shop-api/profile/claims/return',
          { ...body, claimImageUrls: [`/uploads/members/${bob.memberNo}/x.jpg`] },
          alice,
        )
      ).status,
    ).toBe(400);
    expect((await api.post('/shop-api/profile/claims/return', body, bob)).status).toBe(404);

    const rejected = await api.post('/shop-api/profile/claims/return', body, alice);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body).toMatchObject({
      claimType: 'RETURN',
      extra: { claimStatus: 'RETURN_REQUEST' },
      returnAddress: { name: '앨리스', zipCd: '06236', contact1: '01011112222' },
      claimPriceInfo: { deliveryAmtInfo: { returnDeliveryAmt: 0 } },
    });
    expect((await api.put(`/shop-api/profile/orders/${order.orderNo}/confirm`, {}, alice)).body.code).toBe(
      'RETURN_IN_PROGRESS',
    );
    const no = rejected.body.claimNo;
    expect(
      (await api.post(`/api/manager/claims/${no}/reject`, { reason: '사용 흔적이 있습니다' }, alice)).status,
    ).toBe(403);
    const rej = await api.post(`/api/manager/claims/${no}/reject`, { reason: '사용 흔적이 있습니다' }, admin);
    expect(rej.body.extra).toMatchObject({
      claimStatus: 'RETURN_REJECT',
      rejectReason: '사용 흔적이 있습니다',
    });
    expect(Number((await linesOf(order.orderNo))[0]!.returning_cnt)).toBe(0);
    expect((await api.post(`/api/manager/claims/${no}/approve`, {}, admin)).body.code).toBe(
      'CLAIM_ALREADY_DECIDED',
    );

    // withdrawn by the member
    const w = await api.post(
      `/shop-api/profile/order-options/${opt}/claims/return`,
      { ...body, productCnt: 1 },
      alice,
    );
    expect((await api.put(`/shop-api/profile/claims/${w.body.claimNo}/withdraw`, {}, bob)).status).toBe(404);
    expect(
      (await api.put(`/shop-api/profile/claims/${w.body.claimNo}/withdraw`, {}, alice)).body.extra
        .claimStatus,
    ).toBe('RETURN_WITHDRAWN');

    // the buyer's own reason costs the return fee (template 100: 3,000)
    const mind = await api.post(
      '/shop-api/profile/claims/return',
      {
        ...body,
        claimReasonType: 'CHANGE_MIND',
        claimedProductOptions: [{ orderProductOptionNo: opt, productCnt: 2 }],
      },
      alice,
    );
    expect(mind.body.claimPriceInfo).toMatchObject({
      refundMainPayAmt: 36000 - 3000,
      deliveryAmtInfo: { returnDeliveryAmt: 3000, buyerReturn: true },
    });
    const queue = await api.get('/api/manager/claims?status=RETURN_REQUEST', admin);
    expect(queue.body.items.map((i: { claimNo: number }) => i.claimNo)).toContain(mind.body.claimNo);
    const approved = await api.post(`/api/manager/claims/${mind.body.claimNo}/approve`, {}, admin);
    expect(approved.body.extra).toMatchObject({ claimStatus: 'RETURN_DONE', refundStatus: 'DONE' });
    expect(await stock(1011)).toBe(before);
    expect(await sandboxCancelled(order.paymentId)).toBe(33000);
    const detail = await api.get(`/shop-api/profile/orders/${order.orderNo}`, alice);
    expect(detail.body.extra).toMatchObject({
      returned: true,
      orderStatusLabel: '반품완료',
      displayGroup: '반품완료',
    });
    const returnedList = await api.get('/shop-api/profile/orders?orderRequestTypes=RETURN_DONE', alice);
    expect(returnedList.body.items.map((i: { orderNo: string }) => i.orderNo)).toContain(order.orderNo);
    expect((await api.put(`/shop-api/profile/orders/${order.orderNo}/confirm`, {}, alice)).status).toBe(409);
    // approving again changes nothing
    await api.post(`/api/manager/claims/${mind.body.claimNo}/approve`, {}, admin);
    expect(await stock(1011)).toBe(before);
  });

  it('keeps the manager routes to administrators', async () => {
    const order = await buyPaid(api, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
    for (const [method, path] of [
      ['get', '/api/manager/orders'],
      ['get', `/api/manager/orders/${order.orderNo}`],
      ['post', `/api/manager/orders/${order.orderNo}/prepare`],
      ['post', `/api/manager/orders/${order.orderNo}/deliver`],
      ['get', '/api/manager/claims'],
      ['post', '/api/manager/claims/1/approve'],
    ] as const) {
      const res = method === 'get' ? await api.get(path, alice) : await api.post(path, {}, alice);
      expect(res.status, path).toBe(403);
      const anon = method === 'get' ? await api.get(path) : await api.post(path, {});
      expect(anon.status, path).toBe(401);
    }
    const list = await api.get('/api/manager/orders?status=PAY_DONE', admin);
    expect(list.body.items.map((i: { orderNo: string }) => i.orderNo)).toContain(order.orderNo);
    expect((await api.get('/api/manager/orders?status=NOPE', admin)).status).toBe(400);
    expect((await manager(`${order.orderNo}/deliver`)).status).toBe(409);
    expect(
      (await manager(`${order.orderNo}/ship`, { deliveryCompanyType: 'CJ', invoiceNo: '12' })).status,
    ).toBe(400);
    await setStock(1011, 10);
  });
});
