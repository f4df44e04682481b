import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../fixtures/catalog.ts';
import {
  addCoupon,
  createShopper,
  guestToken,
  reserveBody,
  returnParams,
  type Shopper,
} from '../fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../fixtures/db.ts';
import { processCaller, serverErrors, startApiProcess, type ApiProcess } from '../fixtures/api-processes.ts';
import { buildSandboxDelivery } from '../../src/server/payment/sandbox-webhooks.ts';
import { givePoints, issueCoupon } from '../../src/server/promotion/service.ts';
import { grantStaff } from '../../src/server/member/service.ts';

/**
 * Stock, coupons and points under real concurrency: the API runs in SERVERS separate Node
 * processes on one database file, and every buyer's confirmation and the provider's webhook for it
 * arrive at once at different processes. (Promises in one process do not race; processes do.)
 */

const SERVERS = 4;
let t: TestDb;
const servers: ApiProcess[] = [];

type Who = { accessToken?: string; guestToken?: string };

const call = (server: number, method: string, path: string, who: Who, body?: unknown) =>
  processCaller(servers)(server, method, path, who, body);

async function postWebhook(server: number, paymentId: string) {
  const d = buildSandboxDelivery({ paymentId }, 'Transaction.Paid');
  const res = await fetch(`${servers[server % SERVERS]!.url}/api/payments/webhook/sandbox`, {
    method: 'POST',
    headers: d.headers,
    body: d.body,
  });
  return { status: res.status, body: await res.json() };
}

interface Reserved {
  orderNo: string;
  paymentId: string;
  clientReturnUrl: string;
}

/** Sheet → calculate → reserve → the shopper approves on the sandbox page (no webhook yet). */
async function buyUntilApproved(
  i: number,
  who: Who,
  product: { productNo: number; optionNo: number },
  extra: { coupons?: unknown; subPayAmt?: number } = {},
): Promise<Reserved | { status: number; body: { code: string; message: string } }> {
  const sheet = await call(i, 'POST', '/shop-api/order-sheets', who, {
    products: [{ ...product, orderCnt: 1 }],
  });
  if (sheet.status !== 200) return sheet;
  const no = sheet.body.orderSheetNo;
  const calc = await call(i + 1, 'POST', `/shop-api/order-sheets/${no}/calculate`, who, {
    addressRequest: { receiverZipCd: '06236' },
    couponRequest: extra.coupons,
    accumulationUseAmt: extra.subPayAmt ?? 0,
  });
  if (calc.status !== 200) return calc;
  const reserved = await call(
    i + 2,
    'POST',
    '/shop-api/payments/reserve',
    who,
    reserveBody(no, calc.body.paymentInfo.paymentAmt, {
      guestPassword: who.guestToken ? 'guest1234' : undefined,
      ...(extra.coupons ? { coupons: extra.coupons } : {}),
      subPayAmt: extra.subPayAmt ?? 0,
    }),
  );
  if (reserved.status !== 200) return reserved;
  const approved = await call(
    i + 3,
    'POST',
    `/api/payment-sandbox/payments/${reserved.body.paymentId}/approve`,
    {},
    {},
  );
  if (approved.status !== 200) return approved;
  return reserved.body as Reserved;
}

/** The browser's return and the provider's webhook for every buyer, all at once, on different processes. */
async function confirmAllAtOnce(reserved: Reserved[]) {
  return Promise.all(
    reserved.map(async (r, i) => {
      const [ret, hook] = await Promise.all([
        call(i, 'POST', '/shop-api/payments/confirm', {}, returnParams(r.clientReturnUrl)),
        postWebhook(i + 1, r.paymentId),
      ]);
      return { orderNo: r.orderNo, ret, hook };
    }),
  );
}

const scalar = async (sql: string, args: (string | number)[] = []) =>
  (await t.db.execute({ sql, args })).rows[0]![0];

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  const dbPath = join(t.dir, 'shop.db');
  servers.push(...(await Promise.all(Array.from({ length: SERVERS }, () => startApiProcess(dbPath)))));
}, 120_000);

afterAll(async () => {
  for (const s of servers) s.proc.kill('SIGTERM');
  t?.close();
});

function noServerErrors() {
  expect(serverErrors(servers)).toEqual([]);
}

