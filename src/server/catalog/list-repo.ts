import type { Db } from '../db/client.ts';
import type { ProductOrderBy, SectionOrderBy } from './schema.ts';
import {
  bindList,
  jsonList,
  jsonObjectSql,
  LISTABLE_SQL,
  PRICE_SQL,
  optionTotalsSql,
  PRODUCT_FIELDS,
  PRODUCT_FROM,
  SOLD_OUT_OF_TOTALS_SQL,
  SOLD_OUT_SQL,
  STOCK_OF_TOTALS_SQL,
  type Args,
  type ProductRow,
} from './repo.ts';

/**
 * SQL of product lists (search and display sections). A page costs one statement whatever its
 * size: its product numbers are ordered and cut first, with the count and price range of the
 * whole result beside them, so that the per-product parts (stock, images, categories) are worked
 * out for the page's rows only.
 */

export interface ProductListFilter {
  now: string;
  /** FTS5 MATCH string over product_search. */
  match?: string | null;
  /** LIKE patterns (escape `\`), each of which must match the name, keywords, brand or partner. */
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
  onlyBrandPartner?: boolean | undefined;
  /** Only the products of this display section. */
  sectionNo?: number;
}

export interface ProductListOrder {
  by: ProductOrderBy | SectionOrderBy;
  direction: 'ASC' | 'DESC';
  soldoutPlaceEnd: boolean;
}

const sectionJoin = (px: string) =>
  `JOIN display_section_products dsp ON dsp.product_no = p.product_no AND dsp.section_no = :${px}section`;

/**
 * FROM and WHERE of a product list, joining only what its filters read. Its parameters are named
 * with `px` in front (all but `:now`), so that several lists can share one statement.
 */
