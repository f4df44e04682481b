import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { addCoupon } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { useCardTerminalForTests } from '../../server/adapters/card-terminal/index.ts';
import { useKakaoPayForTests } from '../../server/adapters/kakaopay/index.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';
import { DEMO_COUPONS } from '../../server/promotion/seed.ts';
import { givePoints, issueCoupon } from '../../server/promotion/service.ts';
import { seedCommerceDemo } from '../../server/promotion/index.ts';
import { releaseUnusedCounterPayments } from '../../server/pos/index.ts';

let t: TestDb;
let staff: Client;

beforeEach(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  await seedMemberDemo(t.db, 'demo');
  useCardTerminalForTests(undefined);
  useKakaoPayForTests(undefined);
  staff = new Client();
  expect((await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password)).status).toBe(200);
});
afterEach(() => t.close());

const key = () => randomBytes(12).toString('hex');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies freely
async function json<T = Record<string, any>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
const stock = async (optionNo: number) =>
  Number(
    (
      await t.db.execute({
        sql: 'SELECT stock_cnt FROM product_options WHERE option_no = ?',
        args: [optionNo],
      })
    ).rows[0]?.stock_cnt,
  );

async function openShift(cash = 100_000): Promise<number> {
  const res = await staff.call('/api/pos/shifts', { body: { openingCash: cash } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).shiftNo as number;
}

function sale(shiftNo: number, over: Record<string, unknown> = {}) {
  return {
    idempotencyKey: key(),
    shiftNo,
    lines: [{ optionNo: 1011, qty: 2 }],
    payments: [{ method: 'CASH', amount: 36000, received: 40000 }],
    soldAt: new Date().toISOString(),
    ...over,
  };
}

describe('roles', () => {
  it('refuses visitors (401) and members (403) on every counter route; the customer’s sandbox page needs no staff', async () => {
    const member = new Client();
    await member.joinAndLogin();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/pos/me'],
      ['POST', '/api/pos/shifts', { openingCash: 0 }],
      ['GET', '/api/pos/shifts/1/report'],
      ['POST', '/api/pos/shifts/1/close', { countedCash: 0 }],
      ['GET', '/api/pos/items?code=123'],
      ['GET', '/api/pos/members?phone=01012345678'],
      ['POST', '/api/pos/sales', sale(1)],
      ['GET', '/api/pos/sales'],
      ['GET', '/api/pos/sales/P20261125-0001'],
      ['POST', '/api/pos/sales/P20261125-0001/refunds', { lines: [{ lineNo: 1, qty: 1 }], reason: 'x' }],
      ['POST', '/api/pos/kakao', { amount: 1000 }],
      ['POST', '/api/pos/terminal-simulator/decline-next', {}],
    ];
    for (const [method, path, body] of routes) {
      expect((await new Client().call(path, { method, body })).status, `${method} ${path}`).toBe(401);
      expect((await member.call(path, { method, body })).status, `${method} ${path}`).toBe(403);
    }
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM pos_shifts')).rows[0]?.n).toBe(0);
    const admin = new Client();
    await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password);
    expect((await admin.call('/api/pos/me')).status).toBe(200);
  });
});

