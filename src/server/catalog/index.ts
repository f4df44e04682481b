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
export { rebuildProductSearch } from './search-index.ts';
export {
  getBanners,
  getCategories,
  getCategory,
  getDisplaySection,
  getDisplaySections,
  getOptionsOfProducts,
  getProduct,
  getProductOptions,
  getProductPage,
  searchBrands,
  searchProducts,
} from './service.ts';
export type { ProductOptionInfo, ProductSearchItem } from './service.ts';
export type { ProductDetail, ProductOptionsResponse } from './types.ts';
export { productNamesOf } from './service.ts';
export * as catalogSteps from './steps.ts';