function listFromWhere(f: ProductListFilter, px = ''): { sql: string; args: Args } {
  const args: Args = { now: f.now };
  const where = [LISTABLE_SQL];
  const likes = f.likePatterns ?? [];
  const joins: string[] = [];
  if (f.excludeBrandPartner || f.onlyBrandPartner || likes.length)
    joins.push('JOIN partners pa ON pa.partner_no = p.partner_no');
  if (likes.length) joins.push('LEFT JOIN brands b ON b.brand_no = p.brand_no');
  if (f.shippingAreaType || f.deliveryConditionType) {
    joins.push('JOIN delivery_templates d ON d.template_no = p.delivery_template_no');
  }
  if (f.sectionNo !== undefined) {
    joins.push(sectionJoin(px));
    args[`${px}section`] = f.sectionNo;
  }
  if (f.match) {
    where.push(`p.product_no IN (SELECT rowid FROM product_search WHERE product_search MATCH :${px}match)`);
    args[`${px}match`] = f.match;
  }
  likes.forEach((pattern, i) => {
    // words too short for the trigram index: a scan of the same texts the index holds
    args[`${px}like${i}`] = pattern;
    const cols = ['p.product_name', 'p.search_keywords', 'b.brand_name', 'pa.partner_name'];
    where.push(`(${cols.map((c) => `${c} LIKE :${px}like${i} ESCAPE '\\'`).join(' OR ')})`);
  });
  if (!f.soldout) where.push(`NOT ${SOLD_OUT_SQL}`);
  if (f.onSaleOnly) where.push("p.sale_status = 'ONSALE' AND p.sale_start_ymdt <= :now");
  if (f.categoryNos?.length) {
    where.push(`p.product_no IN (SELECT pc.product_no FROM product_categories pc WHERE pc.category_no IN (
      WITH RECURSIVE sub(n) AS (
        SELECT category_no FROM categories WHERE category_no IN (${bindList(`${px}cat`, f.categoryNos, args)})
        UNION SELECT c.category_no FROM categories c JOIN sub ON c.parent_no = sub.n)
      SELECT n FROM sub))`);
  }
  if (f.brandNos?.length) where.push(`p.brand_no IN (${bindList(`${px}brand`, f.brandNos, args)})`);
  if (f.partnerNo !== undefined) {
    where.push(`p.partner_no = :${px}partner`);
    args[`${px}partner`] = f.partnerNo;
  }
  if (f.shippingAreaType) {
    where.push(`d.shipping_area_type = :${px}area`);
    args[`${px}area`] = f.shippingAreaType;
  }
  if (f.deliveryConditionType) {
    where.push(`d.delivery_condition_type = :${px}cond`);
    args[`${px}cond`] = f.deliveryConditionType;
  }
  if (f.productManagementCd) {
    where.push(`p.product_management_cd = :${px}pmc`);
    args[`${px}pmc`] = f.productManagementCd;
  }
  if (f.includeProductNos?.length)
    where.push(`p.product_no IN (${bindList(`${px}inc`, f.includeProductNos, args)})`);
  if (f.excludeProductNos?.length)
    where.push(`p.product_no NOT IN (${bindList(`${px}exc`, f.excludeProductNos, args)})`);
  if (f.excludeBrandPartner) where.push('pa.is_brand_self = 0');
  if (f.onlyBrandPartner) where.push('pa.is_brand_self = 1');
  return { sql: `FROM products p ${joins.join(' ')} WHERE ${where.join('\n  AND ')}`, args };
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

export interface ListImage {
  url: string;
  width: number;
  height: number;
  alt: string;
  /** 0 or 1 as stored. */
  main: number;
  /** The stored JSON text of the image's generated widths (parsed by the caller, when it needs them). */
  variants: string;
}

export interface ProductListRow extends ProductRow {
  /** 1 when sold out (SOLD_OUT_SQL). */
  sold_out: number;
  /** Stock that can still be bought (STOCK_SQL). */
  stock_cnt: number;
  min_add_price: number | null;
  max_add_price: number | null;
  /** Comma-separated display category numbers. */
  category_nos: string | null;
  /** Main image first. */
  images: ListImage[];
  /** Rank by units sold among listed products (ties share one); null when none was sold. */
  best_rank: number | null;
}

/**
 * A page row as one JSON object (jsonObjectSql). Stock, sold out and the add price range come
 * from `o`, the page's options summed up per product (optionTotalsSql); the images are a second
 * JSON column.
 */
const PAGE_FIELDS: readonly (readonly [string, string])[] = [
  ...PRODUCT_FIELDS,
  ['sold_out', SOLD_OUT_OF_TOTALS_SQL],
  ['stock_cnt', STOCK_OF_TOTALS_SQL],
  ['min_add_price', 'o.min_add'],
  ['max_add_price', 'o.max_add'],
  [
    'category_nos',
    '(SELECT GROUP_CONCAT(pc.category_no) FROM product_categories pc WHERE pc.product_no = p.product_no)',
  ],
  // the card's BEST badge (badges.ts): worked out for the page's rows only
  [
    'best_rank',
    `CASE WHEN p.sale_cnt > 0 THEN 1 + (SELECT COUNT(*) FROM products q
      WHERE ${LISTABLE_SQL.replaceAll('p.', 'q.')} AND q.sale_cnt > p.sale_cnt) END`,
  ],
];

const PAGE_IMAGES_SQL = `(SELECT json_group_array(json_object('url', i.url, 'width', i.width, 'height', i.height,
    'alt', i.alt, 'main', i.is_main, 'variants', i.variants) ORDER BY i.is_main DESC, i.display_order, i.image_no)
  FROM product_images i WHERE i.product_no = p.product_no)`;

/** The page's rows (`page` CTE: `no` and, for several lists, `list` and `rn`) with their parts. */
function pageRowsSql(pageCte: string, extraColumns: string, orderBy: string, from: string): string {
  return `WITH page AS (${pageCte}),
      o AS (${optionTotalsSql('SELECT no FROM page')})
      SELECT ${jsonObjectSql(PAGE_FIELDS)} AS row, ${PAGE_IMAGES_SQL} AS images${extraColumns}
      ${from} LEFT JOIN o ON o.product_no = p.product_no
      ${orderBy}`;
}

type PageRow = { row: string; images: string | null };
const toListRow = (r: PageRow): ProductListRow => {
  const row = JSON.parse(r.row) as ProductListRow;
  row.images = jsonList(r.images);
  return row;
};

/**
 * One page of what the filter matches and, unless `count` is false, the count and price range of
 * all of it, in one statement: the page's product numbers are ordered and cut first, so that the
 * per-product parts are worked out for the page's rows only; the count and price range ride along
 * as an uncorrelated subquery (worked out once). A page past the end has no row to carry them, so
 * only then a second statement counts.
 */
export async function findProductList(
  db: Db,
  filter: ProductListFilter,
  order: ProductListOrder,
  page: { limit: number; offset: number; count?: boolean },
): Promise<{ summary: ProductListSummary; rows: ProductListRow[] }> {
  const { sql: fromWhere, args } = listFromWhere(filter);
  const inSection = filter.sectionNo !== undefined;
  const orderBy = orderSql(order, inSection);
  const count = page.count ?? true;
  const summarySql = `SELECT COUNT(*) AS total, MIN(price) AS min_price, MAX(price) AS max_price
    FROM (SELECT ${PRICE_SQL} AS price ${fromWhere})`;
  const rs = await db.execute({
    sql: pageRowsSql(
      `SELECT p.product_no AS no ${fromWhere} ${orderBy} LIMIT :limit OFFSET :offset`,
      `, ${count ? `(SELECT json_array(total, min_price, max_price) FROM (${summarySql}))` : 'NULL'} AS summary`,
      `WHERE p.product_no IN (SELECT no FROM page) ${orderBy}`,
      `${PRODUCT_FROM} ${inSection ? sectionJoin('') : ''}`,
    ),
    args: { ...args, limit: page.limit, offset: page.offset },
  });
  const list = rs.rows as unknown as (PageRow & { summary: string | null })[];
  let total: [number, number | null, number | null] = [0, null, null];
  if (list[0]?.summary) total = JSON.parse(list[0].summary) as typeof total;
  else if (count && page.offset > 0) {
    const a = (await db.execute({ sql: summarySql, args })).rows[0] as unknown as
      { total: number; min_price: number | null; max_price: number | null } | undefined;
    if (a) total = [a.total, a.min_price, a.max_price];
  }
  return {
    summary: { totalCount: total[0], minPrice: total[1], maxPrice: total[2] },
    rows: list.map(toListRow),
  };
}

/**
 * Pages of several lists at once, without counts (the home page's sections): one statement, whose
 * page CTE is each list's ordered and cut product numbers one after the other, so the costly part
 * (every row's fields, options, images) is prepared once. All lists must share the same `now`.
 */
export async function findProductPages(
  db: Db,
  lists: readonly { filter: ProductListFilter; order: ProductListOrder; limit: number; offset: number }[],
): Promise<ProductListRow[][]> {
  const first = lists[0];
  if (!first) return [];
  const args: Args = {};
  const pages = lists.map(({ filter, order, limit, offset }, i) => {
    if (filter.now !== first.filter.now) throw new Error('findProductPages: lists need the same now');
    const px = `l${i}_`;
    const { sql: fromWhere, args: listArgs } = listFromWhere(filter, px);
    Object.assign(args, listArgs, { [`${px}limit`]: limit, [`${px}offset`]: offset });
    const orderBy = orderSql(order, filter.sectionNo !== undefined);
    // the subquery keeps its own ORDER BY and LIMIT; rn carries its order out of the UNION
    return `SELECT ${i} AS list, no, rn FROM (SELECT p.product_no AS no, ROW_NUMBER() OVER (${orderBy}) AS rn
      ${fromWhere} ${orderBy} LIMIT :${px}limit OFFSET :${px}offset)`;
  });
  const rs = await db.execute({
    sql: pageRowsSql(
      pages.join('\n      UNION ALL '),
      ', page.list AS list',
      'ORDER BY page.list, page.rn',
      `FROM page JOIN products p ON p.product_no = page.no
        JOIN partners pa ON pa.partner_no = p.partner_no
        LEFT JOIN brands b ON b.brand_no = p.brand_no
        JOIN delivery_templates d ON d.template_no = p.delivery_template_no`,
    ),
    args,
  });
  const out: ProductListRow[][] = lists.map(() => []);
  for (const r of rs.rows as unknown as (PageRow & { list: number })[]) out[r.list]?.push(toListRow(r));
  return out;
}

export interface BrandFacetRow {
  brand_no: number;
  brand_name: string;
  brand_name_ko: string | null;
  brand_name_en: string | null;
  count: number;
}

export interface CategoryFacetRow {
  category_no: number;
  parent_no: number | null;
  label: string;
  depth: number;
  display_order: number;
  count: number;
}

/**
 * What the products a search finds fall into (Shopby's search facets): each brand with its count,
 * and each category with the count of found products in it or below it (a product counts once per
 * category, ancestors included). Only menu categories, as the shop's menus show them.
 */
export async function findSearchFacets(
  db: Db,
  filter: ProductListFilter,
): Promise<{ brands: BrandFacetRow[]; categories: CategoryFacetRow[] }> {
  const { sql: fromWhere, args } = listFromWhere(filter);
  const found = `SELECT p.product_no AS product_no, p.brand_no AS brand_no ${fromWhere}`;
  const [brands, categories] = await Promise.all([
    db.execute({
      sql: `SELECT b.brand_no, b.brand_name, b.brand_name_ko, b.brand_name_en, COUNT(*) AS count
        FROM (${found}) m JOIN brands b ON b.brand_no = m.brand_no
        GROUP BY b.brand_no ORDER BY count DESC, b.display_order, b.brand_no`,
      args,
    }),
    db.execute({
      sql: `WITH RECURSIVE found AS (${found}),
        placed (product_no, category_no) AS (
          SELECT pc.product_no, pc.category_no FROM product_categories pc
            JOIN found f ON f.product_no = pc.product_no
          UNION
          SELECT placed.product_no, c.parent_no FROM placed
            JOIN categories c ON c.category_no = placed.category_no
           WHERE c.parent_no IS NOT NULL)
        SELECT c.category_no, c.parent_no, c.label, c.depth, c.display_order, COUNT(DISTINCT placed.product_no) AS count
          FROM placed JOIN categories c ON c.category_no = placed.category_no
         WHERE c.is_menu = 1
         GROUP BY c.category_no ORDER BY c.depth, c.display_order, c.category_no`,
      args,
    }),
  ]);
  return {
    brands: brands.rows as unknown as BrandFacetRow[],
    categories: categories.rows as unknown as CategoryFacetRow[],
  };
}
