import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import {
  ADDRESS,
  addCoupon,
  apiClient,
  createShopper,
  guestToken,
  JEJU,
  reserveBody,
  returnParams,
  type Shopper,
  type Who,
} from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { loadPaymentConfig, usePaymentConfigForTests } from '../../server/adapters/payment/config.ts';
import { buildSandboxDelivery } from '../../server/payment/sandbox-webhooks.ts';
import { cancelOrder } from '../../server/payment/service.ts';
import { givePoints, issueCoupon } from '../../server/promotion/service.ts';
import { createApiApp } from '../app.ts';

let t: TestDb;
let alice: Shopper;
let bob: Shopper;
const api = apiClient(createApiApp());

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  alice = await createShopper(t.db, '앨리스');
  bob = await createShopper(t.db, '밥');
});
afterAll(() => t.close());
afterEach(() => usePaymentConfigForTests(undefined));

const stock = async (optionNo: number) =>
  Number(
    (
      await t.db.execute({
        sql: 'SELECT stock_cnt FROM product_options WHERE option_no = ?',
        args: [optionNo],
      })
    ).rows[0]!.stock_cnt,
  );
const setStock = (optionNo: number, n: number) =>
  t.db.execute({ sql: 'UPDATE product_options SET stock_cnt = ? WHERE option_no = ?', args: [n, optionNo] });
const orderRow = async (orderNo: string) =>
  (await t.db.execute({ sql: 'SELECT * FROM orders WHERE order_no = ?', args: [orderNo] }))
    .rows[0] as unknown as Record<string, unknown>;
const balance = async (memberNo: number) =>
  Number(
    (
      await t.db.execute({
        sql: 'SELECT balance FROM accumulation_balances WHERE member_no = ?',
        args: [memberNo],
      })
    ).rows[0]?.balance ?? 0,
  );
const couponStatus = async (issueNo: number) =>
  String(
    (
      await t.db.execute({
        sql: 'SELECT status FROM coupon_issues WHERE coupon_issue_no = ?',
        args: [issueNo],
      })
    ).rows[0]!.status,
  );

type Product = { productNo: number; optionNo: number; orderCnt: number; optionInputs?: unknown[] };

async function sheet(who: Who, products: Product[], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api.post('/shop-api/order-sheets', { products, ...extra }, who);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.orderSheetNo;
}

async function calculate(who: Who, sheetNo: string, body: Record<string, unknown> = {}) {
  return api.post(`/shop-api/order-sheets/${sheetNo}/calculate`, { accumulationUseAmt: 0, ...body }, who);
}

/** Reserve with the amount the server itself calculates for the same choices. */
async function reserve(who: Who, sheetNo: string, over: Record<string, unknown> = {}) {
  const calc = await calculate(who, sheetNo, {
    addressRequest: { receiverZipCd: ((over.shippingAddress as typeof ADDRESS) ?? ADDRESS).receiverZipCd },
    couponRequest: over.coupons ?? undefined,
    accumulationUseAmt: over.subPayAmt ?? 0,
  });
  expect(calc.status, JSON.stringify(calc.body)).toBe(200);
  return api.post(
    '/shop-api/payments/reserve',
    reserveBody(sheetNo, calc.body.paymentInfo.paymentAmt, {
      guestPassword: who.guestToken ? 'guest1234' : undefined,
      ...over,
    }),
    who,
  );
}

const decide = (paymentId: string, action: string, body: unknown = {}) =>
  api.post(`/api/payment-sandbox/payments/${paymentId}/${action}`, body);
const confirm = (clientReturnUrl: string) =>
  api.post('/shop-api/payments/confirm', returnParams(clientReturnUrl));

