import type { InValue } from '@libsql/client';
import type { Db } from '../db/client.ts';
import type { DiscountUnit, SaleStatus } from './pricing.ts';
import type { ProductOrderBy, SectionOrderBy } from './schema.ts';

/**
 * The catalogue's SQL. Every statement is parameterised (named parameters, so `:now` can appear
 * several times). A page of products costs a fixed number of statements whatever its size: one
 * for count and price range, one for the rows, then one `IN (...)` each for images and options.
 */

type Args = Record<string, InValue>;
const rows = <T>(rs: { rows: unknown[] }) => rs.rows as T[];

/** Binds a list as `:p0, :p1, …`; an empty list gives `NULL` so `IN (NULL)` matches nothing. */
function bindList(prefix: string, values: readonly InValue[], args: Args): string {
  if (values.length === 0) return 'NULL';
  return values
    .map((v, i) => {
      args[`${prefix}${i}`] = v;
      return `:${prefix}${i}`;
    })
    .join(', ');
}

// ------------------------------------------------------------------------------ rules in SQL

/**
 * Mirror of pricing.ts immediateDiscountAmt + money.ts discountedPrice: the price after an
 * immediate discount that is within its period at `:now`. pricing.test.ts keeps them in step.
 */
export const PRICE_SQL = `(CASE WHEN p.immediate_discount_value > 0
    AND (p.immediate_discount_start_ymdt IS NULL OR p.immediate_discount_start_ymdt <= :now)
    AND (p.immediate_discount_end_ymdt IS NULL OR p.immediate_discount_end_ymdt > :now)
  THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit
    WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER)
    ELSE p.immediate_discount_value END)
  ELSE p.sale_price END)`;

/** Mirror of pricing.ts isProductSoldOut. */
export const SOLD_OUT_SQL = `(p.forced_sold_out = 1 OR NOT EXISTS (
  SELECT 1 FROM product_options so WHERE so.product_no = p.product_no AND so.stock_cnt > 0 AND so.forced_sold_out = 0))`;

/** Listed in the shop: shown, on sale or awaiting sale, and not past its sale end. */
const LISTABLE_SQL = `p.front_display = 1 AND p.sale_status IN ('ONSALE', 'READY')
  AND (p.sale_end_ymdt IS NULL OR p.sale_end_ymdt > :now)`;

/** Reachable by its address: listable, or hidden from lists but open by direct address. */
const DETAIL_VISIBLE_SQL = `p.sale_status NOT IN ('STOP', 'PROHIBITION') AND (p.front_display = 1 OR p.url_direct_display = 1)`;

// ------------------------------------------------------------------------------ product lists

export interface ProductListFilter {
  now: string;
  /** FTS5 MATCH string over product_search. */
  match?: string | null;
  /** LIKE patterns (escape `\`), each of which must match one of the indexed texts. */
  likePatterns?: string[];
  soldout: boolean;
  onSaleOnly: boolean;
  categoryNos?: number[] | undefined;
  brandNos?: number[] | undefined;
  partnerNo?: number | undefined;
  shippingAreaType?: 'MALL' | 'PARTNER' | undefined;
  deliveryConditionType?: 'FREE' | 'CONDITIONAL' | 'FIXED_FEE' | undefined;
  productManagementCd?: string | undefined;
  includeProductNos?: number[] | undefined;
  excludeProductNos?: number[] | undefined;
  excludeBrandPartner: boolean;
  /** Only the products of this display section. */
  sectionNo?: number;
}

export interface ProductListOrder {
  by: ProductOrderBy | SectionOrderBy;
  direction: 'ASC' | 'DESC';
  soldoutPlaceEnd: boolean;
}

