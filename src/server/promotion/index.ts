/** The promotion module's public entry: code outside src/server/promotion/ imports only this file. */
export { couponDiscountAmt, couponProblem, pointsProblem } from '../../lib/coupon-rules.ts';
export type { IssuedCoupon } from '../../lib/coupon-rules.ts';
export { CouponListQuery, CouponNoParam, PageQuery, ProductNoParam } from './schema.ts';
export { seedCommerceDemo } from './seed.ts';
export {
  accumulationLedger,
  accumulationSummary,
  couponSummary,
  issuableCoupons,
  issueCoupon,
  listMemberCoupons,
  welcomeBenefits,
} from './service.ts';
export type { AccumulationItem } from './service.ts';
export * as promotionSteps from './steps.ts';
export {
  adjustPoints,
  createCoupon,
  discountWords,
  findPointsMember,
  getManagedCoupon,
  issueToMembers,
  listManagedCoupons,
  memberPoints,
  pointsRules,
  setSignupPoints,
  stopCoupon,
} from './manage.ts';
export type { ManagedCoupon, PointsMember } from './manage.ts';
export {
  CouponCreate,
  CouponIssueBody,
  ManagedCouponNoParam,
  PointsAdjust,
  PointsMemberParam,
  PointsMemberQuery,
  SignupPointsBody,
  promotionFieldProblems,
} from './manage-schema.ts';
