import { commerceError } from './errors.ts';
import { couponDiscountAmt, couponProblem, pointsProblem, type IssuedCoupon } from '../promotion/index.ts';
import { groupDeliveryFee, type DeliveryTemplate } from './delivery.ts';
import { pointsEarned } from './accumulation.ts';
import { allocate } from './allocate.ts';

export { allocate };

/**
 * The money of an order, pure and in integer won:
 *
 *   payAmt = standard − immediate discounts − product coupons − cart coupon − points
 *            + delivery + remote delivery
 *
 * Product coupons discount their product's lines (after immediate discounts); the cart coupon the
 * goods left after product coupons; points pay for goods only (at most what is left of them after
 * coupons, and at most the balance). Delivery is charged per group (partner + template) on the
 * group's goods after immediate discounts, before coupons. Every check a shopper can fail throws
 * the AppError they should see.
 */

export interface AmountLine {
  /** Position of the line, for the per-line allocation of coupon discounts. */
  key: number;
  productNo: number;
  partnerNo: number;
  template: DeliveryTemplate;
  standardAmt: number;
  immediateDiscountAmt: number;
  buyAmt: number;
  /** The product's points rate (percent) for buy confirmation. */
  accumulationRate: number;
}

export interface CouponChoice {
  couponIssueNo: number;
  coupon: IssuedCoupon | undefined;
}

export interface PriceOrderInput {
  /** Orderable lines only. */
  lines: readonly AmountLine[];
  remote: boolean;
  /** Members only; null for guests (who may not use coupons or points). */
  memberNo: number | null;
  productCoupons: readonly (CouponChoice & { productNo: number })[];
  cartCoupon: CouponChoice | null;
  pointsRequested: number;
  pointsBalance: number;
  now: Date;
}

export interface GroupAmount {
  partnerNo: number;
  templateNo: number;
  buyAmt: number;
  deliveryAmt: number;
  remoteDeliveryAmt: number;
}

export interface OrderPricing {
  groups: GroupAmount[];
  standardAmt: number;
  immediateDiscountAmt: number;
  /** standard − immediate discounts. */
  buyAmt: number;
  productCoupons: { couponIssueNo: number; productNo: number; discountAmt: number }[];
  productCouponAmt: number;
  cartCoupon: { couponIssueNo: number; discountAmt: number } | null;
  cartCouponAmt: number;
  deliveryAmt: number;
  remoteDeliveryAmt: number;
  /** The most points this order can take (goods after coupons, and the balance). */
  maxPoints: number;
  pointsUsed: number;
  payAmt: number;
  /** Points the buy confirmation will give (accumulation.ts: after coupons and points). */
  accumulationAmtWhenBuyConfirm: number;
  /** Coupon discounts spread over the lines (by line key), for refunds line by line. */
  lineDiscounts: Map<number, { productCouponAmt: number; cartCouponAmt: number }>;
}

const sum = (ns: readonly number[]) => ns.reduce((a, b) => a + b, 0);