describe('a counter sale', () => {
  it('takes the web shop’s stock with a ledger line, prices from the catalogue and records once per key', async () => {
    const shiftNo = await openShift();
    const before = await stock(1011);
    const body = sale(shiftNo, {
      lines: [{ optionNo: 1011, qty: 2, discount: { kind: 'AMOUNT', value: 1000, reason: '단골' } }],
      payments: [{ method: 'CASH', amount: 35000, received: 50000 }],
      cashReceipt: { type: 'INCOME', number: '010-1234-5678' },
    });
    const first = await staff.call('/api/pos/sales', { body });
    expect(first.status, await first.clone().text()).toBe(201);
    const { sale: recorded } = await json(first);
    // 101: 20,000원 − 10% immediate discount = 18,000원 a unit, whatever the screen showed
    expect(recorded).toMatchObject({
      goodsAmt: 36000,
      lineDiscountAmt: 1000,
      payAmt: 35000,
      cashReceiptType: 'INCOME',
      cashReceiptNo: '01012345678',
      payments: [{ method: 'CASH', amount: 35000, receivedAmt: 50000, changeAmt: 15000 }],
    });
    expect(recorded.saleNo).toMatch(/^P\d{8}-0001$/);
    expect(await stock(1011)).toBe(before - 2);

    const again = await staff.call('/api/pos/sales', { body });
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ replay: true, sale: { saleNo: recorded.saleNo } });
    expect(await stock(1011)).toBe(before - 2);

    const ledger = await t.db.execute({
      sql: "SELECT reason, channel, delta, ref FROM stock_ledger WHERE option_no = 1011 AND channel = 'COUNTER'",
    });
    expect(ledger.rows).toEqual([
      { reason: 'COUNTER_SALE', channel: 'COUNTER', delta: -2, ref: recorded.saleNo },
    ]);
    // the web shop sees the counter's sale at once
    const options = await json<{ flatOptions: { optionNo: number; stockCnt: number }[] }>(
      await new Client().call('/shop-api/products/101/options'),
    );
    expect(options.flatOptions.find((o) => o.optionNo === 1011)?.stockCnt).toBe(before - 2);
  });

  it('refuses a payment that does not add up, an unknown option and more than the stock', async () => {
    const shiftNo = await openShift();
    const short = await staff.call('/api/pos/sales', {
      body: sale(shiftNo, { payments: [{ method: 'CASH', amount: 30000, received: 30000 }] }),
    });
    expect(short.status).toBe(400);
    expect((await json(short)).message).toBe('결제 금액의 합(30,000원)이 받을 금액(36,000원)과 다릅니다.');
    const soldOut = await staff.call('/api/pos/sales', {
      body: sale(shiftNo, {
        lines: [{ optionNo: 1021, qty: 6 }],
        payments: [{ method: 'CARD', amount: 180000 }],
      }),
    });
    expect(soldOut.status).toBe(409);
    expect((await json(soldOut)).message).toContain('재고가 부족합니다 (남은 수량 5개)');
    expect(await stock(1021)).toBe(5);
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM pos_sales')).rows[0]?.n).toBe(0);
  });

  it('splits a payment over cash and card, and a declined card records nothing', async () => {
    const shiftNo = await openShift();
    const split = await staff.call('/api/pos/sales', {
      body: sale(shiftNo, {
        payments: [
          { method: 'CARD', amount: 20000 },
          { method: 'CASH', amount: 16000, received: 16000 },
        ],
      }),
    });
    expect(split.status).toBe(201);
    const payments = (await json(split)).sale.payments as { method: string; approvalNo: string | null }[];
    expect(payments.map((p) => p.method)).toEqual(['CARD', 'CASH']);
    expect(payments[0]!.approvalNo).toMatch(/^\d{8}$/);

    expect((await staff.call('/api/pos/terminal-simulator/decline-next', { body: {} })).status).toBe(200);
    const before = await stock(1011);
    const declined = await staff.call('/api/pos/sales', {
      body: sale(shiftNo, { payments: [{ method: 'CARD', amount: 36000 }] }),
    });
    expect(declined.status).toBe(402);
    expect((await json(declined)).message).toContain('카드 결제가 거절되었습니다');
    expect(await stock(1011)).toBe(before);
  });

  it('pays by Kakao Pay once the customer approves on the phone, and one approval pays one sale', async () => {
    const shiftNo = await openShift();
    const ready = await json(await staff.call('/api/pos/kakao', { body: { amount: 36000 } }));
    expect(ready.approveUrl).toContain(`/test/pos/kakao?request=${ready.requestId}`);
    const body = sale(shiftNo, {
      payments: [{ method: 'KAKAO_PAY', amount: 36000, requestId: ready.requestId }],
    });
    expect((await staff.call('/api/pos/sales', { body })).status).toBe(409);
    const phone = new Client();
    expect((await phone.call(`/api/pos/kakao-sandbox/${ready.requestId}/approve`, { body: {} })).status).toBe(
      200,
    );
    expect((await json(await staff.call(`/api/pos/kakao/${ready.requestId}`))).status).toBe('APPROVED');
    const paid = await staff.call('/api/pos/sales', { body: { ...body, idempotencyKey: key() } });
    expect(paid.status).toBe(201);
    const twice = await staff.call('/api/pos/sales', { body: { ...body, idempotencyKey: key() } });
    expect(twice.status).toBe(409);
  });

  it('a closed QR cannot be paid any more, and approvals no sale used are paid back by maintenance', async () => {
    const phone = new Client();
    const closed = await json(await staff.call('/api/pos/kakao', { body: { amount: 5000 } }));
    const withdrawn = await staff.call(`/api/pos/kakao/${closed.requestId}`, { method: 'DELETE' });
    expect(await json(withdrawn)).toMatchObject({ status: 'CANCELLED' });
    const late = await phone.call(`/api/pos/kakao-sandbox/${closed.requestId}/approve`, { body: {} });
    expect(late.status).toBe(409);

    const lost = await json(await staff.call('/api/pos/kakao', { body: { amount: 7000 } }));
    expect((await phone.call(`/api/pos/kakao-sandbox/${lost.requestId}/approve`, { body: {} })).status).toBe(
      200,
    );
    // not yet: the counter may still be recording the sale
    expect(await releaseUnusedCounterPayments()).toBe(0);
    expect(await releaseUnusedCounterPayments(new Date(Date.now() + 16 * 60_000))).toBe(1);
    expect((await json(await staff.call(`/api/pos/kakao/${lost.requestId}`))).status).toBe('CANCELLED');
    const member = new Client();
    await member.joinAndLogin();
    expect((await member.call(`/api/pos/kakao/${lost.requestId}`, { method: 'DELETE' })).status).toBe(403);
  });

  it('records an offline cash sale even past the stock, marking what the stock could not give', async () => {
    const shiftNo = await openShift();
    const res = await staff.call('/api/pos/sales', {
      body: sale(shiftNo, {
        offline: true,
        lines: [{ optionNo: 1021, qty: 7 }],
        payments: [{ method: 'CASH', amount: 210000, received: 210000 }],
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await json(res)).sale).toMatchObject({
      offline: true,
      stockShort: true,
      lines: [{ qty: 7, shortQty: 2 }],
    });
    expect(await stock(1021)).toBe(0);
    const card = await staff.call('/api/pos/sales', {
      body: sale(shiftNo, { offline: true, payments: [{ method: 'CARD', amount: 36000 }] }),
    });
    expect(card.status).toBe(400);
  });
});