function listFromWhere(f: ProductListFilter): { sql: string; args: Args } {
  const args: Args = { now: f.now };
  const where = [LISTABLE_SQL];
  let from = `FROM products p
    JOIN partners pa ON pa.partner_no = p.partner_no
    LEFT JOIN brands b ON b.brand_no = p.brand_no
    JOIN delivery_templates d ON d.template_no = p.delivery_template_no`;
  if (f.sectionNo !== undefined) {
    from +=
      ' JOIN display_section_products dsp ON dsp.product_no = p.product_no AND dsp.section_no = :section';
    args.section = f.sectionNo;
  }
  if (f.match) {
    where.push('p.product_no IN (SELECT rowid FROM product_search WHERE product_search MATCH :match)');
    args.match = f.match;
  }
  (f.likePatterns ?? []).forEach((pattern, i) => {
    const k = `like${i}`;
    args[k] = pattern;
    const cols = ['product_name', 'search_keywords', 'brand_name', 'partner_name'];
    where.push(
      `p.product_no IN (SELECT rowid FROM product_search WHERE ${cols.map((c) => `${c} LIKE :${k} ESCAPE '\\'`).join(' OR ')})`,
    );
  });
  if (!f.soldout) where.push(`NOT ${SOLD_OUT_SQL}`);
  if (f.onSaleOnly) where.push("p.sale_status = 'ONSALE' AND p.sale_start_ymdt <= :now");
  if (f.categoryNos?.length) {
    where.push(`p.product_no IN (SELECT pc.product_no FROM product_categories pc WHERE pc.category_no IN (
      WITH RECURSIVE sub(n) AS (
        SELECT category_no FROM categories WHERE category_no IN (${bindList('cat', f.categoryNos, args)})
        UNION SELECT c.category_no FROM categories c JOIN sub ON c.parent_no = sub.n)
      SELECT n FROM sub))`);
  }
  if (f.brandNos?.length) where.push(`p.brand_no IN (${bindList('brand', f.brandNos, args)})`);
  if (f.partnerNo !== undefined) {
    where.push('p.partner_no = :partner');
    args.partner = f.partnerNo;
  }
  if (f.shippingAreaType) {
    where.push('d.shipping_area_type = :area');
    args.area = f.shippingAreaType;
  }
  if (f.deliveryConditionType) {
    where.push('d.delivery_condition_type = :cond');
    args.cond = f.deliveryConditionType;
  }
  if (f.productManagementCd) {
    where.push('p.product_management_cd = :pmc');
    args.pmc = f.productManagementCd;
  }
  if (f.includeProductNos?.length)
    where.push(`p.product_no IN (${bindList('inc', f.includeProductNos, args)})`);
  if (f.excludeProductNos?.length)
    where.push(`p.product_no NOT IN (${bindList('exc', f.excludeProductNos, args)})`);
  if (f.excludeBrandPartner) where.push('pa.is_brand_self = 0');
  return { sql: `${from} WHERE ${where.join('\n  AND ')}`, args };
}

function orderSql(o: ProductListOrder, inSection: boolean): string {
  const dir = o.direction;
  // rank orders (1 = first): "DESC" means strongest first, i.e. the smallest rank
  const rankDir = dir === 'DESC' ? 'ASC' : 'DESC';
  const keys: string[] = [];
  if (o.soldoutPlaceEnd) keys.push(`${SOLD_OUT_SQL} ASC`);
  switch (o.by) {
    case 'POPULAR':
      keys.push(`(p.sale_cnt * 2 + p.review_cnt + p.like_cnt) ${dir}`, `p.sale_cnt ${dir}`);
      break;
    case 'SALE_YMD':
      keys.push(`p.sale_start_ymdt ${dir}`, `p.register_ymdt ${dir}`);
      break;
    case 'DISCOUNTED_PRICE':
      keys.push(`${PRICE_SQL} ${dir}`);
      break;
    case 'REVIEW':
      keys.push(`p.review_cnt ${dir}`, `p.review_rating ${dir}`);
      break;
    case 'SALE_CNT':
      keys.push(`p.sale_cnt ${dir}`);
      break;
    case 'RECENT_PRODUCT':
      keys.push(`p.register_ymdt ${dir}`);
      break;
    case 'RECOMMENDATION':
      keys.push(`p.like_cnt ${dir}`);
      break;
    case 'MD_RECOMMEND':
      keys.push('p.md_recommend_order IS NULL', `p.md_recommend_order ${rankDir}`);
      break;
    case 'ADMIN_SETTING':
      // the manager's order inside a section; elsewhere only the product number orders
      if (inSection) keys.push(`dsp.display_order ${rankDir}`);
      break;
  }
  keys.push('p.product_no DESC');
  return `ORDER BY ${keys.join(', ')}`;
}

