import type { Executor } from '../../db/client.ts';
import { Where } from '../../db/sql.ts';
import { PRICE_SQL } from '../repo.ts';

/**
 * The manager's product list: searched, filtered, sorted and paged in SQL (the table island only
 * shows a page and sends the next query). Deleted products are listed only when asked for.
 */

export const PRODUCT_SORTS = {
  newest: 'p.product_no DESC',
  oldest: 'p.product_no ASC',
  updated: 'p.updated_ymdt DESC, p.product_no DESC',
  name: 'p.product_name COLLATE NOCASE ASC, p.product_no DESC',
  priceAsc: 'p.sale_price ASC, p.product_no DESC',
  priceDesc: 'p.sale_price DESC, p.product_no DESC',
  stockAsc: 'stock ASC, p.product_no DESC',
  stockDesc: 'stock DESC, p.product_no DESC',
  sales: 'p.sale_cnt DESC, p.product_no DESC',
} as const;
export type ProductSort = keyof typeof PRODUCT_SORTS;

export interface ProductListQuery {
  q?: string | undefined;
  categoryNo?: number | undefined;
  brandNo?: number | undefined;
  partnerNo?: number | undefined;
  saleStatus?: 'READY' | 'ONSALE' | 'FINISHED' | 'STOP' | 'PROHIBITION' | undefined;
  stock?: 'soldout' | 'low' | undefined;
  display?: 'shown' | 'hidden' | undefined;
  deleted?: boolean | undefined;
  sort: ProductSort;
  pageNumber: number;
  pageSize: number;
}

export interface ProductListItem {
  productNo: number;
  version: number;
  slug: string;
  productName: string;
  productManagementCd: string | null;
  imageUrl: string | null;
  salePrice: number;
  /** After an immediate discount in its period. */
  discountedPrice: number;
  saleStatus: string;
  frontDisplay: boolean;
  deleted: boolean;
  brandName: string | null;
  partnerName: string;
  /** Units of every option not marked sold out. */
  stock: number;
  optionCount: number;
  soldOutOptions: number;
  lowStockOptions: number;
  lowStockThreshold: number;
  saleCnt: number;
  updatedYmdt: string;
}

/** Per product: its live options' totals (stock, how many options, sold out, low), one subquery each. */
const optionStat = (expr: string) =>
  `(SELECT ${expr} FROM product_options o WHERE o.product_no = p.product_no AND o.retired = 0)`;
const OPTION_STATS = [
  `${optionStat('COALESCE(SUM(CASE WHEN o.forced_sold_out = 0 THEN o.stock_cnt ELSE 0 END), 0)')} AS stock`,
  `${optionStat('COUNT(*)')} AS option_count`,
  `${optionStat('COALESCE(SUM(o.stock_cnt = 0 OR o.forced_sold_out = 1), 0)')} AS sold_out`,
  `${optionStat('COALESCE(SUM(o.stock_cnt > 0 AND o.forced_sold_out = 0 AND o.stock_cnt <= p.low_stock_threshold), 0)')} AS low`,
].join(',\n');

/**
 * A low-stock option (`lo`) of a product (`p`): live, not marked sold out by hand, and at or below
 * its product's threshold (`low_stock_threshold`, 5 unless the product says otherwise) — an option
 * run out (0) included. The list's `stock=low` filter and the dashboard's figure share it.
 */
const LOW_OPTION = 'lo.retired = 0 AND lo.forced_sold_out = 0 AND lo.stock_cnt <= p.low_stock_threshold';

/** The dashboard's low-stock figure: options, and the products the list's `stock=low` shows. */
export async function lowStockFigures(db: Executor): Promise<{ options: number; products: number }> {
  const rs = await db.execute(`SELECT COUNT(*) AS options, COUNT(DISTINCT p.product_no) AS products
    FROM products p JOIN product_options lo ON lo.product_no = p.product_no
    WHERE p.deleted_ymdt IS NULL AND ${LOW_OPTION}`);
  return { options: Number(rs.rows[0]?.options ?? 0), products: Number(rs.rows[0]?.products ?? 0) };
}

