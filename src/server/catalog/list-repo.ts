import type { Db } from '../db/client.ts';
import { isBusyError } from '../db/write-tx.ts';
import { BEST_RANKS } from './badges.ts';
import type { ProductOrderBy, SectionOrderBy } from './schema.ts';
import {
  bindList,
  jsonList,
  jsonObjectSql,
  LISTABLE_SQL,
  PRICE_SQL,
  optionTotalsSql,
  PRODUCT_FIELDS,
  SOLD_OUT_OF_TOTALS_SQL,
  SOLD_OUT_SQL,
  STOCK_OF_TOTALS_SQL,
  type Args,
  type ProductRow,
} from './repo.ts';
import {
  bucketStartSql,
  nextBucketStartSql,
  orderingRangeSql,
  priceBucketStartSql,
  productOfKeySql,
  SORTED_ORDERINGS,
  type SortedOrdering,
} from './search-key.ts';

/**
 * SQL of product lists (search and display sections). A page costs one statement whatever its
 * size: its product numbers are ordered and cut first, with the count and price range of the
 * whole result beside them, so that the per-product parts (stock, images, categories) are worked
 * out for the page's rows only.
 */

export interface ProductListFilter {
  now: string;
  /** FTS5 MATCH string over product_terms (search-terms.ts parseSearch). */
  match?: string | null;
  /** The products that hold the keywords as written: ranked first in the popular order. */
  exact?: string | null;
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
  /** The price now (PRICE_SQL) compared with `from` (and `to` for BETWEEN, both included). */
  price?:
    | { comparison: 'GT' | 'GTE' | 'LTE' | 'EQ' | 'BETWEEN'; from: number; to?: number | undefined }
    | undefined;
}

export interface ProductListOrder {
  by: ProductOrderBy | SectionOrderBy;
  direction: 'ASC' | 'DESC';
  soldoutPlaceEnd: boolean;
}

/**
 * The search indexes: `product_terms` (rowid: a popularity key) and `product_terms_sorted` (each
 * product under a key of the newest and both price orders, migration 0039), search-key.ts.
 */
type TermsTable = 'product_terms' | 'product_terms_sorted';
/** The products a MATCH finds, by number (a subquery). */
const matchedProductsSql = (param: string) =>
  `SELECT ${productOfKeySql('rowid')} FROM product_terms WHERE product_terms MATCH :${param}`;

/** Where a list's products are found first (listFromWhere): the search index, a category's products, or any other way. */
type ListSource = 'terms' | 'categories' | 'other';

const sectionJoin = (px: string) =>
  `JOIN display_section_products dsp ON dsp.product_no = p.product_no AND dsp.section_no = :${px}section`;

/**
 * FROM and WHERE of a product list, joining only what its filters read. Its parameters are named
 * with `px` in front (all but `:now`), so that several lists can share one statement.
 *
 * Two ways to read it (decision 031). `walk` false: the products are found from the smallest source
 * the filter names (the keyword index, a category's products, a section or a list of numbers), so a
 * count that stops after COUNT_CAP + 1 reads no more than that. `walk` true: the sources are only
 * checked (`+`, EXISTS), so that the planner walks the order's index and stops after the page,
 * however many products match.
 */
