import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { appError } from '../platform/errors.ts';
import { toDetail } from './detail-view.ts';
import {
  findProductList,
  findProductPages,
  type KeptCorrection,
  type ProductListFilter,
  type ProductListOrder,
  type ProductListRow,
  type ProductListSummary,
  type SearchFacetRows,
} from './list-repo.ts';
import { ruleFilter, ruleOrderBy, rulePicksNothing } from './manage/display-rules.ts';
import { groupBy, toCardItem, toListItem, toOptions } from './product-view.ts';
import * as repo from './repo.ts';
import {
  findHomeSections,
  findVisibleSection,
  findVisibleSections,
  searchBrandRows,
  type SectionRow,
} from './display-repo.ts';
import {
  BrandSearchQuery,
  DisplaySectionQuery,
  ProductSearchQuery,
  type BrandSearchQuery as BrandSearchInput,
  type DisplaySectionCriteria,
  type ProductSearchCriteria,
  type DisplaySectionQuery as DisplaySectionInput,
  type ProductSearchQuery as ProductSearchInput,
} from './schema.ts';
import { correctKeyword } from './search-correction.ts';
import { parseSearch } from './search-terms.ts';
import { toSearchFacets } from './search-facets.ts';
import type {
  BrandSearchItem,
  DisplaySectionResponse,
  ProductDetail,
  ProductOptionInfo,
  ProductCardItem,
  ProductOptionsResponse,
  ProductSearchItem,
  ProductSearchResponse,
  ProductsOptionsResponse,
} from './types.ts';

export { getCategories, getCategory, getMenuCategories } from './categories.ts';
export { getBanners } from './banners.ts';
export type * from './types.ts';
export type {
  ProductSearchInput as ProductSearchQuery,
  DisplaySectionInput as DisplaySectionQuery,
  BrandSearchInput as BrandSearchQuery,
};

/**
 * The catalogue: product search, product detail and options, display sections and brands.
 * Server-rendered pages call these directly; the `/shop-api` routes return exactly what they return.
 */

/** Parses a caller's input; a bad value is the caller's mistake, so a 400 with a Korean message. */
function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const message = result.error.issues.map((i) => i.message).find((m) => /[가-힣]/.test(m));
  throw appError('INVALID_INPUT', message ?? '입력값을 확인해 주세요.');
}

/**
 * `count: false`: leave out the count and price range of the whole result (0 in the answer);
 * `facets`: also the search facets, read with the count (only the search API asks).
 */
type Page = { pageNumber: number; pageSize: number; count?: boolean; facets?: boolean };

/** Where `page` starts and ends in its list, and whether the list's count is read (findProductList). */
const listPage = (page: Page) => ({
  limit: page.pageSize,
  offset: (page.pageNumber - 1) * page.pageSize,
  count: page.count ?? true,
});

/** The count of a list as its pages say it: the count (capped or not) and how many pages. */
const pageCounts = (summary: ProductListSummary, page: Page) => ({
  totalCount: summary.totalCount,
  countCapped: summary.capped,
  pageCount: Math.ceil(summary.totalCount / page.pageSize),
});

async function listProducts(
  db: Db,
  filter: ProductListFilter,
  order: ProductListOrder,
  page: Page,
  withOptionValues: boolean,
  now: Date,
): Promise<{
  totalCount: number;
  countCapped: boolean;
  pageCount: number;
  minPrice: number;
  maxPrice: number;
  items: ProductSearchItem[];
  facets: SearchFacetRows;
  correction: KeptCorrection | undefined;
}> {
  const { summary, rows, facets, correction } = await findProductList(db, filter, order, {
    ...listPage(page),
    facets: page.facets ?? false,
  });
  // option values are the only per-option detail a list shows, and only on request
  const options = withOptionValues
    ? await repo.findOptions(
        db,
        rows.map((r) => r.product_no),
      )
    : [];
  const optionsOf = groupBy(options, (o) => o.product_no);
  return {
    ...pageCounts(summary, page),
    minPrice: summary.minPrice ?? 0,
    maxPrice: summary.maxPrice ?? 0,
    items: rows.map((r) =>
      toListItem(r, withOptionValues ? (optionsOf.get(r.product_no) ?? []) : undefined, now),
    ),
    facets: facets ?? { brands: [], categories: [] },
    correction,
  };
}

