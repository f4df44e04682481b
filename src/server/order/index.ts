/** The order module's public entry: code outside src/server/order/ imports only this file. */
export { reservePayment } from './workflows/reserve-payment.ts';
export {
  CANCELABLE,
  afterOrderPaid,
  cancelCompletedOrder,
  completeOrder,
  endUnpaid,
  failAfterAuthorisation,
  markDeposited,
} from './workflows/complete-order.ts';
export type { CompleteResult, ProviderAnswer, Settled } from './workflows/complete-order.ts';
export { commerceError } from './errors.ts';
export { getGuestOrder, issueGuestOrderToken } from './guest-orders.ts';
export { linesView } from './line-view.ts';
export type { LinesView } from './line-view.ts';
export { MAX_ORDER_CNT, checkNewLines, goneLine, resolveLines } from './lines.ts';
export type { CheckedLine, LineInput, LineRequest, ResolvedLine } from './lines.ts';
export { autoConfirmPurchases, confirmPurchase } from './mypage-confirm.ts';
export { pointLedgerPage, waitingPoints } from './mypage-points.ts';
export { findReviewableOption, listReviewableOptions, optionTitleOf } from './mypage-reviewable.ts';
export type { ReviewableOption } from './mypage-reviewable.ts';
export {
  getMypageOrder,
  groupLabelOf,
  listMemberOrders,
  orderDetailForMypage,
  orderStatusSummary,
  resolveRange,
  statusLabelOf,
} from './mypage.ts';
export type { MypageOrderDetail } from './mypage.ts';
export { maybeOwner, ownerOf } from './owner.ts';
export type { Owner } from './owner.ts';
export {
  CalculateBody,
  ConfirmParams,
  GuestOrderBody,
  OrderNoParam,
  OrderSheetNoParam,
  PostOrderSheetBody,
  ReserveBody,
} from './schema.ts';
export {
  OrderSheetUsedError,
  calculateOrderSheet,
  createOrderSheet,
  getOrderSheet,
  orderSheetCoupons,
} from './sheets.ts';
export { AFTER_PAYMENT_FAILURES, ORDER_STATUS_LABELS, outcomeOf } from './view.ts';
export type { OrderOutcome } from './view.ts';
export * as orderSteps from './steps.ts';
export { orderConfigs, refundTypeOf, REFUND_TYPE_LABELS } from './shopby-extras.ts';
// The address book's recent address: where the member's last order went (decision 030).
export { lastShippingAddress } from './recent-address-repo.ts';
export type { LastShippingAddress } from './recent-address-repo.ts';
