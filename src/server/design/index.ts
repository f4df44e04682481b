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
export type { CustomOrderChannel, CustomOrderListItem, CustomOrderRow } from './custom-orders.ts';
export {
  checkCounterDesignLines,
  counterCustomProducts,
  createCounterDesign,
  savedDesignsForCounter,
} from './counter-designs.ts';
export type {
  CounterCustomOption,
  CounterCustomProduct,
  CounterDesign,
  CounterDesignChoice,
  CounterDesignInput,
  CounterDesignLine,
  CounterDesignOwner,
  CounterDesigner,
} from './counter-designs.ts';
export type { CounterLineFacts, CounterSaleStatus } from './counter-order-repo.ts';
export {
  COUNTER_PICKUP_WORKING_DAYS,
  counterCustomOrderDetail,
  listCounterCustomOrders,
  pickupGuide,
  cancelStoppedAtPod,
  recordCounterCustomOrders,
  sendCounterSaleToPod,
  stopCounterCustomOrders,
  stopWebCustomOrders,
} from './counter-orders.ts';
export type {
  CounterCustomOrderDetail,
  CounterCustomOrderInput,
  CounterCustomOrderItem,
  CounterCustomOrderLine,
  CounterCustomOrderQuery,
  PickupGuide,
} from './counter-orders.ts';
export { listMemberDesigns } from './member-designs.ts';
export { hideSharedDesign, listSharedDesigns, shareDesign, sharedDesignStarter } from './shared-designs.ts';
export type { SharedDesignCard } from './shared-designs.ts';
export {
  applyPodState,
  createCustomOrdersForPaidOrder,
  podTokenState,
  receivePodStatus,
  retryCustomOrders,
  sendOrderToPod,
  setPodToken,
  storeShippingAddress,
  syncPodStatus,
  withPodToken,
} from './pod.ts';
export { productCustom, productPlus, type ProductCustom, type ProductPlus } from './product-settings.ts';
export {
  checkPodConnection,
  podConnection,
  type PodCheckStep,
  type PodConnection,
} from './pod-connection.ts';
export {
  POD_OUTBOX,
  podOutboxSummary,
  resendPodOrder,
  runPodOutbox,
  type PodOutboxRow,
  type PodOutboxState,
  type PodOutboxSummary,
} from './pod-outbox.ts';
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
export type {
  DesignActor,
  DesignLineCheck,
  DesignLineProblem,
  DesignRef,
  DesignSummary,
  LineOwner,
} from './service.ts';
