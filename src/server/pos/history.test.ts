import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { apiClient, createShopper } from '../../../tests/fixtures/commerce.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { buyPaid } from '../../../tests/fixtures/paid-orders.ts';
import { createApiApp } from '../../api/app.ts';
import { estimateRefund } from '../../islands/pos/OrdersRefundPlan.ts';
import { useCardTerminalForTests } from '../adapters/card-terminal/index.ts';
import { useKakaoPayForTests } from '../adapters/kakaopay/index.ts';
import { givePoints } from '../promotion/service.ts';
import { createSession } from '../auth/session.ts';
import {
  MAX_MERGED_PAGE,
  maskReceiptNo,
  memberSaleCount,
  memberSaleDetail,
  memberSaleHistory,
  ordersOfBothChannels,
  saleForManager,
  storeSaleDetail,
  storeSalesForManager,
} from './history.ts';
import { refundSale } from './refunds.ts';
import { recordSale } from './sales.ts';
import { SaleBody } from './schema.ts';
import { openShift } from './shifts.ts';
import type { Cashier } from './staff.ts';

let t: TestDb;
const cashier: Cashier = { memberNo: 1, name: '매장직원', storeNo: 1 };
let shiftNo: number;

beforeEach(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  useCardTerminalForTests(undefined);
  useKakaoPayForTests(undefined);
  shiftNo = (await openShift(t.db, cashier, 100_000)).shiftNo;
});
afterEach(() => t.close());

async function joinMember(mobileNo: string): Promise<number> {
  const body = await new Client().joinAndLogin({ mobileNo });
  const rs = await t.db.execute({
    sql: 'SELECT member_no FROM members WHERE member_id = ?',
    args: [body.memberId as string],
  });
  return Number(rs.rows[0]?.member_no);
}

/** A cash sale of 1011 (18,000원 each) and, when asked, 1031 (39,000원). */
async function sell(
  memberNo: number | null,
  opts: { soldAt?: string; two?: boolean; receipt?: string } = {},
) {
  const lines = [{ optionNo: 1011, qty: 2 }, ...(opts.two ? [{ optionNo: 1031, qty: 1 }] : [])];
  const amount = opts.two ? 75_000 : 36_000;
  const { sale } = await recordSale(
    t.db,
    SaleBody.parse({
      idempotencyKey: randomBytes(12).toString('hex'),
      shiftNo,
      lines,
      memberNo,
      payments: [{ method: 'CASH', amount, received: amount }],
      cashReceipt: opts.receipt ? { type: 'INCOME', number: opts.receipt } : null,
      soldAt: opts.soldAt ?? new Date().toISOString(),
    }),
    cashier,
  );
  return sale;
}

