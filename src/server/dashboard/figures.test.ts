import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { apiClient, createShopper, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { buyPaid } from '../../../tests/fixtures/paid-orders.ts';
import { createApiApp } from '../../api/app.ts';
import { MANAGER_ORDER_FILTERS } from '../../lib/order-filters.ts';
import { useCardTerminalForTests } from '../adapters/card-terminal/index.ts';
import { createSession } from '../auth/session.ts';
import { listManagedProducts } from '../catalog/index.ts';
import { listOrdersForManager, moveOrder } from '../claim/index.ts';
import { createInquiry } from '../inquiry/index.ts';
import { openShift, recordSale, refundSale, SaleBody, type Cashier } from '../pos/index.ts';
import { createProductInquiry } from '../product-inquiry/index.ts';
import { dashboardFigures, type DashboardFigures } from './index.ts';

/**
 * The dashboard over a small shop whose every figure is worked out by hand. The clock is set (only
 * `Date` is faked); "today" is 2026-03-10 in Seoul (the test runs at 12:00 Seoul, 03:00 UTC).
 *
 * - 2026-02-01: 앨리스 joins (outside the 30 days: 02-09 … 03-10)
 * - 2026-03-01: 밥 joins; web order B paid (101 × 1: 18,000 + 3,000 delivery = 21,000원), then
 *   prepared and shipped (배송중)
 * - 2026-03-10 (today): 캐럴 joins; web order A paid (103 × 1: 39,000 + 2,500 delivery = 41,500원); a counter
 *   sale of 101 × 2 at 18,000원 = 36,000원, one unit refunded (18,000원)
 */

let t: TestDb;
let alice: Shopper;
const api = apiClient(createApiApp());
const cashier: Cashier = { memberNo: 9001, name: '김점원', storeNo: 1 };
const NOW = '2026-03-10T03:00:00.000Z';
let orderA: { orderNo: string; payAmt: number };
let orderB: { orderNo: string; payAmt: number };
let figures: DashboardFigures;
const manager = { memberNo: 1, isAdmin: true };

const at = (iso: string) => vi.setSystemTime(new Date(iso));
const signedIn = async (s: Shopper): Promise<Shopper> => ({
  memberNo: s.memberNo,
  accessToken: (await createSession(t.db, s.memberNo)).accessToken,
});

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  useCardTerminalForTests(undefined);
  vi.useFakeTimers({ toFake: ['Date'] });

  at('2026-02-01T01:00:00.000Z');
  alice = await createShopper(t.db, '앨리스');

  at('2026-03-01T01:00:00.000Z');
  const bob = await createShopper(t.db, '밥');
  orderB = await buyPaid(api, await signedIn(bob), [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
  await moveOrder(t.db, orderB.orderNo, 'prepare');
  await moveOrder(t.db, orderB.orderNo, 'ship', { deliveryCompanyType: 'CJ', invoiceNo: '612345678901' });

  at('2026-03-10T01:00:00.000Z');
  await createShopper(t.db, '캐럴');
  orderA = await buyPaid(api, await signedIn(alice), [{ productNo: 103, optionNo: 1031, orderCnt: 1 }]);
  const shift = await openShift(t.db, cashier, 100_000);
  const { sale } = await recordSale(
    t.db,
    SaleBody.parse({
      idempotencyKey: randomBytes(12).toString('hex'),
      shiftNo: shift.shiftNo,
      lines: [{ optionNo: 1011, qty: 2 }],
      payments: [{ method: 'CASH', amount: 36000, received: 40000 }],
      soldAt: new Date().toISOString(),
    }),
    cashier,
  );
  at('2026-03-10T02:00:00.000Z');
  const line = sale.lines[0]!;
  await refundSale(t.db, sale.saleNo, { lines: [{ lineNo: line.lineNo, qty: 1 }], reason: '변심' }, cashier);

  await createInquiry(t.db, alice.memberNo, {
    inquiryTypeNo: 1,
    title: '배송 문의',
    content: '언제 오나요?',
    answerEmail: false,
    answerSms: false,
  });
  await createProductInquiry(t.db, alice.memberNo, 101, { content: '크기가 어떻게 되나요?' });

  at(NOW);
  figures = await dashboardFigures(t.db, { manager });
}, 60_000);
afterAll(() => {
  vi.useRealTimers();
  t.close();
});

describe('the dashboard’s figures', () => {
  it('takes today and the last 30 days in Seoul', () => {
    expect(figures.today).toBe('2026-03-10');
    expect(figures.periods.map((p) => [p.key, p.label, p.from, p.to])).toEqual([
      ['today', '오늘', '2026-03-10', '2026-03-10'],
      ['month', '최근 30일', '2026-02-09', '2026-03-10'],
    ]);
    expect(figures.days).toHaveLength(30);
    expect(figures.days[0]!.date).toBe('2026-02-09');
  });

  it('sales: web and counter, paid less refunds, each linking to its list', async () => {
    const [today, month] = figures.periods;
    expect(orderA.payAmt).toBe(41500);
    expect(orderB.payAmt).toBe(21000);
    expect(today.sales.web).toEqual({
      saleCount: 1,
      paidAmt: 41500,
      refundAmt: 0,
      netAmt: 41500,
      href: '/manager/orders?status=all&dateType=paid&from=2026-03-10&to=2026-03-10',
    });
    expect(today.sales.counter).toEqual({
      saleCount: 1,
      paidAmt: 36000,
      refundAmt: 18000,
      netAmt: 18000,
      href: '/test/pos/sales?period=custom&from=2026-03-10&to=2026-03-10',
    });
    expect(today.sales.netAmt).toBe(59500);
    // the web figure opens the orders paid in its days: as many as it counts
    for (const p of figures.periods) {
      const q = new URL(p.sales.web.href, 'http://x').searchParams;
      expect(q.get('dateType')).toBe('paid');
      const list = await listOrdersForManager(t.db, {
        dateBasis: 'paid',
        fromYmd: q.get('from')!,
        toYmd: q.get('to')!,
        pageSize: 1,
      });
      expect([p.key, list.totalCount]).toEqual([p.key, p.sales.web.saleCount]);
    }
    expect(month.sales.web).toMatchObject({ saleCount: 2, paidAmt: 62500, netAmt: 62500 });
    expect(month.sales.netAmt).toBe(80500);
    const chartDay = (date: string) => figures.days.find((d) => d.date === date);
    expect(chartDay('2026-03-01')).toEqual({
      date: '2026-03-01',
      web: { paidAmt: 21000, refundAmt: 0 },
      counter: { paidAmt: 0, refundAmt: 0 },
      refundAmt: 0,
      netAmt: 21000,
    });
    expect(chartDay('2026-03-10')).toEqual({
      date: '2026-03-10',
      web: { paidAmt: 41500, refundAmt: 0 },
      counter: { paidAmt: 36000, refundAmt: 18000 },
      refundAmt: 18000,
      netAmt: 59500,
    });
  });

  it('orders by status: the order list’s tabs, counted as the list counts them', async () => {
    const [today, month] = figures.periods;
    const count = (p: typeof today, label: string) => p.orders.find((o) => o.label === label)?.count;
    expect(count(today, '처리할 주문')).toBe(1);
    expect(count(today, '배송중')).toBe(0);
    expect(count(month, '처리할 주문')).toBe(1);
    expect(count(month, '배송중')).toBe(1);
    expect(today.orders.map((o) => o.label)).toEqual(
      MANAGER_ORDER_FILTERS.filter((f) => f.types).map((f) => f.label),
    );
    // every figure is the total of the list its link opens
    for (const p of figures.periods) {
      for (const o of p.orders) {
        const q = new URL(o.href!, 'http://x').searchParams;
        const filter = MANAGER_ORDER_FILTERS.find((f) => f.key === q.get('status'))!;
        const list = await listOrdersForManager(t.db, {
          requestTypes: filter.types,
          fromYmd: q.get('from')!,
          toYmd: q.get('to')!,
          pageSize: 1,
        });
        expect([o.label, p.key, list.totalCount]).toEqual([o.label, p.key, o.count]);
      }
    }
  });

  it('new members who joined in the period; no link while the member list does not exist', async () => {
    const [today, month] = figures.periods;
    expect(today.newMembers).toEqual({ label: '신규 회원', count: 1, href: null });
    expect(month.newMembers.count).toBe(2);
    const linked = await dashboardFigures(t.db, { manager, memberListExists: true });
    expect(linked.periods[1].newMembers.href).toBe(
      '/manager/members?joinedFrom=2026-02-09&joinedTo=2026-03-10',
    );
  });

  it('work waiting: claims, custom orders per production status, low stock, unanswered questions', async () => {
    expect(figures.claimsWaiting).toEqual([
      { label: '승인 대기', count: 0, href: '/manager/orders/claims?status=request' },
      { label: '환불 대기', count: 0, href: '/manager/orders/claims?status=refund' },
    ]);
    expect(figures.customOrders.map((c) => [c.label, c.count, c.href])).toEqual([
      ['제작 요청', 0, '/custom/admin/list?status=request'],
      ['디자인 완료', 0, '/custom/admin/list?status=design_complete'],
      ['제작 중', 0, '/custom/admin/list?status=progress'],
      ['제작 완료', 0, '/custom/admin/list?status=completion'],
    ]);
    expect(figures.inquiriesWaiting).toEqual([
      { label: '1:1 문의', count: 1, href: '/manager/board/inquiry?status=ASKED' },
      { label: '상품 문의', count: 1, href: '/manager/product-inquiries?status=ASKED' },
    ]);

    // low stock: the products the list's stock=low filter shows, and their options
    const lowList = async () =>
      (await listManagedProducts(t.db, { stock: 'low', sort: 'newest', pageNumber: 1, pageSize: 1 }))
        .totalCount;
    expect(figures.lowStock.href).toBe('/manager/products?stock=low');
    expect(figures.lowStock.products).toBe(await lowList());
    // 101's only option had 10, less 1 (order B) and 2 (the counter) plus 1 refunded: 8, above 5
    await t.db.execute('UPDATE product_options SET stock_cnt = 5 WHERE option_no = 1011');
    const after = (await dashboardFigures(t.db, { manager })).lowStock;
    expect(after.count).toBe(figures.lowStock.count + 1);
    expect(after.products).toBe(figures.lowStock.products + 1);
    expect(after.products).toBe(await lowList());
  });
});