describe('members, refunds and closing', () => {
  it('a member uses and earns points; a partial refund gives money, points and stock back; the Z report adds up', async () => {
    const shiftNo = await openShift(50_000);
    const member = new Client();
    const joined = await member.joinAndLogin({ mobileNo: '01098765432' });
    const memberNo = Number(
      (
        await t.db.execute({
          sql: 'SELECT member_no FROM members WHERE member_id = ?',
          args: [joined.memberId],
        })
      ).rows[0]?.member_no,
    );
    await givePoints(t.db, memberNo, 5000);
    const found = await json(await staff.call('/api/pos/members?phone=010-9876-5432'));
    expect(found.members).toEqual([
      {
        memberNo,
        maskedName: expect.stringMatching(/\*/) as string,
        maskedMobile: '010-****-5432',
        points: 5000,
        coupons: [],
      },
    ]);

    const res = await staff.call('/api/pos/sales', {
      body: sale(shiftNo, {
        memberNo,
        usePoints: 2000,
        lines: [
          { optionNo: 1011, qty: 2 },
          { optionNo: 1031, qty: 1 },
        ],
        orderDiscount: { kind: 'PERCENT', value: 10, reason: '오픈 행사' },
        payments: [
          { method: 'CARD', amount: 40000 },
          { method: 'CASH', amount: 25500, received: 30000 },
        ],
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const s = (await json(res)).sale;
    // 36,000 + 39,000 = 75,000 − 10% (7,500) = 67,500 − 2,000 points = 65,500
    expect(s).toMatchObject({
      goodsAmt: 75000,
      orderDiscountAmt: 7500,
      usedPoints: 2000,
      payAmt: 65500,
      earnedPoints: 655,
    });
    expect(s.lines.map((l: { netAmt: number }) => l.netAmt)).toEqual([32400, 35100]);

    const before = await stock(1031);
    const line = s.lines[1];
    const refund = await staff.call(`/api/pos/sales/${s.saleNo}/refunds`, {
      body: { lines: [{ lineNo: line.lineNo, qty: 1 }], reason: '단순 변심' },
    });
    expect(refund.status, await refund.clone().text()).toBe(201);
    const r = await json(refund);
    // 35,100 back: 1,040 of it in points (2,000 × 35,100 / 67,500), 34,060 in money — cash first (last paid)
    expect(r).toMatchObject({ amount: 34060, pointsBack: 1040 });
    expect(r.payments.map((p: { method: string; amount: number }) => [p.method, p.amount])).toEqual([
      ['CASH', 25500],
      ['CARD', 8560],
    ]);
    expect(r.sale.status).toBe('PARTIALLY_REFUNDED');
    expect(await stock(1031)).toBe(before + 1);
    const over = await staff.call(`/api/pos/sales/${s.saleNo}/refunds`, {
      body: { lines: [{ lineNo: line.lineNo, qty: 1 }], reason: '또' },
    });
    expect(over.status).toBe(409);

    const report = await json(await staff.call(`/api/pos/shifts/${shiftNo}/report`));
    expect(report).toMatchObject({
      saleCount: 1,
      payAmt: 65500,
      refundAmt: 34060,
      expectedCash: 50000 + 25500 - 25500,
    });
    const closed = await staff.call(`/api/pos/shifts/${shiftNo}/close`, {
      body: { countedCash: 49000, note: '' },
    });
    expect(await json(closed)).toMatchObject({
      shift: { status: 'CLOSED', countedCash: 49000 },
      cashDifference: -1000,
    });
    expect((await staff.call('/api/pos/sales', { body: sale(shiftNo) })).status).toBe(409);
  });
});

describe('coupons at the counter', () => {
  async function memberWithCoupons(mobileNo: string) {
    const member = new Client();
    const joined = await member.joinAndLogin({ mobileNo });
    const memberNo = Number(
      (
        await t.db.execute({
          sql: 'SELECT member_no FROM members WHERE member_id = ?',
          args: [joined.memberId],
        })
      ).rows[0]?.member_no,
    );
    const product = await issueCoupon(t.db, memberNo, DEMO_COUPONS.allProducts10, { gift: true });
    const cart = await issueCoupon(t.db, memberNo, DEMO_COUPONS.welcomeCart, { gift: true });
    return { memberNo, product: product.couponIssueNo, cart: cart.couponIssueNo };
  }
  const statusOf = async (couponIssueNo: number) =>
    (
      await t.db.execute({
        sql: 'SELECT status, used_order_no FROM coupon_issues WHERE coupon_issue_no = ?',
        args: [couponIssueNo],
      })
    ).rows[0];

  it('a found member’s coupons discount the sale by the web shop’s rules, are used once, and come back with a refund', async () => {
    await seedCommerceDemo(t.db, { mode: 'demo' });
    const shiftNo = await openShift();
    const m = await memberWithCoupons('01055554444');
    const found = await json(await staff.call('/api/pos/members?phone=010-5555-4444'));
    expect(
      found.members[0].coupons.map((c: { couponIssueNo: number; couponType: string }) => [
        c.couponIssueNo,
        c.couponType,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [m.product, 'PRODUCT'],
        [m.cart, 'CART'],
      ]),
    );

    const lines = [
      { optionNo: 1011, qty: 2 },
      { optionNo: 1031, qty: 1 },
    ];
    // 36,000 + 39,000; 10% of product 103 (3,900), then 3,000 off the sale: 68,100
    const body = sale(shiftNo, {
      memberNo: m.memberNo,
      lines,
      coupons: [
        { couponIssueNo: m.product, productNo: 103 },
        { couponIssueNo: m.cart, productNo: null },
      ],
      payments: [{ method: 'CASH', amount: 68100, received: 70000 }],
    });
    const res = await staff.call('/api/pos/sales', { body });
    expect(res.status, await res.clone().text()).toBe(201);
    const s = (await json(res)).sale;
    expect(s).toMatchObject({ goodsAmt: 75000, couponDiscountAmt: 6900, payAmt: 68100 });
    expect(s.coupons).toEqual([
      expect.objectContaining({ couponIssueNo: m.product, productNo: 103, discountAmt: 3900 }),
      expect.objectContaining({ couponIssueNo: m.cart, productNo: null, discountAmt: 3000 }),
    ]);
    expect(s.lines.map((l: { netAmt: number }) => l.netAmt)).toEqual([34482, 33618]);
    expect(await statusOf(m.product)).toMatchObject({ status: 'USED', used_order_no: s.saleNo });

    // used: a second sale with the same coupon is refused and writes nothing
    const again = await staff.call('/api/pos/sales', {
      body: sale(shiftNo, {
        memberNo: m.memberNo,
        lines,
        coupons: [{ couponIssueNo: m.cart, productNo: null }],
        payments: [{ method: 'CASH', amount: 72000, received: 72000 }],
      }),
    });
    expect(again.status).toBe(409);
    expect((await json(again)).code).toBe('COUPON_USED');

    // refunding product 103's line gives its coupon back; the cart coupon waits for the whole sale
    const line103 = s.lines.find((l: { productNo: number }) => l.productNo === 103);
    const r1 = await staff.call(`/api/pos/sales/${s.saleNo}/refunds`, {
      body: { lines: [{ lineNo: line103.lineNo, qty: 1 }], reason: '단순 변심' },
    });
    expect(r1.status, await r1.clone().text()).toBe(201);
    expect((await json(r1)).amount).toBe(33618);
    expect(await statusOf(m.product)).toMatchObject({ status: 'ISSUED', used_order_no: null });
    expect(await statusOf(m.cart)).toMatchObject({ status: 'USED' });
    const line101 = s.lines.find((l: { productNo: number }) => l.productNo === 101);
    await staff.call(`/api/pos/sales/${s.saleNo}/refunds`, {
      body: { lines: [{ lineNo: line101.lineNo, qty: 2 }], reason: '단순 변심' },
    });
    expect(await statusOf(m.cart)).toMatchObject({ status: 'ISSUED' });
  });

  it('refuses another member’s coupon, a coupon for a product not sold, one below its minimum, and coupons without a member', async () => {
    await seedCommerceDemo(t.db, { mode: 'demo' });
    const shiftNo = await openShift();
    const a = await memberWithCoupons('01011112222');
    const b = await memberWithCoupons('01033334444');
    const attempt = (over: Record<string, unknown>) =>
      staff.call('/api/pos/sales', { body: sale(shiftNo, over) });

    const other = await attempt({
      memberNo: a.memberNo,
      coupons: [{ couponIssueNo: b.cart, productNo: null }],
    });
    expect(other.status).toBe(400);
    expect((await json(other)).code).toBe('COUPON_NOT_FOUND');
    const notSold = await attempt({
      memberNo: a.memberNo,
      coupons: [{ couponIssueNo: a.product, productNo: 103 }],
    });
    expect(notSold.status).toBe(400);
    expect((await json(notSold)).message).toContain('판매 목록에 없습니다');
    // 36,000 of goods: the cart coupon needs 30,000 — but 1 unit (18,000) does not reach it
    const small = await attempt({
      memberNo: a.memberNo,
      lines: [{ optionNo: 1011, qty: 1 }],
      coupons: [{ couponIssueNo: a.cart, productNo: null }],
      payments: [{ method: 'CASH', amount: 15000, received: 15000 }],
    });
    expect(small.status).toBe(400);
    expect((await json(small)).message).toContain('30,000원 이상');
    const noMember = await attempt({ coupons: [{ couponIssueNo: a.cart, productNo: null }] });
    expect(noMember.status).toBe(400);
    expect(await statusOf(a.cart)).toMatchObject({ status: 'ISSUED' });
    expect(await statusOf(b.cart)).toMatchObject({ status: 'ISSUED' });
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM pos_sales')).rows[0]?.n).toBe(0);
  });
});

describe('a category coupon at the counter', () => {
  it('discounts a product of a subcategory by the same rules as the web, and is refused on another', async () => {
    const shiftNo = await openShift();
    // 방진패드 (529105) covers its subcategory 세탁기 방진패드 (529106), where 101 is; 103 is elsewhere
    await addCoupon(t.db, { couponNo: 801, name: '방진패드 2,000원', value: 2000, categories: [529105] });
    const member = new Client();
    const joined = await member.joinAndLogin({ mobileNo: '01077778888' });
    const memberNo = Number(
      (
        await t.db.execute({
          sql: 'SELECT member_no FROM members WHERE member_id = ?',
          args: [joined.memberId],
        })
      ).rows[0]?.member_no,
    );
    const issued = await issueCoupon(t.db, memberNo, 801, { gift: true });
    const found = await json(await staff.call('/api/pos/members?phone=010-7777-8888'));
    const coupon = found.members[0].coupons.find(
      (c: { couponIssueNo: number }) => c.couponIssueNo === issued.couponIssueNo,
    );
    // what the counter's pricing (src/lib/pos/cart.ts) reads: the covered products
    expect([...coupon.targetProductNos].sort()).toEqual([101, 102, 106, 107, 108, 109]);

    const refused = await staff.call('/api/pos/sales', {
      body: sale(shiftNo, {
        memberNo,
        lines: [{ optionNo: 1031, qty: 1 }],
        coupons: [{ couponIssueNo: issued.couponIssueNo, productNo: 103 }],
        payments: [{ method: 'CASH', amount: 37000, received: 37000 }],
      }),
    });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({
      code: 'COUPON_NOT_APPLICABLE',
      message: '이 상품에는 사용할 수 없는 쿠폰입니다. (방진패드 2,000원)',
    });

    const res = await staff.call('/api/pos/sales', {
      body: sale(shiftNo, {
        memberNo,
        coupons: [{ couponIssueNo: issued.couponIssueNo, productNo: 101 }],
        payments: [{ method: 'CASH', amount: 34000, received: 40000 }],
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await json(res)).sale).toMatchObject({ goodsAmt: 36000, couponDiscountAmt: 2000, payAmt: 34000 });
  });
});

describe('input texts and custom products at the counter', () => {
  it('asks the product’s required text, keeps the texts on the line and its receipt, refuses unknown or long ones', async () => {
    const shiftNo = await openShift();
    const items = await json(await staff.call('/api/pos/items?q=폼롤러'));
    const roller = items.items.find((i: { optionNo: number }) => i.optionNo === 1041);
    expect(roller).toMatchObject({
      customizable: false,
      inputs: [{ inputNo: 1, inputLabel: '각인 문구', required: true, maxLength: 20 }],
    });
    const attempt = (inputs?: { inputNo: number; value: string }[]) =>
      staff.call('/api/pos/sales', {
        body: sale(shiftNo, {
          lines: [{ optionNo: 1041, qty: 1, ...(inputs ? { inputs } : {}) }],
          payments: [{ method: 'CASH', amount: 23000, received: 23000 }],
        }),
      });
    const missing = await attempt();
    expect(missing.status).toBe(400);
    expect((await json(missing)).message).toBe('폼롤러 마사지 세트: 각인 문구를 입력해 주세요.');
    const long = await attempt([{ inputNo: 1, value: '가'.repeat(21) }]);
    expect((await json(long)).message).toBe('각인 문구는 20자까지 입력할 수 있습니다.');
    const unknown = await attempt([{ inputNo: 99, value: 'x' }]);
    expect(unknown.status).toBe(400);

    const ok = await attempt([{ inputNo: 1, value: ' 홍길동 ' }]);
    expect(ok.status, await ok.clone().text()).toBe(201);
    const s = (await json(ok)).sale;
    expect(s.lines[0].optionInputs).toEqual([{ inputNo: 1, inputLabel: '각인 문구', inputValue: '홍길동' }]);
    expect((await json(await staff.call(`/api/pos/sales/${s.saleNo}`))).lines[0].optionInputs).toEqual(
      s.lines[0].optionInputs,
    );
  });

  it('refuses a customisable product without its design: it is taken on the custom order screen', async () => {
    const shiftNo = await openShift();
    await t.db.execute('UPDATE products SET customizable = 1 WHERE product_no = 101');
    const res = await staff.call('/api/pos/sales', { body: sale(shiftNo) });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toContain('커스텀 주문 화면에서 받아 주세요');
    expect(await stock(1011)).toBe(10);
  });
});
