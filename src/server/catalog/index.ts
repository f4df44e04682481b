/** The catalog module's public entry: code outside src/server/catalog/ imports only this file. */
export { accumulationAmt } from './pricing.ts';
export {
  BannerCodesParam,
  BrandSearchParams,
  CategoriesParams,
  CategoryNoParam,
  DisplaySectionParams,
  ProductDetailParams,
  ProductNoParam,
  ProductOptionsParams,
  ProductSearchParams,
  SectionNoParam,
} from './schema.ts';
export {
  getBanners,
  getCategories,
  getMenuCategories,
  getCategory,
  getDisplaySection,
  getDisplaySections,
  getOptionsOfProducts,
  getProduct,
  getProductOptions,
  getProductPage,
  listCatalog,
  searchBrands,
  searchProducts,
} from './service.ts';
export type { CatalogPage, ProductOptionInfo, ProductSearchItem, SearchOptions } from './service.ts';
export type { ProductDetail, ProductOptionsResponse } from './types.ts';
export { productNamesOf } from './service.ts';
export * as catalogSteps from './steps.ts';
export { flushSearches, getSuggestions, recordSearch } from './suggestions.ts';
export type { Suggestions } from './suggestions.ts';
// The catalogue back office (src/server/catalog/manage/): products, options, stock, images, CSV.
export { PRODUCT_SORTS, listManagedProducts, lowStockFigures } from './manage/product-list.ts';
export type { ProductListItem, ProductListQuery, ProductSort } from './manage/product-list.ts';
export {
  bulkUpdate,
  copyProduct,
  createProduct,
  deleteProduct,
  loadManagedProduct,
  updateProduct,
} from './manage/products.ts';
export type { Actor, BulkAction, ManagedImage, ManagedOption, ManagedProduct } from './manage/products.ts';
export type { ProductInputDraft } from './manage/product-input.ts';
export { customizableProductNos, productFormOptions } from './manage/form-options.ts';
export type { ProductFormOptions } from './manage/form-options.ts';
export {
  addContentImage,
  addImage,
  deleteImage,
  listImages,
  reorderImages,
  setImageAlt,
  setMainImage,
} from './manage/product-images.ts';
export { moveOptionStock, stockLedger } from './manage/stock.ts';
export type { LedgerLine, StockMove } from './manage/stock.ts';
export { exportProductsCsv, importProductsCsv } from './manage/csv.ts';
export type { ImportReport } from './manage/csv.ts';
// The setup editors (categories, brands, partners, delivery templates) and the display editors
// (banners, sections), and the home page's sections.
export * from './manage/setup.ts';
export * from './manage/display.ts';
export { getHomeSections } from './service.ts';
export type { HomeSection } from './service.ts';
// The counter's view of the catalogue (issue 14): options by barcode or name, with the counter's price.
export { counterItemByCode, counterItems, searchCounterItems } from './manage/counter.ts';
export type { CounterItem } from './manage/counter.ts';
// Barcodes and the counter's stock work (issue 14).
export * from './manage/barcodes.ts';
export * from './manage/counter-stock.ts';
export { skinBannerGroups } from './shopby-extras.ts';
export {
  RESTOCK_RECENT_DAYS,
  cancelRestockAlert,
  listMyRestockAlerts,
  notifyBuyableWaiters,
  recentlyRestockedProductNos,
  requestRestockAlert,
} from './restock.ts';
export type { AlertRequester, MyRestockAlert } from './restock.ts';