describe('order sheets', () => {
  it('are made from products or from the member cart, and read by their owner only', async () => {
    const fromProducts = await sheet(alice, [{ productNo: 101, optionNo: 1011, orderCnt: 2 }]);
    expect(fromProducts).toMatch(/^\d{20}$/);
    const got = await api.get(`/shop-api/order-sheets/${fromProducts}`, alice);
    expect(got.status).toBe(200);
    expect(got.body.deliveryGroups[0].orderProducts[0].orderProductOptions[0]).toMatchObject({
      productNo: 101,
      orderCnt: 2,
    });
    expect(got.body.paymentInfo).toMatchObject({
      totalStandardAmt: 40000,
      totalImmediateDiscountAmt: 4000,
      deliveryAmt: 3000,
      paymentAmt: 39000,
    });
    expect(got.body.ordererContact.ordererName).toBe('앨리스');
    expect(got.body.availablePayTypes.map((p: { payType: string }) => p.payType)).toEqual([
      'CREDIT_CARD',
      'VIRTUAL_ACCOUNT',
      'MOBILE',
      'NAVER_EASY_PAY',
      'KAKAO_PAY',
      'TOSS_PAY',
    ]);
    expect((await api.get(`/shop-api/order-sheets/${fromProducts}`, bob)).status).toBe(404);
    expect(
      (await api.get(`/shop-api/order-sheets/${fromProducts}`, { guestToken: guestToken() })).status,
    ).toBe(404);
    expect((await api.get(`/shop-api/order-sheets/${fromProducts}`)).status).toBe(404);

    const added = await api.post('/shop-api/cart', [{ productNo: 103, optionNo: 1031, orderCnt: 1 }], alice);
    const cartNo = added.body.extra.lines[0].cartNo;
    const fromCart = await sheet(alice, [], { cartNos: [cartNo] });
    const cartSheet = await api.get(`/shop-api/order-sheets/${fromCart}`, alice);
    expect(cartSheet.body.extra.cartNos).toEqual([cartNo]);
    expect((await api.post('/shop-api/order-sheets', { cartNos: [cartNo] }, bob)).status).toBe(404);
  });

  it('refuses unknown options, bad quantities, sold-out and unsold products, and nobody', async () => {
    const bad = (products: Product[], who: Who = alice) =>
      api.post('/shop-api/order-sheets', { products }, who);
    expect(await bad([{ productNo: 101, optionNo: 1031, orderCnt: 1 }])).toMatchObject({
      status: 400,
      body: { code: 'OPTION_NOT_FOUND', message: '옵션 정보를 찾을 수 없습니다.' },
    });
    expect((await bad([{ productNo: 101, optionNo: 1011, orderCnt: 0 }])).status).toBe(400);
    expect((await bad([{ productNo: 101, optionNo: 1011, orderCnt: 10000 }])).status).toBe(400);
    expect(await bad([{ productNo: 102, optionNo: 1022, orderCnt: 1 }])).toMatchObject({
      status: 409,
      body: { code: 'SOLD_OUT' },
    });
    expect(await bad([{ productNo: 102, optionNo: 1021, orderCnt: 6 }])).toMatchObject({
      status: 409,
      body: { code: 'SOLD_OUT' },
    });
    expect(await bad([{ productNo: 106, optionNo: 1061, orderCnt: 1 }])).toMatchObject({
      status: 409,
      body: { code: 'NOT_ON_SALE' },
    });
    expect(await bad([{ productNo: 108, optionNo: 1081, orderCnt: 1 }])).toMatchObject({
      status: 409,
      body: { code: 'NOT_ON_SALE' },
    });
    expect(await bad([])).toMatchObject({ status: 400, body: { code: 'EMPTY_ORDER' } });
    // one option on two lines (different engravings) counts once against its stock of 1
    const engraved = (v: string) => [{ inputLabel: '각인 문구', inputValue: v }];
    expect(
      await bad([
        { productNo: 104, optionNo: 1043, orderCnt: 1, optionInputs: engraved('가') },
        { productNo: 104, optionNo: 1043, orderCnt: 1, optionInputs: engraved('나') },
      ]),
    ).toMatchObject({ status: 409, body: { code: 'SOLD_OUT' } });
    // no token at all: Shopby's guest client, the server issues the guest identity (decision 017)
    const guestSheet = await bad([{ productNo: 101, optionNo: 1011, orderCnt: 1 }], {});
    expect(guestSheet.status).toBe(200);
    expect(guestSheet.body.guestToken).toMatch(/^\S{20,}$/);
  });

  it('expire: 410 on read, calculate and reserve', async () => {
    const no = await sheet(alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
    await t.db.execute({
      sql: "UPDATE order_sheets SET expires_at = '2020-01-01T00:00:00.000Z' WHERE order_sheet_no = ?",
      args: [no],
    });
    expect(await api.get(`/shop-api/order-sheets/${no}`, alice)).toMatchObject({
      status: 410,
      body: { code: 'ORDER_SHEET_EXPIRED' },
    });
    expect((await calculate(alice, no)).status).toBe(410);
    expect((await api.post('/shop-api/payments/reserve', reserveBody(no, 21000), alice)).status).toBe(410);
  });

  it('calculate charges the free-threshold and remote-area rules', async () => {
    const no = await sheet(alice, [
      { productNo: 101, optionNo: 1011, orderCnt: 3 },
      { productNo: 103, optionNo: 1031, orderCnt: 1 },
    ]);
    const city = await calculate(alice, no, { addressRequest: { receiverZipCd: '06236' } });
    // 101: 54000 ≥ 50000 → free; 103: fixed 2500
    expect(city.body.paymentInfo).toMatchObject({
      productAmt: 93000,
      deliveryAmt: 2500,
      remoteDeliveryAmt: 0,
      paymentAmt: 95500,
    });
    const jeju = await calculate(alice, no, { addressRequest: { receiverZipCd: '63000' } });
    // remote fees: template 100 → 3000, template 101 → 5000
    expect(jeju.body.paymentInfo).toMatchObject({
      deliveryAmt: 2500,
      remoteDeliveryAmt: 8000,
      paymentAmt: 103500,
    });
    expect(jeju.body.deliveryGroups.map((g: { remoteDeliveryAmt: number }) => g.remoteDeliveryAmt)).toEqual([
      3000, 5000,
    ]);
  });
});

describe('member checkout with the sandbox', () => {
  it('reserves on the server amount, refuses a tampered one, and confirms exactly once', async () => {
    const cart = await api.post('/shop-api/cart', [{ productNo: 101, optionNo: 1011, orderCnt: 2 }], alice);
    const cartNo = cart.body.extra.lines[0].cartNo;
    const no = await sheet(alice, [], { cartNos: [cartNo] });
    const before = await stock(1011);

    const tampered = await api.post('/shop-api/payments/reserve', reserveBody(no, 1000), alice);
    expect(tampered).toMatchObject({ status: 409, body: { code: 'AMOUNT_MISMATCH' } });
    expect(tampered.body.message).toMatch(/39,000원/);
    const noTerms = await api.post(
      '/shop-api/payments/reserve',
      reserveBody(no, 39000, { agreementTypes: [] }),
      alice,
    );
    expect(noTerms).toMatchObject({ status: 400, body: { code: 'TERMS_REQUIRED' } });
    // whatever the postcode search filled in the browser, the server checks the address again
    for (const [shippingAddress, message] of [
      [{ ...ADDRESS, receiverZipCd: '0623' }, '우편번호 5자리'],
      [{ ...ADDRESS, receiverZipCd: '0623a' }, '우편번호 5자리'],
      [{ ...ADDRESS, receiverAddress: '   ' }, '주소를 입력'],
    ] as const) {
      const bad = await api.post(
        '/shop-api/payments/reserve',
        reserveBody(no, 39000, { shippingAddress }),
        alice,
      );
      expect(bad.status, JSON.stringify(bad.body)).toBe(400);
      expect(bad.body.message).toContain(message);
    }

    const res = await reserve(alice, no);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      orderSheetNo: no,
      pgType: 'sandbox',
      payType: 'CREDIT_CARD',
      payAmt: 39000,
      clientParams: null,
    });
    expect(res.body.redirectUrl).toBe(`/test/podo-pay?paymentId=${res.body.paymentId}`);
    expect(res.body.clientReturnUrl).toMatch(/^\/order\/order-result\?orderNo=\d{18}&paymentId=pay_/);
    const { orderNo, paymentId } = res.body;
    expect(await orderRow(orderNo)).toMatchObject({
      order_status: 'PAY_WAIT',
      pay_amt: 39000,
      standard_amt: 40000,
      immediate_discount_amt: 4000,
      delivery_amt: 3000,
    });
    expect(await stock(1011)).toBe(before);

    const info = await api.get(`/api/payment-sandbox/payments/${paymentId}`);
    expect(info.body).toMatchObject({
      orderNo,
      amount: 39000,
      payType: 'CREDIT_CARD',
      status: 'READY',
      actions: ['approve', 'decline', 'cancel'],
    });

    const approved = await decide(paymentId, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.returnUrl).toBe(res.body.clientReturnUrl);
    // the webhook (inline) already completed it
    expect(await orderRow(orderNo)).toMatchObject({ order_status: 'PAY_DONE' });
    expect(await stock(1011)).toBe(before - 2);
    expect((await api.get('/shop-api/cart/count', alice)).body.count).toBe(1); // 103 from the first test stays

    const first = await confirm(res.body.clientReturnUrl);
    expect(first).toMatchObject({
      status: 200,
      body: { orderNo, orderStatus: 'PAY_DONE', result: 'PAID', payAmt: 39000 },
    });
    const again = await api.get(
      `/shop-api/payments/confirm?${new URL(res.body.clientReturnUrl, 'http://x').searchParams}`,
    );
    expect(again.body).toEqual(first.body);
    expect(await stock(1011)).toBe(before - 2);
    expect(await decide(paymentId, 'approve')).toMatchObject({
      status: 409,
      body: { code: 'PAYMENT_NOT_PENDING' },
    });

    // the sheet bought once
    const twice = await api.post('/shop-api/payments/reserve', reserveBody(no, 39000), alice);
    expect(twice).toMatchObject({ status: 409, body: { code: 'ORDER_SHEET_USED' } });
    // and read again (Back after paying), it says so and names the order it paid for
    expect(await api.get(`/shop-api/order-sheets/${no}`, alice)).toMatchObject({
      status: 409,
      body: { code: 'ORDER_SHEET_USED', message: '이미 결제가 끝난 주문서입니다.', orderNo },
    });
    expect(await calculate(alice, no)).toMatchObject({ status: 409, body: { code: 'ORDER_SHEET_USED' } });
    // nobody else learns anything about it
    expect((await api.get(`/shop-api/order-sheets/${no}`, bob)).status).toBe(404);

    const detail = await api.get(`/shop-api/profile/orders/${orderNo}`, alice);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      orderNo,
      payType: 'CREDIT_CARD',
      defaultOrderStatusType: 'PAY_DONE',
      lastOrderAmount: { payAmt: 39000, deliveryAmt: 3000 },
    });
    expect(detail.body.extra).toMatchObject({ displayGroup: '결제완료', orderStatusLabel: '결제완료' });
    expect(
      detail.body.orderOptionsGroupByPartner[0].orderOptionsGroupByDelivery[0].orderOptions[0],
    ).toMatchObject({ productNo: 101, orderCnt: 2 });
    expect((await api.get(`/shop-api/profile/orders/${orderNo}`, bob)).status).toBe(404);
  });

  it('refuses a bad or altered signature on the return', async () => {
    const no = await sheet(alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
    const res = await reserve(alice, no);
    const p = returnParams(res.body.clientReturnUrl);
    expect(await api.post('/shop-api/payments/confirm', { ...p, signature: '0'.repeat(64) })).toMatchObject({
      status: 401,
      body: { code: 'INVALID_SIGNATURE' },
    });
    expect((await api.post('/shop-api/payments/confirm', { ...p, amount: 100 })).status).toBe(401);
    expect((await api.post('/shop-api/payments/confirm', { ...p, signature: 'abc' })).status).toBe(400);
    expect((await api.post('/shop-api/payments/confirm', { orderNo: p.orderNo })).status).toBe(400);
    // unpaid: confirm says pending and changes nothing
    expect((await confirm(res.body.clientReturnUrl)).body).toMatchObject({
      orderStatus: 'PAY_WAIT',
      result: 'PENDING',
    });
  });

  it('ends declined and cancelled payments without touching stock', async () => {
    const before = await stock(1011);
    const a = await reserve(alice, await sheet(alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]));
    await decide(a.body.paymentId, 'decline', { reason: '한도 초과' });
    expect(await confirm(a.body.clientReturnUrl)).toMatchObject({
      status: 200,
      body: { orderStatus: 'PAY_FAIL', result: 'FAILED', message: '한도 초과' },
    });
    // a declined payment leaves the sheet to pay again
    expect((await api.get(`/shop-api/order-sheets/${a.body.orderSheetNo}`, alice)).status).toBe(200);
    const b = await reserve(alice, await sheet(alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]));
    await decide(b.body.paymentId, 'cancel');
    expect((await confirm(b.body.clientReturnUrl)).body).toMatchObject({
      orderStatus: 'PAY_CANCEL',
      result: 'CANCELLED',
    });
    expect(await stock(1011)).toBe(before);
  });

  it('holds stock for a virtual account until the deposit, then completes', async () => {
    const before = await stock(1031);
    const res = await reserve(alice, await sheet(alice, [{ productNo: 103, optionNo: 1031, orderCnt: 1 }]), {
      payType: 'VIRTUAL_ACCOUNT',
    });
    const approved = await decide(res.body.paymentId, 'approve');
    expect(approved.body.payment).toMatchObject({
      status: 'VIRTUAL_ACCOUNT_ISSUED',
      actions: ['deposit'],
      virtualAccount: { bankName: '국민은행' },
    });
    const waiting = await confirm(res.body.clientReturnUrl);
    expect(waiting.body).toMatchObject({
      orderStatus: 'DEPOSIT_WAIT',
      result: 'DEPOSIT_WAIT',
      virtualAccount: { bankName: '국민은행', holderName: '(주)포도' },
    });
    expect(waiting.body.virtualAccount.account).toMatch(/^\d{14}$/);
    expect(await stock(1031)).toBe(before - 1);
    await decide(res.body.paymentId, 'deposit');
    expect((await confirm(res.body.clientReturnUrl)).body).toMatchObject({
      orderStatus: 'PAY_DONE',
      result: 'PAID',
    });
    expect(await stock(1031)).toBe(before - 1);
  });

  it('sends Naver Pay to the /npay pages (mobile variant by platform)', async () => {
    const res = await reserve(alice, await sheet(alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]), {
      payType: 'NAVER_EASY_PAY',
    });
    expect(res.body.redirectUrl).toBe(`/npay/${res.body.paymentId}`);
  });

  for (const [payType, label] of [
    ['KAKAO_PAY', '카카오페이'],
    ['TOSS_PAY', '토스페이'],
  ] as const) {
    it(`takes ${label} in its own test window: reserve, approve, confirm on the server amount, cancel back`, async () => {
      const before = await stock(1011);
      const res = await reserve(
        alice,
        await sheet(alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]),
        {
          payType,
        },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ payType, payAmt: 21000, pgType: 'sandbox' });
      expect(res.body.redirectUrl).toBe(`/test/podo-pay?paymentId=${res.body.paymentId}`);
      const window = await api.get(`/api/payment-sandbox/payments/${res.body.paymentId}`);
      expect(window.body).toMatchObject({ payType, payTypeLabel: label, amount: 21000, status: 'READY' });

      await decide(res.body.paymentId, 'approve');
      const paid = await confirm(res.body.clientReturnUrl);
      expect(paid.body).toMatchObject({ orderStatus: 'PAY_DONE', result: 'PAID', payType });
      expect(await stock(1011)).toBe(before - 1);
      expect((await orderRow(res.body.orderNo)).pay_type).toBe(payType);
      const detail = await api.get(`/shop-api/profile/orders/${res.body.orderNo}`, alice);
      expect(detail.body).toMatchObject({ payType, payTypeLabel: label, pgType: 'DUMMY' });

      await cancelOrder(t.db, res.body.orderNo);
      expect((await orderRow(res.body.orderNo)).order_status).toBe('CANCEL_DONE');
      expect((await api.get(`/api/payment-sandbox/payments/${res.body.paymentId}`)).body.status).toBe(
        'CANCELLED',
      );
      expect(await stock(1011)).toBe(before);
    });
  }

  it('refunds an authorised payment whose stock went meanwhile: 409 sold out, the same on every confirm', async () => {
    await setStock(1021, 1);
    const one = await reserve(alice, await sheet(alice, [{ productNo: 102, optionNo: 1021, orderCnt: 1 }]));
    const two = await reserve(bob, await sheet(bob, [{ productNo: 102, optionNo: 1021, orderCnt: 1 }]));
    await decide(one.body.paymentId, 'approve');
    await decide(two.body.paymentId, 'approve');
    expect((await confirm(one.body.clientReturnUrl)).body.orderStatus).toBe('PAY_DONE');
    const lost = await confirm(two.body.clientReturnUrl);
    expect(lost.status).toBe(409);
    expect(lost.body.code).toBe('SOLD_OUT');
    expect(lost.body.message).toMatch(/품절되어 주문을 완료하지 못했습니다.*자동으로 취소/);
    expect(lost.body.outcome).toMatchObject({
      orderStatus: 'CANCEL_DONE',
      refundStatus: 'DONE',
      result: 'REFUNDED',
    });
    expect((await confirm(two.body.clientReturnUrl)).body).toEqual(lost.body);
    expect((await api.get(`/api/payment-sandbox/payments/${two.body.paymentId}`)).body.status).toBe(
      'CANCELLED',
    );
    expect(await stock(1021)).toBe(0);
    await setStock(1021, 5);
  });
});