/**
 * A page of product cards (decision 079): what listProducts lists, each product as much as its card
 * shows (toCardItem), without the price range and facets.
 */
async function listCards(
  db: Db,
  filter: ProductListFilter,
  order: ProductListOrder,
  page: Page,
  now: Date,
): Promise<{
  totalCount: number;
  countCapped: boolean;
  pageCount: number;
  items: ProductCardItem[];
  correction: KeptCorrection | undefined;
}> {
  const { summary, rows, correction } = await findProductList(db, filter, order, {
    ...listPage(page),
    shape: 'card',
  });
  return {
    ...pageCounts(summary, page),
    items: rows.map((r) => toCardItem(r, now)),
    correction,
  };
}

/** The filter and order of a product search; null when its keywords hold nothing to search for. */
function searchPlan(
  q: ProductSearchCriteria,
  now: Date,
): { filter: ProductListFilter; order: ProductListOrder } | null {
  const search = parseSearch(q.keywords, q.keywordsInResult);
  if (!search && `${q.keywords ?? ''}${q.keywordsInResult ?? ''}`.trim()) return null;
  return {
    filter: {
      now: now.toISOString(),
      match: search?.match ?? null,
      exact: search?.exact ?? null,
      soldout: q.soldout,
      onSaleOnly: q.saleStatus === 'ONSALE',
      categoryNos: q.categoryNos,
      brandNos: q.brandNos,
      partnerNo: q.partnerNo,
      shippingAreaType: q.shippingAreaType,
      deliveryConditionType: q.deliveryConditionType,
      productManagementCd: q.productManagementCd,
      includeProductNos: q.includeProductNos,
      excludeProductNos: q.excludeProductNos,
      excludeBrandPartner: q.excludeBrandPartner,
      onlyBrandPartner: q.onlyBrandPartner,
      price: q.price,
    },
    order: { by: q.orderBy, direction: q.direction, soldoutPlaceEnd: q.soldoutPlaceEnd },
  };
}

/** How a keyword search is answered. */
export interface SearchOptions {
  /**
   * When the keyword finds nothing, search again with its closest known words and say so
   * (`correctedKeyword`; search-correction.ts, decision 069). Off for a search "as typed".
   */
  correctTypos?: boolean;
}

/**
 * Answers a search, and when it found nothing and typos may be corrected, the same search with
 * the corrected keyword if that finds something (with the keyword it used); otherwise the first
 * answer. Only a search that found nothing pays for the correction, and once a minute at most: a
 * correction that found something is kept with the summary of the search as typed (decision 076),
 * so the next request reads it with that summary and searches once, with the correction.
 */
async function answerCorrected<T extends { totalCount: number; correction?: KeptCorrection | undefined }>(
  db: Db,
  q: ProductSearchCriteria,
  now: Date,
  options: SearchOptions,
  answer: (plan: NonNullable<ReturnType<typeof searchPlan>>) => Promise<T>,
): Promise<(T & { correctedKeyword: string | null }) | null> {
  const plan = searchPlan(q, now);
  if (!plan) return null;
  const first = await answer(plan);
  if (!options.correctTypos || first.totalCount > 0 || !q.keywords)
    return { ...first, correctedKeyword: null };
  // kept for the keyword as typed: keywords that differ in their spaces share the summary, not the correction
  const keptFor = first.correction?.kept;
  const kept = keptFor?.typed === q.keywords ? keptFor.corrected : null;
  const corrected = kept ?? (await correctKeyword(db, q.keywords));
  const plan2 = corrected ? searchPlan({ ...q, keywords: corrected }, now) : null;
  if (!corrected || !plan2) return { ...first, correctedKeyword: null };
  const second = await answer(plan2);
  if (second.totalCount === 0) return { ...first, correctedKeyword: null };
  if (kept === null) first.correction?.keep?.({ typed: q.keywords, corrected });
  return { ...second, correctedKeyword: corrected };
}

/**
 * GET /products/search. The count stops at COUNT_CAP (1,000): above it `totalCount` is 1,000, and
 * the price range and facets are those of the first 1,001 found (decision 031). With
 * `correctTypos`, a keyword that finds nothing is searched as corrected and `correctedKeyword` says
 * with what (Shopby's field; null otherwise).
 */