export interface ProductListSummary {
  totalCount: number;
  minPrice: number | null;
  maxPrice: number | null;
}

export interface ProductListRow {
  product_no: number;
  slug: string;
  product_name: string;
  product_name_en: string | null;
  product_management_cd: string | null;
  product_type: 'DEFAULT' | 'EVENT' | 'OFFLINE';
  customizable: number;
  partner_no: number;
  partner_name: string;
  brand_no: number | null;
  brand_name: string | null;
  brand_name_ko: string | null;
  brand_name_en: string | null;
  sale_status: SaleStatus;
  sale_period_type: 'REGULAR' | 'PERIOD';
  sale_start_ymdt: string;
  sale_end_ymdt: string | null;
  front_display: number;
  url_direct_display: number;
  sale_price: number;
  immediate_discount_value: number;
  immediate_discount_unit: DiscountUnit;
  immediate_discount_start_ymdt: string | null;
  immediate_discount_end_ymdt: string | null;
  forced_sold_out: number;
  option_labels: string;
  promotion_text: string | null;
  accumulation_rate: number;
  sale_cnt: number;
  review_cnt: number;
  review_rating: number;
  like_cnt: number;
  register_ymdt: string;
  delivery_condition_type: 'FREE' | 'CONDITIONAL' | 'FIXED_FEE';
  shipping_area_type: 'MALL' | 'PARTNER';
  /** Comma-separated display category numbers. */
  category_nos: string | null;
}

const LIST_COLUMNS = `p.product_no, p.slug, p.product_name, p.product_name_en, p.product_management_cd, p.product_type,
  p.customizable, p.partner_no, pa.partner_name, p.brand_no, b.brand_name, b.brand_name_ko, b.brand_name_en,
  p.sale_status, p.sale_period_type, p.sale_start_ymdt, p.sale_end_ymdt, p.front_display, p.url_direct_display,
  p.sale_price, p.immediate_discount_value, p.immediate_discount_unit, p.immediate_discount_start_ymdt,
  p.immediate_discount_end_ymdt, p.forced_sold_out, p.option_labels, p.promotion_text, p.accumulation_rate,
  p.sale_cnt, p.review_cnt, p.review_rating, p.like_cnt, p.register_ymdt,
  d.delivery_condition_type, d.shipping_area_type,
  (SELECT GROUP_CONCAT(pc.category_no) FROM product_categories pc WHERE pc.product_no = p.product_no) AS category_nos`;

/** Count and price range of everything the filter matches, and one page of it. */
export async function findProductList(
  db: Db,
  filter: ProductListFilter,
  order: ProductListOrder,
  page: { limit: number; offset: number },
): Promise<{ summary: ProductListSummary; rows: ProductListRow[] }> {
  const { sql: fromWhere, args } = listFromWhere(filter);
  const [agg, list] = await Promise.all([
    db.execute({
      sql: `SELECT COUNT(*) AS total, MIN(${PRICE_SQL}) AS min_price, MAX(${PRICE_SQL}) AS max_price ${fromWhere}`,
      args,
    }),
    db.execute({
      sql: `SELECT ${LIST_COLUMNS} ${fromWhere} ${orderSql(order, filter.sectionNo !== undefined)} LIMIT :limit OFFSET :offset`,
      args: { ...args, limit: page.limit, offset: page.offset },
    }),
  ]);
  const a = agg.rows[0] as unknown as
    { total: number; min_price: number | null; max_price: number | null } | undefined;
  return {
    summary: { totalCount: a?.total ?? 0, minPrice: a?.min_price ?? null, maxPrice: a?.max_price ?? null },
    rows: rows<ProductListRow>(list),
  };
}

