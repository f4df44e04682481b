import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { apiClient, createShopper, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { buyPaid } from '../../../tests/fixtures/paid-orders.ts';
import { grantAdmin } from '../../server/member/service.ts';
import { orderSearchOf } from '../../server/claim/manager.ts';
import { autoConfirmPurchases } from '../../server/order/index.ts';
import { createApiApp } from '../app.ts';

/** The back office's order search at volume (issue 15): every filter, sorting, paging, bad input. */

let t: TestDb;
let alice: Shopper;
let admin: Shopper;
const api = apiClient(createApiApp());
const orders: { orderNo: string; payAmt: number }[] = [];

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  alice = await createShopper(t.db, '앨리스');
  admin = await createShopper(t.db, '관리자');
  await grantAdmin(t.db, admin.memberNo);
  orders.push(await buyPaid(api, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]));
  orders.push(await buyPaid(api, alice, [{ productNo: 103, optionNo: 1031, orderCnt: 2 }]));
  orders.push(
    await buyPaid(api, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }], {
      payType: 'VIRTUAL_ACCOUNT',
    }),
  );
  // the third order's recipient is someone else, reached on another phone
  await t.db.execute({
    sql: "UPDATE orders SET receiver_name = '김수령', receiver_contact1 = '010-9999-0000', ordered_at = ? WHERE order_no = ?",
    args: ['2026-01-15T03:00:00.000Z', orders[2]!.orderNo],
  });
}, 60_000);
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await api.get(`/api/manager/orders?status=ALL&${query}`, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as { orderNo: string; payAmt: number }[]).map((i) => i.orderNo);
};

