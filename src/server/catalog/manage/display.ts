/**
 * The display editors' public entry (re-exported by the catalog module's index.ts): home banners
 * and display sections, what /api/manager/display and the /manager/display pages call.
 */
export {
  createBanner,
  deleteBanner,
  getBanner,
  listBanners,
  removeMobileImage,
  reorderBanners,
  setBannerImage,
  updateBanner,
  type BannerGroup,
  type BannerList,
  type ManagedBanner,
} from './display-banners.ts';
export {
  createSection,
  deleteSection,
  getSection,
  listSections,
  reorderSections,
  searchSectionProducts,
  sectionCategoryChoices,
  setSectionProducts,
  updateSection,
  SORT_LABELS,
  type CategoryChoice,
  type ManagedSection,
  type PickableProduct,
  type SectionDetail,
} from './display-sections.ts';
export { RULE_LABELS } from './display-rules.ts';
export {
  BannerCreate,
  BannerImageForm,
  BannerImageQuery,
  BannerListQuery,
  BannerNoParam,
  BannerPatch,
  BannerReorder,
  ProductSearchQuery,
  SECTION_RULE_TYPES,
  SECTION_SORT_TYPES,
  SectionCreate,
  SectionNoParam as ManagedSectionNoParam,
  SectionPatch,
  SectionProducts,
  SectionReorder,
  VersionQuery as DisplayVersionQuery,
  isoToSeoulLocal,
  landingUrlOf,
  seoulLocalToIso,
} from './display-schema.ts';
export type { DisplayState } from './display-state.ts';
