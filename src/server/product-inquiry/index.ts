/** The product-inquiry module's public entry: code outside src/server/product-inquiry/ imports only this file. */
export {
  answerProductInquiry,
  createProductInquiry,
  deleteMyProductInquiry,
  listMyProductInquiries,
  listProductInquiries,
  listProductInquiriesForManager,
  updateMyProductInquiry,
} from './service.ts';
export type { ProductInquiryPage, ProductInquiryWithProduct } from './service.ts';
export { toShopbyProductInquiryPage } from './shopby.ts';