describe('the manager’s order search', () => {
  it('reads what a search text is', () => {
    expect(orderSearchOf('010-1234-5678')).toEqual({ kind: 'phone', value: '01012345678' });
    expect(orderSearchOf(' 0212345678 ')).toEqual({ kind: 'phone', value: '0212345678' });
    expect(orderSearchOf('20260501')).toEqual({ kind: 'orderNo', value: '20260501' });
    expect(orderSearchOf('세탁기 패드')).toEqual({ kind: 'text', value: '세탁기 패드' });
    expect(orderSearchOf('  ')).toBeUndefined();
  });

  it('finds by order number, phone, name and product', async () => {
    const [a, b, c] = orders.map((o) => o.orderNo) as [string, string, string];
    expect(await list(`q=${a}`)).toEqual([a]);
    expect(await list(`q=${a.slice(0, 10)}`)).toEqual(expect.arrayContaining([a]));
    expect(await list('q=010-9999-0000')).toEqual([c]);
    expect(await list('q=01099990000')).toEqual([c]);
    expect(await list(`q=${encodeURIComponent('김수령')}`)).toEqual([c]);
    expect((await list(`q=${encodeURIComponent('요가')}`)).sort()).toEqual([b]);
    expect(await list(`q=${encodeURIComponent('없는 상품%')}`)).toEqual([]);
  });

  it('filters by pay type and Seoul days, sorts and pages', async () => {
    const [a, b, c] = orders.map((o) => o.orderNo) as [string, string, string];
    expect(await list('payType=VIRTUAL_ACCOUNT')).toEqual([c]);
    expect(await list('from=2026-01-15&to=2026-01-15')).toEqual([c]);
    expect(await list('from=2026-01-16&to=2026-01-16')).toEqual([]);
    const byAmount = await list('sort=amount_desc');
    expect(byAmount[0]).toBe(b);
    expect(await list('sort=oldest')).toEqual([c, a, b]);
    expect(await list('sort=newest&pageSize=1&pageNumber=2')).toEqual([a]);
  });

  it('reads the days as payment days when asked (기간 기준 결제일), leaving unpaid orders out', async () => {
    const [a, , c] = orders.map((o) => o.orderNo) as [string, string, string];
    const times = async (orderNo: string) =>
      (
        await t.db.execute({
          sql: 'SELECT ordered_at, paid_at FROM orders WHERE order_no = ?',
          args: [orderNo],
        })
      ).rows[0] as unknown as { ordered_at: string; paid_at: string | null };
    const [aBefore, cBefore] = [await times(a), await times(c)];
    const set = (orderNo: string, orderedAt: string, paidAt: string | null) =>
      t.db.execute({
        sql: 'UPDATE orders SET ordered_at = ?, paid_at = ? WHERE order_no = ?',
        args: [orderedAt, paidAt, orderNo],
      });
    try {
      // a: placed at 23:50 on 14 January in Seoul, paid ten minutes after midnight; c: not paid yet
      await set(a, '2026-01-14T14:50:00.000Z', '2026-01-14T15:10:00.000Z');
      await set(c, '2026-01-15T03:00:00.000Z', null);
      expect(await list('from=2026-01-14&to=2026-01-14')).toEqual([a]);
      expect(await list('dateType=ordered&from=2026-01-15&to=2026-01-15')).toEqual([c]);
      expect(await list('dateType=paid&from=2026-01-15&to=2026-01-15')).toEqual([a]);
      expect(await list('dateType=paid&from=2026-01-14&to=2026-01-14')).toEqual([]);
      expect(await list('dateType=paid&from=2026-01-01')).not.toContain(c);
      // the export follows the same days
      const csv = await createApiApp().request(
        '/api/manager/orders/export?format=csv&status=ALL&dateType=paid&from=2026-01-15&to=2026-01-15',
        { headers: { Version: '1.0', clientId: 'test', accessToken: admin.accessToken } },
      );
      const lines = new TextDecoder()
        .decode(await csv.arrayBuffer())
        .trim()
        .split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(a);
    } finally {
      await set(a, aBefore.ordered_at, aBefore.paid_at);
      await set(c, cBefore.ordered_at, cBefore.paid_at);
    }
  });

  it('refuses bad filters with Korean messages', async () => {
    for (const query of [
      'payType=CASH',
      'from=2026-13-01',
      'to=2026-02-30',
      'from=2026-02-01&to=2026-01-01',
      'sort=random',
      'dateType=shipped',
    ]) {
      const res = await api.get(`/api/manager/orders?${query}`, admin);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(/[가-힣]/);
    }
    expect((await api.get('/api/manager/orders?q=010', alice)).status).toBe(403);
  });
});

