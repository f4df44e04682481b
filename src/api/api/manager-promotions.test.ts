import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';

let t: TestDb;
let admin: Client;
let staff: Client;

beforeEach(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  await seedMemberDemo(t.db, 'demo');
  admin = new Client();
  expect((await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password)).status).toBe(200);
  staff = new Client();
  expect((await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password)).status).toBe(200);
});
afterEach(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies freely
const json = async (res: Response): Promise<any> => res.json();
const audit = async (action: string) => json(await admin.call(`/api/manager/audit?action=${action}`));

const COUPON = {
  couponName: '겨울 맞이 3,000원 할인',
  couponType: 'CART',
  discountUnit: 'WON',
  discountValue: 3000,
  minOrderAmt: 10000,
  useDays: 30,
  totalLimit: 3,
  downloadable: true,
};

async function memberNoOf(memberId: string): Promise<number> {
  const rs = await t.db.execute({
    sql: 'SELECT member_no FROM members WHERE member_id = ?',
    args: [memberId],
  });
  return Number(rs.rows[0]!.member_no);
}

async function create(body: Record<string, unknown> = COUPON) {
  const res = await admin.call('/api/manager/coupons', { body });
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}

describe('manager coupons', () => {
  it('are for administrators only', async () => {
    const member = new Client();
    await member.joinAndLogin();
    for (const path of ['/api/manager/coupons', '/api/manager/points/rules']) {
      expect((await new Client().call(path)).status).toBe(401);
      expect((await member.call(path)).status).toBe(403);
      expect((await staff.call(path)).status).toBe(403);
    }
    expect((await staff.call('/api/manager/coupons', { body: COUPON })).status).toBe(403);
    expect(
      (
        await staff.call('/api/manager/points/members/1', {
          body: { kind: 'GRANT', amount: 1, reason: '테스트' },
        })
      ).status,
    ).toBe(403);
  });

  it('refuses a bad coupon with a Korean message per field, and writes nothing', async () => {
    const res = await admin.call('/api/manager/coupons', {
      body: {
        couponName: ' ',
        couponType: 'CART',
        discountUnit: 'RATE',
        discountValue: 150,
        totalLimit: 0,
        targetProductNos: [101, 101],
      },
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.code).toBe('PROMOTION_INVALID');
    const byPath = Object.fromEntries(
      body.fields.map((f: { path: string; message: string }) => [f.path, f.message]),
    );
    expect(byPath).toMatchObject({
      couponName: '쿠폰 이름을 입력해 주세요.',
      discountValue: '할인율은 100% 이하여야 합니다.',
      totalLimit: '전체 발급 한도는 1장 이상이어야 합니다.',
      useEndYmd: '사용 종료일이나 발급 후 사용 기간(일) 중 하나는 정해 주세요.',
      targetProductNos: '같은 상품을 두 번 골랐습니다.',
    });
    const unknownProduct = await admin.call('/api/manager/coupons', {
      body: { ...COUPON, couponType: 'PRODUCT', targetProductNos: [999999] },
    });
    expect(unknownProduct.status).toBe(400);
    expect((await json(unknownProduct)).message).toContain('999999');
    expect((await json(await admin.call('/api/manager/coupons'))).items).toHaveLength(0);
    expect((await audit('coupon')).totalCount).toBe(0);
  });

  it('creates a coupon shoppers download and shows issued, used and remaining figures', async () => {
    const made = await create();
    expect(made).toMatchObject({
      couponName: COUPON.couponName,
      downloadable: true,
      stopped: false,
      figures: { issued: 0, used: 0, unused: 0, remaining: 3 },
    });
    const [line] = (await audit('coupon.create')).items;
    expect(line).toMatchObject({
      action: 'coupon.create',
      targetType: 'coupon',
      targetId: String(made.couponNo),
    });
    expect(line.summary).toContain('3,000원 할인');

    const shopper = new Client();
    await shopper.joinAndLogin();
    const got = await shopper.call(`/shop-api/coupons/${made.couponNo}/download`, { body: {} });
    expect(got.status, await got.clone().text()).toBeLessThan(300);
    const listed = (await json(await admin.call('/api/manager/coupons'))).items[0];
    expect(listed.figures).toEqual({ issued: 1, used: 0, unused: 1, remaining: 2 });
  });

  it('issues to chosen members by id or phone in one write: all or none', async () => {
    const made = await create({ ...COUPON, downloadable: false, totalLimit: 10 });
    const a = await new Client().joinAndLogin();
    const b = await new Client().joinAndLogin();

    const refused = await admin.call(`/api/manager/coupons/${made.couponNo}/issue`, {
      body: { members: [a.memberId, 'nobody-here'] },
    });
    expect(refused.status).toBe(400);
    expect((await json(refused)).fields[0].message).toBe('nobody-here는 찾을 수 없는 회원입니다.');
    expect((await json(await admin.call(`/api/manager/coupons/${made.couponNo}`))).figures.issued).toBe(0);

    const ok = await admin.call(`/api/manager/coupons/${made.couponNo}/issue`, {
      body: { members: [a.memberId.toUpperCase(), b.mobileNo as string] },
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const issued = await json(ok);
    expect(issued.issued.map((i: { memberNo: number }) => i.memberNo).sort()).toEqual(
      [await memberNoOf(a.memberId), await memberNoOf(b.memberId)].sort(),
    );
    expect((await json(await admin.call(`/api/manager/coupons/${made.couponNo}`))).figures).toMatchObject({
      issued: 2,
      remaining: 8,
    });
    // the per-member limit (1): issuing again to a is refused, and b gets none either
    const again = await admin.call(`/api/manager/coupons/${made.couponNo}/issue`, {
      body: { members: [a.memberId] },
    });
    expect(again.status).toBe(409);
    const [line] = (await audit('coupon.issue')).items;
    expect(line.summary).toContain('회원 2명에게 발급');
    expect(line.before).toEqual({ issued: 0 });
  });

  it('issues no more than the total limit, none at all when it would pass it', async () => {
    const made = await create({ ...COUPON, totalLimit: 1 });
    const a = await new Client().joinAndLogin();
    const b = await new Client().joinAndLogin();
    const res = await admin.call(`/api/manager/coupons/${made.couponNo}/issue`, {
      body: { members: [a.memberId, b.memberId] },
    });
    expect(res.status).toBe(409);
    expect((await json(res)).code).toBe('COUPON_EXHAUSTED');
    expect((await json(await admin.call(`/api/manager/coupons/${made.couponNo}`))).figures.issued).toBe(0);
  });

  it('a stopped coupon cannot be downloaded or issued; those already held stay usable', async () => {
    const made = await create();
    const holder = new Client();
    await holder.joinAndLogin();
    expect(
      (await holder.call(`/shop-api/coupons/${made.couponNo}/download`, { body: {} })).status,
    ).toBeLessThan(300);

    const stopped = await admin.call(`/api/manager/coupons/${made.couponNo}/stop`, { body: {} });
    expect(stopped.status).toBe(200);
    expect((await json(stopped)).stopped).toBe(true);
    expect((await admin.call(`/api/manager/coupons/${made.couponNo}/stop`, { body: {} })).status).toBe(409);

    const late = new Client();
    const lateBody = await late.joinAndLogin();
    expect((await late.call(`/shop-api/coupons/${made.couponNo}/download`, { body: {} })).status).toBe(409);
    expect(
      (
        await admin.call(`/api/manager/coupons/${made.couponNo}/issue`, {
          body: { members: [lateBody.memberId] },
        })
      ).status,
    ).toBe(409);
    const held = await json(await holder.call('/shop-api/coupons?usable=true'));
    expect(held.items.map((c: { couponNo: number }) => c.couponNo)).toContain(made.couponNo);
    expect((await audit('coupon.stop')).items[0].after).toEqual({ stopped: true });
  });

  it('a category coupon covers the products of its subcategories at checkout, and no others', async () => {
    const bad = await admin.call('/api/manager/coupons', {
      body: { ...COUPON, couponType: 'PRODUCT', targetCategoryNos: [999999] },
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).fields).toEqual([
      { path: 'targetCategoryNos', message: '없는 분류 번호입니다: 999999' },
    ]);

    // 방진패드 (529105); 101 sits only in its subcategory 세탁기 방진패드 (529106), 103 elsewhere
    const made = await create({
      ...COUPON,
      couponName: '방진패드 1,000원',
      couponType: 'PRODUCT',
      discountValue: 1000,
      minOrderAmt: 0,
      targetCategoryNos: [529105],
    });
    expect(made).toMatchObject({ targetCategoryNos: [529105], targetProductNos: [] });
    expect((await audit('coupon.create')).items[0].summary).toContain('분류 529105');

    const shopper = new Client();
    await shopper.joinAndLogin();
    expect(
      (await shopper.call(`/shop-api/coupons/${made.couponNo}/download`, { body: {} })).status,
    ).toBeLessThan(300);
    const sheetOf = async (productNo: number, optionNo: number) => {
      const res = await shopper.call('/shop-api/order-sheets', {
        body: { products: [{ productNo, optionNo, orderCnt: 1 }] },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await json(res)).orderSheetNo as string;
    };
    const calculate = (sheetNo: string, productNo: number, couponIssueNo: number) =>
      shopper.call(`/shop-api/order-sheets/${sheetNo}/calculate`, {
        body: { accumulationUseAmt: 0, couponRequest: { productCoupons: [{ couponIssueNo, productNo }] } },
      });

    const padSheet = await sheetOf(101, 1011);
    const listed = await json(await shopper.call(`/shop-api/order-sheets/${padSheet}/coupons`));
    const issueNo = listed.products[0].productCoupons[0].couponIssueNo as number;
    expect(listed.products[0].productCoupons[0]).toMatchObject({ couponDiscountAmt: 1000 });
    const used = await calculate(padSheet, 101, issueNo);
    expect(used.status, await used.clone().text()).toBe(200);
    expect((await json(used)).paymentInfo).toMatchObject({ productCouponAmt: 1000 });

    const yogaSheet = await sheetOf(103, 1031);
    expect(
      (await json(await shopper.call(`/shop-api/order-sheets/${yogaSheet}/coupons`))).products[0]
        .productCoupons,
    ).toEqual([]);
    const refused = await calculate(yogaSheet, 103, issueNo);
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({
      code: 'COUPON_NOT_APPLICABLE',
      message: '이 상품에는 사용할 수 없는 쿠폰입니다. (방진패드 1,000원)',
    });
  });

  it('404 for a coupon that does not exist', async () => {
    expect((await admin.call('/api/manager/coupons/424242')).status).toBe(404);
    expect((await admin.call('/api/manager/coupons/424242/stop', { body: {} })).status).toBe(404);
  });
});

describe('manager points', () => {
  it('grants and deducts with a reason as ledger lines; a deduction past the balance is refused', async () => {
    const m = await new Client().joinAndLogin();
    const no = await memberNoOf(m.memberId);
    const found = await json(
      await admin.call(`/api/manager/points/members?q=${encodeURIComponent(m.mobileNo as string)}`),
    );
    expect(found).toMatchObject({ memberNo: no, memberId: m.memberId, balance: 0 });

    const noReason = await admin.call(`/api/manager/points/members/${no}`, {
      body: { kind: 'GRANT', amount: 500 },
    });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).message).toBe('사유를 입력해 주세요.');
    const blankReason = await admin.call(`/api/manager/points/members/${no}`, {
      body: { kind: 'GRANT', amount: 500, reason: '  ' },
    });
    expect((await json(blankReason)).fields).toEqual([{ path: 'reason', message: '사유를 입력해 주세요.' }]);

    const granted = await admin.call(`/api/manager/points/members/${no}`, {
      body: { kind: 'GRANT', amount: 5000, reason: '배송 지연 보상' },
    });
    expect(granted.status, await granted.clone().text()).toBe(200);
    expect((await json(granted)).balance).toBe(5000);

    const over = await admin.call(`/api/manager/points/members/${no}`, {
      body: { kind: 'DEDUCT', amount: 5001, reason: '잘못 지급' },
    });
    expect(over.status).toBe(409);
    expect((await json(over)).message).toBe('보유 적립금(5,000원)보다 많이 차감할 수 없습니다.');

    const deducted = await admin.call(`/api/manager/points/members/${no}`, {
      body: { kind: 'DEDUCT', amount: 2000, reason: '중복 지급 회수' },
    });
    expect((await json(deducted)).balance).toBe(3000);

    const ledger = await json(await admin.call(`/api/manager/points/members/${no}`));
    expect(ledger.member.balance).toBe(3000);
    expect(
      ledger.items.map((i: Record<string, unknown>) => [
        i.accumulationStatus,
        i.accumulationAmt,
        i.reasonDetail,
        i.totalAvailableAmt,
      ]),
    ).toEqual([
      ['SUBTRACTION', 2000, '중복 지급 회수', 3000],
      ['GIVE', 5000, '배송 지연 보상', 5000],
    ]);

    const grant = (await audit('points.grant')).items[0];
    expect(grant).toMatchObject({ targetType: 'member', targetId: String(no), before: { balance: 0 } });
    expect(grant.summary).toContain('5,000원 지급 (배송 지연 보상)');
    const deduct = (await audit('points.deduct')).items;
    expect(deduct).toHaveLength(1);
    expect(deduct[0].after).toMatchObject({ balance: 3000, amount: 2000 });
  });

  it('404 for an unknown member, and shows the per-product earn rates', async () => {
    expect((await admin.call('/api/manager/points/members?q=nobody-here')).status).toBe(404);
    expect((await admin.call('/api/manager/points/members/999999')).status).toBe(404);
    expect((await admin.call('/api/manager/points/members/1?pageNumber=-1')).status).toBe(400);
    const rules = await json(await admin.call('/api/manager/points/rules'));
    expect(rules.rates.length).toBeGreaterThan(0);
    expect(rules.rates.every((r: { products: number }) => r.products > 0)).toBe(true);
  });
});

describe('coupons given on sign-up', () => {
  it('a new member receives every running sign-up coupon in the join; stopped or exhausted ones are skipped', async () => {
    const welcome = await create({
      ...COUPON,
      couponName: '가입 환영 쿠폰',
      downloadable: false,
      issueOnSignup: true,
    });
    expect(welcome.issueOnSignup).toBe(true);
    const one = await create({
      ...COUPON,
      couponName: '선착순 가입 쿠폰',
      totalLimit: 1,
      issueOnSignup: true,
    });
    const stopped = await create({ ...COUPON, couponName: '중지된 가입 쿠폰', issueOnSignup: true });
    await admin.call(`/api/manager/coupons/${stopped.couponNo}/stop`, { body: {} });
    const plain = await create({ ...COUPON, couponName: '일반 쿠폰' });

    const first = new Client();
    await first.joinAndLogin();
    const mine = await json(await first.call('/shop-api/coupons?usable=true'));
    expect(mine.items.map((c: { couponNo: number }) => c.couponNo).sort()).toEqual(
      [welcome.couponNo, one.couponNo].sort(),
    );
    const second = new Client();
    await second.joinAndLogin();
    const theirs = await json(await second.call('/shop-api/coupons?usable=true'));
    expect(theirs.items.map((c: { couponNo: number }) => c.couponNo)).toEqual([welcome.couponNo]);

    const figures = Object.fromEntries(
      (await json(await admin.call('/api/manager/coupons'))).items.map(
        (c: { couponNo: number; figures: { issued: number } }) => [c.couponNo, c.figures.issued],
      ),
    );
    expect(figures).toEqual({
      [welcome.couponNo]: 2,
      [one.couponNo]: 1,
      [stopped.couponNo]: 0,
      [plain.couponNo]: 0,
    });
  });
});

describe('welcome points on sign-up (decision 029)', () => {
  it('are set by administrators only: 401 signed out, 403 members and staff', async () => {
    const member = new Client();
    await member.joinAndLogin();
    const body = { amount: 1000 };
    expect((await new Client().call('/api/manager/points/signup', { body })).status).toBe(401);
    expect((await member.call('/api/manager/points/signup', { body })).status).toBe(403);
    expect((await staff.call('/api/manager/points/signup', { body })).status).toBe(403);
    expect((await json(await admin.call('/api/manager/points/rules'))).signupPoints).toBe(0);
  });

  it('refuses a bad amount in Korean and changes nothing', async () => {
    for (const amount of [-1, 1.5, 1_000_001, '1000']) {
      const res = await admin.call('/api/manager/points/signup', { body: { amount } });
      expect(res.status).toBe(400);
      const problem = await json(res);
      expect(problem.code).toBe('PROMOTION_INVALID');
      expect(problem.fields[0].path).toBe('amount');
      expect(problem.fields[0].message).toMatch(/적립금/);
    }
    expect((await json(await admin.call('/api/manager/points/rules'))).signupPoints).toBe(0);
  });

  it('a new member gets them in the join as a ledger line; the change is audited; 0 stops them', async () => {
    const set = await admin.call('/api/manager/points/signup', { body: { amount: 2000 } });
    expect(set.status).toBe(200);
    expect(await json(set)).toEqual({ signupPoints: 2000 });
    const [line] = (await audit('points.signup')).items;
    expect(line).toMatchObject({
      targetType: 'setting',
      summary: '가입 적립금 0원 → 2,000원',
      before: { signupPoints: 0 },
      after: { signupPoints: 2000 },
    });

    const first = new Client();
    await first.joinAndLogin();
    const summary = await json(await first.call('/shop-api/profile/accumulations/summary'));
    expect(summary.totalAvailableAmt).toBe(2000);

    await admin.call('/api/manager/points/signup', { body: { amount: 0 } });
    const second = new Client();
    await second.joinAndLogin();
    expect((await json(await second.call('/shop-api/profile/accumulations/summary'))).totalAvailableAmt).toBe(
      0,
    );
  });
});
