import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { apiClient, createShopper, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { buyPaid } from '../../../tests/fixtures/paid-orders.ts';
import { createApiApp } from '../../api/app.ts';
import { createSession } from '../auth/session.ts';
import { grantAdmin } from '../member/service.ts';
import { useCardTerminalForTests } from '../adapters/card-terminal/index.ts';
import { cancelCompletedOrder, orderSteps } from '../order/index.ts';
import { refundSale } from './refunds.ts';
import { salesReport, type SalesReport } from './reports.ts';
import { recordSale } from './sales.ts';
import { SaleBody } from './schema.ts';
import { openShift } from './shifts.ts';
import type { Cashier } from './staff.ts';

/**
 * The sales figures over a counter sale, its partial refund the next day, and web orders: days and
 * hours in Seoul (a sale at 00:30 in Seoul is the previous day in UTC), refunds on the day they
 * were made, the counter's methods, the channels and the products.
 *
 * The clock is set (only `Date` is faked) so each event happens at a known instant:
 * - 2026-03-09T15:30Z (Seoul 03-10 00:30): counter sale, 101 × 2 at 18,000원 less 1,000원 = 35,000원,
 *   paid 20,000원 cash + 15,000원 card
 * - 2026-03-10T14:59Z (Seoul 03-10 23:59): web order A paid, 101 × 2 (36,000원 + delivery)
 * - 2026-03-11T02:00Z (Seoul 03-11 11:00): counter refund of one unit: 17,500원, back to the card
 *   (15,000원, paid last) and cash (2,500원)
 * - 2026-03-11T03:00Z (Seoul 03-11 12:00): web order A, one unit cancelled by the buyer: 18,000원
 * Later tests add an order the payment provider cancelled the next day, and a return asked for on
 * one day and approved by a manager on the next.
 */

let t: TestDb;
let alice: Shopper;
const api = apiClient(createApiApp());
const cashier: Cashier = { memberNo: 9001, name: '김점원', storeNo: 1 };
let saleNo: string;
let orderA: { orderNo: string; payAmt: number };

const at = (iso: string) => vi.setSystemTime(new Date(iso));
/** Alice signed in now (a session of the fixed clock's "now"; access tokens expire). */
const signedIn = async (): Promise<Shopper> => ({
  memberNo: alice.memberNo,
  accessToken: (await createSession(t.db, alice.memberNo)).accessToken,
});

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  useCardTerminalForTests(undefined);
  vi.useFakeTimers({ toFake: ['Date'] });

  at('2026-03-09T09:00:00.000Z');
  alice = await createShopper(t.db, '앨리스');
  const shift = await openShift(t.db, cashier, 100_000);

  at('2026-03-09T15:30:00.000Z');
  const { sale } = await recordSale(
    t.db,
    SaleBody.parse({
      idempotencyKey: randomBytes(12).toString('hex'),
      shiftNo: shift.shiftNo,
      lines: [{ optionNo: 1011, qty: 2, discount: { kind: 'AMOUNT', value: 1000, reason: '단골' } }],
      payments: [
        { method: 'CASH', amount: 20000, received: 20000 },
        { method: 'CARD', amount: 15000 },
      ],
      soldAt: new Date().toISOString(),
    }),
    cashier,
  );
  saleNo = sale.saleNo;

  at('2026-03-10T14:59:00.000Z');
  orderA = await buyPaid(api, await signedIn(), [{ productNo: 101, optionNo: 1011, orderCnt: 2 }]);

  at('2026-03-11T02:00:00.000Z');
  await refundSale(
    t.db,
    saleNo,
    { lines: [{ lineNo: sale.lines[0]!.lineNo, qty: 1 }], reason: '불량' },
    cashier,
  );

  at('2026-03-11T03:00:00.000Z');
  const line = await t.db.execute({
    sql: 'SELECT order_option_no FROM order_options WHERE order_no = ?',
    args: [orderA.orderNo],
  });
  const cancel = await api.post(
    '/shop-api/profile/claims/cancel',
    {
      claimReasonType: 'CHANGE_MIND',
      claimReasonDetail: '하나만 필요해요',
      claimedProductOptions: [{ orderProductOptionNo: Number(line.rows[0]!.order_option_no), productCnt: 1 }],
    },
    await signedIn(),
  );
  expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
});
afterAll(() => {
  vi.useRealTimers();
  t.close();
});

const report = (from: string, to: string): Promise<SalesReport> =>
  salesReport(t.db, { storeNo: 1, from, to });