describe('shipping many orders from the courier’s file', () => {
  it('a dry run lists every row’s problem and writes nothing; applying ships the good rows, tracking numbers without hyphens', async () => {
    const fresh = [
      await buyPaid(api, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]),
      await buyPaid(api, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]),
      await buyPaid(api, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]),
    ].map((o) => o.orderNo) as [string, string, string];
    const csv = [
      '주문번호,택배사,송장번호',
      `${fresh[0]},CJ대한통운,6123-4567-8901`,
      `${fresh[1]},CJ,612345678902`,
      `${fresh[2]},한진택배,412345678903`,
      `${fresh[0]},CJ,612345678904`,
      '20990101000000000000,CJ,612345678905',
      `${fresh[1]},번개택배,612345678906`,
      `${fresh[2]},CJ,12-34`,
    ].join('\n');
    const dry = await api.post('/api/manager/orders/shipments', { csv, dryRun: true }, admin);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, okCount: 3, problemCount: 4 });
    const problems = (dry.body.rows as { line: number; problem: string | null }[]).map((r) => [
      r.line,
      r.problem,
    ]);
    expect(problems.slice(0, 3)).toEqual([
      [2, null],
      [3, null],
      [4, null],
    ]);
    expect(problems[3]![1]).toBe('2번째 줄과 같은 주문입니다.');
    expect(problems[4]![1]).toBe('없는 주문번호입니다.');
    expect(problems[5]![1]).toContain('모르는 택배사입니다 (번개택배)');
    expect(problems[6]![1]).toContain('송장번호');
    const statusOf = async (orderNo: string) =>
      String(
        (await t.db.execute({ sql: 'SELECT order_status FROM orders WHERE order_no = ?', args: [orderNo] }))
          .rows[0]?.order_status,
      );
    expect(await statusOf(fresh[0])).toBe('PAY_DONE');

    const applied = await api.post('/api/manager/orders/shipments', { csv, dryRun: false }, admin);
    expect(applied.body).toMatchObject({ dryRun: false, okCount: 3, problemCount: 4 });
    for (const no of fresh) expect(await statusOf(no)).toBe('DELIVERY_ING');
    const stored = await t.db.execute({
      sql: 'SELECT delivery_company_type, invoice_no FROM orders WHERE order_no = ?',
      args: [fresh[0]],
    });
    expect(stored.rows[0]).toMatchObject({ delivery_company_type: 'CJ', invoice_no: '612345678901' });

    // the same file again: every row says it was shipped already
    const again = await api.post('/api/manager/orders/shipments', { csv, dryRun: true }, admin);
    expect(again.body.rows[0].problem).toContain('이미 발송한 주문입니다');
  });

  it('refuses a file without its columns, and members', async () => {
    const bad = await api.post(
      '/api/manager/orders/shipments',
      { csv: '번호,송장\n1,2', dryRun: true },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('주문번호, 택배사, 송장번호 열이 없습니다');
    expect((await api.post('/api/manager/orders/shipments', { csv: 'a', dryRun: true }, alice)).status).toBe(
      403,
    );
  });
});

describe('the order export', () => {
  const raw = (path: string, who: Shopper) =>
    createApiApp().request(path, {
      headers: { Version: '1.0', clientId: 'test', accessToken: who.accessToken },
    });

  it('writes one row per order line of the search, as CSV with a BOM and as XLSX', async () => {
    const [, b] = orders.map((o) => o.orderNo) as [string, string, string];
    const csv = await raw(`/api/manager/orders/export?format=csv&status=ALL&q=${b}`, admin);
    expect(csv.status, await csv.clone().text()).toBe(200);
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    expect(csv.headers.get('Content-Disposition')).toMatch(/attachment; filename="orders-\d{12}\.csv"/);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row, ...rest] = new TextDecoder().decode(bytes).trim().split('\r\n');
    expect(header).toContain('주문번호,주문일시,주문 상태');
    expect(rest).toEqual([]);
    expect(row).toContain(b);
    expect(row).toContain('요가 매트 프로');
    expect(row).toContain('010-'); // phones formatted

    const xlsx = await raw(
      `/api/manager/orders/export?format=xlsx&status=ALL&payType=VIRTUAL_ACCOUNT`,
      admin,
    );
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.getWorksheet('주문')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('주문번호');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(orders[2]!.orderNo);
    expect(sheet.getRow(2).getCell(15).value).toBe('가상계좌');
    expect(typeof sheet.getRow(2).getCell(16).value).toBe('number');
  });

  it('is for administrators and refuses an unknown format', async () => {
    expect((await raw('/api/manager/orders/export?format=pdf', admin)).status).toBe(400);
    expect((await raw('/api/manager/orders/export', alice)).status).toBe(403);
  });
});