describe('across processes', () => {
  it('50 buyers for the last 5 units: exactly 5 paid, 45 told it sold out and refunded, stock 0', async () => {
    await t.db.execute('UPDATE product_options SET stock_cnt = 5 WHERE option_no = 1011');
    const buyers = Array.from({ length: 50 }, (_, i) => ({ i, who: { guestToken: guestToken() } }));
    const attempts = await Promise.all(
      buyers.map(({ i, who }) => buyUntilApproved(i, who, { productNo: 101, optionNo: 1011 })),
    );
    const reserved = attempts.filter((a): a is Reserved => 'orderNo' in a);
    const early = attempts.filter((a) => !('orderNo' in a)) as { status: number; body: { code: string } }[];
    // nobody has paid yet, so everybody got this far
    expect(early).toEqual([]);
    expect(reserved).toHaveLength(50);

    const results = await confirmAllAtOnce(reserved);
    const statuses = results.flatMap((r) => [r.ret.status, r.hook.status]);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const paid = results.filter((r) => r.ret.status === 200);
    const soldOut = results.filter((r) => r.ret.status === 409);
    expect(paid).toHaveLength(5);
    expect(soldOut).toHaveLength(45);
    for (const r of paid) expect(r.ret.body).toMatchObject({ orderStatus: 'PAY_DONE', result: 'PAID' });
    for (const r of soldOut) {
      expect(r.ret.body.code).toBe('SOLD_OUT');
      expect(r.ret.body.message).toMatch(/품절/);
      expect(r.ret.body.outcome).toMatchObject({ orderStatus: 'CANCEL_DONE', result: 'REFUNDED' });
    }
    for (const r of results) expect(r.hook.status).toBe(200);

    expect(await scalar('SELECT stock_cnt FROM product_options WHERE option_no = 1011')).toBe(0);
    expect(
      await scalar(
        "SELECT COUNT(*) FROM orders WHERE order_status = 'PAY_DONE' AND order_no IN (SELECT order_no FROM order_options WHERE option_no = 1011)",
      ),
    ).toBe(5);
    expect(
      await scalar(
        "SELECT COUNT(*) FROM orders WHERE order_status = 'CANCEL_DONE' AND failure_code = 'SOLD_OUT' AND refund_status = 'DONE'",
      ),
    ).toBe(45);
    // the sandbox provider holds the 45 refunds
    expect(await scalar("SELECT COUNT(*) FROM sandbox_payments WHERE status = 'CANCELLED'")).toBe(45);
    expect(await scalar("SELECT COUNT(*) FROM sandbox_payments WHERE status = 'PAID'")).toBe(5);

    // a buyer who arrives now is told at once
    const late = await buyUntilApproved(0, { guestToken: guestToken() }, { productNo: 101, optionNo: 1011 });
    expect(late).toMatchObject({ status: 409, body: { code: 'SOLD_OUT' } });
    noServerErrors();
  }, 120_000);

  it('web checkouts and counter sales racing for the last 5 units: exactly 5 sold, across both channels', async () => {
    await t.db.execute('UPDATE product_options SET stock_cnt = 5 WHERE option_no = 1011');
    const ledgerBefore = Number(await scalar('SELECT COALESCE(MAX(ledger_no), 0) FROM stock_ledger'));
    const cashier = await createShopper(t.db, '매장직원');
    await grantStaff(t.db, cashier.memberNo);
    const shift = await call(0, 'POST', '/api/pos/shifts', cashier, { openingCash: 0 });
    expect(shift.status, JSON.stringify(shift.body)).toBe(201);
    // ten web buyers get as far as the payment approval first (nothing is taken yet)
    const web = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        buyUntilApproved(i, { guestToken: guestToken() }, { productNo: 101, optionNo: 1011 }),
      ),
    );
    const reserved = web.filter((a): a is Reserved => 'orderNo' in a);
    expect(reserved).toHaveLength(10);
    // then the web confirmations and ten counter sales arrive at once at different processes
    const counter = (i: number) =>
      call(i, 'POST', '/api/pos/sales', cashier, {
        idempotencyKey: `race-${i}-${Date.now().toString(36)}-abcdef`,
        shiftNo: shift.body.shiftNo,
        lines: [{ optionNo: 1011, qty: 1 }],
        payments: [{ method: 'CASH', amount: 18000, received: 20000 }],
        soldAt: new Date().toISOString(),
      });
    const [webResults, counterResults] = await Promise.all([
      confirmAllAtOnce(reserved),
      Promise.all(Array.from({ length: 10 }, (_, i) => counter(i))),
    ]);
    expect(webResults.map((r) => r.ret.status).filter((s) => s >= 500)).toEqual([]);
    expect(counterResults.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
    const webSold = webResults.filter((r) => r.ret.status === 200).length;
    const counterSold = counterResults.filter((r) => r.status === 201).length;
    expect(webSold + counterSold).toBe(5);
    for (const r of counterResults.filter((c) => c.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('POS_SOLD_OUT');
    }
    expect(await scalar('SELECT stock_cnt FROM product_options WHERE option_no = 1011')).toBe(0);
    // every unit sold is one ledger line of its channel (lines written by this race only)
    const race = async (where: string) =>
      scalar(
        `SELECT COALESCE(SUM(-delta), 0) FROM stock_ledger WHERE option_no = 1011 AND ledger_no > ? AND ${where}`,
        [ledgerBefore],
      );
    expect(await race("reason = 'ORDER'")).toBe(webSold);
    expect(await race("reason = 'COUNTER_SALE' AND channel = 'COUNTER'")).toBe(counterSold);
    noServerErrors();
  }, 120_000);

  it('one single-use coupon used by 20 orders at once: one redemption', async () => {
    await t.db.execute('UPDATE product_options SET stock_cnt = 100 WHERE option_no = 1031');
    const member: Shopper = await createShopper(t.db, '쿠폰왕');
    await addCoupon(t.db, { couponNo: 900, type: 'CART', value: 5000 });
    const { couponIssueNo } = await issueCoupon(t.db, member.memberNo, 900, { gift: true });
    const coupons = { cartCouponIssueNo: couponIssueNo };
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        buyUntilApproved(i, member, { productNo: 103, optionNo: 1031 }, { coupons }),
      ),
    );
    const reserved = attempts.filter((a): a is Reserved => 'orderNo' in a);
    expect(reserved).toHaveLength(20);

    const results = await confirmAllAtOnce(reserved);
    expect(results.flatMap((r) => [r.ret.status, r.hook.status]).filter((s) => s >= 500)).toEqual([]);
    const won = results.filter((r) => r.ret.status === 200);
    expect(won).toHaveLength(1);
    const lost = results.filter((r) => r.ret.status === 409);
    expect(lost).toHaveLength(19);
    for (const r of lost) expect(r.ret.body.code).toBe('COUPON_USED');
    expect(await scalar('SELECT status FROM coupon_issues WHERE coupon_issue_no = ?', [couponIssueNo])).toBe(
      'USED',
    );
    expect(
      await scalar('SELECT used_order_no FROM coupon_issues WHERE coupon_issue_no = ?', [couponIssueNo]),
    ).toBe(won[0]!.orderNo);
    // the 19 others took no stock
    expect(await scalar('SELECT stock_cnt FROM product_options WHERE option_no = 1031')).toBe(99);
    noServerErrors();
  }, 120_000);

  it('points spent by 20 orders at once never take the balance below 0', async () => {
    const member: Shopper = await createShopper(t.db, '적립왕');
    await givePoints(t.db, member.memberNo, 10000);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        buyUntilApproved(i, member, { productNo: 103, optionNo: 1031 }, { subPayAmt: 3000 }),
      ),
    );
    const reserved = attempts.filter((a): a is Reserved => 'orderNo' in a);
    expect(reserved).toHaveLength(20);

    const results = await confirmAllAtOnce(reserved);
    expect(results.flatMap((r) => [r.ret.status, r.hook.status]).filter((s) => s >= 500)).toEqual([]);
    expect(results.filter((r) => r.ret.status === 200)).toHaveLength(3);
    const lost = results.filter((r) => r.ret.status === 409);
    expect(lost).toHaveLength(17);
    for (const r of lost) expect(r.ret.body.code).toBe('POINTS_SHORT');
    expect(
      await scalar('SELECT balance FROM accumulation_balances WHERE member_no = ?', [member.memberNo]),
    ).toBe(1000);
    expect(
      await scalar(
        "SELECT COUNT(*) FROM accumulations WHERE member_no = ? AND accumulation_status = 'SUBTRACTION'",
        [member.memberNo],
      ),
    ).toBe(3);
    expect(
      await scalar('SELECT MIN(balance_after) FROM accumulations WHERE member_no = ?', [member.memberNo]),
    ).toBe(1000);
    noServerErrors();
  }, 120_000);
});