describe('webhooks', () => {
  it('check the signature and timestamp, and a replayed delivery has no effect', async () => {
    usePaymentConfigForTests({ ...loadPaymentConfig(), sandboxWebhook: 'off' });
    const before = await stock(1011);
    const res = await reserve(alice, await sheet(alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]));
    await decide(res.body.paymentId, 'approve');
    expect((await orderRow(res.body.orderNo)).order_status).toBe('PAY_WAIT');

    const delivery = buildSandboxDelivery({ paymentId: res.body.paymentId }, 'Transaction.Paid');
    const post = (headers: Record<string, string>, body = delivery.body) =>
      api.raw('/api/payments/webhook/sandbox', { method: 'POST', headers, body });
    expect((await post({ ...delivery.headers, 'webhook-signature': 'v1,AAAA' })).status).toBe(401);
    expect((await post(delivery.headers, delivery.body.replace('Paid', 'Failed'))).status).toBe(401);
    const stale = buildSandboxDelivery(
      { paymentId: res.body.paymentId },
      'Transaction.Paid',
      new Date(Date.now() - 10 * 60_000),
    );
    expect((await post(stale.headers, stale.body)).status).toBe(401);
    expect((await post({ 'Content-Type': 'application/json' })).status).toBe(400);
    expect((await orderRow(res.body.orderNo)).order_status).toBe('PAY_WAIT');

    const ok = await post(delivery.headers);
    expect(await ok.json()).toEqual({ status: 'processed', orderStatus: 'PAY_DONE' });
    expect(await stock(1011)).toBe(before - 1);
    // recorded processed, with its outcome, by the confirmation's own transaction (decision 060)
    const recorded = await t.db.execute({
      sql: "SELECT outcome, processed_at FROM payment_webhook_deliveries WHERE provider = 'sandbox' AND delivery_id = ?",
      args: [delivery.deliveryId],
    });
    expect(recorded.rows[0]).toMatchObject({ outcome: 'PAY_DONE', processed_at: expect.any(String) });
    const replay = await post(delivery.headers);
    expect(await replay.json()).toEqual({ status: 'duplicate', orderStatus: null });
    // a new delivery of the same event and the browser's return: still one effect
    const again = buildSandboxDelivery({ paymentId: res.body.paymentId }, 'Transaction.Paid');
    expect((await (await post(again.headers, again.body)).json()).orderStatus).toBe('PAY_DONE');
    expect((await confirm(res.body.clientReturnUrl)).body.orderStatus).toBe('PAY_DONE');
    expect(await stock(1011)).toBe(before - 1);
    const rows = await t.db.execute({
      sql: "SELECT COUNT(*) AS n FROM payment_webhook_deliveries WHERE provider = 'sandbox' AND provider_payment_id = ?",
      args: [res.body.paymentId],
    });
    expect(Number(rows.rows[0]!.n)).toBe(2);
  });
  it('keep a delivery whose processing failed, unprocessed, and process it when the provider sends it again', async () => {
    usePaymentConfigForTests({ ...loadPaymentConfig(), sandboxWebhook: 'off' });
    const res = await reserve(alice, await sheet(alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]));
    await decide(res.body.paymentId, 'approve');
    const delivery = buildSandboxDelivery({ paymentId: res.body.paymentId }, 'Transaction.Paid');
    const post = () =>
      api.raw('/api/payments/webhook/sandbox', {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
      });
    // the provider's record cannot be read for a moment: the confirmation fails
    const held = await t.db.execute({
      sql: 'DELETE FROM sandbox_payments WHERE payment_id = ? RETURNING *',
      args: [res.body.paymentId],
    });
    expect((await post()).status).toBe(404);
    const kept = await t.db.execute({
      sql: "SELECT processed_at, payload FROM payment_webhook_deliveries WHERE provider = 'sandbox' AND delivery_id = ?",
      args: [delivery.deliveryId],
    });
    expect(kept.rows).toHaveLength(1);
    expect(kept.rows[0]).toMatchObject({ processed_at: null, payload: delivery.body });
    const row = held.rows[0]!;
    const columns = Object.keys(row);
    await t.db.execute({
      sql: `INSERT INTO sandbox_payments (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      args: columns.map((c) => row[c] as string | number | null),
    });
    // the provider's retry of the same delivery is processed, once
    expect(await (await post()).json()).toEqual({ status: 'processed', orderStatus: 'PAY_DONE' });
    expect(await (await post()).json()).toEqual({ status: 'duplicate', orderStatus: null });
  });
});

describe('coupons and points at checkout', () => {
  it('applies product and cart coupons, marks them used once paid, refuses them again', async () => {
    const carol = await createShopper(t.db, '캐럴');
    await addCoupon(t.db, {
      couponNo: 501,
      type: 'PRODUCT',
      unit: 'RATE',
      value: 10,
      max: 1500,
      targets: [101],
    });
    await addCoupon(t.db, { couponNo: 502, type: 'CART', unit: 'WON', value: 3000, min: 30000 });
    const pc = await issueCoupon(t.db, carol.memberNo, 501, { gift: true });
    const cc = await issueCoupon(t.db, carol.memberNo, 502, { gift: true });
    const no = await sheet(carol, [{ productNo: 101, optionNo: 1011, orderCnt: 2 }]);

    const listed = await api.get(`/shop-api/order-sheets/${no}/coupons`, carol);
    expect(listed.body.products[0].productCoupons[0]).toMatchObject({
      couponIssueNo: pc.couponIssueNo,
      couponDiscountAmt: 1500,
    });
    expect(listed.body.cartCoupons[0]).toMatchObject({
      couponIssueNo: cc.couponIssueNo,
      couponDiscountAmt: 3000,
      reason: '',
    });

    const coupons = {
      productCoupons: [{ couponIssueNo: pc.couponIssueNo, productNo: 101 }],
      cartCouponIssueNo: cc.couponIssueNo,
    };
    const calc = await calculate(carol, no, { couponRequest: coupons });
    // 36000 − 1500 (10% capped) − 3000 + 3000 delivery
    expect(calc.body.paymentInfo).toMatchObject({
      productCouponAmt: 1500,
      cartCouponAmt: 3000,
      paymentAmt: 34500,
    });
    expect(calc.body.appliedCoupons).toMatchObject({ cartCouponIssueNo: cc.couponIssueNo });

    const res = await reserve(carol, no, { coupons });
    expect(res.body.payAmt).toBe(34500);
    expect(await couponStatus(pc.couponIssueNo)).toBe('ISSUED');
    await decide(res.body.paymentId, 'approve');
    expect(await couponStatus(pc.couponIssueNo)).toBe('USED');
    expect(await couponStatus(cc.couponIssueNo)).toBe('USED');

    const next = await sheet(carol, [{ productNo: 101, optionNo: 1011, orderCnt: 2 }]);
    expect(await calculate(carol, next, { couponRequest: coupons })).toMatchObject({
      status: 409,
      body: { code: 'COUPON_USED' },
    });
    // a cancelled order gives them back
    await cancelOrder(t.db, res.body.orderNo);
    expect(await couponStatus(pc.couponIssueNo)).toBe('ISSUED');
    expect((await calculate(carol, next, { couponRequest: coupons })).status).toBe(200);
  });

  it("refuses another member's coupon, an expired one, one under its minimum and coupons for guests", async () => {
    await addCoupon(t.db, { couponNo: 503, type: 'CART', value: 1000, min: 100000 });
    await addCoupon(t.db, {
      couponNo: 504,
      type: 'CART',
      value: 1000,
      useEndAt: '2021-01-01T00:00:00.000Z',
      useDays: null,
    });
    const mine = await issueCoupon(t.db, bob.memberNo, 503, { gift: true });
    await t.db.execute({
      sql: "INSERT INTO coupon_issues (coupon_no, member_no, status, issued_at, use_end_at) VALUES (504, ?, 'ISSUED', '2020-06-01T00:00:00.000Z', '2021-01-01T00:00:00.000Z')",
      args: [alice.memberNo],
    });
    const expiredNo = Number(
      (await t.db.execute('SELECT MAX(coupon_issue_no) AS n FROM coupon_issues')).rows[0]!.n,
    );
    const no = await sheet(alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
    expect(
      await calculate(alice, no, { couponRequest: { cartCouponIssueNo: mine.couponIssueNo } }),
    ).toMatchObject({ status: 400, body: { code: 'COUPON_NOT_FOUND' } });
    expect(await calculate(alice, no, { couponRequest: { cartCouponIssueNo: expiredNo } })).toMatchObject({
      status: 400,
      body: { code: 'COUPON_EXPIRED' },
    });
    const bobs = await sheet(bob, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
    const min = await calculate(bob, bobs, { couponRequest: { cartCouponIssueNo: mine.couponIssueNo } });
    expect(min).toMatchObject({ status: 400, body: { code: 'COUPON_MIN_ORDER' } });
    expect(min.body.message).toMatch(/100,000원 이상/);
    const guest = { guestToken: guestToken() };
    const gs = await sheet(guest, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
    expect(await calculate(guest, gs, { accumulationUseAmt: 100 })).toMatchObject({
      status: 400,
      body: { code: 'COUPON_FOR_MEMBERS' },
    });
    expect(
      (
        await api.post(
          '/shop-api/order-sheets',
          {
            products: [{ productNo: 101, optionNo: 1011, orderCnt: 1 }],
            productCoupons: [{ couponIssueNo: mine.couponIssueNo, productNo: 101 }],
          },
          guest,
        )
      ).status,
    ).toBe(400);
  });

  it('spends points within the balance and the goods, records the ledger, gives them back on cancel', async () => {
    const dave = await createShopper(t.db, '데이브');
    await givePoints(t.db, dave.memberNo, 5000, 'ADD_EVENT', '테스트');
    const no = await sheet(dave, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
    expect(await calculate(dave, no, { accumulationUseAmt: 5001 })).toMatchObject({
      status: 409,
      body: { code: 'POINTS_SHORT', message: '보유 적립금 5,000원보다 많이 사용할 수 없습니다.' },
    });
    // and the payment too, whatever the browser sent
    expect(
      await api.post('/shop-api/payments/reserve', reserveBody(no, 15999, { subPayAmt: 5001 }), dave),
    ).toMatchObject({
      status: 409,
      body: { code: 'POINTS_SHORT' },
    });
    expect((await calculate(dave, no, { accumulationUseAmt: -1 })).status).toBe(400);
    const calc = await calculate(dave, no, { accumulationUseAmt: 5000 });
    expect(calc.body.paymentInfo).toMatchObject({
      usedAccumulationAmt: 5000,
      availableMaxAccumulationAmt: 5000,
      paymentAmt: 16000,
    });
    const res = await reserve(dave, no, { subPayAmt: 5000 });
    expect(res.body.payAmt).toBe(16000);
    expect(await balance(dave.memberNo)).toBe(5000);
    await decide(res.body.paymentId, 'approve');
    expect(await balance(dave.memberNo)).toBe(0);
    const ledger = await api.get('/shop-api/profile/accumulations', dave);
    expect(ledger.body).toMatchObject({ totalAmt: 0, totalCount: 2 });
    expect(ledger.body.items[0]).toMatchObject({
      accumulationStatus: 'SUBTRACTION',
      accumulationAmt: 5000,
      totalAvailableAmt: 0,
      orderNo: res.body.orderNo,
      accumulationReserveReason: 'SUB_PAYMENT_USED',
    });
    const before = await stock(1011);
    await cancelOrder(t.db, res.body.orderNo);
    expect(await balance(dave.memberNo)).toBe(5000);
    expect(await stock(1011)).toBe(before + 1);
    expect((await api.get('/shop-api/profile/accumulations/summary', dave)).body).toEqual({
      totalAvailableAmt: 5000,
      totalExpireAmt: 0,
    });
    expect((await orderRow(res.body.orderNo)).order_status).toBe('CANCEL_DONE');
  });

  it('completes an order that costs nothing without going to a provider', async () => {
    const erin = await createShopper(t.db, '에린');
    await givePoints(t.db, erin.memberNo, 20000);
    // 107 is forced sold out; 109 (1000 won, template 100) → points 1000 + delivery 3000: use a free-shipping product instead
    await t.db.execute('UPDATE products SET delivery_template_no = 102 WHERE product_no = 109');
    const no = await sheet(erin, [{ productNo: 109, optionNo: 1091, orderCnt: 1 }]);
    const res = await reserve(erin, no, { subPayAmt: 1000 });
    expect(res.body).toMatchObject({ payAmt: 0, pgType: 'none' });
    expect(res.body.redirectUrl).toBe(res.body.clientReturnUrl);
    expect((await confirm(res.body.clientReturnUrl)).body).toMatchObject({
      orderStatus: 'PAY_DONE',
      result: 'PAID',
    });
    expect(await balance(erin.memberNo)).toBe(19000);
    await t.db.execute('UPDATE products SET delivery_template_no = 100 WHERE product_no = 109');
  });
});

describe('guest orders', () => {
  it('buy with an order password, and look the order up with it (rate limited)', async () => {
    const guest = { guestToken: guestToken() };
    const no = await sheet(guest, [{ productNo: 103, optionNo: 1031, orderCnt: 1 }]);
    const sheetRes = await api.get(`/shop-api/order-sheets/${no}`, guest);
    expect(sheetRes.body.extra.requiredAgreementTypes).toEqual([
      'ORDER_INFO_AGREE',
      'NONE_MEMBER_PRIVACY_USAGE_AGREEMENT',
    ]);
    expect(sheetRes.body.orderSheetPromotionSummary).toBeNull();
    expect(await api.post('/shop-api/payments/reserve', reserveBody(no, 41500), guest)).toMatchObject({
      status: 400,
      body: { code: 'GUEST_PASSWORD_REQUIRED' },
    });
    expect(
      (await api.post('/shop-api/payments/reserve', reserveBody(no, 41500, { tempPassword: 'short' }), guest))
        .status,
    ).toBe(400);
    const res = await reserve(guest, no, { shippingAddress: JEJU, tempPassword: 'guest1234' });
    // 39000 + 2500 + remote 5000
    expect(res.body.payAmt).toBe(46500);
    await decide(res.body.paymentId, 'approve');
    const { orderNo } = res.body;

    // the identity that ordered sees it; another does not
    expect((await api.get(`/shop-api/guest/orders/${orderNo}`, guest)).body).toMatchObject({
      orderNo,
      member: false,
      defaultOrderStatusType: 'PAY_DONE',
    });
    expect((await api.get(`/shop-api/guest/orders/${orderNo}`, { guestToken: guestToken() })).status).toBe(
      404,
    );
    expect((await api.get(`/shop-api/guest/orders/${orderNo}`)).status).toBe(404);

    for (let i = 0; i < 5; i++) {
      expect(await api.post(`/shop-api/guest/orders/${orderNo}`, { password: 'wrong1234' })).toMatchObject({
        status: 401,
        body: { code: 'GUEST_ORDER_AUTH_FAILED' },
      });
    }
    expect(await api.post(`/shop-api/guest/orders/${orderNo}`, { password: 'guest1234' })).toMatchObject({
      status: 429,
      body: { code: 'GUEST_ORDER_LOCKED' },
    });
    await t.db.execute("DELETE FROM login_attempts WHERE scope LIKE 'guest-order-%'");
    const token = await api.post(`/shop-api/guest/orders/${orderNo}`, { password: 'guest1234' });
    expect(token.status).toBe(200);
    const detail = await api.get(`/shop-api/guest/orders/${orderNo}`, { guestToken: token.body.guestToken });
    expect(detail.body).toMatchObject({
      orderNo,
      lastOrderAmount: { payAmt: 46500, remoteDeliveryAmt: 5000 },
      shippingAddress: { receiverZipCd: '63000' },
    });
    // a member's order is not a guest order
    const memberOrder = await reserve(
      alice,
      await sheet(alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]),
    );
    expect(
      (await api.post(`/shop-api/guest/orders/${memberOrder.body.orderNo}`, { password: 'guest1234' }))
        .status,
    ).toBe(401);
  });
});
