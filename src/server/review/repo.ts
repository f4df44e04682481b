import type { Executor } from '../db/client.ts';
import type { InValue, Row } from '@libsql/client';

/**
 * SQL of product reviews (`product_reviews`, `review_recommendations`, 0009) and of the
 * catalogue's `products.review_cnt` / `review_rating`, the counters of these rows that this module
 * alone moves: always in the transaction that adds, changes or deletes a review, with a guarded
 * UPDATE, never read-then-write. The author's name comes from `members`.
 */

export interface ReviewRow {
  reviewNo: number;
  productNo: number;
  optionNo: number;
  orderOptionNo: number;
  orderNo: string;
  memberNo: number;
  /** null for a member who has left. */
  memberName: string | null;
  memberId: string | null;
  rating: number;
  content: string;
  fileUrls: string[];
  recommendCnt: number;
  productName: string;
  optionName: string;
  optionValue: string;
  optionInputs: { inputLabel: string; inputValue: string }[];
  orderCnt: number;
  imageUrl: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

const str = (v: unknown): string | null => (v == null ? null : String(v));

function parseList<T>(raw: unknown): T[] {
  try {
    const v = JSON.parse(String(raw ?? '[]')) as unknown;
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

function toRow(r: Row): ReviewRow {
  return {
    reviewNo: Number(r.review_no),
    productNo: Number(r.product_no),
    optionNo: Number(r.option_no),
    orderOptionNo: Number(r.order_option_no),
    orderNo: String(r.order_no),
    memberNo: Number(r.member_no),
    memberName: str(r.member_name),
    memberId: str(r.member_id),
    rating: Number(r.rating),
    content: String(r.content),
    fileUrls: parseList<string>(r.file_urls).map(String),
    recommendCnt: Number(r.recommend_cnt),
    productName: String(r.product_name),
    optionName: String(r.option_name),
    optionValue: String(r.option_value),
    optionInputs: parseList<{ inputLabel: string; inputValue: string }>(r.option_inputs),
    orderCnt: Number(r.order_cnt),
    imageUrl: String(r.image_url),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
    deletedAt: str(r.deleted_at),
  };
}

const COLUMNS = 'r.*, m.member_name, m.member_id';
const FROM = 'product_reviews r LEFT JOIN members m ON m.member_no = r.member_no';

export interface ReviewFilter {
  productNo?: number | undefined;
  memberNo?: number | undefined;
  photoOnly?: boolean | undefined;
  /** Inclusive UTC ISO lower bound, exclusive upper bound of the review's time. */
  from?: string | undefined;
  to?: string | undefined;
  /** Only reviews of products a shopper can open (the shop-wide feed, /community). */
  shownProductsOnly?: boolean | undefined;
}

export type ReviewOrder = 'REGISTER_YMDT' | 'RECOMMEND' | 'RATING';

function where(f: ReviewFilter): { sql: string; args: InValue[] } {
  const parts = ['r.deleted_at IS NULL'];
  const args: InValue[] = [];
  if (f.productNo !== undefined) {
    parts.push('r.product_no = ?');
    args.push(f.productNo);
  }
  if (f.memberNo !== undefined) {
    parts.push('r.member_no = ?');
    args.push(f.memberNo);
  }
  if (f.photoOnly) parts.push('r.photo_cnt > 0');
  if (f.shownProductsOnly) {
    parts.push(`EXISTS (SELECT 1 FROM products sp WHERE sp.product_no = r.product_no AND sp.deleted_ymdt IS NULL
      AND sp.sale_status NOT IN ('STOP', 'PROHIBITION') AND (sp.front_display = 1 OR sp.url_direct_display = 1))`);
  }
  if (f.from) {
    parts.push('r.created_at >= ?');
    args.push(f.from);
  }
  if (f.to) {
    parts.push('r.created_at < ?');
    args.push(f.to);
  }
  return { sql: parts.join(' AND '), args };
}

const ORDER_COLUMN: Record<ReviewOrder, string> = {
  REGISTER_YMDT: 'r.review_no',
  RECOMMEND: 'r.recommend_cnt',
  RATING: 'r.rating',
};

export async function countReviews(db: Executor, f: ReviewFilter): Promise<number> {
  const w = where(f);
  const rs = await db.execute({
    sql: `SELECT COUNT(*) AS n FROM product_reviews r WHERE ${w.sql}`,
    args: w.args,
  });
  return Number(rs.rows[0]?.n ?? 0);
}

export async function selectReviews(
  db: Executor,
  f: ReviewFilter,
  order: { by: ReviewOrder; direction: 'ASC' | 'DESC' },
  page: { offset: number; limit: number },
): Promise<ReviewRow[]> {
  const w = where(f);
  const dir = order.direction === 'ASC' ? 'ASC' : 'DESC';
  // the newest first among equals, so pages never overlap
  const keys =
    order.by === 'REGISTER_YMDT'
      ? `r.review_no ${dir}`
      : `${ORDER_COLUMN[order.by]} ${dir}, r.review_no DESC`;
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM ${FROM} WHERE ${w.sql} ORDER BY ${keys} LIMIT ? OFFSET ?`,
    args: [...w.args, page.limit, page.offset],
  });
  return rs.rows.map(toRow);
}

/** A review, deleted ones included (the caller decides what a deleted review means). */
export async function selectReview(db: Executor, reviewNo: number): Promise<ReviewRow | null> {
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM ${FROM} WHERE r.review_no = ?`,
    args: [reviewNo],
  });
  return rs.rows[0] ? toRow(rs.rows[0]) : null;
}

/** Count per rating of a product's reviews: [{ rating, count }], only ratings that occur. */
export async function selectRatingCounts(db: Executor, productNo: number): Promise<Map<number, number>> {
  const rs = await db.execute({
    sql: `SELECT rating, COUNT(*) AS n FROM product_reviews
          WHERE product_no = ? AND deleted_at IS NULL GROUP BY rating`,
    args: [productNo],
  });
  return new Map(rs.rows.map((r) => [Number(r.rating), Number(r.n)]));
}

/** The member's reviews of these lines (deleted ones too): order option number → review. */
export async function selectReviewsOfOrderOptions(
  db: Executor,
  memberNo: number,
  orderOptionNos: readonly number[],
): Promise<Map<number, { reviewNo: number; deleted: boolean }>> {
  if (orderOptionNos.length === 0) return new Map();
  const rs = await db.execute({
    sql: `SELECT order_option_no, review_no, deleted_at FROM product_reviews
          WHERE member_no = ? AND order_option_no IN (${orderOptionNos.map(() => '?').join(', ')})`,
    args: [memberNo, ...orderOptionNos],
  });
  return new Map(
    rs.rows.map((r) => [
      Number(r.order_option_no),
      { reviewNo: Number(r.review_no), deleted: r.deleted_at != null },
    ]),
  );
}

/** Which of `reviewNos` the member recommends. */
export async function selectRecommendedAmong(
  db: Executor,
  memberNo: number,
  reviewNos: readonly number[],
): Promise<Set<number>> {
  if (reviewNos.length === 0) return new Set();
  const rs = await db.execute({
    sql: `SELECT review_no FROM review_recommendations
          WHERE member_no = ? AND review_no IN (${reviewNos.map(() => '?').join(', ')})`,
    args: [memberNo, ...reviewNos],
  });
  return new Set(rs.rows.map((r) => Number(r.review_no)));
}

// ------------------------------------------------------------------------------------ writes

export interface NewReview {
  productNo: number;
  optionNo: number;
  orderOptionNo: number;
  orderNo: string;
  memberNo: number;
  rating: number;
  content: string;
  fileUrls: string[];
  productName: string;
  optionName: string;
  optionValue: string;
  optionInputs: { inputLabel: string; inputValue: string }[];
  orderCnt: number;
  imageUrl: string;
}

/** Adds the review; null when the line has a review already (the unique order line). */
export async function insertReview(db: Executor, r: NewReview, now: string): Promise<number | null> {
  const rs = await db.execute({
    sql: `INSERT INTO product_reviews (product_no, option_no, order_option_no, order_no, member_no, rating, content,
            file_urls, photo_cnt, product_name, option_name, option_value, option_inputs, order_cnt, image_url,
            created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (order_option_no) DO NOTHING
          RETURNING review_no`,
    args: [
      r.productNo,
      r.optionNo,
      r.orderOptionNo,
      r.orderNo,
      r.memberNo,
      r.rating,
      r.content,
      JSON.stringify(r.fileUrls),
      r.fileUrls.length,
      r.productName,
      r.optionName,
      r.optionValue,
      JSON.stringify(r.optionInputs),
      r.orderCnt,
      r.imageUrl,
      now,
      now,
    ],
  });
  return rs.rows[0] ? Number(rs.rows[0].review_no) : null;
}

/** Changes the author's live review; false when it is not there, deleted, or not theirs. */
export async function updateReview(
  db: Executor,
  reviewNo: number,
  memberNo: number,
  fields: { rating: number; content: string; fileUrls: string[] },
  now: string,
): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE product_reviews SET rating = ?, content = ?, file_urls = ?, photo_cnt = ?, updated_at = ?
          WHERE review_no = ? AND member_no = ? AND deleted_at IS NULL`,
    args: [
      fields.rating,
      fields.content,
      JSON.stringify(fields.fileUrls),
      fields.fileUrls.length,
      now,
      reviewNo,
      memberNo,
    ],
  });
  return rs.rowsAffected === 1;
}

/** Marks the author's live review deleted; answers its product and rating, or null. */
export async function softDeleteReview(
  db: Executor,
  reviewNo: number,
  memberNo: number,
  now: string,
): Promise<{ productNo: number; rating: number } | null> {
  const rs = await db.execute({
    sql: `UPDATE product_reviews SET deleted_at = ?, updated_at = ?
          WHERE review_no = ? AND member_no = ? AND deleted_at IS NULL
          RETURNING product_no, rating`,
    args: [now, now, reviewNo, memberNo],
  });
  const row = rs.rows[0];
  return row ? { productNo: Number(row.product_no), rating: Number(row.rating) } : null;
}

/** Adds the recommendation; false when the member recommends it already. */
export async function insertRecommendation(
  db: Executor,
  reviewNo: number,
  memberNo: number,
  now: string,
): Promise<boolean> {
  const rs = await db.execute({
    sql: `INSERT INTO review_recommendations (review_no, member_no, created_at) VALUES (?, ?, ?)
          ON CONFLICT (review_no, member_no) DO NOTHING`,
    args: [reviewNo, memberNo, now],
  });
  return rs.rowsAffected > 0;
}

export async function deleteRecommendation(
  db: Executor,
  reviewNo: number,
  memberNo: number,
): Promise<boolean> {
  const rs = await db.execute({
    sql: 'DELETE FROM review_recommendations WHERE review_no = ? AND member_no = ?',
    args: [reviewNo, memberNo],
  });
  return rs.rowsAffected > 0;
}

/** Moves the review's recommend count; answers the count after, or null when guarded out. */
export async function addToRecommendCount(
  db: Executor,
  reviewNo: number,
  delta: 1 | -1,
): Promise<number | null> {
  const rs = await db.execute(
    delta > 0
      ? {
          sql: 'UPDATE product_reviews SET recommend_cnt = recommend_cnt + 1 WHERE review_no = ? RETURNING recommend_cnt',
          args: [reviewNo],
        }
      : {
          sql: `UPDATE product_reviews SET recommend_cnt = recommend_cnt - 1
                WHERE review_no = ? AND recommend_cnt > 0 RETURNING recommend_cnt`,
          args: [reviewNo],
        },
  );
  return rs.rows[0] ? Number(rs.rows[0].recommend_cnt) : null;
}
