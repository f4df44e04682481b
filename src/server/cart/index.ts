/** The cart module's public entry: code outside src/server/cart/ imports only this file. */
export {
  CartNo,
  CartNosQuery,
  CartQuery,
  GuestCartBody,
  MergeCartBody,
  OptionInputBody,
  OptionNo,
  OrderCnt,
  PostCartBody,
  ProductNo,
  PutCartBody,
} from './schema.ts';
export {
  addToCart,
  countCart,
  deleteCart,
  getCart,
  getCartSubset,
  mergeGuestCart,
  priceGuestCart,
  updateCart,
} from './service.ts';
export * as cartSteps from './steps.ts';