export async function searchProducts(
  db: Db,
  query: ProductSearchInput = {},
  options: SearchOptions = {},
): Promise<ProductSearchResponse> {
  const q = parseInput(ProductSearchQuery, query);
  const now = new Date();
  // the count, price range and facets come from one statement over the first COUNT_CAP + 1 found
  const found = await answerCorrected(db, q, now, options, async (plan) => {
    const {
      countCapped: _capped,
      facets,
      correction,
      ...list
    } = await listProducts(db, plan.filter, plan.order, { ...q, facets: true }, q.hasOptionValues, now);
    return { ...list, ...toSearchFacets(facets), correction };
  });
  if (!found) {
    return {
      totalCount: 0,
      pageCount: 0,
      minPrice: 0,
      maxPrice: 0,
      items: [],
      ...toSearchFacets({ brands: [], categories: [] }),
      displayableStock: true,
      correctedKeyword: null,
    };
  }
  const { correction: _correction, ...answer } = found;
  return { ...answer, displayableStock: true };
}

/** A page of Podo's own product lists (search, category): what `searchProducts` lists, without facets. */
export interface CatalogPage {
  /** Exact, or COUNT_CAP when `countCapped` (there are more: "1,000개 이상"). */
  totalCount: number;
  countCapped: boolean;
  pageCount: number;
  /** As much of each product as its card shows (decision 079). */
  items: ProductCardItem[];
  /** The keyword the list was searched with instead of the one given, which found nothing (decision 069). */
  correctedKeyword: string | null;
}

/**
 * The shop's own list pages and list API: the same search as `searchProducts` without the facets
 * and price range no page shows, and saying when the count stopped at its cap. Its items are the
 * cards' part of `searchProducts`' items (decision 079); `hasOptionValues` adds nothing to them.
 */
export async function listCatalog(
  db: Db,
  query: ProductSearchInput = {},
  options: SearchOptions = {},
): Promise<CatalogPage> {
  const q = parseInput(ProductSearchQuery, query);
  const now = new Date();
  const found = await answerCorrected(db, q, now, options, (plan) =>
    listCards(db, plan.filter, plan.order, q, now),
  );
  if (found) {
    const { correction: _correction, ...page } = found;
    return page;
  }
  return { totalCount: 0, countCapped: false, pageCount: 0, items: [], correctedKeyword: null };
}

/** GET /products/{productNo}: null when there is no such product or it is not for sale to anyone. */
export async function getProduct(db: Db, productNo: number): Promise<ProductDetail | null> {
  const found = await findDetail(db, productNo);
  return found ? toDetail(found, new Date()) : null;
}

/** A product by its address part: its slug, or its number written out. */
export async function getProductBySlug(db: Db, slug: string): Promise<ProductDetail | null> {
  const found = await findDetailBySlug(db, slug);
  return found ? toDetail(found, new Date()) : null;
}

/**
 * The product page's data, read once: the detail (GET /products/{productNo}) and its options (GET
 * /products/{productNo}/options) as those calls would answer, from one statement.
 */
export async function getProductPage(
  db: Db,
  slug: string,
): Promise<{ product: ProductDetail; options: ProductOptionsResponse } | null> {
  const found = await findDetailBySlug(db, slug);
  if (!found) return null;
  const now = new Date();
  return { product: toDetail(found, now), options: toOptions(found.row, found.options, found.inputs, now) };
}

function findDetail(db: Db, productNo: number): Promise<repo.ProductDetailBundle | undefined> {
  if (!Number.isSafeInteger(productNo) || productNo <= 0) return Promise.resolve(undefined);
  return repo.findProductDetail(db, { productNo });
}

/**
 * The product of a page address: a number (the product of that number, or else a slug made of
 * digits) or a slug, read in one statement either way.
 */
async function findDetailBySlug(db: Db, slug: string): Promise<repo.ProductDetailBundle | undefined> {
  const key = slug.trim();
  if (!key) return undefined;
  if (/^\d{1,15}$/.test(key) && Number(key) > 0) {
    return repo.findProductDetail(db, { productNo: Number(key), slug: key });
  }
  return repo.findProductDetail(db, { slug: key });
}

