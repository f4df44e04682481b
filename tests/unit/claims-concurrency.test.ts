import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../src/api/app.ts';
import { grantAdmin } from '../../src/server/member/service.ts';
import { givePoints } from '../../src/server/promotion/service.ts';
import { seedCatalogFixture } from '../fixtures/catalog.ts';
import { apiClient, createShopper, type Shopper } from '../fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../fixtures/db.ts';
import { processCaller, startApiProcess, type ApiProcess } from '../fixtures/api-processes.ts';
import { buyPaid } from '../fixtures/paid-orders.ts';

/**
 * Claims under real concurrency: the API in separate Node processes on one database file, a
 * member's double clicks and several tabs all arriving at once. Whole and partial cancels of one
 * order give stock, points and money back exactly once; buy confirmations give points once.
 */

const SERVERS = 3;
let t: TestDb;
let alice: Shopper;
let admin: Shopper;
const servers: ApiProcess[] = [];
const local = apiClient(createApiApp());

const call = (server: number, method: string, path: string, who: Shopper, body?: unknown) =>
  processCaller(servers)(server, method, path, { accessToken: who.accessToken }, body);

const one = async (sql: string, args: (string | number)[]) =>
  (await t.db.execute({ sql, args })).rows[0] as unknown as Record<string, unknown>;

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  alice = await createShopper(t.db, '앨리스');
  admin = await createShopper(t.db, '관리자');
  await grantAdmin(t.db, admin.memberNo);
  await givePoints(t.db, alice.memberNo, 3000);
  const dbPath = join(t.dir, 'shop.db');
  for (let i = 0; i < SERVERS; i++) servers.push(await startApiProcess(dbPath));
}, 120_000);

afterAll(() => {
  for (const s of servers) s.proc.kill('SIGTERM');
  t.close();
});

describe('claims across processes', () => {
  it('whole and partial cancels of one order racing give everything back exactly once', async () => {
    const stock = async () =>
      Number((await one('SELECT stock_cnt FROM product_options WHERE option_no = ?', [1031])).stock_cnt);
    const balance = async () =>
      Number(
        (await one('SELECT balance FROM accumulation_balances WHERE member_no = ?', [alice.memberNo]))
          .balance,
      );
    const before = { stock: await stock(), points: await balance() };
    const order = await buyPaid(local, alice, [{ productNo: 103, optionNo: 1031, orderCnt: 3 }], {
      points: 1000,
    });
    const line = Number(
      (await one('SELECT order_option_no FROM order_options WHERE order_no = ?', [order.orderNo]))
        .order_option_no,
    );
    const reason = { claimReasonType: 'CHANGE_MIND', claimReasonDetail: '' };

    const calls = Array.from({ length: 18 }, (_, i) =>
      i % 3 === 0
        ? call(i, 'POST', `/shop-api/profile/order-options/${line}/claims/cancel`, alice, {
            ...reason,
            productCnt: 1,
          })
        : call(i, 'POST', `/shop-api/profile/orders/${order.orderNo}/claims/cancel`, alice, reason),
    );
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);

    expect(await stock()).toBe(before.stock);
    expect(await balance()).toBe(before.points);
    const claims = await t.db.execute({
      sql: 'SELECT refund_pay_amt, refund_sub_pay_amt, refund_status FROM claims WHERE order_no = ?',
      args: [order.orderNo],
    });
    const sum = (k: string) => claims.rows.reduce((a, r) => a + Number(r[k]), 0);
    expect(sum('refund_pay_amt')).toBe(order.payAmt);
    expect(sum('refund_sub_pay_amt')).toBe(1000);
    const sandbox = await one('SELECT cancelled_amt FROM sandbox_payments WHERE order_no = ?', [
      order.orderNo,
    ]);
    // whole or in parts, the sandbox gave back exactly the payment
    expect(Number(sandbox.cancelled_amt)).toBe(order.payAmt);
    expect(
      (await one('SELECT order_status FROM orders WHERE order_no = ?', [order.orderNo])).order_status,
    ).toBe('CANCEL_DONE');
  });

  it('buy confirmations racing give the points once', async () => {
    const order = await buyPaid(local, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 2 }]);
    for (const step of ['prepare', 'deliver']) {
      if (step === 'deliver')
        await local.post(
          `/api/manager/orders/${order.orderNo}/ship`,
          { deliveryCompanyType: 'CJ', invoiceNo: '123456789012' },
          admin,
        );
      const r = await local.post(`/api/manager/orders/${order.orderNo}/${step}`, {}, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(i, 'PUT', `/shop-api/profile/orders/${order.orderNo}/confirm`, alice, {}),
      ),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(results.filter((r) => !r.body.alreadyConfirmed)).toHaveLength(1);
    const given = await t.db.execute({
      sql: "SELECT accumulation_amt FROM accumulations WHERE order_no = ? AND reason = 'ADD_AFTER_PAYMENT'",
      args: [order.orderNo],
    });
    expect(given.rows.map((r) => Number(r.accumulation_amt))).toEqual([360]);
  });
});