// ------------------------------------------------------------------------------ per-product parts

export interface ImageRow {
  product_no: number;
  url: string;
  width: number;
  height: number;
  alt: string;
  is_main: number;
  variants: string;
}

/** Images of the given products, main image first, then display order. */
export async function findImages(db: Db, productNos: readonly number[]): Promise<ImageRow[]> {
  if (productNos.length === 0) return [];
  const args: Args = {};
  const rs = await db.execute({
    sql: `SELECT product_no, url, width, height, alt, is_main, variants FROM product_images
      WHERE product_no IN (${bindList('p', productNos, args)})
      ORDER BY product_no, is_main DESC, display_order, image_no`,
    args,
  });
  return rows<ImageRow>(rs);
}

export interface OptionRow {
  option_no: number;
  product_no: number;
  value1: string | null;
  value2: string | null;
  value3: string | null;
  value4: string | null;
  add_price: number;
  stock_cnt: number;
  sale_cnt: number;
  option_management_cd: string | null;
  forced_sold_out: number;
  is_default: number;
  image_url: string | null;
}

export async function findOptions(db: Db, productNos: readonly number[]): Promise<OptionRow[]> {
  if (productNos.length === 0) return [];
  const args: Args = {};
  const rs = await db.execute({
    sql: `SELECT option_no, product_no, value1, value2, value3, value4, add_price, stock_cnt, sale_cnt,
        option_management_cd, forced_sold_out, is_default, image_url
      FROM product_options WHERE product_no IN (${bindList('p', productNos, args)})
      ORDER BY product_no, display_order, option_no`,
    args,
  });
  return rows<OptionRow>(rs);
}

export interface InputRow {
  input_no: number;
  product_no: number;
  input_label: string;
  input_matching_type: 'OPTION' | 'PRODUCT' | 'AMOUNT';
  required: number;
  max_length: number;
}

export async function findInputs(db: Db, productNos: readonly number[]): Promise<InputRow[]> {
  if (productNos.length === 0) return [];
  const args: Args = {};
  const rs = await db.execute({
    sql: `SELECT input_no, product_no, input_label, input_matching_type, required, max_length
      FROM product_inputs WHERE product_no IN (${bindList('p', productNos, args)})
      ORDER BY product_no, display_order, input_no`,
    args,
  });
  return rows<InputRow>(rs);
}

// ------------------------------------------------------------------------------ product detail

export interface ProductDetailRow extends ProductListRow {
  content: string;
  product_summary: string | null;
  min_buy_cnt: number;
  max_buy_person_cnt: number;
  max_buy_time_cnt: number;
  brand_logo_image_url: string | null;
  template_no: number;
  delivery_type: 'PARCEL_DELIVERY' | 'DIRECT_DELIVERY' | 'NONE';
  delivery_company_type: string;
  base_delivery_amt: number;
  above_delivery_amt: number | null;
  remote_delivery_amt: number;
  return_delivery_amt: number;
  template_partner_no: number;
}

const DETAIL_COLUMNS = `${LIST_COLUMNS}, p.content, p.product_summary, p.min_buy_cnt, p.max_buy_person_cnt,
  p.max_buy_time_cnt, b.logo_image_url AS brand_logo_image_url, d.template_no, d.delivery_type,
  d.delivery_company_type, d.base_delivery_amt, d.above_delivery_amt, d.remote_delivery_amt,
  d.return_delivery_amt, d.partner_no AS template_partner_no`;

const PRODUCT_FROM = `FROM products p
  JOIN partners pa ON pa.partner_no = p.partner_no
  LEFT JOIN brands b ON b.brand_no = p.brand_no
  JOIN delivery_templates d ON d.template_no = p.delivery_template_no`;