describe('the automatic buy confirmation', () => {
  it('confirms orders delivered more than the configured days ago, giving their points once', async () => {
    const deliver = async (orderNo: string, daysAgo: number) => {
      for (const step of ['prepare', 'ship', 'deliver'])
        await api.post(
          `/api/manager/orders/${orderNo}/${step}`,
          step === 'ship' ? { deliveryCompanyType: 'CJ', invoiceNo: '612345678910' } : {},
          admin,
        );
      await t.db.execute({
        sql: 'UPDATE orders SET delivered_at = ? WHERE order_no = ?',
        args: [new Date(Date.now() - daysAgo * 86_400_000).toISOString(), orderNo],
      });
    };
    const old = (await buyPaid(api, alice, [{ productNo: 103, optionNo: 1031, orderCnt: 1 }])).orderNo;
    const recent = (await buyPaid(api, alice, [{ productNo: 103, optionNo: 1031, orderCnt: 1 }])).orderNo;
    await deliver(old, 8);
    await deliver(recent, 2);
    const state = async (orderNo: string) =>
      (
        await t.db.execute({
          sql: 'SELECT order_status, accumulation_given_amt FROM orders WHERE order_no = ?',
          args: [orderNo],
        })
      ).rows[0];
    const ledger = async (orderNo: string) =>
      Number(
        (
          await t.db.execute({
            sql: "SELECT COUNT(*) AS n FROM accumulations WHERE order_no = ? AND reason = 'ADD_AFTER_PAYMENT'",
            args: [orderNo],
          })
        ).rows[0]?.n,
      );

    expect(await autoConfirmPurchases(t.db, new Date(), 0)).toBe(0);
    expect(await autoConfirmPurchases(t.db, new Date(), 7)).toBe(1);
    expect(await state(old)).toMatchObject({ order_status: 'BUY_CONFIRM' });
    expect(Number((await state(old))!.accumulation_given_amt)).toBeGreaterThan(0);
    expect(await state(recent)).toMatchObject({ order_status: 'DELIVERY_DONE' });
    expect(await autoConfirmPurchases(t.db, new Date(), 7)).toBe(0);
    expect(await ledger(old)).toBe(1);
  });
});

describe('bulk steps', () => {
  it('prepares each ticked order on its own and says which were refused', async () => {
    const fresh = (await buyPaid(api, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }])).orderNo;
    const shipped = (await buyPaid(api, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }])).orderNo;
    await api.post(
      `/api/manager/orders/${shipped}/ship`,
      { deliveryCompanyType: 'CJ', invoiceNo: '612345678911' },
      admin,
    );
    const res = await api.post(
      '/api/manager/orders/bulk',
      { orderNos: [fresh, shipped, '20990101000000000000'], step: 'prepare' },
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.okCount).toBe(1);
    expect(res.body.results[0]).toEqual({ orderNo: fresh, ok: true, message: null });
    expect(res.body.results[1].ok).toBe(false);
    expect(res.body.results[2]).toMatchObject({
      ok: false,
      message: expect.stringMatching(/[가-힣]/) as string,
    });
    expect(
      (await api.post('/api/manager/orders/bulk', { orderNos: [], step: 'prepare' }, admin)).status,
    ).toBe(400);
    expect(
      (await api.post('/api/manager/orders/bulk', { orderNos: [fresh], step: 'prepare' }, alice)).status,
    ).toBe(403);
  });
});

describe('the order routes of the last stop refuse visitors', () => {
  const visitor = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    createApiApp().request(path, {
      method,
      headers: { Version: '1.0', clientId: 'test', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it.each([
    ['the search', 'GET', '/api/manager/orders?status=ALL&q=010-1234-5678', undefined],
    ['the CSV export', 'GET', '/api/manager/orders/export?format=csv&status=ALL', undefined],
    ['the XLSX export', 'GET', '/api/manager/orders/export?format=xlsx&status=ALL', undefined],
    [
      'the bulk prepare',
      'POST',
      '/api/manager/orders/bulk',
      { orderNos: ['20260101000000000001'], step: 'prepare' },
    ],
    ['the shipments CSV dry run', 'POST', '/api/manager/orders/shipments', { csv: 'a', dryRun: true }],
    ['the shipments CSV apply', 'POST', '/api/manager/orders/shipments', { csv: 'a', dryRun: false }],
  ] as const)('%s answers 401', async (_name, method, path, body) => {
    const res = await visitor(method, path, body);
    expect(res.status, await res.clone().text()).toBe(401);
    expect(((await res.json()) as { message: string }).message).toMatch(/[가-힣]/);
  });
});
