import { josa } from 'es-hangul';
import { z } from 'zod';
import { isCalendarYmd } from '../../lib/dates.ts';

/**
 * The back office's promotion inputs (/api/manager/coupons, /api/manager/points). Every problem
 * carries a Korean message; the API answers 400 PROMOTION_INVALID listing them in `fields`.
 */

const Ymd = (label: string) =>
  z
    .string()
    .trim()
    .refine(isCalendarYmd, { error: `${josa(label, '을/를')} 2026-11-26처럼 입력해 주세요.` });

const Won = (label: string) =>
  z
    .number({ error: `${josa(label, '을/를')} 숫자로 입력해 주세요.` })
    .int({ error: `${josa(label, '은/는')} 원 단위 정수로 입력해 주세요.` })
    .min(0, { error: `${josa(label, '은/는')} 0원 이상이어야 합니다.` })
    .max(100_000_000, { error: `${josa(label, '이/가')} 너무 큽니다.` });

export const CouponCreate = z
  .object({
    couponName: z
      .string({ error: '쿠폰 이름을 입력해 주세요.' })
      .trim()
      .min(1, { error: '쿠폰 이름을 입력해 주세요.' })
      .max(60, { error: '쿠폰 이름은 60자까지 쓸 수 있습니다.' }),
    couponType: z.enum(['PRODUCT', 'CART'], { error: '상품 쿠폰인지 장바구니 쿠폰인지 골라 주세요.' }),
    discountUnit: z.enum(['WON', 'RATE'], { error: '할인 방식(금액 또는 비율)을 골라 주세요.' }),
    discountValue: z
      .number({ error: '할인 값을 숫자로 입력해 주세요.' })
      .int({ error: '할인 값은 정수로 입력해 주세요.' })
      .positive({ error: '할인 값은 1 이상이어야 합니다.' })
      .max(100_000_000, { error: '할인 값이 너무 큽니다.' }),
    maxDiscountAmt: Won('최대 할인 금액').default(0),
    minOrderAmt: Won('최소 주문 금액').default(0),
    /** Empty, with no categories either: every product. */
    targetProductNos: z
      .array(z.number().int().positive({ error: '상품 번호를 확인해 주세요.' }), {
        error: '적용 상품을 확인해 주세요.',
      })
      .max(200, { error: '적용 상품은 200개까지 고를 수 있습니다.' })
      .default([]),
    /** Categories whose products (and their subcategories' products) it applies to (decision 026). */
    targetCategoryNos: z
      .array(z.number().int().positive({ error: '분류 번호를 확인해 주세요.' }), {
        error: '적용 분류를 확인해 주세요.',
      })
      .max(50, { error: '적용 분류는 50개까지 고를 수 있습니다.' })
      .default([]),
    /** Seoul days, inclusive. Start: today when left out. */
    issueStartYmd: Ymd('발급 시작일').optional(),
    issueEndYmd: Ymd('발급 종료일').optional(),
    useEndYmd: Ymd('사용 종료일').optional(),
    useDays: z
      .number({ error: '사용 기간(일)을 숫자로 입력해 주세요.' })
      .int({ error: '사용 기간(일)은 정수로 입력해 주세요.' })
      .min(1, { error: '사용 기간은 1일 이상이어야 합니다.' })
      .max(3650, { error: '사용 기간은 3650일까지 정할 수 있습니다.' })
      .optional(),
    perMemberLimit: z
      .number({ error: '회원당 발급 한도를 숫자로 입력해 주세요.' })
      .int({ error: '회원당 발급 한도는 정수로 입력해 주세요.' })
      .min(1, { error: '회원당 발급 한도는 1장 이상이어야 합니다.' })
      .max(100, { error: '회원당 발급 한도는 100장까지 정할 수 있습니다.' })
      .default(1),
    /** Null or left out: no total limit. */
    totalLimit: z
      .number({ error: '전체 발급 한도를 숫자로 입력해 주세요.' })
      .int({ error: '전체 발급 한도는 정수로 입력해 주세요.' })
      .min(1, { error: '전체 발급 한도는 1장 이상이어야 합니다.' })
      .max(10_000_000, { error: '전체 발급 한도가 너무 큽니다.' })
      .nullable()
      .default(null),
    downloadable: z.boolean({ error: '회원이 직접 받을 수 있는지 골라 주세요.' }).default(false),
    /** Issued to every new member in the join (decision 024). */
    issueOnSignup: z.boolean({ error: '가입할 때 줄지 골라 주세요.' }).default(false),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.discountUnit === 'RATE' && v.discountValue > 100) {
      ctx.addIssue({ code: 'custom', path: ['discountValue'], message: '할인율은 100% 이하여야 합니다.' });
    }
    if (v.discountUnit === 'WON' && v.maxDiscountAmt > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxDiscountAmt'],
        message: '최대 할인 금액은 비율 할인에만 정할 수 있습니다.',
      });
    }
    if (!v.useEndYmd && v.useDays === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['useEndYmd'],
        message: '사용 종료일이나 발급 후 사용 기간(일) 중 하나는 정해 주세요.',
      });
    }
    if (v.issueStartYmd && v.issueEndYmd && v.issueEndYmd < v.issueStartYmd) {
      ctx.addIssue({ code: 'custom', path: ['issueEndYmd'], message: '발급 종료일이 시작일보다 빠릅니다.' });
    }
    if (v.issueStartYmd && v.useEndYmd && v.useEndYmd < v.issueStartYmd) {
      ctx.addIssue({
        code: 'custom',
        path: ['useEndYmd'],
        message: '사용 종료일이 발급 시작일보다 빠릅니다.',
      });
    }
    if (new Set(v.targetProductNos).size !== v.targetProductNos.length) {
      ctx.addIssue({ code: 'custom', path: ['targetProductNos'], message: '같은 상품을 두 번 골랐습니다.' });
    }
    if (new Set(v.targetCategoryNos).size !== v.targetCategoryNos.length) {
      ctx.addIssue({ code: 'custom', path: ['targetCategoryNos'], message: '같은 분류를 두 번 골랐습니다.' });
    }
  });