/** GET /products/{productNo}/options: null when the product cannot be shown. */
export async function getProductOptions(db: Db, productNo: number): Promise<ProductOptionsResponse | null> {
  if (!Number.isSafeInteger(productNo) || productNo <= 0) return null;
  const { optionInfos } = await getOptionsOfProducts(db, [productNo]);
  const info = optionInfos[0];
  if (!info) return null;
  const { mallProductNo: _no, options: _list, ...options } = info;
  return options;
}

/** GET /products/options?productNos=…: products that cannot be shown are left out. */
export async function getOptionsOfProducts(
  db: Db,
  productNos: readonly number[],
): Promise<ProductsOptionsResponse> {
  const nos = [...new Set(productNos)].filter((n) => Number.isSafeInteger(n) && n > 0);
  const [products, options, inputs] = await Promise.all([
    repo.findOptionProducts(db, nos),
    repo.findOptions(db, nos),
    repo.findInputs(db, nos),
  ]);
  const now = new Date();
  const byNo = new Map(products.map((p) => [p.product_no, p]));
  const optionsOf = groupBy(options, (o) => o.product_no);
  const inputsOf = groupBy(inputs, (i) => i.product_no);
  const optionInfos = nos.flatMap((no) => {
    const product = byNo.get(no);
    return product ? [optionInfo(product, optionsOf.get(no) ?? [], inputsOf.get(no) ?? [], now)] : [];
  });
  return { optionInfos };
}

function optionInfo(
  product: repo.ProductRow,
  options: readonly repo.OptionRow[],
  inputs: readonly repo.InputRow[],
  now: Date,
): ProductOptionInfo {
  const response = toOptions(product, options, inputs, now);
  return {
    mallProductNo: product.product_no,
    options: response.flatOptions.map((o) => ({ ...o, children: null })),
    ...response,
  };
}

/**
 * How one section's page is read: the filter, order and cut of its list (`cap`: a rule section
 * shows at most `rule_limit` products, so its count stops there), or null when it has nothing to
 * show whatever the page.
 */
interface SectionPlan {
  filter: ProductListFilter;
  order: ProductListOrder;
  limit: number;
  offset: number;
  cap: number | null;
}

/**
 * The plans of `sections`' pages. A MANUAL section lists its own products in the asked or its own
 * order. A rule section (best, new, category) lists the first `rule_limit` products in its rule's
 * order; asked for another order (or direction), its picks are found first (one statement for all
 * such sections) and then sorted as asked, so "best 12 by price" is those 12, not the 12 cheapest.
 */
async function planSections(
  db: Db,
  sections: readonly SectionRow[],
  q: DisplaySectionCriteria,
  now: Date,
): Promise<(SectionPlan | null)[]> {
  const offset = (q.pageNumber - 1) * q.pageSize;
  const base = sectionFilter(q, now);
  // the rule's own order (strongest first) reads its page in one go; any other order picks first
  const resorted = Boolean(q.by) || q.direction !== 'DESC';
  const sortedRules = sections.filter((s) => s.rule_type !== 'MANUAL' && resorted && !rulePicksNothing(s));
  const picked = await findProductPages(
    db,
    sortedRules.map((s) => ({ ...rulePlan(s, base), limit: s.rule_limit, offset: 0 })),
  );
  const picksOf = new Map(sortedRules.map((s, i) => [s, (picked[i] ?? []).map((r) => r.product_no)]));
  return sections.map((section) => {
    if (section.rule_type === 'MANUAL') {
      const filter = { ...base, sectionNo: section.section_no };
      return { filter, order: sectionOrder(section, q), limit: q.pageSize, offset, cap: null };
    }
    if (rulePicksNothing(section)) return null;
    const picks = picksOf.get(section);
    if (picks) {
      if (picks.length === 0) return null;
      const order = { by: q.by ?? ruleOrderBy(section), direction: q.direction, soldoutPlaceEnd: false };
      return { filter: { ...base, includeProductNos: picks }, order, limit: q.pageSize, offset, cap: null };
    }
    const limit = Math.max(0, Math.min(q.pageSize, section.rule_limit - offset));
    return { ...rulePlan(section, base), limit, offset, cap: section.rule_limit };
  });
}

