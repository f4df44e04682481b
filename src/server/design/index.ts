/** The design module's public entry: code outside src/server/design/ imports only this file. */
export {
  STORED_SALES_CHANNELS,
  customOrderDetail,
  salesChannelLabel,
  seoulDayRange,
  storedSalesChannel,
  validYmd,
} from './admin.ts';
export type { CustomOrderDetail } from './admin.ts';
export {
  changeCustomOrderStatus,
  customOrderEvents,
  customOrdersOfOrder,
  designIdOfLine,
  getCustomOrder,
  listCustomOrders,
} from './custom-orders.ts';
export type { CustomOrderListItem } from './custom-orders.ts';
export { listMemberDesigns } from './member-designs.ts';
export {
  createCustomOrdersForPaidOrder,
  podTokenState,
  retryCustomOrders,
  sendOrderToPod,
  setPodToken,
  syncPodStatus,
  withPodToken,
} from './pod.ts';
export { storeCustomOrderPrintFiles } from './print-files.ts';
export { renderPreviewPng, renderPrintFile } from './render.ts';
export {
  adminListDesigns,
  adoptGuestDesigns,
  assertOwnMemberId,
  createDesign,
  deleteDesign,
  designError,
  designLineStates,
  designSummaries,
  getDesign,
  getDesignRow,
  guestTokenHash,
  listDesigns,
  previewUrlOf,
  salesChannelOut,
  updateDesign,
} from './service.ts';
export type { DesignActor, DesignLineProblem, DesignRef, DesignSummary, LineOwner } from './service.ts';