export type CouponCreateInput = z.output<typeof CouponCreate>;

export const CouponIssueBody = z
  .object({
    /** Member ids or mobile numbers (010-1234-5678 or digits), one per entry. */
    members: z
      .array(z.string().trim().min(1, { error: '회원 아이디나 휴대폰 번호를 입력해 주세요.' }).max(60), {
        error: '발급할 회원을 입력해 주세요.',
      })
      .min(1, { error: '발급할 회원을 한 명 이상 입력해 주세요.' })
      .max(500, { error: '한 번에 500명까지 발급할 수 있습니다.' }),
  })
  .strict();

export const ManagedCouponNoParam = z.object({
  couponNo: z.coerce.number().int().positive({ error: '쿠폰 번호를 확인해 주세요.' }),
});

export const PointsMemberParam = z.object({
  memberNo: z.coerce.number().int().positive({ error: '회원 번호를 확인해 주세요.' }),
});

export const PointsMemberQuery = z.object({
  q: z.string().trim().min(1, { error: '회원 아이디나 휴대폰 번호를 입력해 주세요.' }).max(60),
});

export const PointsAdjust = z
  .object({
    kind: z.enum(['GRANT', 'DEDUCT'], { error: '지급인지 차감인지 골라 주세요.' }),
    amount: z
      .number({ error: '적립금을 숫자로 입력해 주세요.' })
      .int({ error: '적립금은 원 단위 정수로 입력해 주세요.' })
      .positive({ error: '적립금은 1원 이상이어야 합니다.' })
      .max(10_000_000, { error: '한 번에 10,000,000원까지 지급·차감할 수 있습니다.' }),
    reason: z
      .string({ error: '사유를 입력해 주세요.' })
      .trim()
      .min(1, { error: '사유를 입력해 주세요.' })
      .min(2, { error: '사유를 두 글자 이상 입력해 주세요.' })
      .max(100, { error: '사유는 100자까지 쓸 수 있습니다.' }),
  })
  .strict();
export type PointsAdjustInput = z.output<typeof PointsAdjust>;

/** PUT /api/manager/points/signup: the welcome points of every new member (0: none). */
export const SignupPointsBody = z
  .object({
    amount: z
      .number({ error: '적립금을 숫자로 입력해 주세요.' })
      .int({ error: '적립금은 원 단위 정수로 입력해 주세요.' })
      .min(0, { error: '적립금은 0원 이상이어야 합니다. 주지 않으려면 0을 입력해 주세요.' })
      .max(1_000_000, { error: '가입 적립금은 1,000,000원까지 정할 수 있습니다.' }),
  })
  .strict();

/** A Zod error as the field problems an API answer lists (first problem per field, in Korean). */
export function promotionFieldProblems(error: { issues: readonly z.core.$ZodIssue[] }) {
  const seen = new Set<string>();
  const out: { path: string; message: string }[] = [];
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    const message = /[가-힣]/.test(issue.message)
      ? issue.message
      : issue.code === 'unrecognized_keys'
        ? `알 수 없는 항목이 있습니다 (${issue.keys.join(', ')}).`
        : `입력값을 확인해 주세요 (${path || '요청'}).`;
    out.push({ path, message });
  }
  return out;
}