export function priceOrder(input: PriceOrderInput): OrderPricing {
  const { lines } = input;
  const usesBenefits =
    input.productCoupons.length > 0 || input.cartCoupon !== null || input.pointsRequested > 0;
  if (usesBenefits && input.memberNo === null) throw commerceError('COUPON_FOR_MEMBERS');

  // delivery groups
  const groups = new Map<string, GroupAmount & { template: DeliveryTemplate }>();
  for (const line of lines) {
    const key = `${line.partnerNo}:${line.template.templateNo}`;
    const g = groups.get(key) ?? {
      partnerNo: line.partnerNo,
      templateNo: line.template.templateNo,
      template: line.template,
      buyAmt: 0,
      deliveryAmt: 0,
      remoteDeliveryAmt: 0,
    };
    g.buyAmt += line.buyAmt;
    groups.set(key, g);
  }
  for (const g of groups.values()) Object.assign(g, groupDeliveryFee(g.template, g.buyAmt, input.remote));

  const standardAmt = sum(lines.map((l) => l.standardAmt));
  const immediateDiscountAmt = sum(lines.map((l) => l.immediateDiscountAmt));
  const buyAmt = standardAmt - immediateDiscountAmt;
  const lineDiscounts = new Map(lines.map((l) => [l.key, { productCouponAmt: 0, cartCouponAmt: 0 }]));

  // product coupons: one per product, each coupon once
  const seen = new Set<number>();
  const couponedProducts = new Set<number>();
  const productCoupons: OrderPricing['productCoupons'] = [];
  for (const choice of input.productCoupons) {
    if (seen.has(choice.couponIssueNo) || couponedProducts.has(choice.productNo))
      throw commerceError('COUPON_DUPLICATE');
    seen.add(choice.couponIssueNo);
    couponedProducts.add(choice.productNo);
    const own = lines.filter((l) => l.productNo === choice.productNo);
    if (own.length === 0)
      throw commerceError('COUPON_NOT_APPLICABLE', '주문에 없는 상품에 쿠폰을 적용할 수 없습니다.');
    const base = sum(own.map((l) => l.buyAmt));
    const problem = couponProblem(choice.coupon, {
      memberNo: input.memberNo ?? 0,
      now: input.now,
      as: 'PRODUCT',
      productNo: choice.productNo,
      baseAmt: base,
    });
    if (problem) throw commerceError(problem.code, problem.message);
    const discountAmt = couponDiscountAmt(choice.coupon!, base);
    productCoupons.push({ couponIssueNo: choice.couponIssueNo, productNo: choice.productNo, discountAmt });
    allocate(
      discountAmt,
      own.map((l) => l.buyAmt),
    ).forEach((amt, i) => {
      lineDiscounts.get(own[i]!.key)!.productCouponAmt += amt;
    });
  }
  const productCouponAmt = sum(productCoupons.map((c) => c.discountAmt));

  // cart coupon
  let cartCoupon: OrderPricing['cartCoupon'] = null;
  if (input.cartCoupon) {
    if (seen.has(input.cartCoupon.couponIssueNo)) throw commerceError('COUPON_DUPLICATE');
    const base = buyAmt - productCouponAmt;
    const problem = couponProblem(input.cartCoupon.coupon, {
      memberNo: input.memberNo ?? 0,
      now: input.now,
      as: 'CART',
      baseAmt: base,
    });
    if (problem) throw commerceError(problem.code, problem.message);
    const discountAmt = couponDiscountAmt(input.cartCoupon.coupon!, base);
    cartCoupon = { couponIssueNo: input.cartCoupon.couponIssueNo, discountAmt };
    const remaining = lines.map((l) => l.buyAmt - lineDiscounts.get(l.key)!.productCouponAmt);
    allocate(discountAmt, remaining).forEach((amt, i) => {
      lineDiscounts.get(lines[i]!.key)!.cartCouponAmt += amt;
    });
  }
  const cartCouponAmt = cartCoupon?.discountAmt ?? 0;

  // points
  const goodsLeft = buyAmt - productCouponAmt - cartCouponAmt;
  const maxPoints = input.memberNo === null ? 0 : Math.max(0, Math.min(goodsLeft, input.pointsBalance));
  const pointsUsed = input.pointsRequested;
  const refused = pointsProblem(pointsUsed, { balance: input.pointsBalance, max: maxPoints });
  if (refused) throw commerceError(refused.code, refused.message);

  const groupList = [...groups.values()].map(({ template: _t, ...g }) => g);
  const deliveryAmt = sum(groupList.map((g) => g.deliveryAmt));
  const remoteDeliveryAmt = sum(groupList.map((g) => g.remoteDeliveryAmt));
  const payAmt = goodsLeft - pointsUsed + deliveryAmt + remoteDeliveryAmt;

  return {
    groups: groupList,
    standardAmt,
    immediateDiscountAmt,
    buyAmt,
    productCoupons,
    productCouponAmt,
    cartCoupon,
    cartCouponAmt,
    deliveryAmt,
    remoteDeliveryAmt,
    maxPoints,
    pointsUsed,
    payAmt,
    accumulationAmtWhenBuyConfirm:
      input.memberNo === null
        ? 0
        : pointsEarned(
            lines.map((l) => {
              const d = lineDiscounts.get(l.key)!;
              return {
                paidAmt: l.buyAmt - d.productCouponAmt - d.cartCouponAmt,
                ratePercent: l.accumulationRate,
              };
            }),
            pointsUsed,
          ),
    lineDiscounts,
  };
}
