/** The point-of-sale module's public entry (issue 14): stores, shifts, counter sales and refunds. */
export {
  allowedStores,
  cashierOf,
  chooseStore,
  requestedStore,
  resolveCounterStore,
  storeOf,
  DEFAULT_STORE_NO,
  POS_STORE_COOKIE,
  POS_STORE_COOKIE_MAX_AGE,
} from './staff.ts';
export type { Cashier, CashierMember, CounterStore, Store, StoreResolution } from './staff.ts';
export {
  createStore,
  getStore,
  listStaff,
  listStores,
  setStaffStores,
  setStoreActive,
  updateStore,
} from './stores.ts';
export type { AdminStaff, AdminStore } from './stores.ts';
export {
  StaffNoParam,
  StaffStoresBody,
  StoreActiveBody,
  StoreCreate,
  StoreNoParam,
  StorePut,
} from './stores-schema.ts';
export { closeShift, openShift, openShiftOf, shiftByNo, shiftReport } from './shifts.ts';
export type { MethodTotal, Shift, ShiftReport } from './shifts.ts';
export { recordSale, saleByNo } from './sales.ts';
export type { CounterSale, SaleLine, SalePayment } from './sales.ts';
export { refundSale } from './refunds.ts';
export type { RefundResult } from './refunds.ts';
export { listSales, maskName, memberCounterSales, membersByPhone } from './queries.ts';
export type { CounterMember, SaleSummary } from './queries.ts';
export { RefundBody, SaleBody, won } from './schema.ts';
export { daysBetween, isCalendarDate, MAX_REPORT_DAYS, salesReport } from './reports.ts';
export type {
  DayFigures,
  HourFigures,
  MethodFigures,
  ProductFigures,
  SalesFigures,
  SalesReport,
} from './reports.ts';
export {
  CASH_RECEIPT_LABELS,
  MAX_MERGED_PAGE,
  PAY_METHOD_LABELS,
  SALE_NO_PATTERN,
  SALE_STATUS_LABELS,
  isSaleStatus,
  maskReceiptNo,
  memberSaleCount,
  memberSaleDetail,
  memberSaleHistory,
  onlineOrderRow,
  ordersOfBothChannels,
  refundsOfSale,
  saleForManager,
  storeSaleDetail,
  storeSaleRow,
  storeSalesForManager,
} from './history.ts';
export type {
  ChannelOrderRow,
  ManagerSale,
  MemberSale,
  MemberSaleLine,
  PayMethod,
  SaleHistory,
  SaleRefund,
  SaleStatus,
} from './history.ts';
export { releaseUnusedCounterPayments } from './maintenance.ts';
