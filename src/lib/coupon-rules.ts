import type { CommerceErrorCode } from './errors/commerce.ts';
import { SHOP_UTC_OFFSET_MS } from './dates.ts';
import { formatWon } from './money.ts';

/**
 * Coupon rules, pure. A PRODUCT coupon discounts one product's lines in an order; a CART coupon the
 * order's goods after product coupons. Delivery fees are never discounted. And the limits of the
 * points an order may take.
 */

export type CouponType = 'PRODUCT' | 'CART';
export type CouponTargetType = 'ALL_PRODUCT' | 'PRODUCT';

export interface CouponRule {
  couponNo: number;
  couponName: string;
  couponType: CouponType;
  targetType: CouponTargetType;
  /**
   * For targetType PRODUCT: the products it applies to — those chosen one by one and every product
   * of a chosen category or of its subcategories (`categoriesCovered`), resolved by the server when it
   * reads the coupon (decision 026). Empty: none (a category without products), never "all".
   */
  targetProductNos: readonly number[];
  discountUnit: 'WON' | 'RATE';
  discountValue: number;
  /** 0: no cap. */
  maxDiscountAmt: number;
  minOrderAmt: number;
}

export interface IssuedCoupon extends CouponRule {
  couponIssueNo: number;
  memberNo: number;
  status: 'ISSUED' | 'USED' | 'WITHDRAWN';
  issuedAt: string;
  useEndAt: string;
}

/** The discount on `baseAmt`: a fixed amount or a percent (rounded down, capped), never above the base. */
export function couponDiscountAmt(
  rule: Pick<CouponRule, 'discountUnit' | 'discountValue' | 'maxDiscountAmt' | 'minOrderAmt'>,
  baseAmt: number,
): number {
  if (baseAmt <= 0 || baseAmt < rule.minOrderAmt) return 0;
  let off =
    rule.discountUnit === 'RATE'
      ? Math.floor((baseAmt * Math.min(rule.discountValue, 100)) / 100)
      : rule.discountValue;
  if (rule.discountUnit === 'RATE' && rule.maxDiscountAmt > 0) off = Math.min(off, rule.maxDiscountAmt);
  return Math.max(0, Math.min(off, baseAmt));
}

export interface CouponProblem {
  code: CommerceErrorCode;
  message: string;
}

export function appliesToProduct(
  rule: Pick<CouponRule, 'targetType' | 'targetProductNos'>,
  productNo: number,
): boolean {
  return rule.targetType === 'ALL_PRODUCT' || rule.targetProductNos.includes(productNo);
}

/**
 * The categories a coupon for `chosen` categories covers: each chosen one and all its subcategories,
 * at any depth. The server resolves the same coverage in SQL when it reads a coupon; the coupon form
 * shows it so the manager sees what a tick covers.
 */
export function categoriesCovered(
  chosen: readonly number[],
  tree: readonly { categoryNo: number; parentNo: number | null }[],
): Set<number> {
  const children = new Map<number, number[]>();
  for (const c of tree) {
    if (c.parentNo === null) continue;
    children.set(c.parentNo, [...(children.get(c.parentNo) ?? []), c.categoryNo]);
  }
  const covered = new Set<number>();
  const todo = [...chosen];
  while (todo.length > 0) {
    const no = todo.pop()!;
    if (covered.has(no)) continue;
    covered.add(no);
    todo.push(...(children.get(no) ?? []));
  }
  return covered;
}

/**
 * Why this issued coupon cannot be used here, or null. `productNo` for a product coupon;
 * `baseAmt` is what it would discount (the product's lines, or the goods for a cart coupon).
 */