describe('sales report', () => {
  it('counts the counter sale on its Seoul day and hour, across the UTC date line', async () => {
    expect(saleNo).toMatch(/^P20260310-0001$/);
    const r = await report('2026-03-10', '2026-03-10');
    expect(r.channels.COUNTER).toEqual({
      saleCount: 1,
      grossAmt: 36000,
      discountAmt: 1000,
      pointsUsedAmt: 0,
      deliveryAmt: 0,
      paidAmt: 35000,
      refundCount: 0,
      refundAmt: 0,
      refundPointsAmt: 0,
      netAmt: 35000,
      averageSaleAmt: 35000,
    });
    expect(r.hours[0]!.counter).toEqual({ saleCount: 1, paidAmt: 35000, refundCount: 0, refundAmt: 0 });
    expect(r.hours.filter((h) => h.counter.saleCount > 0).map((h) => h.hour)).toEqual([0]);
    // the UTC day of the sale has none of it
    const utcDay = await report('2026-03-09', '2026-03-09');
    expect(utcDay.totals.saleCount).toBe(0);
    expect(utcDay.days).toEqual([expect.objectContaining({ date: '2026-03-09', saleCount: 0, paidAmt: 0 })]);
  });

  it('counts the web order on the Seoul day it was paid, with its delivery fee', async () => {
    const r = await report('2026-03-10', '2026-03-10');
    const delivery = orderA.payAmt - 36000;
    expect(delivery).toBeGreaterThanOrEqual(0);
    expect(r.channels.WEB).toMatchObject({
      saleCount: 1,
      grossAmt: 36000,
      discountAmt: 0,
      deliveryAmt: delivery,
      paidAmt: orderA.payAmt,
      refundAmt: 0,
    });
    expect(r.hours[23]!.web).toEqual({ saleCount: 1, paidAmt: orderA.payAmt, refundCount: 0, refundAmt: 0 });
    expect(r.totals).toMatchObject({
      saleCount: 2,
      paidAmt: 35000 + orderA.payAmt,
      averageSaleAmt: Math.round((35000 + orderA.payAmt) / 2),
    });
    expect(r.days).toEqual([
      {
        date: '2026-03-10',
        counter: { saleCount: 1, paidAmt: 35000, refundCount: 0, refundAmt: 0 },
        web: { saleCount: 1, paidAmt: orderA.payAmt, refundCount: 0, refundAmt: 0 },
        saleCount: 2,
        paidAmt: 35000 + orderA.payAmt,
        refundAmt: 0,
        netAmt: 35000 + orderA.payAmt,
      },
    ]);
  });

  it('counts refunds on the day they were made, not on the day of the sale', async () => {
    const r = await report('2026-03-11', '2026-03-11');
    expect(r.totals).toMatchObject({ saleCount: 0, paidAmt: 0, refundCount: 2, refundAmt: 17500 + 18000 });
    expect(r.channels.COUNTER).toMatchObject({ refundCount: 1, refundAmt: 17500, netAmt: -17500 });
    expect(r.channels.WEB).toMatchObject({ refundCount: 1, refundAmt: 18000, netAmt: -18000 });
    expect(r.hours[11]!.counter).toEqual({ saleCount: 0, paidAmt: 0, refundCount: 1, refundAmt: 17500 });
    expect(r.hours[12]!.web).toEqual({ saleCount: 0, paidAmt: 0, refundCount: 1, refundAmt: 18000 });
  });

  it('gives the counter’s payment methods with their refunds, and every day of a longer period', async () => {
    const r = await report('2026-03-09', '2026-03-12');
    expect(r.methods).toEqual([
      { method: 'CASH', saleCount: 1, amount: 20000, refundCount: 1, refundAmt: 2500, netAmt: 17500 },
      { method: 'CARD', saleCount: 1, amount: 15000, refundCount: 1, refundAmt: 15000, netAmt: 0 },
      { method: 'KAKAO_PAY', saleCount: 0, amount: 0, refundCount: 0, refundAmt: 0, netAmt: 0 },
    ]);
    expect(r.days.map((d) => [d.date, d.paidAmt, d.refundAmt])).toEqual([
      ['2026-03-09', 0, 0],
      ['2026-03-10', 35000 + orderA.payAmt, 0],
      ['2026-03-11', 0, 35500],
      ['2026-03-12', 0, 0],
    ]);
    expect(r.totals.netAmt).toBe(35000 + orderA.payAmt - 35500);
    expect(r.hours).toHaveLength(24);
  });

  it('gives each product’s units and amounts of both channels, and their refunds', async () => {
    const r = await report('2026-03-10', '2026-03-11');
    expect(r.products).toEqual([
      {
        productNo: 101,
        productName: '진동 방지 세탁기 패드',
        qty: 4,
        amount: 35000 + 36000,
        refundQty: 2,
        refundAmt: 17500 + 18000,
        netAmt: 35000 + 36000 - 35500,
        counterQty: 2,
        webQty: 2,
      },
    ]);
    // the sale's day alone: sold, nothing back yet
    const first = await report('2026-03-10', '2026-03-10');
    expect(first.products[0]).toMatchObject({ qty: 4, refundQty: 0, refundAmt: 0 });
  });

  it('counts an order the payment provider cancelled as a refund on its cancel day, for what was left', async () => {
    at('2026-03-12T01:00:00.000Z');
    const orderB = await buyPaid(api, await signedIn(), [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
    at('2026-03-13T05:00:00.000Z');
    const order = (await orderSteps.selectOrder(t.db, orderB.orderNo))!;
    const moved = await cancelCompletedOrder(
      t.db,
      order,
      { code: 'PAYMENT_CANCELLED', message: '결제가 취소되어 주문이 취소되었습니다.' },
      null,
      new Date(),
    );
    expect(moved).not.toBeNull();
    const paidDay = await report('2026-03-12', '2026-03-12');
    expect(paidDay.channels.WEB).toMatchObject({ saleCount: 1, paidAmt: orderB.payAmt, refundAmt: 0 });
    const cancelDay = await report('2026-03-13', '2026-03-13');
    expect(cancelDay.channels.WEB).toMatchObject({ saleCount: 0, refundCount: 1, refundAmt: orderB.payAmt });
    expect(cancelDay.products).toEqual([
      expect.objectContaining({ productNo: 101, qty: 0, refundQty: 1, refundAmt: 18000 }),
    ]);
    expect(cancelDay.hours[14]!.web.refundAmt).toBe(orderB.payAmt);
  });

  it('counts a web return on the day a manager approved it, not the day it was asked for', async () => {
    at('2026-03-14T01:00:00.000Z');
    const admin = await createShopper(t.db, '관리자');
    await grantAdmin(t.db, admin.memberNo);
    const asAdmin = async () => ({ accessToken: (await createSession(t.db, admin.memberNo)).accessToken });
    const orderC = await buyPaid(api, await signedIn(), [{ productNo: 101, optionNo: 1011, orderCnt: 2 }]);
    for (const step of ['prepare', 'ship', 'deliver'])
      expect(
        (
          await api.post(
            `/api/manager/orders/${orderC.orderNo}/${step}`,
            step === 'ship' ? { deliveryCompanyType: 'CJ', invoiceNo: '123456789012' } : {},
            await asAdmin(),
          )
        ).status,
      ).toBe(200);
    at('2026-03-15T01:00:00.000Z');
    const line = await t.db.execute({
      sql: 'SELECT order_option_no FROM order_options WHERE order_no = ?',
      args: [orderC.orderNo],
    });
    const asked = await api.post(
      '/shop-api/profile/claims/return',
      {
        claimReasonType: 'DEFECTIVE_PRODUCT',
        claimReasonDetail: '모서리가 찢어져 왔어요',
        claimedProductOptions: [
          { orderProductOptionNo: Number(line.rows[0]!.order_option_no), productCnt: 1 },
        ],
        returnAddress: {
          receiverName: '앨리스',
          receiverZipCd: '06236',
          receiverAddress: '서울특별시 강남구 테헤란로 1',
          receiverDetailAddress: '2층',
          receiverContact1: '010-1111-2222',
        },
      },
      await signedIn(),
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    at('2026-03-16T02:00:00.000Z');
    const approved = await api.post(`/api/manager/claims/${asked.body.claimNo}/approve`, {}, await asAdmin());
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    expect((await report('2026-03-15', '2026-03-15')).totals.refundCount).toBe(0);
    const decided = await report('2026-03-16', '2026-03-16');
    // a defective unit: its whole price back, no return fee
    expect(decided.channels.WEB).toMatchObject({ saleCount: 0, refundCount: 1, refundAmt: 18000 });
    expect(decided.hours[11]!.web.refundAmt).toBe(18000);
    expect(decided.products).toEqual([
      expect.objectContaining({ productNo: 101, qty: 0, refundQty: 1, refundAmt: 18000 }),
    ]);
  });

  it('refuses a period that is not one', async () => {
    await expect(report('2026-02-30', '2026-03-01')).rejects.toThrow(RangeError);
    await expect(report('2026-03-02', '2026-03-01')).rejects.toThrow(RangeError);
    await expect(report('2024-01-01', '2025-12-31')).rejects.toThrow(RangeError);
  });
});