function whereOf(q: ProductListQuery): Where {
  const w = new Where(q.deleted ? 'p.deleted_ymdt IS NOT NULL' : 'p.deleted_ymdt IS NULL');
  const text = q.q?.trim();
  if (text) {
    const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const asNumber = /^\d+$/.test(text) ? Number(text) : -1;
    w.add(
      `(p.product_no = ? OR lower(p.product_name) LIKE ? ESCAPE '\\' OR lower(COALESCE(p.product_management_cd, '')) LIKE ? ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM product_options bo WHERE bo.product_no = p.product_no
          AND (bo.barcode = ? OR bo.option_management_cd = ?)))`,
      asNumber,
      like,
      like,
      text,
      text,
    );
  }
  if (q.categoryNo)
    w.add(
      'EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_no = p.product_no AND pc.category_no = ?)',
      q.categoryNo,
    );
  if (q.brandNo) w.add('p.brand_no = ?', q.brandNo);
  if (q.partnerNo) w.add('p.partner_no = ?', q.partnerNo);
  if (q.saleStatus) w.add('p.sale_status = ?', q.saleStatus);
  if (q.display) w.add('p.front_display = ?', q.display === 'shown' ? 1 : 0);
  if (q.stock === 'soldout')
    w.add(`(p.forced_sold_out = 1 OR NOT EXISTS (SELECT 1 FROM product_options so WHERE so.product_no = p.product_no
      AND so.retired = 0 AND so.stock_cnt > 0 AND so.forced_sold_out = 0))`);
  if (q.stock === 'low')
    w.add(`EXISTS (SELECT 1 FROM product_options lo WHERE lo.product_no = p.product_no AND ${LOW_OPTION})`);
  return w;
}

export async function listManagedProducts(
  db: Executor,
  q: ProductListQuery,
): Promise<{ totalCount: number; pageCount: number; items: ProductListItem[] }> {
  const where = whereOf(q);
  const now = new Date().toISOString();
  const [count, rows] = await Promise.all([
    db.execute({ sql: `SELECT COUNT(*) AS n FROM products p WHERE ${where.sql}`, args: where.args }),
    db.execute({
      sql: `SELECT p.product_no, p.version, p.slug, p.product_name, p.product_management_cd, p.sale_price,
          ${PRICE_SQL.replaceAll(':now', '?')} AS discounted_price,
          p.sale_status, p.front_display, p.deleted_ymdt, p.sale_cnt, p.updated_ymdt, p.low_stock_threshold,
          b.brand_name, pa.partner_name,
          (SELECT i.url FROM product_images i WHERE i.product_no = p.product_no
            ORDER BY i.is_main DESC, i.display_order, i.image_no LIMIT 1) AS image_url,
          ${OPTION_STATS}
        FROM products p
        JOIN partners pa ON pa.partner_no = p.partner_no
        LEFT JOIN brands b ON b.brand_no = p.brand_no
        WHERE ${where.sql} ORDER BY ${PRODUCT_SORTS[q.sort]} LIMIT ? OFFSET ?`,
      args: [now, now, ...where.args, q.pageSize, (q.pageNumber - 1) * q.pageSize],
    }),
  ]);
  const totalCount = Number(count.rows[0]?.n ?? 0);
  return {
    totalCount,
    pageCount: Math.max(1, Math.ceil(totalCount / q.pageSize)),
    items: rows.rows.map((r) => ({
      productNo: Number(r.product_no),
      version: Number(r.version),
      slug: String(r.slug),
      productName: String(r.product_name),
      productManagementCd: r.product_management_cd == null ? null : String(r.product_management_cd),
      imageUrl: r.image_url == null ? null : String(r.image_url),
      salePrice: Number(r.sale_price),
      discountedPrice: Number(r.discounted_price),
      saleStatus: String(r.sale_status),
      frontDisplay: Number(r.front_display) === 1,
      deleted: r.deleted_ymdt != null,
      brandName: r.brand_name == null ? null : String(r.brand_name),
      partnerName: String(r.partner_name),
      stock: Number(r.stock ?? 0),
      optionCount: Number(r.option_count ?? 0),
      soldOutOptions: Number(r.sold_out ?? 0),
      lowStockOptions: Number(r.low ?? 0),
      lowStockThreshold: Number(r.low_stock_threshold),
      saleCnt: Number(r.sale_cnt),
      updatedYmdt: String(r.updated_ymdt),
    })),
  };
}
