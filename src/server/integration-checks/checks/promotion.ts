import { randomBytes } from 'node:crypto';
import { formatWon } from '../../../lib/money.ts';
import type { Db } from '../../db/client.ts';
import {
  adjustPoints,
  CouponCreate,
  createCoupon,
  issueToMembers,
  promotionSteps,
  stopCoupon,
} from '../../promotion/index.ts';
import { runSteps, type StepDef } from '../run-steps.ts';
import { prepareTestMember, testMemberOf, TEST_MEMBER_ID, type MemberCtx } from './test-member.ts';

/**
 * /test/point and /test/coupon on the test member (test-member.ts). Points: grant by hand, then
 * use them up again by hand, through the points ledger (lines, never overwrites; each one an audit
 * line of its own), and the balance is what it was. Coupon: make a [연동 점검] coupon, issue it to
 * the test member, use it on a check order number, give it back, and stop the coupon (coupons are
 * never deleted; the stopped one stays in the list, labelled).
 */

export const TEST_POINTS = 100;

interface PointsCtx extends MemberCtx {
  balance: number | null;
  granted: boolean;
}

const POINT_STEPS: readonly StepDef<PointsCtx>[] = [
  prepareTestMember,
  {
    label: '적립금 잔액 읽기',
    async run(ctx) {
      ctx.balance = await promotionSteps.selectBalance(ctx.db, testMemberOf(ctx).memberNo);
      return `보유 적립금 ${formatWon(ctx.balance)}.`;
    },
  },
  {
    label: '적립금 지급',
    async run(ctx) {
      const after = await adjustPoints(ctx.db, testMemberOf(ctx).memberNo, {
        kind: 'GRANT',
        amount: TEST_POINTS,
        reason: '연동 점검 지급',
      });
      ctx.granted = true;
      return `${formatWon(TEST_POINTS)}을 지급했습니다. 잔액 ${formatWon(after.balance)}.`;
    },
  },
  {
    label: '적립금 사용(차감)',
    undo: true,
    async run(ctx) {
      if (!ctx.granted || !ctx.member) return '지급한 적립금이 없어 차감할 것이 없습니다.';
      const after = await adjustPoints(ctx.db, ctx.member.memberNo, {
        kind: 'DEDUCT',
        amount: TEST_POINTS,
        reason: '연동 점검 사용',
      });
      return `${formatWon(TEST_POINTS)}을 차감했습니다. 잔액 ${formatWon(after.balance)}.`;
    },
  },
  {
    label: '잔액 확인',
    async run(ctx) {
      const now = await promotionSteps.selectBalance(ctx.db, testMemberOf(ctx).memberNo);
      if (now !== ctx.balance)
        throw new Error(`잔액이 점검 전(${formatWon(ctx.balance ?? 0)})과 다릅니다: ${formatWon(now)}.`);
      return `잔액이 점검 전과 같은 ${formatWon(now)}입니다.`;
    },
  },
];

export const runPointsCheck = (db: Db) =>
  runSteps<PointsCtx>({ db, member: null, balance: null, granted: false }, POINT_STEPS);

interface CouponCtx extends MemberCtx {
  couponNo: number | null;
  issueNo: number | null;
  orderNo: string;
  used: boolean;
}

const COUPON_STEPS: readonly StepDef<CouponCtx>[] = [
  prepareTestMember,
  {
    label: '점검용 쿠폰 만들기',
    async run(ctx) {
      const coupon = await createCoupon(
        ctx.db,
        CouponCreate.parse({
          couponName: `[연동 점검] ${formatWon(TEST_POINTS)} 쿠폰`,
          couponType: 'CART',
          discountUnit: 'WON',
          discountValue: TEST_POINTS,
          useDays: 1,
          perMemberLimit: 1,
          totalLimit: 1,
        }),
      );
      ctx.couponNo = coupon.couponNo;
      return `쿠폰 ${coupon.couponNo}번 ‘${coupon.couponName}’을 만들었습니다 (1장 한정).`;
    },
  },
  {
    label: '점검용 회원에게 발급',
    async run(ctx) {
      const result = await issueToMembers(ctx.db, ctx.couponNo!, [TEST_MEMBER_ID]);
      const issued = result.issued[0];
      if (!issued) throw new Error('발급된 쿠폰이 없습니다.');
      ctx.issueNo = issued.couponIssueNo;
      return `점검용 회원에게 발급했습니다 (발급 번호 ${issued.couponIssueNo}).`;
    },
  },
  {
    label: '쿠폰 사용',
    async run(ctx) {
      const ok = await promotionSteps.useCoupon(
        ctx.db,
        ctx.issueNo!,
        testMemberOf(ctx).memberNo,
        ctx.orderNo,
        new Date().toISOString(),
      );
      if (!ok) throw new Error('쿠폰을 사용 처리하지 못했습니다 (이미 썼거나 회원의 쿠폰이 아닙니다).');
      ctx.used = true;
      return `점검 주문 번호 ${ctx.orderNo}에 사용했습니다.`;
    },
  },
  {
    label: '사용 되돌리기',
    undo: true,
    async run(ctx) {
      if (!ctx.used || ctx.issueNo === null) return '사용한 쿠폰이 없어 되돌릴 것이 없습니다.';
      if (!(await promotionSteps.restoreCoupon(ctx.db, ctx.issueNo, ctx.orderNo)))
        throw new Error('쿠폰 사용을 되돌리지 못했습니다.');
      return '쿠폰을 다시 쓸 수 있는 상태로 되돌렸습니다.';
    },
  },
  {
    label: '쿠폰 발급 중지',
    undo: true,
    async run(ctx) {
      if (ctx.couponNo === null) return '만든 쿠폰이 없어 중지할 것이 없습니다.';
      const stopped = await stopCoupon(ctx.db, ctx.couponNo);
      return `쿠폰 ${stopped.couponNo}번의 발급을 중지했습니다. 쿠폰은 지워지지 않고 목록에 [연동 점검]으로 남습니다.`;
    },
  },
];

export const runCouponCheck = (db: Db) =>
  runSteps<CouponCtx>(
    {
      db,
      member: null,
      couponNo: null,
      issueNo: null,
      orderNo: `CHECK-COUPON-${randomBytes(3).toString('hex').toUpperCase()}`,
      used: false,
    },
    COUPON_STEPS,
  );