/** A product reachable by its address, by number or slug; undefined when there is none. */
export async function findProductDetail(
  db: Db,
  key: { productNo: number } | { slug: string },
): Promise<ProductDetailRow | undefined> {
  const byNo = 'productNo' in key;
  const rs = await db.execute({
    sql: `SELECT ${DETAIL_COLUMNS} ${PRODUCT_FROM} WHERE ${byNo ? 'p.product_no = :key' : 'p.slug = :key'} AND ${DETAIL_VISIBLE_SQL}`,
    args: { key: byNo ? key.productNo : key.slug },
  });
  return rows<ProductDetailRow>(rs)[0];
}

/** The fields the options endpoints need, for every given product reachable by its address. */
export async function findOptionProducts(db: Db, productNos: readonly number[]): Promise<ProductListRow[]> {
  if (productNos.length === 0) return [];
  const args: Args = {};
  const rs = await db.execute({
    sql: `SELECT ${LIST_COLUMNS} ${PRODUCT_FROM}
      WHERE p.product_no IN (${bindList('p', productNos, args)}) AND ${DETAIL_VISIBLE_SQL}`,
    args,
  });
  return rows<ProductListRow>(rs);
}

export interface CategoryPathRow {
  leaf: number;
  category_no: number;
  label: string;
  depth: number;
}

/** Each display category of the product with every ancestor (one row per path step). */
export async function findProductCategoryPaths(db: Db, productNo: number): Promise<CategoryPathRow[]> {
  const rs = await db.execute({
    sql: `WITH RECURSIVE up(leaf, category_no, parent_no, label, depth, ord) AS (
        SELECT c.category_no, c.category_no, c.parent_no, c.label, c.depth, pc.display_order
        FROM product_categories pc JOIN categories c ON c.category_no = pc.category_no
        WHERE pc.product_no = :p
        UNION ALL
        SELECT up.leaf, c.category_no, c.parent_no, c.label, c.depth, up.ord
        FROM up JOIN categories c ON c.category_no = up.parent_no)
      SELECT leaf, category_no, label, depth FROM up ORDER BY ord, leaf, depth`,
    args: { p: productNo },
  });
  return rows<CategoryPathRow>(rs);
}

// ------------------------------------------------------------------------------ categories

export interface CategoryRow {
  category_no: number;
  parent_no: number | null;
  label: string;
  depth: number;
  display_order: number;
  is_menu: number;
  icon_image_url: string | null;
  content: string | null;
}

export async function findCategories(db: Db): Promise<CategoryRow[]> {
  const rs = await db.execute(
    `SELECT category_no, parent_no, label, depth, display_order, is_menu, icon_image_url, content
     FROM categories ORDER BY depth, display_order, category_no`,
  );
  return rows<CategoryRow>(rs);
}

export interface BrandCountRow {
  brand_no: number;
  brand_name: string;
  product_cnt: number;
}

/** Brands of the listable products in the given categories, with how many products each has. */
export async function findBrandsInCategories(
  db: Db,
  categoryNos: readonly number[],
  now: string,
): Promise<BrandCountRow[]> {
  if (categoryNos.length === 0) return [];
  const args: Args = { now };
  const rs = await db.execute({
    sql: `SELECT b.brand_no, b.brand_name, COUNT(DISTINCT p.product_no) AS product_cnt
      FROM product_categories pc
      JOIN products p ON p.product_no = pc.product_no
      JOIN brands b ON b.brand_no = p.brand_no
      WHERE pc.category_no IN (${bindList('c', categoryNos, args)}) AND ${LISTABLE_SQL}
      GROUP BY b.brand_no ORDER BY b.display_order, b.brand_no`,
    args,
  });
  return rows<BrandCountRow>(rs);
}

// ------------------------------------------------------------------------------ display

