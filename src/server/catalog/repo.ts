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

/**
 * `json_object('name', expr, …)`: a row as one JSON text. The client library builds a JavaScript
 * object with a property per column of every row (and looks the columns up twice per statement),
 * which costs more than a small query itself; one text column read with JSON.parse is several
 * times cheaper. json_object takes up to 127 arguments, so about 60 fields.
 */
export function jsonObjectSql(fields: readonly (readonly [string, string])[]): string {
  return `json_object(${fields.map(([name, expr]) => `'${name}', ${expr}`).join(', ')})`;
}

/** The rows of a statement whose first column is a `jsonObjectSql` text. */
export function jsonRows<T>(rs: { rows: unknown[] }): T[] {
  return rs.rows.map((r) => JSON.parse(String((r as unknown[])[0])) as T);
}

/** A JSON array text (json_group_array) read back; a NULL or empty result is an empty list. */
export function jsonList<T>(text: unknown): T[] {
  return typeof text === 'string' && text ? (JSON.parse(text) as T[]) : [];
}

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
  SELECT 1 FROM product_options so WHERE so.product_no = p.product_no AND so.retired = 0 AND so.stock_cnt > 0
    AND so.forced_sold_out = 0))`;

/** Mirror of pricing.ts availableStock. */
export const STOCK_SQL = `(SELECT COALESCE(SUM(CASE WHEN st.forced_sold_out = 0 THEN st.stock_cnt ELSE 0 END), 0)
  FROM product_options st WHERE st.product_no = p.product_no AND st.retired = 0)`;

/**
 * Options summed up per product, for lists: `OPTION_TOTALS_SQL` over the products `productNos`
 * (an SQL list or subquery) is joined as `o`, then SOLD_OUT_OF_TOTALS_SQL and STOCK_OF_TOTALS_SQL
 * say what SOLD_OUT_SQL and STOCK_SQL say, in one pass over the options instead of a subquery each.
 */
export const optionTotalsSql = (productNos: string) => `SELECT so.product_no,
    SUM(CASE WHEN so.forced_sold_out = 0 THEN so.stock_cnt ELSE 0 END) AS stock,
    MAX(so.stock_cnt > 0 AND so.forced_sold_out = 0) AS sellable,
    MIN(so.add_price) AS min_add, MAX(so.add_price) AS max_add
  FROM product_options so WHERE so.product_no IN (${productNos}) AND so.retired = 0 GROUP BY so.product_no`;
export const SOLD_OUT_OF_TOTALS_SQL = '(p.forced_sold_out = 1 OR COALESCE(o.sellable, 0) = 0)';
export const STOCK_OF_TOTALS_SQL = 'COALESCE(o.stock, 0)';

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

const IMAGE_JSON = `json_object('product_no', i.product_no, 'url', i.url, 'width', i.width, 'height', i.height,
  'alt', i.alt, 'is_main', i.is_main, 'variants', i.variants)`;
const OPTION_JSON = `json_object('option_no', o.option_no, 'product_no', o.product_no, 'value1', o.value1,
  'value2', o.value2, 'value3', o.value3, 'value4', o.value4, 'add_price', o.add_price, 'stock_cnt', o.stock_cnt,
  'sale_cnt', o.sale_cnt, 'option_management_cd', o.option_management_cd, 'forced_sold_out', o.forced_sold_out,
  'is_default', o.is_default, 'image_url', o.image_url)`;
const INPUT_JSON = `json_object('input_no', n.input_no, 'product_no', n.product_no, 'input_label', n.input_label,
  'input_matching_type', n.input_matching_type, 'required', n.required, 'max_length', n.max_length)`;

export interface ImageRow {
  product_no: number;
  url: string;
  width: number;
  height: number;
  alt: string;
  is_main: number;
  variants: string;
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
    sql: `SELECT ${OPTION_JSON} FROM product_options o WHERE o.product_no IN (${bindList('p', productNos, args)}) AND o.retired = 0
      ORDER BY o.product_no, o.display_order, o.option_no`,
    args,
  });
  return jsonRows<OptionRow>(rs);
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
    sql: `SELECT ${INPUT_JSON} FROM product_inputs n WHERE n.product_no IN (${bindList('p', productNos, args)})
      ORDER BY n.product_no, n.display_order, n.input_no`,
    args,
  });
  return jsonRows<InputRow>(rs);
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
  updated_ymdt: string;
  /** JSON [{ label, value }]. */
  duty_info: string;
  design_template_id: string | null;
  /** The template's own remote-area ranges (none: the carriers' common table). */
  remote_areas: { label: string; zipFrom: string; zipTo: string; extraFee: number }[];
}

const DETAIL_FIELDS: readonly (readonly [string, string])[] = [
  ...PRODUCT_FIELDS,
  ...[
    'content',
    'product_summary',
    'min_buy_cnt',
    'max_buy_person_cnt',
    'max_buy_time_cnt',
    'updated_ymdt',
    'duty_info',
    'design_template_id',
  ].map((c) => [c, `p.${c}`] as const),
  ['brand_logo_image_url', 'b.logo_image_url'],
  ...['template_no', 'delivery_type', 'delivery_company_type', 'base_delivery_amt', 'above_delivery_amt']
    .concat(['remote_delivery_amt', 'return_delivery_amt'])
    .map((c) => [c, `d.${c}`] as const),
  ['template_partner_no', 'd.partner_no'],
  [
    'remote_areas',
    `json((SELECT json_group_array(json_object('label', ra.label, 'zipFrom', ra.zip_from, 'zipTo', ra.zip_to,
      'extraFee', ra.extra_fee) ORDER BY ra.zip_from) FROM delivery_template_remote_areas ra
      WHERE ra.template_no = d.template_no))`,
  ],
];

/** Each display category of product `p` with every ancestor (one element per path step). */
const CATEGORY_PATHS_JSON = `(WITH RECURSIVE up(leaf, category_no, parent_no, label, depth, ord) AS (
    SELECT c.category_no, c.category_no, c.parent_no, c.label, c.depth, pc.display_order
    FROM product_categories pc JOIN categories c ON c.category_no = pc.category_no
    WHERE pc.product_no = p.product_no
    UNION ALL
    SELECT up.leaf, c.category_no, c.parent_no, c.label, c.depth, up.ord
    FROM up JOIN categories c ON c.category_no = up.parent_no)
  SELECT json_group_array(json_object('leaf', leaf, 'category_no', category_no, 'label', label, 'depth', depth)
    ORDER BY ord, leaf, depth) FROM up)`;

/** A product with everything its page shows: images, options, text inputs, category paths. */
export interface ProductDetailBundle {
  row: ProductDetailRow;
  images: ImageRow[];
  options: OptionRow[];
  inputs: InputRow[];
  paths: CategoryPathRow[];
}

/**
 * A product reachable by its address, by number or slug, with its parts, in one statement (each
 * part a JSON array); undefined when there is none. `{ productNo, slug }` (a page address made of
 * digits): the product of that number, or else the one of that slug, still in one statement.
 */
export async function findProductDetail(
  db: Db,
  key: { productNo: number; slug?: string } | { slug: string },
): Promise<ProductDetailBundle | undefined> {
  const byNo = 'productNo' in key;
  const orSlug = byNo && key.slug !== undefined;
  const where = orSlug
    ? '(p.product_no = :key OR p.slug = :slug)'
    : byNo
      ? 'p.product_no = :key'
      : 'p.slug = :key';
  const rs = await db.execute({
    sql: `SELECT ${jsonObjectSql(DETAIL_FIELDS)} AS row,
        (SELECT json_group_array(${IMAGE_JSON} ORDER BY i.is_main DESC, i.display_order, i.image_no)
          FROM product_images i WHERE i.product_no = p.product_no) AS images,
        (SELECT json_group_array(${OPTION_JSON} ORDER BY o.display_order, o.option_no)
          FROM product_options o WHERE o.product_no = p.product_no AND o.retired = 0) AS options,
        (SELECT json_group_array(${INPUT_JSON} ORDER BY n.display_order, n.input_no)
          FROM product_inputs n WHERE n.product_no = p.product_no) AS inputs,
        ${CATEGORY_PATHS_JSON} AS paths
      ${PRODUCT_FROM} WHERE ${where} AND ${DETAIL_VISIBLE_SQL}${orSlug ? ' ORDER BY p.product_no = :key DESC LIMIT 1' : ''}`,
    args: orSlug ? { key: key.productNo, slug: key.slug! } : { key: byNo ? key.productNo : key.slug },
  });
  const r = rs.rows[0] as unknown as
    | {
        row: string;
        images: string | null;
        options: string | null;
        inputs: string | null;
        paths: string | null;
      }
    | undefined;
  if (!r) return undefined;
  return {
    row: JSON.parse(r.row) as ProductDetailRow,
    images: jsonList<ImageRow>(r.images),
    options: jsonList<OptionRow>(r.options),
    inputs: jsonList<InputRow>(r.inputs),
    paths: jsonList<CategoryPathRow>(r.paths),
  };
}

/**
 * What the rules of a new cart line need of each given product reachable by its address, and nothing
 * else (no images, categories, partner, brand, delivery or prices): its sale status and period, its
 * limits, whether it is customisable and on which template, its options (number, values, stock) and
 * its text inputs. One statement for all of them; the options and inputs as compact JSON arrays in
 * the order the detail lists them. The partner and delivery template the detail joins are there by
 * foreign key, so leaving them out finds the same products.
 */
export interface ProductToCheckRow {
  product_no: number;
  product_name: string;
  sale_status: SaleStatus;
  sale_start_ymdt: string;
  sale_end_ymdt: string | null;
  forced_sold_out: number;
  customizable: number;
  design_template_id: string | null;
  min_buy_cnt: number;
  max_buy_time_cnt: number;
  max_buy_person_cnt: number;
  option_labels: string;
  /** [option_no, stock_cnt, forced_sold_out, value1, value2, value3, value4] */
  options: [number, number, number, string | null, string | null, string | null, string | null][];
  /** [input_no, input_label, input_matching_type, required, max_length] */
  inputs: [number, string, InputRow['input_matching_type'], number, number][];
}

const TO_CHECK_FIELDS: readonly (readonly [string, string])[] = [
  ...['product_no', 'product_name', 'sale_status', 'sale_start_ymdt', 'sale_end_ymdt', 'forced_sold_out']
    .concat(['customizable', 'design_template_id', 'min_buy_cnt', 'max_buy_time_cnt', 'max_buy_person_cnt'])
    .concat(['option_labels'])
    .map((c) => [c, `p.${c}`] as const),
  [
    'options',
    `json((SELECT json_group_array(json_array(o.option_no, o.stock_cnt, o.forced_sold_out, o.value1, o.value2,
      o.value3, o.value4) ORDER BY o.display_order, o.option_no)
      FROM product_options o WHERE o.product_no = p.product_no AND o.retired = 0))`,
  ],
  [
    'inputs',
    `json((SELECT json_group_array(json_array(n.input_no, n.input_label, n.input_matching_type, n.required,
      n.max_length) ORDER BY n.display_order, n.input_no)
      FROM product_inputs n WHERE n.product_no = p.product_no))`,
  ],
];

export async function findProductsToCheck(
  db: Db,
  productNos: readonly number[],
): Promise<ProductToCheckRow[]> {
  if (productNos.length === 0) return [];
  const args: Args = {};
  const rs = await db.execute({
    sql: `SELECT ${jsonObjectSql(TO_CHECK_FIELDS)} FROM products p
      WHERE p.product_no IN (${bindList('p', productNos, args)}) AND ${DETAIL_VISIBLE_SQL}`,
    args,
  });
  return jsonRows<ProductToCheckRow>(rs);
}

/** The fields the options endpoints need, for every given product reachable by its address. */
export async function findOptionProducts(db: Db, productNos: readonly number[]): Promise<ProductRow[]> {
  if (productNos.length === 0) return [];
  const args: Args = {};
  const rs = await db.execute({
    sql: `SELECT ${jsonObjectSql(PRODUCT_FIELDS)} ${PRODUCT_FROM}
      WHERE p.product_no IN (${bindList('p', productNos, args)}) AND ${DETAIL_VISIBLE_SQL}`,
    args,
  });
  return jsonRows<ProductRow>(rs);
}

export interface CategoryPathRow {
  leaf: number;
  category_no: number;
  label: string;
  depth: number;
}

/** Slug and name of each given product (any sale status): how other modules name a product. */
export async function selectProductNames(
  db: Db,
  productNos: readonly number[],
): Promise<Map<number, { slug: string; productName: string }>> {
  const names = new Map<number, { slug: string; productName: string }>();
  if (productNos.length === 0) return names;
  const rs = await db.execute({
    sql: `SELECT product_no, slug, product_name FROM products WHERE product_no IN (${productNos.map(() => '?').join(', ')})`,
    args: [...productNos],
  });
  for (const r of rs.rows) {
    names.set(Number(r.product_no), { slug: String(r.slug), productName: String(r.product_name) });
  }
  return names;
}
