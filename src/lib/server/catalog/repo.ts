import type { InValue } from '@libsql/client';
import type { Db } from '../db/client.ts';
import type { DiscountUnit, SaleStatus } from './pricing.ts';

/**
 * The catalogue's product SQL: the rules written in SQL, one product's parts, and the helpers the
 * other repositories share (list-repo.ts: product lists; display-repo.ts: categories, sections,
 * banners, brands). Every statement is parameterised, with named parameters so that `:now` can
 * appear several times.
 */

export type Args = Record<string, InValue>;
export const rows = <T>(rs: { rows: unknown[] }) => rs.rows as T[];

/** Binds a list as `:p0, :p1, …`; an empty list gives `NULL` so `IN (NULL)` matches nothing. */
export function bindList(prefix: string, values: readonly InValue[], args: Args): string {
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

/** Mirror of pricing.ts availableStock. */
export const STOCK_SQL = `(SELECT COALESCE(SUM(CASE WHEN st.forced_sold_out = 0 THEN st.stock_cnt ELSE 0 END), 0)
  FROM product_options st WHERE st.product_no = p.product_no)`;

/** Listed in the shop: shown, on sale or awaiting sale, and not past its sale end. */
export const LISTABLE_SQL = `p.front_display = 1 AND p.sale_status IN ('ONSALE', 'READY')
  AND (p.sale_end_ymdt IS NULL OR p.sale_end_ymdt > :now)`;

/** Reachable by its address: listable, or hidden from lists but open by direct address. */
const DETAIL_VISIBLE_SQL = `p.sale_status NOT IN ('STOP', 'PROHIBITION') AND (p.front_display = 1 OR p.url_direct_display = 1)`;

export const PRODUCT_FROM = `FROM products p
  JOIN partners pa ON pa.partner_no = p.partner_no
  LEFT JOIN brands b ON b.brand_no = p.brand_no
  JOIN delivery_templates d ON d.template_no = p.delivery_template_no`;

/** The product's own columns with its partner, brand and delivery template (name, expression). */
export const PRODUCT_FIELDS: readonly (readonly [string, string])[] = [
  ...['product_no', 'slug', 'product_name', 'product_name_en', 'product_management_cd', 'product_type']
    .concat(['customizable', 'partner_no', 'brand_no', 'sale_status', 'sale_period_type', 'sale_start_ymdt'])
    .concat([
      'sale_end_ymdt',
      'front_display',
      'url_direct_display',
      'sale_price',
      'immediate_discount_value',
    ])
    .concat(['immediate_discount_unit', 'immediate_discount_start_ymdt', 'immediate_discount_end_ymdt'])
    .concat([
      'forced_sold_out',
      'option_labels',
      'promotion_text',
      'accumulation_rate',
      'sale_cnt',
      'review_cnt',
    ])
    .concat(['review_rating', 'like_cnt', 'register_ymdt'])
    .map((c) => [c, `p.${c}`] as const),
  ['partner_name', 'pa.partner_name'],
  ['brand_name', 'b.brand_name'],
  ['brand_name_ko', 'b.brand_name_ko'],
  ['brand_name_en', 'b.brand_name_en'],
  ['delivery_condition_type', 'd.delivery_condition_type'],
  ['shipping_area_type', 'd.shipping_area_type'],
];

export const PRODUCT_COLUMNS = PRODUCT_FIELDS.map(([name, expr]) => `${expr} AS ${name}`).join(', ');
export interface ProductRow {
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

export interface ProductDetailRow extends ProductRow {
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

const DETAIL_COLUMNS = `${PRODUCT_COLUMNS}, p.content, p.product_summary, p.min_buy_cnt, p.max_buy_person_cnt,
  p.max_buy_time_cnt, b.logo_image_url AS brand_logo_image_url, d.template_no, d.delivery_type,
  d.delivery_company_type, d.base_delivery_amt, d.above_delivery_amt, d.remote_delivery_amt,
  d.return_delivery_amt, d.partner_no AS template_partner_no`;

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
export async function findOptionProducts(db: Db, productNos: readonly number[]): Promise<ProductRow[]> {
  if (productNos.length === 0) return [];
  const args: Args = {};
  const rs = await db.execute({
    sql: `SELECT ${PRODUCT_COLUMNS} ${PRODUCT_FROM}
      WHERE p.product_no IN (${bindList('p', productNos, args)}) AND ${DETAIL_VISIBLE_SQL}`,
    args,
  });
  return rows<ProductRow>(rs);
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