export interface SectionRow {
  section_no: number;
  label: string;
  section_explain: string;
  display_type: string;
  sort_type: 'ADMIN_SETTING' | 'SALE_YMD' | 'POPULAR' | 'DISCOUNTED_PRICE' | 'REVIEW';
}

export async function findVisibleSection(db: Db, sectionNo: number): Promise<SectionRow | undefined> {
  const rs = await db.execute({
    sql: `SELECT section_no, label, section_explain, display_type, sort_type
      FROM display_sections WHERE section_no = :s AND visible = 1`,
    args: { s: sectionNo },
  });
  return rows<SectionRow>(rs)[0];
}

export interface BannerRow {
  banner_group_no: number;
  code: string;
  group_name: string;
  banner_no: number | null;
  name: string | null;
  description: string | null;
  image_url: string | null;
  mobile_image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  variants: string | null;
  landing_url: string | null;
  browser_target: 'CURRENT' | 'NEW' | null;
  display_order: number | null;
  display_start_ymdt: string | null;
  display_end_ymdt: string | null;
}

/** The groups with the given codes and their banners visible at `now` (a group may have none). */
export async function findBannerGroups(db: Db, codes: readonly string[], now: string): Promise<BannerRow[]> {
  if (codes.length === 0) return [];
  const args: Args = { now };
  const rs = await db.execute({
    sql: `SELECT g.banner_group_no, g.code, g.name AS group_name, bn.banner_no, bn.name, bn.description,
        bn.image_url, bn.mobile_image_url, bn.image_width, bn.image_height, bn.variants, bn.landing_url,
        bn.browser_target, bn.display_order, bn.display_start_ymdt, bn.display_end_ymdt
      FROM banner_groups g
      LEFT JOIN banners bn ON bn.banner_group_no = g.banner_group_no AND bn.visible = 1
        AND (bn.display_start_ymdt IS NULL OR bn.display_start_ymdt <= :now)
        AND (bn.display_end_ymdt IS NULL OR bn.display_end_ymdt > :now)
      WHERE g.code IN (${bindList('c', codes, args)})
      ORDER BY g.banner_group_no, bn.display_order, bn.banner_no`,
    args,
  });
  return rows<BannerRow>(rs);
}

export interface BrandSearchRow {
  brand_no: number;
  brand_name: string;
  brand_name_ko: string | null;
  brand_name_en: string | null;
  logo_image_url: string | null;
  product_cnt: number;
  like_cnt: number;
}

export async function searchBrandRows(
  db: Db,
  q: {
    brandName?: string | undefined;
    sortCriterion: 'BRAND_NAME' | 'LIKE_COUNT';
    sortDirection: 'ASC' | 'DESC';
    limit: number;
    offset: number;
    now: string;
  },
): Promise<BrandSearchRow[]> {
  const args: Args = { now: q.now, limit: q.limit, offset: q.offset };
  let where = '';
  if (q.brandName) {
    args.name = `%${q.brandName.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where = `WHERE b.brand_name LIKE :name ESCAPE '\\' OR b.brand_name_ko LIKE :name ESCAPE '\\' OR b.brand_name_en LIKE :name ESCAPE '\\'`;
  }
  const sort =
    q.sortCriterion === 'LIKE_COUNT'
      ? `like_cnt ${q.sortDirection}, b.brand_name ASC`
      : `b.brand_name ${q.sortDirection}`;
  const rs = await db.execute({
    sql: `SELECT b.brand_no, b.brand_name, b.brand_name_ko, b.brand_name_en, b.logo_image_url,
        COUNT(p.product_no) AS product_cnt, COALESCE(SUM(p.like_cnt), 0) AS like_cnt
      FROM brands b LEFT JOIN products p ON p.brand_no = b.brand_no AND ${LISTABLE_SQL}
      ${where}
      GROUP BY b.brand_no ORDER BY ${sort}, b.brand_no LIMIT :limit OFFSET :offset`,
    args,
  });
  return rows<BrandSearchRow>(rs);
}
