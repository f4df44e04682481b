import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addCoupon } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createMember } from '../member/index.ts';
import { setSignupPoints } from './manage.ts';
import { welcomeBenefits } from './service.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => t.close());

const join = (n: number) =>
  createMember(t.db, {
    memberId: `welcome${n}`,
    password: 'grape-2024!',
    memberName: '김포도',
    mobileNo: `0105555000${n}`,
    requireTerms: false,
  });

describe('welcomeBenefits (the welcome page after the join)', () => {
  it('names the sign-up coupons the join gave, with their discount in words, and no other coupon', async () => {
    await addCoupon(t.db, { couponNo: 901, name: '가입 축하 3천원', type: 'CART', value: 3000 });
    await addCoupon(t.db, {
      couponNo: 902,
      name: '가입 축하 10%',
      type: 'CART',
      unit: 'RATE',
      value: 10,
      max: 5000,
    });
    await addCoupon(t.db, {
      couponNo: 903,
      name: '일반 쿠폰',
      type: 'CART',
      value: 1000,
      downloadable: true,
    });
    await t.db.execute('UPDATE coupons SET issue_on_signup = 1 WHERE coupon_no IN (901, 902)');
    const { memberNo } = await join(1);
    const benefits = await welcomeBenefits(t.db, memberNo);
    expect(benefits.points).toBe(0);
    expect(benefits.coupons.map((b) => [b.couponName, b.discount]).sort()).toEqual([
      ['가입 축하 10%', '10% 할인 (최대 5,000원)'],
      ['가입 축하 3천원', '3,000원 할인'],
    ]);
  });

  it('is empty when the shop runs no sign-up coupon and no welcome points', async () => {
    const { memberNo } = await join(2);
    expect(await welcomeBenefits(t.db, memberNo)).toEqual({ points: 0, coupons: [] });
  });

  it('names the welcome points the owner set, given in the join', async () => {
    await setSignupPoints(t.db, 3000);
    const { memberNo } = await join(3);
    expect(await welcomeBenefits(t.db, memberNo)).toEqual({ points: 3000, coupons: [] });
  });
});