export function couponProblem(
  coupon: IssuedCoupon | undefined,
  use: { memberNo: number; now: Date; as: CouponType; productNo?: number; baseAmt: number },
): CouponProblem | null {
  if (!coupon || coupon.memberNo !== use.memberNo || coupon.status === 'WITHDRAWN') {
    return { code: 'COUPON_NOT_FOUND', message: '사용할 수 없는 쿠폰입니다.' };
  }
  if (coupon.status === 'USED')
    return { code: 'COUPON_USED', message: `이미 사용한 쿠폰입니다. (${coupon.couponName})` };
  if (Date.parse(coupon.useEndAt) <= use.now.getTime()) {
    return { code: 'COUPON_EXPIRED', message: `사용 기간이 지난 쿠폰입니다. (${coupon.couponName})` };
  }
  if (coupon.couponType !== use.as) {
    return {
      code: 'COUPON_NOT_APPLICABLE',
      message: use.as === 'CART' ? '주문 쿠폰이 아닙니다.' : '상품 쿠폰이 아닙니다.',
    };
  }
  if (use.as === 'PRODUCT' && (use.productNo === undefined || !appliesToProduct(coupon, use.productNo))) {
    return {
      code: 'COUPON_NOT_APPLICABLE',
      message: `이 상품에는 사용할 수 없는 쿠폰입니다. (${coupon.couponName})`,
    };
  }
  if (use.baseAmt < coupon.minOrderAmt || use.baseAmt <= 0) {
    return {
      code: 'COUPON_MIN_ORDER',
      message: `${formatWon(coupon.minOrderAmt)} 이상 구매 시 사용할 수 있는 쿠폰입니다. (${coupon.couponName})`,
    };
  }
  return null;
}

/**
 * Coupons without an end are given a far-future one (the demo's 2100-01-01, any day from 2090 on):
 * a shopper reads 기한 없음 for those, never the sentinel date.
 */
const NO_END_FROM = '2090-01-01';

/** "2026.12.31까지" (the coupon's last day in Seoul), or "기한 없음". Takes Shopby's Seoul time or an ISO instant. */
export function couponEndLabel(end: string): string {
  let ymd = end.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2} /.test(end)) {
    const seoul = Date.parse(end) + SHOP_UTC_OFFSET_MS;
    ymd =
      seoul < Date.parse(`${NO_END_FROM}T00:00:00Z`)
        ? new Date(seoul).toISOString().slice(0, 10)
        : NO_END_FROM;
  }
  return ymd >= NO_END_FROM ? '기한 없음' : `${ymd.replaceAll('-', '.')}까지`;
}

/** When an issued coupon stops being usable: `days` after issue and/or an absolute end, the earlier. */
export function issueUseEnd(
  issuedAt: Date,
  rule: { useEndAt: string | null; useDays: number | null },
): string {
  const ends: number[] = [];
  if (rule.useEndAt) ends.push(Date.parse(rule.useEndAt));
  if (rule.useDays) ends.push(issuedAt.getTime() + rule.useDays * 24 * 60 * 60 * 1000);
  return new Date(Math.min(...ends)).toISOString();
}

// ------------------------------------------------------------------------------ points

export interface PointsLimits {
  /** Points the member has. */
  balance: number;
  /** The most this order can take: its goods after coupons (never delivery), and the balance. */
  max: number;
}

/**
 * Why `points` cannot pay an order, in the words the checkout field and the server both show
 * (the server refuses with the code), or null when they can.
 */
export function pointsProblem(
  points: number,
  limits: PointsLimits,
): { code: Extract<CommerceErrorCode, 'POINTS_SHORT' | 'POINTS_OVER_LIMIT'>; message: string } | null {
  if (!Number.isSafeInteger(points) || points < 0)
    return { code: 'POINTS_OVER_LIMIT', message: '적립금은 0원 이상, 원 단위로 입력해 주세요.' };
  if (points > limits.balance)
    return {
      code: 'POINTS_SHORT',
      message: `보유 적립금 ${formatWon(limits.balance)}보다 많이 사용할 수 없습니다.`,
    };
  if (points > limits.max)
    return {
      code: 'POINTS_OVER_LIMIT',
      message: `이 주문에는 적립금을 최대 ${formatWon(limits.max)}까지 사용할 수 있습니다.`,
    };
  return null;
}
