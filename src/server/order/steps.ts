/**
 * What other modules' workflows (payment confirmation, claims, the back office) may do with
 * orders inside their own transaction: read an order and its lines, move it through its statuses
 * with the guarded transitions, take and settle the units its lines give to claims (guarded), and
 * the refund bookkeeping. The rules of each move stay here.
 */
export {
  customOrderLineFacts,
  deleteStaleSheets,
  paidLinesWithInput,
  selectCoupons,
  selectGroups,
  selectOptions,
  selectOrder,
  selectOverdueDeposits,
  selectRefundsDue,
  selectStalePending,
  setRefundStatus,
  transition,
} from './repo.ts';
export type { CustomOrderLineFacts, OrderLineRef, OrderOptionRow, OrderRow, OrderStatus } from './repo.ts';
export {
  REQUEST_TYPES,
  listOrders,
  selectExportLines,
  selectOrderExtras,
  markDelivered,
  markDeliveryPreparing,
  markPreparing,
  markReturned,
  markShipped,
  statusCounts,
  touchIn,
} from './mypage-repo.ts';
export type {
  ExportLine,
  MemberOrderFilter,
  OrderDateBasis,
  OrderRequestType,
  OrderSort,
} from './mypage-repo.ts';
export { settleReturning, takeUnits } from './claim-counters-repo.ts';
export { notifyOrder, orderUrlOf } from './notify.ts';