/** A rule section's list in its rule's order, strongest first. */
function rulePlan(section: SectionRow, base: ProductListFilter): Pick<SectionPlan, 'filter' | 'order'> {
  return {
    filter: { ...base, ...ruleFilter(section) },
    order: { by: ruleOrderBy(section), direction: 'DESC', soldoutPlaceEnd: false },
  };
}

/**
 * GET /display/sections/{sectionNo}: null when there is no section with that number shown now
 * (visible and within its display period). A page that shows no count passes `{ count: false }`,
 * which spares the count over the whole section: `productTotalCount` and `extra.pageCount` are
 * then 0.
 */
export async function getDisplaySection(
  db: Db,
  sectionNo: number,
  query: DisplaySectionInput = {},
  options: { count?: boolean } = {},
): Promise<DisplaySectionResponse | null> {
  const q = parseInput(DisplaySectionQuery, query);
  if (!Number.isSafeInteger(sectionNo) || sectionNo <= 0) return null;
  const now = new Date();
  const section = await findVisibleSection(db, sectionNo, now.toISOString());
  if (!section) return null;
  const [plan] = await planSections(db, [section], q, now);
  if (!plan) return sectionResponse(section, [], 0, 0);
  const count = options.count ?? true;
  const { summary, rows } = await findProductList(db, plan.filter, plan.order, {
    limit: plan.limit,
    offset: plan.offset,
    count,
  });
  const total = plan.cap === null ? summary.totalCount : Math.min(summary.totalCount, plan.cap);
  const items = await listItems(db, rows, q.hasOptionValues, now);
  return sectionResponse(section, items, total, count ? Math.ceil(total / q.pageSize) : 0);
}

/**
 * Several sections for one page that shows no counts, each as
 * `getDisplaySection(db, no, query, { count: false })` would answer (null for a section that is not
 * shown), read in two statements whatever their number: the sections, then all their pages (a
 * rule section sorted on request costs one more for its picks).
 */
export async function getDisplaySections(
  db: Db,
  sectionNos: readonly number[],
  query: DisplaySectionInput = {},
): Promise<(DisplaySectionResponse | null)[]> {
  const q = parseInput(DisplaySectionQuery, query);
  const valid = sectionNos.filter((n) => Number.isSafeInteger(n) && n > 0);
  const now = new Date();
  const found = await findVisibleSections(db, valid, now.toISOString());
  const byNo = new Map(found.map((s) => [s.section_no, s]));
  const shown = [...new Set(sectionNos)].flatMap((no) => byNo.get(no) ?? []);
  const pages = await sectionPages(db, shown, q, now);
  const bySection = new Map(shown.map((s, i) => [s.section_no, pages[i] ?? null]));
  return sectionNos.map((no) => bySection.get(no) ?? null);
}

/**
 * A home page section: its number, title and explanation as the section API answers them, the
 * products of its first page as cards (decision 079), and the rule that fills it.
 */
export interface HomeSection {
  section: Pick<DisplaySectionResponse, 'sectionNo' | 'label' | 'sectionExplain'> & {
    products: ProductCardItem[];
  };
  ruleType: SectionRow['rule_type'];
  ruleCategoryNo: number | null;
}

/**
 * The home page's sections (on the home page, visible, within their period) in the manager's
 * order, each with the products `getDisplaySection(db, no, query, { count: false })` would answer,
 * read as cards: one statement for all of them. `hasOptionValues` is not read (a card shows no
 * option). A rule section's pages are walked here at every call, where the section API may read a
 * kept popular order up to 60 s old (decision 080).
 */
export async function getHomeSections(db: Db, query: DisplaySectionInput = {}): Promise<HomeSection[]> {
  const q = parseInput(DisplaySectionQuery, query);
  const now = new Date();
  const sections = await findHomeSections(db, now.toISOString());
  const plans = await planSections(db, sections, q, now);
  const pages = bySection(plans, await findProductPages(db, planned(plans), 'card'));
  return sections.map((s, i) => ({
    section: {
      sectionNo: s.section_no,
      label: s.label,
      sectionExplain: s.section_explain,
      products: (pages[i] ?? []).map((r) => toCardItem(r, now)),
    },
    ruleType: s.rule_type,
    ruleCategoryNo: s.rule_category_no,
  }));
}

