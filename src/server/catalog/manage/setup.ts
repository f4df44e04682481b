/**
 * The catalogue's setup editors (/manager/categories, /brands, /partners, /delivery-templates):
 * the public entry of this part of the catalog module, re-exported from src/server/catalog/index.ts.
 */
export {
  createCategory,
  deleteCategory,
  getAdminCategory,
  getCategoryTree,
  moveCategory,
  updateCategory,
  MAX_DEPTH,
  RESERVED_CATEGORY_NOS,
  type AdminCategory,
  type CategoryTree,
} from './setup-categories.ts';
export {
  createBrand,
  deleteBrand,
  getBrand,
  listBrands,
  removeBrandLogo,
  setBrandLogo,
  updateBrand,
  BRAND_LOGO_WIDTHS,
  type AdminBrand,
} from './setup-brands.ts';
export {
  createPartner,
  deletePartner,
  getPartner,
  listPartners,
  renamePartner,
  type AdminPartner,
} from './setup-partners.ts';
export {
  createDeliveryTemplate,
  deleteDeliveryTemplate,
  getDeliveryTemplate,
  listDeliveryTemplates,
  remoteAreasOf,
  updateDeliveryTemplate,
  type AdminDeliveryTemplate,
  type AdminRemoteArea,
} from './setup-templates.ts';
export {
  BrandCreate,
  BrandLogoForm,
  BrandNoParam,
  BrandPatch,
  BrandPut,
  CategoryCreate,
  CategoryMove,
  CategoryNoParam as ManagedCategoryNoParam,
  CategoryPatch,
  DeliveryTemplateInput,
  DeliveryTemplatePut,
  PartnerCreate,
  PartnerNoParam,
  PartnerPatch,
  TemplateNoParam,
  VersionQuery,
  fieldProblems,
  remoteAreaProblems,
  CONDITION_TYPES,
  DELIVERY_TYPES,
} from './setup-schema.ts';
