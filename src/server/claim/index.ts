/** The claim module's public entry: code outside src/server/claim/ imports only this file. */
export { cancelByMember } from './workflows/cancel-order.ts';
export { claimError } from './errors.ts';
export { moveOrder } from './fulfilment.ts';
export type { FulfilmentStep } from './fulfilment.ts';
export {
  claimsForManager,
  listOrdersForManager,
  orderForManager,
  orderTimelineForManager,
} from './manager.ts';
export type { TimelineEntry } from './manager.ts';
export {
  checkWithdraw,
  claimForm,
  claimResult,
  claimsOfOrder,
  estimateClaim,
  listClaims,
  memberClaimResult,
  orderOfLines,
} from './queries.ts';
export { refundClaim, retryClaimRefunds } from './workflows/refund-claim.ts';
export { approveReturn, rejectReturn, requestReturn, withdrawReturn } from './workflows/return-order.ts';
export type { ReturnRequest } from './workflows/return-order.ts';
export {
  ClaimFormQuery,
  ClaimListQuery,
  ClaimNoParam,
  EstimateBody,
  Flag,
  OptionCancelBody,
  OptionEstimateQuery,
  OptionReturnBody,
  OptionsCancelBody,
  OptionsReturnBody,
  OrderCancelBody,
  OrderOptionNoParam,
  PageNumber,
  PageSize,
  RejectBody,
  ShipBody,
  ShipCsvBody,
  Ymd,
} from './schema.ts';
export type { ClaimResultView } from './view.ts';
export * as claimSteps from './steps.ts';
export { SHIP_CSV_MAX_ROWS, parseShipCsv, shipFromCsv } from './ship-csv.ts';
export type { ShipCsvResult, ShipCsvRow } from './ship-csv.ts';
export { EXPORT_MAX_LINES, exportOrdersForManager } from './export.ts';