/** The plans that read a page, in order, for `findProductPages`. */
function planned(plans: readonly (SectionPlan | null)[]): SectionPlan[] {
  return plans.flatMap((p) => (p ? [p] : []));
}

/** Each section's page from the pages of its `planned` plans: none for a section without a plan. */
function bySection<T>(plans: readonly (SectionPlan | null)[], pages: readonly T[][]): T[][] {
  let next = 0;
  return plans.map((p) => (p ? (pages[next++] ?? []) : []));
}

/** The first page of each section, without counts, in one statement for all of them. */
async function sectionPages(
  db: Db,
  sections: readonly SectionRow[],
  q: DisplaySectionCriteria,
  now: Date,
): Promise<DisplaySectionResponse[]> {
  const plans = await planSections(db, sections, q, now);
  const pages = bySection(plans, await findProductPages(db, planned(plans)));
  const options = q.hasOptionValues
    ? groupBy(
        await repo.findOptions(
          db,
          pages.flat().map((r) => r.product_no),
        ),
        (o) => o.product_no,
      )
    : undefined;
  return sections.map((section, i) => {
    const items = (pages[i] ?? []).map((r) =>
      toListItem(r, options ? (options.get(r.product_no) ?? []) : undefined, now),
    );
    return sectionResponse(section, items, 0, 0);
  });
}

/** List rows as the API's items, with their option values when asked. */
async function listItems(
  db: Db,
  rows: ProductListRow[],
  withOptionValues: boolean,
  now: Date,
): Promise<ProductSearchItem[]> {
  const options = withOptionValues
    ? groupBy(
        await repo.findOptions(
          db,
          rows.map((r) => r.product_no),
        ),
        (o) => o.product_no,
      )
    : undefined;
  return rows.map((r) => toListItem(r, options ? (options.get(r.product_no) ?? []) : undefined, now));
}

function sectionFilter(q: DisplaySectionCriteria, now: Date): ProductListFilter {
  return {
    now: now.toISOString(),
    soldout: q.soldout,
    onSaleOnly: q.saleStatus === 'ONSALE',
    excludeBrandPartner: q.excludeBrandPartner,
  };
}

function sectionOrder(section: SectionRow, q: DisplaySectionCriteria): ProductListOrder {
  return { by: q.by ?? section.sort_type, direction: q.direction, soldoutPlaceEnd: false };
}

function sectionResponse(
  section: SectionRow,
  products: ProductSearchItem[],
  totalCount: number,
  pageCount: number,
): DisplaySectionResponse {
  return {
    sectionNo: section.section_no,
    label: section.label,
    sectionExplain: section.section_explain,
    productTotalCount: totalCount,
    imageUrl: '',
    displayableStock: true,
    promotionText: '',
    leftSpaceColor: '',
    rightSpaceColor: '',
    products,
    extra: {
      displayType: section.display_type,
      // a rule section is ordered by its rule
      sortType: section.rule_type === 'MANUAL' ? section.sort_type : ruleOrderBy(section),
      pageCount,
    },
  };
}

/** GET /display/brands/search: Shopby answers with a bare array. */
export async function searchBrands(db: Db, query: BrandSearchInput = {}): Promise<BrandSearchItem[]> {
  const q = parseInput(BrandSearchQuery, query);
  const found = await searchBrandRows(db, {
    brandName: q.brandName,
    sortCriterion: q.sortCriterion,
    sortDirection: q.sortDirection,
    limit: q.pageSize,
    offset: (q.pageNumber - 1) * q.pageSize,
    now: new Date().toISOString(),
  });
  return found.map((b) => ({
    brandNo: b.brand_no,
    mainBrandName: b.brand_name,
    brandName: b.brand_name,
    brandNameKo: b.brand_name_ko ?? b.brand_name,
    brandNameEn: b.brand_name_en ?? '',
    logoImageUrl: b.logo_image_url ?? '',
    productCount: b.product_cnt,
  }));
}

/** Slug and name of each given product, whatever its sale status (saved designs, order lines). */
export function productNamesOf(
  db: Db,
  productNos: readonly number[],
): Promise<Map<number, { slug: string; productName: string }>> {
  return repo.selectProductNames(db, productNos);
}
