import type { PaymentInfo } from '@shopby/shop-sdk/build/types/domain/order';
import type { Db } from '../db/client.ts';
import { priceOrder, type OrderPricing } from './amounts.ts';
import { remoteAreasOf } from '../catalog/index.ts';
import { remoteFeeAt } from './delivery.ts';
import { goneLine, resolveLines, type LineRequest, type ResolvedLine } from './lines.ts';
import type { Owner } from './owner.ts';
import { promotionSteps } from '../promotion/index.ts';

/**
 * An order sheet's lines priced now, with coupons, points and the delivery address: the one
 * computation behind GET /order-sheets/{no}, /calculate, and /payments/reserve (which then refuses
 * to go on when the browser's amount differs).
 */

export interface CouponSelection {
  productCoupons: { couponIssueNo: number; productNo: number }[];
  cartCouponIssueNo: number | null;
}

export interface SheetPricing {
  lines: ResolvedLine[];
  /** Lines of products no longer sold. */
  gone: ResolvedLine[];
  pricing: OrderPricing;
  pointsBalance: number;
  /** Some group pays a remote-area fee at the address. */
  remote: boolean;
}

/**
 * The lines with each template's remote-area fee at `zipCd` in place of its default (the
 * template's own postcode ranges, else the common table), so every later step (amounts, delivery
 * groups, the order's records) charges what this address costs. Without a postcode nothing changes.
 */
async function atAddress(
  db: Db,
  lines: ResolvedLine[],
  zipCd: string | null,
): Promise<{ lines: ResolvedLine[]; remote: boolean }> {
  if (!zipCd || !/^\d{5}$/.test(zipCd.replace(/\D/g, ''))) return { lines, remote: false };
  const ranges = await remoteAreasOf(
    db,
    lines.map((l) => l.template.templateNo),
  );
  const priced = lines.map((l) => ({
    ...l,
    template: {
      ...l.template,
      remoteDeliveryAmt: remoteFeeAt(l.template, zipCd, ranges.get(l.template.templateNo)),
    },
  }));
  return { lines: priced, remote: priced.some((l) => l.template.remoteDeliveryAmt > 0) };
}

export async function priceLines(
  db: Db,
  owner: Owner,
  requests: readonly LineRequest[],
  choice: { coupons: CouponSelection; points: number; zipCd: string | null; now: Date },
): Promise<SheetPricing> {
  const resolved = await resolveLines(db, requests, { now: choice.now, owner });
  const { lines, remote } = await atAddress(db, resolved.lines, choice.zipCd);
  const missing = resolved.missing;
  const memberNo = owner.memberNo;
  const issueNos = [
    ...choice.coupons.productCoupons.map((c) => c.couponIssueNo),
    ...(choice.coupons.cartCouponIssueNo ? [choice.coupons.cartCouponIssueNo] : []),
  ];
  const [coupons, pointsBalance] = await Promise.all([
    memberNo === null ? Promise.resolve([]) : promotionSteps.selectIssuedCoupons(db, issueNos),
    memberNo === null ? Promise.resolve(0) : promotionSteps.selectBalance(db, memberNo),
  ]);
  const couponOf = (no: number) => coupons.find((c) => c.couponIssueNo === no);
  const pricing = priceOrder({
    lines: lines
      .filter((l) => !l.problem)
      .map((l) => ({
        key: l.index,
        productNo: l.productNo,
        partnerNo: l.partnerNo,
        template: l.template,
        standardAmt: l.standardAmt,
        immediateDiscountAmt: l.discountAmt,
        buyAmt: l.buyAmt,
        accumulationRate: l.accumulationRate,
      })),
    remote,
    memberNo,
    productCoupons: choice.coupons.productCoupons.map((c) => ({ ...c, coupon: couponOf(c.couponIssueNo) })),
    cartCoupon: choice.coupons.cartCouponIssueNo
      ? {
          couponIssueNo: choice.coupons.cartCouponIssueNo,
          coupon: couponOf(choice.coupons.cartCouponIssueNo),
        }
      : null,
    pointsRequested: choice.points,
    pointsBalance,
    now: choice.now,
  });
  return { lines, gone: missing.map(goneLine), pricing, pointsBalance, remote };
}

/** Shopby's PaymentInfo of a priced sheet. */
export function paymentInfo(p: SheetPricing, isMember: boolean): PaymentInfo {
  const { pricing } = p;
  return {
    totalStandardAmt: pricing.standardAmt,
    totalImmediateDiscountAmt: pricing.immediateDiscountAmt,
    totalAdditionalDiscountAmt: 0,
    productAmt: pricing.buyAmt,
    productCouponAmt: pricing.productCouponAmt,
    cartAmt: pricing.buyAmt - pricing.productCouponAmt,
    cartCouponAmt: pricing.cartCouponAmt,
    deliveryCouponAmt: 0,
    deliveryAmt: pricing.deliveryAmt,
    remoteDeliveryAmt: pricing.remoteDeliveryAmt,
    deliveryAmtOnDelivery: 0,
    remoteDeliveryAmtOnDelivery: 0,
    usedAccumulationAmt: pricing.pointsUsed,
    accumulationAmt: pricing.pointsUsed,
    availableMaxAccumulationAmt: pricing.maxPoints,
    isAvailableAccumulation: isMember && pricing.maxPoints > 0,
    minAccumulationLimit: 0,
    minPriceLimit: 0,
    accumulationAmtWhenBuyConfirm: pricing.accumulationAmtWhenBuyConfirm,
    customsDuty: 0,
    salesTaxAmt: 0,
    paymentAmt: pricing.payAmt,
  };
}
