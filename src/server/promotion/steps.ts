/**
 * What other modules' workflows may do with coupons and points inside their own write transaction
 * (completing an order, a claim's effects): read what a member holds, use and give back coupons,
 * take and give points. Ledger lines only; everything else goes through service.ts.
 */
export {
  givePoints,
  giveSignupPoints,
  issueSignupCoupons,
  restoreCoupon,
  restoreCoupons,
  selectBalance,
  selectIssuedCoupons,
  selectMemberCoupons,
  subtractPoints,
  useCoupon,
} from './repo.ts';