describe('my page: a member’s counter purchases', () => {
  it('lists only the member’s own sales, newest first, with their lines and store; another member’s sale is not theirs', async () => {
    const mine = await joinMember('01011112222');
    const theirs = await joinMember('01033334444');
    const older = await sell(mine, { soldAt: new Date(Date.now() - 3_600_000).toISOString() });
    const newer = await sell(mine, { two: true });
    const other = await sell(theirs);
    await sell(null);

    const list = await memberSaleHistory(t.db, mine, { pageNumber: 1, pageSize: 10 });
    expect(list.totalCount).toBe(2);
    expect(list.items.map((s) => s.saleNo)).toEqual([newer.saleNo, older.saleNo]);
    expect(list.items[0]).toMatchObject({
      storeName: '본점',
      status: 'PAID',
      payAmt: 75_000,
      methods: ['CASH'],
      lines: [
        { productName: '진동 방지 세탁기 패드', qty: 2, refundedQty: 0, netAmt: 36_000 },
        { productName: '요가 매트 프로', qty: 1, netAmt: 39_000 },
      ],
    });
    expect((await memberSaleHistory(t.db, theirs, { pageNumber: 1, pageSize: 10 })).items).toHaveLength(1);

    expect(await memberSaleDetail(t.db, mine, newer.saleNo)).toMatchObject({ saleNo: newer.saleNo });
    expect(await memberSaleDetail(t.db, mine, other.saleNo)).toBeNull();
    expect(await memberSaleDetail(t.db, theirs, newer.saleNo)).toBeNull();
    expect(await memberSaleDetail(t.db, mine, 'P20260101-9999')).toBeNull();
    expect(await memberSaleDetail(t.db, mine, "x' OR 1=1")).toBeNull();
  });

  it('pages and limits the list to the Seoul dates asked for', async () => {
    const mine = await joinMember('01055556666');
    // 2026-03-01 23:30 in Seoul is 14:30 UTC the same day; 2026-03-02 00:10 in Seoul is 15:10 UTC on the 1st
    await sell(mine, { soldAt: '2026-03-01T14:30:00.000Z' });
    await sell(mine, { soldAt: '2026-03-01T15:10:00.000Z' });
    await sell(mine, { soldAt: '2026-03-05T03:00:00.000Z' });

    const day1 = await memberSaleHistory(t.db, mine, {
      startYmd: '2026-03-01',
      endYmd: '2026-03-01',
      pageNumber: 1,
      pageSize: 10,
    });
    expect(day1.items.map((s) => s.soldAt)).toEqual(['2026-03-01T14:30:00.000Z']);
    expect(await memberSaleCount(t.db, mine, { startYmd: '2026-03-02', endYmd: '2026-03-05' })).toBe(2);
    expect(await memberSaleCount(t.db, mine)).toBe(3);
    const page2 = await memberSaleHistory(t.db, mine, { pageNumber: 2, pageSize: 2 });
    expect(page2).toMatchObject({ totalCount: 3, items: [{ soldAt: '2026-03-01T14:30:00.000Z' }] });
  });

  it('shows a refund: the line’s refunded units, the status and the refund with its lines and methods', async () => {
    const mine = await joinMember('01077778888');
    const sale = await sell(mine, { two: true, receipt: '010-7777-8888' });
    const line = sale.lines[1]!;
    await refundSale(
      t.db,
      sale.saleNo,
      { lines: [{ lineNo: line.lineNo, qty: 1 }], reason: '단순 변심' },
      cashier,
    );

    const detail = (await memberSaleDetail(t.db, mine, sale.saleNo))!;
    expect(detail).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refundedAmt: 39_000,
      cashReceiptType: 'INCOME',
      cashReceiptNo: '01077778888',
      store: { storeName: '본점' },
      pointsLeft: 0,
    });
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        reason: '단순 변심',
        amount: 39_000,
        staffName: '매장직원',
        lines: [
          {
            lineNo: line.lineNo,
            qty: 1,
            amount: 39_000,
            productName: '요가 매트 프로',
            optionLabel: line.optionLabel,
          },
        ],
        payments: [expect.objectContaining({ method: 'CASH', amount: 39_000 })],
      }),
    ]);
    const listed = (await memberSaleHistory(t.db, mine, { pageNumber: 1, pageSize: 10 })).items[0]!;
    expect(listed.lines[1]).toMatchObject({ qty: 1, refundedQty: 1 });
    expect(maskReceiptNo(detail.cashReceiptNo)).toBe('010-****-8888');
  });
});

describe('the counter and the back office', () => {
  it('the counter reads only its own store’s sales', async () => {
    const sale = await sell(null);
    expect(await storeSaleDetail(t.db, 1, sale.saleNo)).toMatchObject({ saleNo: sale.saleNo, refunds: [] });
    expect(await storeSaleDetail(t.db, 2, sale.saleNo)).toBeNull();
  });

  it('lists every store’s sales by status with the count of each, and opens any of them read only', async () => {
    const member = await joinMember('01099990000');
    const a = await sell(member, { two: true });
    const b = await sell(null);
    const c = await sell(null);
    await refundSale(
      t.db,
      b.saleNo,
      { lines: [{ lineNo: b.lines[0]!.lineNo, qty: 1 }], reason: '불량' },
      cashier,
    );
    await refundSale(
      t.db,
      c.saleNo,
      { lines: [{ lineNo: c.lines[0]!.lineNo, qty: 2 }], reason: '계산 착오' },
      cashier,
    );

    const all = await storeSalesForManager(t.db, { pageNumber: 1, pageSize: 20 });
    expect(all.totalCount).toBe(3);
    expect(all.counts).toEqual({ PAID: 1, PARTIALLY_REFUNDED: 1, REFUNDED: 1 });
    const paid = await storeSalesForManager(t.db, { status: 'PAID', pageNumber: 1, pageSize: 20 });
    expect(paid.items).toEqual([
      expect.objectContaining({
        saleNo: a.saleNo,
        storeName: '본점',
        memberNo: member,
        summary: '진동 방지 세탁기 패드 외 1건',
        payAmt: 75_000,
        methods: ['CASH'],
      }),
    ]);
    const refunded = await storeSalesForManager(t.db, { status: 'REFUNDED', pageNumber: 1, pageSize: 20 });
    expect(refunded.items.map((s) => [s.saleNo, s.refundedAmt])).toEqual([[c.saleNo, 36_000]]);
    expect((await storeSalesForManager(t.db, { storeNo: 2, pageNumber: 1, pageSize: 20 })).totalCount).toBe(
      0,
    );

    const view = await saleForManager(t.db, b.saleNo);
    expect(view).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refunds: [{ reason: '불량', amount: 18_000 }],
    });
    expect(await saleForManager(t.db, 'nope')).toBeNull();
  });
});

