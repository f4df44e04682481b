import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { appError } from '../platform/errors.ts';
import { toDetail } from './detail-view.ts';
import {
  findProductList,
  findProductPages,
  type ProductListFilter,
  type ProductListOrder,
} from './list-repo.ts';
import { groupBy, toListItem, toOptions } from './product-view.ts';
import * as repo from './repo.ts';
import { findVisibleSection, findVisibleSections, searchBrandRows, type SectionRow } from './display-repo.ts';
import {
  BrandSearchQuery,
  DisplaySectionQuery,
  ProductSearchQuery,
  type BrandSearchQuery as BrandSearchInput,
  type DisplaySectionCriteria,
  type DisplaySectionQuery as DisplaySectionInput,
  type ProductSearchQuery as ProductSearchInput,
} from './schema.ts';
import { parseKeywords } from './search-index.ts';
import type {
  BrandSearchItem,
  DisplaySectionResponse,
  ProductDetail,
  ProductOptionInfo,
  ProductOptionsResponse,
  ProductSearchItem,
  ProductSearchResponse,
  ProductsOptionsResponse,
} from './types.ts';

export { getCategories, getCategory } from './categories.ts';
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

/** `count: false`: leave out the count and price range of the whole result (0 in the answer). */
type Page = { pageNumber: number; pageSize: number; count?: boolean };

async function listProducts(
  db: Db,
  filter: ProductListFilter,
  order: ProductListOrder,
  page: Page,
  withOptionValues: boolean,
  now: Date,
): Promise<{
  totalCount: number;
  pageCount: number;
  minPrice: number;
  maxPrice: number;
  items: ProductSearchItem[];
}> {
  const { summary, rows } = await findProductList(db, filter, order, {
    limit: page.pageSize,
    offset: (page.pageNumber - 1) * page.pageSize,
    count: page.count ?? true,
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
    totalCount: summary.totalCount,
    pageCount: Math.ceil(summary.totalCount / page.pageSize),
    minPrice: summary.minPrice ?? 0,
    maxPrice: summary.maxPrice ?? 0,
    items: rows.map((r) =>
      toListItem(r, withOptionValues ? (optionsOf.get(r.product_no) ?? []) : undefined, now),
    ),
  };
}

/** GET /products/search */
export async function searchProducts(db: Db, query: ProductSearchInput = {}): Promise<ProductSearchResponse> {
  const q = parseInput(ProductSearchQuery, query);
  const now = new Date();
  const keywords = parseKeywords(q.keywords, q.keywordsInResult);
  const list = await listProducts(
    db,
    {
      now: now.toISOString(),
      match: keywords.match,
      likePatterns: keywords.likePatterns,
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
    },
    { by: q.orderBy, direction: q.direction, soldoutPlaceEnd: q.soldoutPlaceEnd },
    q,
    q.hasOptionValues,
    now,
  );
  return { ...list, displayableStock: true, correctedKeyword: null };
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

async function findDetailBySlug(db: Db, slug: string): Promise<repo.ProductDetailBundle | undefined> {
  const key = slug.trim();
  if (!key) return undefined;
  if (/^\d{1,15}$/.test(key)) {
    const byNo = await findDetail(db, Number(key));
    if (byNo) return byNo;
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
 * GET /display/sections/{sectionNo}: null when there is no visible section with that number.
 * A page that shows no count passes `{ count: false }`, which spares the count over the whole
 * section: `productTotalCount` and `extra.pageCount` are then 0.
 */
export async function getDisplaySection(
  db: Db,
  sectionNo: number,
  query: DisplaySectionInput = {},
  options: { count?: boolean } = {},
): Promise<DisplaySectionResponse | null> {
  const q = parseInput(DisplaySectionQuery, query);
  if (!Number.isSafeInteger(sectionNo) || sectionNo <= 0) return null;
  const section = await findVisibleSection(db, sectionNo);
  if (!section) return null;
  const now = new Date();
  const list = await listProducts(
    db,
    sectionFilter(section, q, now),
    sectionOrder(section, q),
    { ...q, count: options.count ?? true },
    q.hasOptionValues,
    now,
  );
  return sectionResponse(section, list.items, list.totalCount, list.pageCount);
}

/**
 * Several sections for one page that shows no counts (the home page), each as
 * `getDisplaySection(db, no, query, { count: false })` would answer (null for a section that is not
 * visible), read in two statements whatever their number: the sections, then all their pages.
 */
export async function getDisplaySections(
  db: Db,
  sectionNos: readonly number[],
  query: DisplaySectionInput = {},
): Promise<(DisplaySectionResponse | null)[]> {
  const q = parseInput(DisplaySectionQuery, query);
  const valid = sectionNos.filter((n) => Number.isSafeInteger(n) && n > 0);
  const byNo = new Map((await findVisibleSections(db, valid)).map((s) => [s.section_no, s]));
  const shown = sectionNos.flatMap((no) => byNo.get(no) ?? []);
  const now = new Date();
  const pages = await findProductPages(
    db,
    shown.map((section) => ({
      filter: sectionFilter(section, q, now),
      order: sectionOrder(section, q),
      limit: q.pageSize,
      offset: (q.pageNumber - 1) * q.pageSize,
    })),
  );
  const options = q.hasOptionValues
    ? groupBy(
        await repo.findOptions(
          db,
          pages.flat().map((r) => r.product_no),
        ),
        (o) => o.product_no,
      )
    : undefined;
  const bySection = new Map(
    shown.map((section, i) => {
      const items = (pages[i] ?? []).map((r) =>
        toListItem(r, options ? (options.get(r.product_no) ?? []) : undefined, now),
      );
      return [section.section_no, sectionResponse(section, items, 0, 0)];
    }),
  );
  return sectionNos.map((no) => bySection.get(no) ?? null);
}

function sectionFilter(section: SectionRow, q: DisplaySectionCriteria, now: Date): ProductListFilter {
  return {
    now: now.toISOString(),
    sectionNo: section.section_no,
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
    extra: { displayType: section.display_type, sortType: section.sort_type, pageCount },
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