function listFromWhere(
  f: ProductListFilter,
  px = '',
  walk = false,
  opts: { covering?: boolean; terms?: TermsTable } = {},
): { sql: string; args: Args; source: ListSource } {
  const args: Args = { now: f.now };
  const where = [LISTABLE_SQL];
  let from = 'products p';
  let source: ListSource = 'other';
  // found elsewhere, the products are looked up by number: through the narrow index when asked
  const products = opts.covering ? 'products p INDEXED BY products_listing' : 'products p';
  const joins: string[] = [];
  if (f.excludeBrandPartner || f.onlyBrandPartner)
    joins.push('JOIN partners pa ON pa.partner_no = p.partner_no');
  if (f.shippingAreaType || f.deliveryConditionType) {
    joins.push('JOIN delivery_templates d ON d.template_no = p.delivery_template_no');
  }
  if (f.sectionNo !== undefined) {
    joins.push(sectionJoin(px));
    args[`${px}section`] = f.sectionNo;
  }
  const listed = f.sectionNo !== undefined || Boolean(f.includeProductNos?.length);
  if (f.match) {
    args[`${px}match`] = f.match;
    if (walk || listed) {
      where.push(`+p.product_no IN (${matchedProductsSql(`${px}match`)})`);
    } else {
      const terms = opts.terms ?? 'product_terms';
      from = `${terms} JOIN ${products} ON p.product_no = ${productOfKeySql(`${terms}.rowid`)}`;
      where.push(`${terms} MATCH :${px}match`);
      source = 'terms';
    }
  }
  if (!f.soldout) where.push(`NOT ${SOLD_OUT_SQL}`);
  if (f.onSaleOnly) where.push("p.sale_status = 'ONSALE' AND p.sale_start_ymdt <= :now");
  if (f.categoryNos?.length) {
    const subtree = `WITH RECURSIVE sub(n) AS (
        SELECT category_no FROM categories WHERE category_no IN (${bindList(`${px}cat`, f.categoryNos, args)})
        UNION SELECT c.category_no FROM categories c JOIN sub ON c.parent_no = sub.n)
      SELECT n FROM sub`;
    if (walk || listed || f.match) {
      // the product's own categories (one or two) are read and each looked up in the subtree's
      // list (`+`), instead of one seek per category of the subtree
      where.push(`EXISTS (SELECT 1 FROM product_categories pc
        WHERE pc.product_no = p.product_no AND +pc.category_no IN (${subtree}))`);
    } else {
      // a product in two categories of the subtree is found once
      from = `(SELECT DISTINCT pc.product_no AS no FROM product_categories pc WHERE pc.category_no IN (${subtree})) found
        JOIN ${products} ON p.product_no = found.no`;
      source = 'categories';
    }
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
  if (f.price) {
    const op = { GT: '>', GTE: '>=', LTE: '<=', EQ: '=', BETWEEN: '>=' }[f.price.comparison];
    where.push(`${PRICE_SQL} ${op} :${px}priceFrom`);
    args[`${px}priceFrom`] = f.price.from;
    if (f.price.comparison === 'BETWEEN') {
      where.push(`${PRICE_SQL} <= :${px}priceTo`);
      args[`${px}priceTo`] = f.price.to ?? f.price.from;
    }
  }
  if (f.excludeBrandPartner) where.push('pa.is_brand_self = 0');
  if (f.onlyBrandPartner) where.push('pa.is_brand_self = 1');
  return { sql: `FROM ${from} ${joins.join(' ')} WHERE ${where.join('\n  AND ')}`, args, source };
}

/**
 * The lowest price a product can have: its immediate discount applied whatever its period. The
 * price now (PRICE_SQL) is this or `sale_price`, so an index on it (migration 0025) bounds a price
 * order from below, and `sale_price`'s from above.
 */
export const PRICE_FLOOR_SQL = `(CASE WHEN p.immediate_discount_value > 0
  THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit
    WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER)
    ELSE p.immediate_discount_value END)
  ELSE p.sale_price END)`;

/**
 * ORDER BY of a list. Each order but the price's reads an index of migration 0025 (or 0001)
 * key for key, so a list with many matches walks it and stops after the page. `sort`: the keys
 * are written so that no index can serve them (`+`), for few matches, which are found first and
 * then sorted. `exact`: the products that hold the keywords as written come first.
 */
function orderSql(
  o: ProductListOrder,
  inSection: boolean,
  opts: { sort?: boolean; exact?: string } = {},
): string {
  const dir = o.direction;
  // rank orders (1 = first): "DESC" means strongest first, i.e. the smallest rank
  const rankDir = dir === 'DESC' ? 'ASC' : 'DESC';
  const plus = opts.sort ? '+' : '';
  const keys: string[] = [];
  if (o.soldoutPlaceEnd) keys.push(`${SOLD_OUT_SQL} ASC`);
  switch (o.by) {
    case 'POPULAR':
      if (opts.exact) keys.push(`${opts.exact} DESC`);
      keys.push(`${plus}(p.sale_cnt * 2 + p.review_cnt + p.like_cnt) ${dir}`, `p.sale_cnt ${dir}`);
      break;
    case 'SALE_YMD':
      keys.push(`${plus}p.sale_start_ymdt ${dir}`, `p.register_ymdt ${dir}`);
      break;
    case 'DISCOUNTED_PRICE':
      keys.push(`${PRICE_SQL} ${dir}`);
      break;
    case 'REVIEW':
      keys.push(`${plus}p.review_cnt ${dir}`, `p.review_rating ${dir}`);
      break;
    case 'SALE_CNT':
      keys.push(`${plus}p.sale_cnt ${dir}`);
      break;
    case 'RECENT_PRODUCT':
      keys.push(`${plus}p.register_ymdt ${dir}`);
      break;
    case 'RECOMMENDATION':
      keys.push(`${plus}p.like_cnt ${dir}`);
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

/**
 * A list counts at most this many of what it finds: above it, the count says "1,000+" (`capped`)
 * instead of reading every match again (decision 031).
 */
export const COUNT_CAP = 1000;

export interface ProductListSummary {
  /** The exact count, or COUNT_CAP when there are more (`capped`). */
  totalCount: number;
  capped: boolean;
  /** The price range of what was counted: all found, or the first COUNT_CAP + 1 when capped. */
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
  /**
   * Rank by units sold among listed products (ties share one), counted up to BEST_RANKS + 1 (any
   * rank past the badge's); null when none was sold.
   */
  best_rank: number | null;
}

/**
 * The card's BEST badge (badges.ts): the better sellers among the BEST_RANKS best (`best`, read
 * once per statement), which is the count of every better seller up to BEST_RANKS: those that sold
 * more than this row are the first of the best sellers (decision 063).
 */
const BEST_RANK_FIELD = [
  'best_rank',
  'CASE WHEN p.sale_cnt > 0 THEN 1 + (SELECT COUNT(*) FROM best WHERE best.sale_cnt > p.sale_cnt) END',
] as const;

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
  BEST_RANK_FIELD,
];

/** What a page's rows hold: Shopby's whole list item (`item`), or a product card's part of it (`card`). */
export type PageShape = 'item' | 'card';

/** The product's own columns a card shows (toCardItem, product-card.ts): its name, price, seller, badges. */
const CARD_COLUMNS: ReadonlySet<string> = new Set([
  ...[
    'product_no',
    'slug',
    'product_name',
    'sale_price',
    'immediate_discount_value',
    'immediate_discount_unit',
  ],
  ...['immediate_discount_start_ymdt', 'immediate_discount_end_ymdt', 'promotion_text', 'review_cnt'],
  ...['review_rating', 'register_ymdt', 'partner_name', 'brand_name', 'delivery_condition_type'],
]);

/**
 * A card's row (decision 079): its product's CARD_COLUMNS, sold out (SOLD_OUT_SQL: it stops at the
 * first option that can be bought, where `o` sums every option for the stock a card does not show),
 * the BEST rank, and the main image (the first of the item's images) without its size and alt text,
 * which a card does not use. In the same JSON object, so a row is one string to read and parse.
 */
const CARD_FIELDS: readonly (readonly [string, string])[] = [
  ...PRODUCT_FIELDS.filter(([name]) => CARD_COLUMNS.has(name)),
  ['sold_out', SOLD_OUT_SQL],
  BEST_RANK_FIELD,
  [
    'image',
    // json(): a subquery's result is text to json_object, which would write it as a string
    `json((SELECT json_object('url', i.url, 'variants', i.variants) FROM product_images i
      WHERE i.product_no = p.product_no ORDER BY i.is_main DESC, i.display_order, i.image_no LIMIT 1))`,
  ],
];

/** A product card's row (CARD_FIELDS): what a list page or the list API shows of a product. */
export interface ProductCardRow extends Pick<
  ProductRow,
  | 'product_no'
  | 'slug'
  | 'product_name'
  | 'sale_price'
  | 'immediate_discount_value'
  | 'immediate_discount_unit'
  | 'immediate_discount_start_ymdt'
  | 'immediate_discount_end_ymdt'
  | 'promotion_text'
  | 'review_cnt'
  | 'review_rating'
  | 'register_ymdt'
  | 'partner_name'
  | 'brand_name'
  | 'delivery_condition_type'
> {
  /** 1 when sold out (SOLD_OUT_SQL). */
  sold_out: number;
  /** As ProductListRow's. */
  best_rank: number | null;
  /** The main image (the item's first), its generated widths as stored JSON text; null without one. */
  image: { url: string; variants: string } | null;
}

/**
 * The BEST_RANKS best sellers among listed products, walked once per statement in the sales index
 * (a page's rows each counted the better sellers before: one walk of the index per row).
 */
const BEST_SELLERS_CTE = `best AS MATERIALIZED (SELECT q.sale_cnt FROM products q
      WHERE ${LISTABLE_SQL.replaceAll('p.', 'q.')} AND q.sale_cnt > 0 ORDER BY q.sale_cnt DESC LIMIT ${BEST_RANKS})`;

const PAGE_IMAGES_SQL = `(SELECT json_group_array(json_object('url', i.url, 'width', i.width, 'height', i.height,
    'alt', i.alt, 'main', i.is_main, 'variants', i.variants) ORDER BY i.is_main DESC, i.display_order, i.image_no)
  FROM product_images i WHERE i.product_no = p.product_no)`;

/**
 * The page's rows (`page` CTE: `no` and `rn`, its place; for several lists also `list`) with their
 * parts: every list item's (`item`), or only a card's (`card`, CARD_FIELDS: no option totals).
 */
function pageRowsSql(pageCte: string, extraColumns: string, orderBy: string, shape: PageShape): string {
  const item = shape === 'item';
  return `WITH page AS (${pageCte}),${item ? `\n      o AS (${optionTotalsSql('SELECT no FROM page')}),` : ''}
      ${BEST_SELLERS_CTE}
      SELECT ${item ? `${jsonObjectSql(PAGE_FIELDS)} AS row, ${PAGE_IMAGES_SQL} AS images` : `${jsonObjectSql(CARD_FIELDS)} AS row`}${extraColumns}
      FROM page JOIN products p ON p.product_no = page.no
        JOIN partners pa ON pa.partner_no = p.partner_no
        LEFT JOIN brands b ON b.brand_no = p.brand_no
        JOIN delivery_templates d ON d.template_no = p.delivery_template_no${item ? '\n        LEFT JOIN o ON o.product_no = p.product_no' : ''}
      ${orderBy}`;
}

type PageRow = { row: string; images?: string | null };
const toListRow = (r: PageRow): ProductListRow => {
  const row = JSON.parse(r.row) as ProductListRow;
  row.images = jsonList(r.images);
  return row;
};

/** Orders an index can serve key for key, so that a long list is walked, not sorted. */
const WALKABLE: ReadonlySet<ProductListOrder['by']> = new Set([
  'POPULAR',
  'SALE_YMD',
  'DISCOUNTED_PRICE',
  'REVIEW',
  'SALE_CNT',
  'RECENT_PRODUCT',
  'RECOMMENDATION',
]);

/** Orders a keyword's long list walks in the second search index (sortedWalkSql). */
const SORTED_WALKS: ReadonlySet<ProductListOrder['by']> = new Set(['SALE_YMD', 'DISCOUNTED_PRICE']);

/**
 * The ordered, cut product numbers of a list with more matches than COUNT_CAP: the order's index
 * is walked and the filter checked on the way, so the work grows with the page, not with the
 * matches. A price order is bounded first (the page's last price among the first rows by the
 * price floor, or by `sale_price` for the highest first), then only the products within that
 * bound are sorted by their price now.
 */
function walkedPageSql(filter: ProductListFilter, order: ProductListOrder): { sql: string; args: Args } {
  const { sql: fromWhere, args } = listFromWhere(filter, '', true);
  if (order.by !== 'DISCOUNTED_PRICE') {
    return {
      sql: `SELECT p.product_no AS no ${fromWhere} ${orderSql(order, false)} LIMIT :limit OFFSET :offset`,
      args,
    };
  }
  // walked in the page's own tie order (product number, highest first: the floor's index holds it
  // so, 0039; the sale price's index, read backwards, too)
  const asc = order.direction === 'ASC';
  const bound = asc ? PRICE_FLOOR_SQL : 'p.sale_price';
  // walked once (materialized): its edge gives both the bound's price and number (decision 075;
  // the walk was run three times before, once for each place that read it)
  const walked = `SELECT ${PRICE_SQL} AS price, p.product_no AS no ${fromWhere}
    ORDER BY ${bound} ${order.direction}, p.product_no DESC LIMIT :limit + :offset`;
  // the last of the walked rows in the page's order (price, then the highest number first) costs
  // T, the highest (lowest) price among them: every product of the page comes before it or is it,
  // so its bound (floor or sale price) is below (above) T, or T with a number not below the last's
  const edge = `SELECT price AS t, no AS last FROM walked ORDER BY price ${asc ? 'DESC' : 'ASC'}, no ASC LIMIT 1`;
  const threshold = '(SELECT t FROM edge)';
  const lastNo = '(SELECT last FROM edge)';
  // the candidates are found in the index alone (its bound and the number), then looked up
  const q = bound.replaceAll('p.', 'q.');
  const within = `p.product_no IN (SELECT q.product_no FROM products q WHERE ${q} ${asc ? '<=' : '>='} ${threshold}
    AND (${q} ${asc ? '<' : '>'} ${threshold} OR q.product_no >= ${lastNo}))`;
  return {
    sql: `WITH walked AS MATERIALIZED (${walked}), edge AS MATERIALIZED (${edge})
      SELECT p.product_no AS no ${fromWhere} AND ${within}
      ORDER BY ${PRICE_SQL} ${order.direction}, p.product_no DESC LIMIT :limit OFFSET :offset`,
    args,
  };
}

/**
 * The ordered, cut product numbers of a keyword's list in the POPULAR order with more matches than
 * COUNT_CAP, read from the search index in its own order (its rowid is a popularity key,
 * search-key.ts): the first `offset + limit` matches that pass the filter, walked from the most (or
 * least) popular end, end in some bucket of popularity; every match up to that bucket's far end is
 * then sorted exactly. The work grows with the page and that bucket, not with the matches.
 */
function keywordWalkSql(filter: ProductListFilter, order: ProductListOrder): { sql: string; args: Args } {
  const { sql: fromWhere, args } = listFromWhere(filter, '', false, { covering: true });
  const dir = order.direction;
  const last = `(SELECT product_terms.rowid ${fromWhere}
    ORDER BY product_terms.rowid ${dir} LIMIT 1 OFFSET :limit + :offset - 1)`;
  // fewer matches than the page's end (none past it): every match is sorted
  const bound =
    dir === 'DESC'
      ? `product_terms.rowid >= COALESCE(${bucketStartSql(last)}, 0)`
      : `product_terms.rowid < COALESCE(${nextBucketStartSql(last)}, 9223372036854775807)`;
  return {
    sql: `SELECT p.product_no AS no ${fromWhere} AND ${bound}
      ${orderSql(order, false, { sort: true })} LIMIT :limit OFFSET :offset`,
    args,
  };
}

/**
 * The ordered, cut product numbers of a keyword's list by newest or by price with more matches than
 * COUNT_CAP, read from the second search index (`product_terms_sorted`, decision 059) in the order's
 * own keys, as keywordWalkSql reads the popular order:
 * - newest (SALE_YMD): the `offset + limit`-th match that passes the filter, from the order's end,
 *   lies in some hour; every match up to that hour's far end is sorted exactly.
 * - the lowest price first: the first `offset + limit` matches by their lowest possible price (the
 *   floor) that pass the filter cost at most T now (the highest of their prices now), so every
 *   product of the page costs at most T, and its floor too: every match whose floor's bucket is not
 *   past T's is sorted by its price now.
 * - the highest price first: the same from the top by the sale price (the highest the price now can
 *   be): T is the lowest price now among the first, and every match whose sale price's bucket is
 *   not below T's is sorted.
 * The work grows with the page and its last bucket, not with the matches.
 */
function sortedWalkSql(filter: ProductListFilter, order: ProductListOrder): { sql: string; args: Args } {
  const terms = 'product_terms_sorted';
  const { sql: fromWhere, args } = listFromWhere(filter, '', false, { covering: true, terms });
  const dir = order.direction;
  const ordering: SortedOrdering =
    order.by === 'SALE_YMD'
      ? SORTED_ORDERINGS.newest
      : dir === 'ASC'
        ? SORTED_ORDERINGS.priceFloor
        : SORTED_ORDERINGS.salePrice;
  const [first, end] = orderingRangeSql(ordering);
  const key = `${terms}.rowid`;
  const inOrdering = `${key} >= ${first} AND ${key} < ${end}`;
  // the page's own range: the bound on one side, the ordering's end on the other (FTS5 takes one
  // bound a side: a second one would be checked on every row instead of sought)
  let bound: string;
  if (order.by === 'SALE_YMD') {
    const last = `(SELECT ${key} ${fromWhere} AND ${inOrdering}
      ORDER BY ${key} ${dir} LIMIT 1 OFFSET :limit + :offset - 1)`;
    // fewer matches than the page's end (none past it): every match is sorted
    bound =
      dir === 'DESC'
        ? `${key} >= COALESCE(${bucketStartSql(last)}, ${first}) AND ${key} < ${end}`
        : `${key} >= ${first} AND ${key} < COALESCE(${nextBucketStartSql(last)}, ${end})`;
  } else {
    // T is read once: the bound is worked out from it in the same subquery
    const threshold = `SELECT ${dir === 'ASC' ? 'MAX' : 'MIN'}(price) AS t FROM (SELECT ${PRICE_SQL} AS price
      ${fromWhere} AND ${inOrdering} ORDER BY ${key} ${dir} LIMIT :limit + :offset)`;
    bound =
      dir === 'ASC'
        ? `${key} >= ${first} AND ${key} < COALESCE((SELECT ${nextBucketStartSql(priceBucketStartSql(ordering, 't'))} FROM (${threshold})), ${end})`
        : `${key} >= COALESCE((SELECT ${priceBucketStartSql(ordering, 't')} FROM (${threshold})), ${first}) AND ${key} < ${end}`;
  }
  return {
    sql: `SELECT p.product_no AS no ${fromWhere} AND ${bound}
      ${orderSql(order, false, { sort: true })} LIMIT :limit OFFSET :offset`,
    args,
  };
}

/**
 * How long a kept summary is read at most (decision 055): sale and like counters move a capped
 * list's most popular matches (whose figures and first pages, decision 080, the summary holds)
 * without a catalogue version bump,
 * and a product's sale start can bring it into an on-sale-only list; both are followed within this
 * bound, as the page cache follows them (decision 053).
 */
export const SUMMARY_MAX_AGE_MS = 60_000;
/**
 * Summaries of fewer matches are not kept: finding them again costs about what reading a kept row
 * does, and a shopper's rare or misspelt keyword (or a bot's) would otherwise cost a write each.
 * One exception: a filter that finds nothing and whose keyword was corrected keeps its correction
 * (decision 076), as correcting costs ten times a kept row's read.
 */
export const SUMMARY_KEEP_MIN = 100;
/**
 * How many of a list's first matches in its page's order its summary keeps, in order (decisions
 * 080, 085): four search pages of 30, six list pages of 20. A page within them reads its rows by
 * number instead of walking the order's index from the top again (over the cap) or sorting every
 * match.
 */
export const LIST_HEAD = 120;
/**
 * Part of every key: raised when a kept summary's meaning changes, so no node reads an older build's
 * rows. 3: the first pages of the popular order (head_nos, decision 080); 4: of the order in the key
 * (decision 085).
 */
const SUMMARY_FORMAT = 4;
/** Longer keys (a long list of product numbers) are not kept. */
const SUMMARY_KEY_MAX = 2000;

/**
 * The key of a filter's summary: every field but the clock (checked through `valid_until`), in a
 * fixed order. The ranking text (`exact`) is part of it: the summary keeps which matches hold it
 * (decision 072). So is the order whose first pages it keeps (`headOrder`, decision 085): each
 * order of a filter keeps its own row, its figures read alike.
 */
function summaryKey(f: ProductListFilter, facets: boolean, headOrder?: ProductListOrder): string | null {
  const fields = Object.entries(f)
    .filter(([name, value]) => name !== 'now' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const key = JSON.stringify([
    SUMMARY_FORMAT,
    facets,
    fields,
    ...(headOrder ? [[headOrder.by, headOrder.direction]] : []),
  ]);
  return key.length <= SUMMARY_KEY_MAX ? key : null;
}

/**
 * The next moment a product's place in a summary changes by the clock alone: its sale ends (it
 * leaves the lists) or its discount starts or ends (its price now). ISO text, compared as the
 * filters compare it; '9999' when none is ahead.
 */
const NEXT_CHANGE_SQL = `MIN(
    CASE WHEN p.sale_end_ymdt > :now THEN p.sale_end_ymdt ELSE '9999' END,
    CASE WHEN p.immediate_discount_start_ymdt > :now THEN p.immediate_discount_start_ymdt ELSE '9999' END,
    CASE WHEN p.immediate_discount_end_ymdt > :now THEN p.immediate_discount_end_ymdt ELSE '9999' END)`;

/**
 * The next moment any product's price changes by the clock (a discount starts or ends), '9999' when
 * none is ahead: two seeks of the partial indexes of migration 0045 (decision 085).
 */
const NEXT_PRICE_CHANGE_SQL = `MIN(
    COALESCE((SELECT MIN(immediate_discount_start_ymdt) FROM products WHERE immediate_discount_start_ymdt > :now), '9999'),
    COALESCE((SELECT MIN(immediate_discount_end_ymdt) FROM products WHERE immediate_discount_end_ymdt > :now), '9999'))`;

type SummaryRow = {
  total: number;
  min_price: number | null;
  max_price: number | null;
  nos: string | null;
  exact_nos: string | null;
  /**
   * The first LIST_HEAD matches' numbers in the order of the key (a JSON array), or null (decisions
   * 080, 085).
   */
  head_nos?: string | null;
  /**
   * A filter that finds nothing: the keyword as typed and its correction, which found something with
   * the same filter (a JSON array of two strings, decision 076).
   */
  corrected?: string | null;
  brands?: string | null;
  categories?: string | null;
};

interface ListSummaryFound {
  total: number;
  /** Every match's number (a JSON array) when they are no more than COUNT_CAP, else null. */
  found: string | null;
  /**
   * Under COUNT_CAP with a ranking text (`exact`): the numbers of the matches that hold it (a JSON
   * array), else null.
   */
  exactFound: string | null;
  /**
   * Read for a page whose order keeps them (keepsHead): the numbers of the first LIST_HEAD matches
   * in that order (a JSON array, decisions 080 and 085), else null.
   */
  head: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  facets?: SearchFacetRows;
  /** Read from a kept row: the correction kept with it (null when none). */
  corrected: Correction | null;
  /**
   * Read afresh and nothing found (a row worth keeping only with a correction): keeps a correction
   * as this filter's summary, under the catalogue version the figures were read under.
   */
  keepCorrection?: (correction: Correction) => void;
}

function toSummary(row: SummaryRow, facets: boolean): ListSummaryFound {
  return {
    total: row.total,
    corrected: row.corrected ? toCorrection(row.corrected) : null,
    found: row.nos,
    exactFound: row.exact_nos,
    head: row.head_nos ?? null,
    minPrice: row.min_price,
    maxPrice: row.max_price,
    ...(facets
      ? {
          facets: {
            brands: JSON.parse(row.brands ?? '[]') as BrandFacetRow[],
            categories: JSON.parse(row.categories ?? '[]') as CategoryFacetRow[],
          },
        }
      : {}),
  };
}

/** Summaries being written (after their answer): tests and shutdown wait for them. */
const keeping = new Set<Promise<unknown>>();

/** Resolves when every summary write started so far has ended (written or given up). */
export async function keptSummariesSettled(): Promise<void> {
  await Promise.all([...keeping]);
}

/**
 * Writes a summary for the next readers, without keeping its reader waiting: a write that does not
 * get the write lock in time (orders writing) is given up, the next miss tries again. Expired rows
 * are deleted first. A row of an older version never replaces a newer one.
 */
function keepSummary(
  db: Db,
  key: string,
  now: string,
  row: SummaryRow & { version: number; next_at: string | null },
): void {
  const bound = new Date(Date.parse(now) + SUMMARY_MAX_AGE_MS).toISOString();
  const validUntil = row.next_at !== null && row.next_at < bound ? row.next_at : bound;
  const write = (async () => {
    await db.execute({ sql: 'DELETE FROM list_summaries WHERE valid_until <= ?', args: [now] });
    await db.execute({
      sql: `INSERT INTO list_summaries (summary_key, version, valid_from, valid_until, total, min_price, max_price, nos, exact_nos, head_nos, corrected, brands, categories)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (summary_key) DO UPDATE SET version = excluded.version,
          valid_from = excluded.valid_from, valid_until = excluded.valid_until,
          total = excluded.total, min_price = excluded.min_price, max_price = excluded.max_price,
          nos = excluded.nos, exact_nos = excluded.exact_nos, head_nos = excluded.head_nos,
          corrected = excluded.corrected,
          brands = excluded.brands, categories = excluded.categories
        WHERE excluded.version >= list_summaries.version`,
      args: [
        key,
        row.version,
        now,
        validUntil,
        row.total,
        row.min_price,
        row.max_price,
        row.nos,
        row.exact_nos,
        row.head_nos ?? null,
        row.corrected ?? null,
        row.brands ?? null,
        row.categories ?? null,
      ],
    });
  })().catch((err: unknown) => {
    // a busy database is expected under orders; anything else is worth a line in the log
    if (!isBusyError(err)) console.error('목록 요약을 저장하지 못했습니다', err);
  });
  keeping.add(write);
  void write.finally(() => keeping.delete(write));
}

/**
 * The count and price range of up to COUNT_CAP + 1 matches, and with `facets` what they fall into.
 * Read first from the summary kept for this filter (decision 055: one row, while the catalogue
 * version is the one it was read under and the clock has not passed its `valid_until`); else in one
 * statement: the matches are found once (`found`, materialized) and every figure is read from them,
 * so a search's keyword match runs once for all of them (decision 042), and the result is kept.
 * `headOrder` (a page's order that keepsHead): the row, kept under that order's own key, also
 * holds the first LIST_HEAD matches in that order (decisions 080, 085).
 */
async function findSummary(
  db: Db,
  filter: ProductListFilter,
  facets: boolean,
  headOrder: ProductListOrder | undefined,
): Promise<ListSummaryFound> {
  const key = summaryKey(filter, facets, headOrder);
  if (key !== null) {
    const kept = (
      await db.execute({
        sql: `SELECT s.total, s.min_price, s.max_price, s.nos, s.exact_nos, s.head_nos, s.corrected, s.brands, s.categories
          FROM list_summaries s JOIN cache_version v ON v.id = 1 AND v.version = s.version
          WHERE s.summary_key = :key AND s.valid_from <= :now AND s.valid_until > :now`,
        args: { key, now: filter.now },
      })
    ).rows[0] as unknown as SummaryRow | undefined;
    if (kept) return toSummary(kept, facets);
  }
  const found = listFromWhere(filter, '', false, { covering: true });
  // the search index hands the most popular first (search-key.ts): the figures of a capped list are
  // those of its most popular COUNT_CAP + 1
  const stream = found.source === 'terms' ? 'ORDER BY product_terms.rowid DESC' : '';
  const facetColumns = facets
    ? `,
      (SELECT json_group_array(json_object('brand_no', brand_no, 'brand_name', brand_name,
          'brand_name_ko', brand_name_ko, 'brand_name_en', brand_name_en, 'count', count)
          ORDER BY count DESC, brand_order, brand_no)
        FROM (${BRAND_FACETS_SQL})) AS brands,
      (SELECT json_group_array(json_object('category_no', category_no, 'parent_no', parent_no, 'label', label,
          'depth', depth, 'display_order', display_order, 'count', count)
          ORDER BY depth, display_order, category_no)
        FROM (${CATEGORY_FACETS_SQL})) AS categories`
    : '';
  // under the cap, which matches hold the text as written (the page ranks them first): read once
  // here, for every page of the filter while the row is kept, instead of searching again per page
  const exactNos = filter.exact
    ? `CASE WHEN COUNT(*) <= ${COUNT_CAP} THEN (SELECT json_group_array(product_no) FROM found
        WHERE product_no IN (${matchedProductsSql('exact')})) END`
    : 'NULL';
  // the first pages of the page's order (decisions 080, 085), for a row that is kept: over the cap
  // walked as a page would walk them (`head`), under it sorted from `found` (`sortedHead`)
  const head = key !== null && headOrder ? walkSql(filter, headOrder) : null;
  const headCte = head
    ? `, head AS MATERIALIZED (SELECT h.no AS no, h.rn AS rn, ${NEXT_CHANGE_SQL} AS next_at
          FROM (SELECT no, ROW_NUMBER() OVER () AS rn FROM (${head.sql})) h JOIN products p ON p.product_no = h.no)`
    : '';
  // under the cap, every match is in `found`: the first pages are its matches sorted by the same
  // builder as a page's known matches (`sortedMatchesSql`), their clock already `found`'s
  const sortedHead =
    head && headOrder
      ? `${sortedMatchesSql('found f', 'f.product_no', headOrder, filter.exact ? `(p.product_no IN (${matchedProductsSql('exact')}))` : undefined)}
          LIMIT ${LIST_HEAD}`
      : '';
  // over the cap, a price order's first pages also change when a product outside them changes its
  // price by the clock (it can move in): they end at the catalogue's next discount start or end
  const headClock =
    headOrder?.by === 'DISCOUNTED_PRICE'
      ? `MIN((SELECT MIN(next_at) FROM head), ${NEXT_PRICE_CHANGE_SQL})`
      : '(SELECT MIN(next_at) FROM head)';
  const headColumns = head
    ? `CASE WHEN COUNT(*) > ${COUNT_CAP} THEN (SELECT json_group_array(no ORDER BY rn) FROM head)
            ELSE (SELECT json_group_array(no ORDER BY rn) FROM (SELECT no, ROW_NUMBER() OVER () AS rn FROM (${sortedHead})))
          END AS head_nos,
          CASE WHEN COUNT(*) > ${COUNT_CAP} THEN ${headClock} END AS head_next_at,`
    : '';
  const row = (
    await db.execute({
      // the version is read in the same statement, so in the same snapshot as the figures
      sql: `WITH found AS MATERIALIZED (SELECT p.product_no AS product_no, p.brand_no AS brand_no, ${PRICE_SQL} AS price,
          ${NEXT_CHANGE_SQL} AS next_at
          ${found.sql} ${stream} LIMIT ${COUNT_CAP + 1})${headCte}${facets ? `, ${CATEGORY_ANCESTORS_CTE}` : ''}
        SELECT COUNT(*) AS total, MIN(price) AS min_price, MAX(price) AS max_price,
          CASE WHEN COUNT(*) <= ${COUNT_CAP} THEN (SELECT json_group_array(product_no) FROM found) END AS nos,
          ${exactNos} AS exact_nos, ${headColumns}
          (SELECT version FROM cache_version WHERE id = 1) AS version, MIN(next_at) AS next_at${facetColumns}
        FROM found`,
      args: {
        ...found.args,
        ...(filter.exact ? { exact: filter.exact } : {}),
        ...(head ? { ...head.args, limit: LIST_HEAD, offset: 0 } : {}),
      },
    })
  ).rows[0] as unknown as SummaryRow & {
    version: number;
    next_at: string | null;
    head_next_at?: string | null;
  };
  // the kept head changes by the clock when one of its products does, found or not
  if (row.head_next_at && (row.next_at === null || row.head_next_at < row.next_at))
    row.next_at = row.head_next_at;
  if (key !== null && row.total >= SUMMARY_KEEP_MIN) keepSummary(db, key, filter.now, row);
  const summary = toSummary(row, facets);
  // nothing found: not worth a row by itself (SUMMARY_KEEP_MIN), but its correction is (decision 076)
  if (key !== null && row.total === 0)
    summary.keepCorrection = (c) =>
      keepSummary(db, key, filter.now, { ...row, corrected: JSON.stringify([c.typed, c.corrected]) });
  return summary;
}

/**
 * A keyword as typed and its correction (decision 069). The keyword is kept with it: keywords that
 * differ only in their spaces search alike (one filter, one summary) but are corrected apart
 * (세탁기 방진펫드 → 세탁기 방진패드, 세탁기방진펫드 → 세탁기방진패드).
 */
export interface Correction {
  typed: string;
  corrected: string;
}

function toCorrection(text: string): Correction | null {
  const [typed, corrected] = JSON.parse(text) as unknown[];
  return typeof typed === 'string' && typeof corrected === 'string' ? { typed, corrected } : null;
}

/**
 * What a list that found nothing knows of its keyword's correction (decision 069, 076): the one kept
 * with its summary (`kept`, null when none is kept) and, when the summary was read afresh, `keep`
 * to keep the one the caller found.
 */
export interface KeptCorrection {
  kept: Correction | null;
  keep?: (correction: Correction) => void;
}

/** A page of a list: where it starts and how long it is, and what to read beside its rows. */
interface ListPageRequest {
  limit: number;
  offset: number;
  count?: boolean;
  facets?: boolean;
}

/** A page of a list, its rows of one shape (`PageShape`). */
interface ListPage<R> {
  summary: ProductListSummary;
  rows: R[];
  facets?: SearchFacetRows;
  /** Nothing found: the correction kept with the summary, and how to keep one (decision 076). */
  correction?: KeptCorrection;
}

/**
 * Whether a list's summary keeps the first pages of a page's order (decisions 080, 085): an order an
 * index walks (WALKABLE), either direction, without sold-out products last, outside display sections
 * (not walked). The row is kept under the order's own key, so each order of a filter has its own
 * first pages. The clock: the row ends when one of its first products leaves the list or changes its
 * price by the clock, and a price order's also when any product's price does (it could move in);
 * the other orders' keys do not change by the clock. Not for a filter whose matches the clock alone
 * can add to (a sale starting in an on-sale-only list, a discount moving a price into a price
 * filter): it would not see another product come in.
 */
function keepsHead(filter: ProductListFilter, order: ProductListOrder): boolean {
  return (
    WALKABLE.has(order.by) &&
    !order.soldoutPlaceEnd &&
    filter.sectionNo === undefined &&
    !filter.onSaleOnly &&
    filter.price === undefined
  );
}

/**
 * The ordered, cut product numbers of a list with more matches than COUNT_CAP (not a display
 * section's, not with sold-out products last): a keyword's popular, newest and price orders walk the
 * search indexes, every other list its order's index.
 */
function walkSql(filter: ProductListFilter, order: ProductListOrder): { sql: string; args: Args } {
  const listed = Boolean(filter.includeProductNos?.length);
  if (filter.match && !listed && order.by === 'POPULAR') return keywordWalkSql(filter, order);
  if (filter.match && !listed && SORTED_WALKS.has(order.by)) return sortedWalkSql(filter, order);
  return walkedPageSql(filter, order);
}

/**
 * The numbers of a list's known matches (`source`, joined on its number column `no`) in `order`:
 * what a page sorts from a kept summary's matches, and what a summary under the cap keeps as its
 * first pages (decision 080), so the two always sort alike. `exact` is the test for the matches that
 * hold the text as written (decision 072).
 */
function sortedMatchesSql(
  source: string,
  no: string,
  order: ProductListOrder,
  exact: string | undefined,
): string {
  const products =
    order.by === 'POPULAR' && !order.soldoutPlaceEnd
      ? 'products p INDEXED BY products_listing'
      : 'products p';
  return `SELECT p.product_no AS no FROM ${source} JOIN ${products} ON p.product_no = ${no}
          ${orderSql(order, false, { sort: true, ...(exact ? { exact } : {}) })}`;
}

/**
 * One page of what the filter matches, and the count and price range of up to COUNT_CAP + 1 of
 * them (with `facets`, the search facets of the same), in two statements: the summary first
 * (findSummary: it looks at no more than COUNT_CAP + 1 products), then the page, whose product
 * numbers are ordered and cut before the per-product parts (a list item's stock, images and
 * categories; a card's sold out and main image, `shape: 'card'`, decision 079) are worked out for
 * its rows only. Few matches are found, then sorted; more than COUNT_CAP walk the order's index
 * (walkSql). A page within the first LIST_HEAD of its order is read by number from the summary
 * instead (decisions 080, 085). `count: false` leaves the count and price range out of the answer
 * (0 and null); it is still read, as it picks the plan.
 */
export function findProductList(
  db: Db,
  filter: ProductListFilter,
  order: ProductListOrder,
  page: ListPageRequest & { shape?: 'item' },
): Promise<ListPage<ProductListRow>>;
export function findProductList(
  db: Db,
  filter: ProductListFilter,
  order: ProductListOrder,
  page: ListPageRequest & { shape: 'card' },
): Promise<ListPage<ProductCardRow>>;
export async function findProductList(
  db: Db,
  filter: ProductListFilter,
  order: ProductListOrder,
  page: ListPageRequest & { shape?: PageShape },
): Promise<ListPage<ProductListRow | ProductCardRow>> {
  const counted = await findSummary(
    db,
    filter,
    page.facets === true,
    keepsHead(filter, order) ? order : undefined,
  );
  const capped = counted.total > COUNT_CAP;
  const summary: ProductListSummary =
    page.count === false
      ? { totalCount: 0, capped: false, minPrice: null, maxPrice: null }
      : {
          totalCount: Math.min(counted.total, COUNT_CAP),
          capped,
          minPrice: counted.minPrice,
          maxPrice: counted.maxPrice,
        };
  const facets = counted.facets ? { facets: counted.facets } : {};
  if (counted.total === 0) {
    const correction: KeptCorrection = {
      kept: counted.corrected,
      ...(counted.keepCorrection ? { keep: counted.keepCorrection } : {}),
    };
    return { summary, rows: [], ...facets, correction };
  }
  if (!capped && page.offset >= counted.total) return { summary, rows: [], ...facets };

  const inSection = filter.sectionNo !== undefined;
  const walk = capped && !inSection && !order.soldoutPlaceEnd && WALKABLE.has(order.by);
  let ordered: { sql: string; args: Args };
  // within the first pages of the page's order kept with the summary (decisions 080, 085): walked
  // over the cap, sorted from the matches under it
  const headed = counted.head !== null && keepsHead(filter, order) && page.offset + page.limit <= LIST_HEAD;
  if (headed) {
    ordered = {
      sql: 'SELECT value AS no FROM json_each(:head) ORDER BY key LIMIT :limit OFFSET :offset',
      args: { now: filter.now, head: counted.head },
    };
  } else if (walk) ordered = walkSql(filter, order);
  else {
    const known = counted.found !== null && !inSection;
    // the matches that hold the text as written: known from the summary with its numbers (decision
    // 072), else searched for
    const exact = !filter.exact
      ? undefined
      : known && counted.exactFound !== null
        ? '(p.product_no IN (SELECT value FROM json_each(:exactFound)))'
        : `(p.product_no IN (${matchedProductsSql('exact')}))`;
    const exactArgs: Args = !filter.exact
      ? {}
      : known && counted.exactFound !== null
        ? { exactFound: counted.exactFound }
        : { exact: filter.exact };
    if (known) {
      // every match is known from the summary: sorted from its numbers, without searching again
      ordered = {
        sql: `${sortedMatchesSql('json_each(:found) f', 'f.value', order, exact)} LIMIT :limit OFFSET :offset`,
        args: { now: filter.now, found: counted.found, ...exactArgs },
      };
    } else {
      const found = listFromWhere(filter);
      const orderBy = orderSql(order, inSection, { sort: true, ...(exact ? { exact } : {}) });
      ordered = {
        sql: `SELECT p.product_no AS no ${found.sql} ${orderBy} LIMIT :limit OFFSET :offset`,
        args: { ...found.args, ...exactArgs },
      };
    }
  }
  const rs = await db.execute({
    // the page keeps its order in `rn` (numbered as it comes out of its ordered, cut subquery)
    sql: pageRowsSql(
      `SELECT no, ROW_NUMBER() OVER () AS rn FROM (${ordered.sql})`,
      '',
      'ORDER BY page.rn',
      page.shape ?? 'item',
    ),
    args: { ...ordered.args, limit: page.limit, offset: page.offset },
  });
  const rows = rs.rows as unknown as PageRow[];
  return {
    summary,
    rows: page.shape === 'card' ? rows.map((r) => JSON.parse(r.row) as ProductCardRow) : rows.map(toListRow),
    ...facets,
  };
}

/** One list's page among several (findProductPages). */
interface PagePlan {
  filter: ProductListFilter;
  order: ProductListOrder;
  limit: number;
  offset: number;
}

/**
 * Pages of several lists at once, without counts (the home page's sections): one statement, whose
 * page CTE is each list's ordered and cut product numbers one after the other, so the costly part
 * (every row's fields, options, images) is prepared once. All lists must share the same `now`.
 * Rows are whole list items, or with `shape: 'card'` a card's (the home page, decision 079).
 */
export function findProductPages(
  db: Db,
  lists: readonly PagePlan[],
  shape?: 'item',
): Promise<ProductListRow[][]>;
export function findProductPages(
  db: Db,
  lists: readonly PagePlan[],
  shape: 'card',
): Promise<ProductCardRow[][]>;
export async function findProductPages(
  db: Db,
  lists: readonly PagePlan[],
  shape: PageShape = 'item',
): Promise<(ProductListRow | ProductCardRow)[][]> {
  const first = lists[0];
  if (!first) return [];
  const args: Args = {};
  const pages = lists.map(({ filter, order, limit, offset }, i) => {
    if (filter.now !== first.filter.now) throw new Error('findProductPages: lists need the same now');
    const px = `l${i}_`;
    // a rule section's whole list walks its order's index; a manager's list or picks are found first
    const walk = filter.sectionNo === undefined && !filter.includeProductNos?.length;
    const { sql: fromWhere, args: listArgs } = listFromWhere(filter, px, walk);
    Object.assign(args, listArgs, { [`${px}limit`]: limit, [`${px}offset`]: offset });
    const orderBy = orderSql(order, filter.sectionNo !== undefined, { sort: !walk });
    // the subquery keeps its own ORDER BY and LIMIT; rn carries its order out of the UNION
    return `SELECT ${i} AS list, no, ROW_NUMBER() OVER () AS rn FROM (SELECT p.product_no AS no
      ${fromWhere} ${orderBy} LIMIT :${px}limit OFFSET :${px}offset)`;
  });
  const rs = await db.execute({
    sql: pageRowsSql(
      pages.join('\n      UNION ALL '),
      ', page.list AS list',
      'ORDER BY page.list, page.rn',
      shape,
    ),
    args,
  });
  const out: (ProductListRow | ProductCardRow)[][] = lists.map(() => []);
  for (const r of rs.rows as unknown as (PageRow & { list: number })[])
    out[r.list]?.push(shape === 'card' ? (JSON.parse(r.row) as ProductCardRow) : toListRow(r));
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

export interface SearchFacetRows {
  brands: BrandFacetRow[];
  categories: CategoryFacetRow[];
}

/** Each found brand with its count (over `found`, findSummary). */
const BRAND_FACETS_SQL = `SELECT b.brand_no, b.brand_name, b.brand_name_ko, b.brand_name_en,
    b.display_order AS brand_order, COUNT(*) AS count
  FROM found m JOIN brands b ON b.brand_no = m.brand_no
  GROUP BY b.brand_no`;

/** Every category with itself and each of its ancestors (a few dozen rows: the categories alone). */
const CATEGORY_ANCESTORS_CTE = `ancestry (category_no, ancestor_no) AS (
    SELECT category_no, category_no FROM categories
    UNION ALL
    SELECT a.category_no, c.parent_no FROM ancestry a JOIN categories c ON c.category_no = a.ancestor_no
     WHERE c.parent_no IS NOT NULL)`;

/**
 * What the found products fall into (Shopby's search facets): each menu category with the count of
 * found products in it or below it (a product counts once per category, ancestors included), as the
 * shop's menus show them. CROSS JOIN keeps the found products first: the planner would otherwise
 * start from the categories and read every product of each (100,000 rows at 100k products).
 */
const CATEGORY_FACETS_SQL = `SELECT c.category_no, c.parent_no, c.label, c.depth, c.display_order,
    COUNT(DISTINCT pc.product_no) AS count
  FROM found f CROSS JOIN product_categories pc ON pc.product_no = f.product_no
    CROSS JOIN ancestry a ON a.category_no = pc.category_no
    CROSS JOIN categories c ON c.category_no = a.ancestor_no
  WHERE c.is_menu = 1
  GROUP BY c.category_no`;