describe('the back office’s list of both channels', () => {
  it('merges web orders and counter sales newest first, each with its channel, and pages through them', async () => {
    const earlier = await sell(null, { soldAt: new Date(Date.now() - 7_200_000).toISOString() });
    const shopper = await createShopper(t.db, '웹손님');
    const { accessToken } = await createSession(t.db, shopper.memberNo);
    const order = await buyPaid(apiClient(createApiApp()), { accessToken }, [
      { productNo: 101, optionNo: 1011, orderCnt: 1 },
    ]);
    await new Promise((r) => setTimeout(r, 1100)); // the lists compare to the second
    const later = await sell(null, { two: true });
    await refundSale(
      t.db,
      later.saleNo,
      { lines: [{ lineNo: later.lines[1]!.lineNo, qty: 1 }], reason: '불량' },
      cashier,
    );

    const all = await ordersOfBothChannels(t.db, { pageNumber: 1, pageSize: 20 });
    expect(all).toMatchObject({ totalCount: 3, pageCount: 1, tooDeep: false });
    expect(all.items.map((r) => [r.channel, r.no])).toEqual([
      ['STORE', later.saleNo],
      ['ONLINE', order.orderNo],
      ['STORE', earlier.saleNo],
    ]);
    expect(all.items[0]).toMatchObject({
      who: '비회원',
      statusLabel: '부분환불',
      payAmt: 75_000,
      note: '본점 · 현금 · 환불 39,000원',
      summary: '진동 방지 세탁기 패드 외 1건',
    });
    expect(all.items[1]).toMatchObject({
      who: expect.any(String) as string,
      payAmt: order.payAmt,
      statusLabel: '결제완료',
    });

    const second = await ordersOfBothChannels(t.db, { pageNumber: 2, pageSize: 1 });
    expect(second).toMatchObject({ totalCount: 3, pageCount: 3, items: [{ no: order.orderNo }] });
    const deep = await ordersOfBothChannels(t.db, { pageNumber: MAX_MERGED_PAGE + 1, pageSize: 1 });
    expect(deep).toMatchObject({ tooDeep: true, items: [] });
  });
});

describe('the refund screen’s estimate', () => {
  it('is what the server then gives back, refund after refund (points, card and cash)', async () => {
    const member = await joinMember('01012121212');
    await givePoints(t.db, member, 5000);
    const { sale } = await recordSale(
      t.db,
      SaleBody.parse({
        idempotencyKey: randomBytes(12).toString('hex'),
        shiftNo,
        lines: [
          { optionNo: 1011, qty: 3 },
          { optionNo: 1031, qty: 1 },
        ],
        orderDiscount: { kind: 'PERCENT', value: 10, reason: '행사' },
        memberNo: member,
        usePoints: 1500,
        payments: [
          { method: 'CARD', amount: 50000 },
          { method: 'CASH', amount: 32200, received: 40000 },
        ],
        soldAt: new Date().toISOString(),
      }),
      cashier,
    );
    const steps: [lineIndex: number, qty: number][][] = [[[0, 1]], [[1, 1]], [[0, 2]]];
    for (const step of steps) {
      const now = (await storeSaleDetail(t.db, 1, sale.saleNo))!;
      const qtys = new Map(step.map(([i, qty]) => [now.lines[i]!.lineNo, qty]));
      const estimate = estimateRefund(now, qtys);
      const r = await refundSale(
        t.db,
        sale.saleNo,
        { lines: [...qtys].map(([lineNo, qty]) => ({ lineNo, qty })), reason: '확인' },
        cashier,
      );
      expect({ money: r.amount, pointsBack: r.pointsBack }).toEqual({
        money: estimate.money,
        pointsBack: estimate.pointsBack,
      });
      expect(r.payments.map((p) => [p.paymentNo, p.amount])).toEqual(
        estimate.byMethod.map((m) => [m.paymentNo, m.amount]),
      );
      expect(r.pointsTaken).toBeLessThanOrEqual(estimate.earnedBack);
    }
    const after = (await storeSaleDetail(t.db, 1, sale.saleNo))!;
    expect(after).toMatchObject({ status: 'REFUNDED', refundedAmt: 82_200, pointsLeft: 0 });
    expect(after.refunds).toHaveLength(3);
  });
});
