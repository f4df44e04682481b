import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { addCoupon, apiClient, createShopper, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createMember } from '../../server/member/service.ts';
import { DEMO_ACCOUNTS } from '../../server/member/seed.ts';
import { DEMO_COUPONS, seedCommerceDemo } from '../../server/promotion/seed.ts';
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
  await addCoupon(t.db, {
    couponNo: 1,
    type: 'PRODUCT',
    unit: 'RATE',
    value: 10,
    max: 3000,
    targets: [101],
    downloadable: true,
    name: '세탁기 패드 10%',
  });
  await addCoupon(t.db, {
    couponNo: 2,
    type: 'CART',
    value: 2000,
    min: 20000,
    downloadable: true,
    totalLimit: 1,
    useEndAt: null,
    useDays: 7,
  });
  await addCoupon(t.db, { couponNo: 3, type: 'CART', value: 5000, downloadable: false });
});
afterAll(() => t.close());

describe('coupons', () => {
  it('lists the downloadable coupons, for a product too', async () => {
    const all = await api.get('/shop-api/coupons/issuable');
    expect(all.body.map((c: { couponNo: number }) => c.couponNo)).toEqual([1, 2]);
    expect(all.body[0]).toMatchObject({
      couponName: '세탁기 패드 10%',
      downloadable: true,
      discountInfo: { discountRate: 10, maxDiscountAmt: 3000, fixedAmt: false },
    });
    const forWasher = await api.get('/shop-api/coupons/products/101/issuable/coupons');
    expect(forWasher.body.map((c: { couponNo: number }) => c.couponNo)).toEqual([1, 2]);
    const forYoga = await api.get('/shop-api/coupons/products/103/issuable/coupons');
    expect(forYoga.body.map((c: { couponNo: number }) => c.couponNo)).toEqual([2]);
  });

  it('downloads once per member, within the total limit, and never a coupon that is not downloadable', async () => {
    expect((await api.post('/shop-api/coupons/1/download', {})).status).toBe(401);
    const got = await api.post('/shop-api/coupons/1/download', {}, alice);
    expect(got).toMatchObject({ status: 200, body: { couponNo: 1, couponName: '세탁기 패드 10%' } });
    expect(await api.post('/shop-api/coupons/1/download', {}, alice)).toMatchObject({
      status: 409,
      body: { code: 'COUPON_ALREADY_ISSUED' },
    });
    expect((await api.post('/shop-api/coupons/2/download', {}, alice)).status).toBe(200);
    expect(await api.post('/shop-api/coupons/2/download', {}, bob)).toMatchObject({
      status: 409,
      body: { code: 'COUPON_EXHAUSTED' },
    });
    expect(await api.post('/shop-api/coupons/3/download', {}, alice)).toMatchObject({
      status: 409,
      body: { code: 'COUPON_NOT_ISSUABLE' },
    });
    expect((await api.post('/shop-api/coupons/abc/download', {}, alice)).status).toBe(400);
    const mine = await api.get('/shop-api/coupons/issuable', alice);
    expect(mine.body.find((c: { couponNo: number }) => c.couponNo === 1)).toMatchObject({
      downloadable: false,
      couponStatus: { myIssuedCnt: 1 },
    });
  });

  it("lists the member's coupons and their summary (a 7-day coupon is expiring)", async () => {
    const list = await api.get('/shop-api/coupons?usable=true', alice);
    expect(list.body.totalCount).toBe(2);
    expect(list.body.items.map((c: { couponNo: number }) => c.couponNo).sort()).toEqual([1, 2]);
    expect(list.body.items.find((c: { couponNo: number }) => c.couponNo === 2)).toMatchObject({
      couponType: 'CART',
      discountAmt: 2000,
      minSalePrice: 20000,
      used: false,
    });
    expect((await api.get('/shop-api/coupons/summary', alice)).body).toEqual({
      usableCouponCnt: 2,
      expiringCouponCnt: 1,
    });
    expect((await api.get('/shop-api/coupons', bob)).body).toEqual({ totalCount: 0, items: [] });
    expect((await api.get('/shop-api/coupons/summary')).status).toBe(401);
  });
});

describe('seedCommerceDemo', () => {
  it('adds the demo coupons and gives the demo accounts points and coupons, once', async () => {
    const own = await createTestDb();
    const t = own;
    await seedCatalogFixture(t.db);
    for (const a of Object.values(DEMO_ACCOUNTS)) {
      await createMember(t.db, {
        memberId: a.memberId,
        password: a.password,
        memberName: a.memberName,
        email: a.email,
        mobileNo: a.mobileNo,
        requireTerms: false,
      });
    }
    await seedCommerceDemo(t.db, { mode: 'demo' });
    await seedCommerceDemo(t.db, { mode: 'demo' });
    const coupons = await t.db.execute(
      `SELECT coupon_no FROM coupons WHERE coupon_no IN (${Object.values(DEMO_COUPONS).join(', ')})`,
    );
    expect(coupons.rows).toHaveLength(4);
    const admin = await t.db.execute({
      sql: 'SELECT member_no FROM members WHERE member_id = ?',
      args: [DEMO_ACCOUNTS.admin.memberId],
    });
    const memberNo = Number(admin.rows[0]!.member_no);
    const balance = await t.db.execute({
      sql: 'SELECT balance FROM accumulation_balances WHERE member_no = ?',
      args: [memberNo],
    });
    expect(Number(balance.rows[0]!.balance)).toBe(5000);
    const issued = await t.db.execute({
      sql: 'SELECT COUNT(*) AS n FROM coupon_issues WHERE member_no = ?',
      args: [memberNo],
    });
    expect(Number(issued.rows[0]!.n)).toBe(3);
    const targets = await t.db.execute({
      sql: 'SELECT COUNT(*) AS n FROM coupon_target_products WHERE coupon_no = ?',
      args: [DEMO_COUPONS.dampeners5000],
    });
    expect(Number(targets.rows[0]!.n)).toBe(4);
    own.close();
  });
});
