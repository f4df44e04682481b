import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client, type Api } from '../../../tests/fixtures/members.ts';
import { useCardTerminalForTests } from '../../server/adapters/card-terminal/index.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';
import { createApiApp } from '../app.ts';

/**
 * /api/pos/reports: staff and administrators only, periods checked with Korean messages, and a
 * counter sale made through the counter's API in today's figures and its day's list.
 */

let t: TestDb;
let api: Api;

beforeEach(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  await seedMemberDemo(t.db, 'demo');
  useCardTerminalForTests(undefined);
  api = createApiApp() as unknown as Api;
});
afterEach(() => t.close());

const todayInSeoul = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Seoul' }).format(new Date());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies freely
async function json<T = Record<string, any>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function signedIn(who: 'staff' | 'admin'): Promise<Client> {
  const client = new Client(api);
  const account = DEMO_ACCOUNTS[who];
  expect((await client.login(account.memberId, account.password)).status).toBe(200);
  return client;
}

describe('roles', () => {
  it('is 401 for visitors, 403 for members, 200 for staff and administrators', async () => {
    const today = todayInSeoul();
    const paths = [`/api/pos/reports/sales?from=${today}&to=${today}`, `/api/pos/reports/days/${today}`];
    const member = new Client(api);
    await member.joinAndLogin();
    const staff = await signedIn('staff');
    const admin = await signedIn('admin');
    for (const path of paths) {
      expect((await new Client(api).call(path)).status, path).toBe(401);
      expect((await member.call(path)).status, path).toBe(403);
      const ok = await staff.call(path);
      expect(ok.status, path).toBe(200);
      expect(ok.headers.get('Cache-Control')).toBe('private, no-store');
      expect((await admin.call(path)).status, path).toBe(200);
    }
  });
});

describe('validation', () => {
  it('answers 400 with a Korean message naming the problem', async () => {
    const staff = await signedIn('staff');
    const cases: [string, string][] = [
      ['/api/pos/reports/sales?to=2026-03-01', '시작일을 입력해 주세요.'],
      ['/api/pos/reports/sales?from=2026/03/01&to=2026-03-01', '시작일을 2026-11-25처럼 입력해 주세요.'],
      ['/api/pos/reports/sales?from=2026-03-01', '종료일을 입력해 주세요.'],
      [
        '/api/pos/reports/sales?from=2026-02-30&to=2026-03-01',
        '달력에 없는 날짜입니다. 시작일을 확인해 주세요.',
      ],
      ['/api/pos/reports/sales?from=2026-03-02&to=2026-03-01', '종료일은 시작일과 같거나 그 뒤여야 합니다.'],
      ['/api/pos/reports/sales?from=2024-01-01&to=2025-12-31', '기간은 366일까지 조회할 수 있습니다.'],
      ['/api/pos/reports/days/yesterday', '날짜를 2026-11-25처럼 입력해 주세요.'],
      ['/api/pos/reports/days/2026-13-01', '달력에 없는 날짜입니다. 날짜를 확인해 주세요.'],
      ['/api/pos/reports/days/2026-03-01?pageSize=500', '한 페이지에 100건까지 볼 수 있습니다.'],
    ];
    for (const [path, message] of cases) {
      const res = await staff.call(path);
      expect(res.status, path).toBe(400);
      expect(await json(res), path).toEqual({ code: 'INVALID_INPUT', message });
    }
    // a leap day and a whole leap year are fine
    expect((await staff.call('/api/pos/reports/sales?from=2028-01-01&to=2028-12-31')).status).toBe(200);
    expect((await staff.call('/api/pos/reports/days/2028-02-29')).status).toBe(200);
  });
});

describe('figures', () => {
  it('shows a counter sale made through the counter’s API in today’s figures and its day’s list', async () => {
    const staff = await signedIn('staff');
    const shift = await staff.call('/api/pos/shifts', { body: { openingCash: 50_000 } });
    expect(shift.status).toBe(201);
    const sold = await staff.call('/api/pos/sales', {
      body: {
        idempotencyKey: randomBytes(12).toString('hex'),
        shiftNo: (await json(shift)).shiftNo,
        lines: [{ optionNo: 1011, qty: 2 }],
        payments: [
          { method: 'CASH', amount: 16000, received: 20000 },
          { method: 'CARD', amount: 20000 },
        ],
        soldAt: new Date().toISOString(),
      },
    });
    expect(sold.status, await sold.clone().text()).toBe(201);
    const { sale } = await json(sold);
    const today = todayInSeoul();

    const period = await json(await staff.call(`/api/pos/reports/sales?from=${today}&to=${today}`));
    expect(period.channels.COUNTER).toMatchObject({ saleCount: 1, grossAmt: 36000, paidAmt: 36000 });
    expect(period.totals).toMatchObject({ saleCount: 1, paidAmt: 36000, netAmt: 36000 });
    expect(period.days).toEqual([expect.objectContaining({ date: today, paidAmt: 36000 })]);
    expect(period.methods.slice(0, 2)).toEqual([
      expect.objectContaining({ method: 'CASH', amount: 16000, saleCount: 1 }),
      expect.objectContaining({ method: 'CARD', amount: 20000, saleCount: 1 }),
    ]);
    expect(period.products).toEqual([
      expect.objectContaining({ productNo: 101, qty: 2, amount: 36000, counterQty: 2, webQty: 0 }),
    ]);

    const day = await json(await staff.call(`/api/pos/reports/days/${today}`));
    expect(day.report).toMatchObject({ from: today, to: today, totals: { saleCount: 1 } });
    expect(day.sales).toMatchObject({ totalCount: 1, items: [{ saleNo: sale.saleNo, payAmt: 36000 }] });

    // the web shop has sold nothing today in this database
    expect(period.channels.WEB).toMatchObject({ saleCount: 0, paidAmt: 0 });
  });
});
