import type { Executor } from '../db/client.ts';

/**
 * SQL of liked products (`product_likes`, 0007). The catalogue's `products.like_cnt` counts these
 * rows; it moves through `catalogSteps.addToLikeCount`, always in the transaction that adds or
 * removes the row.
 */

/** Adds the like; false when it was there already or there is no such product. */
export async function insertLike(
  db: Executor,
  memberNo: number,
  productNo: number,
  now: string,
): Promise<boolean> {
  const r = await db.execute({
    sql: `INSERT INTO product_likes (member_no, product_no, created_at)
          SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM products WHERE product_no = ?)
          ON CONFLICT (member_no, product_no) DO NOTHING`,
    args: [memberNo, productNo, now, productNo],
  });
  return r.rowsAffected > 0;
}

/** Removes the like; false when there was none. */
export async function deleteLike(db: Executor, memberNo: number, productNo: number): Promise<boolean> {
  const r = await db.execute({
    sql: 'DELETE FROM product_likes WHERE member_no = ? AND product_no = ?',
    args: [memberNo, productNo],
  });
  return r.rowsAffected > 0;
}

export async function countLikes(db: Executor, memberNo: number): Promise<number> {
  const r = await db.execute({
    sql: 'SELECT COUNT(*) AS n FROM product_likes WHERE member_no = ?',
    args: [memberNo],
  });
  return Number(r.rows[0]?.n ?? 0);
}

/** The member's liked product numbers, most recently liked first. */
export async function selectLikedProductNos(
  db: Executor,
  memberNo: number,
  page: { offset: number; limit: number },
): Promise<number[]> {
  const r = await db.execute({
    sql: `SELECT product_no FROM product_likes WHERE member_no = ?
          ORDER BY created_at DESC, product_no DESC LIMIT ? OFFSET ?`,
    args: [memberNo, page.limit, page.offset],
  });
  return r.rows.map((row) => Number(row.product_no));
}

/** Every product the member likes (at most `limit`, the most recent first). */
export async function selectAllLiked(db: Executor, memberNo: number, limit: number): Promise<number[]> {
  const r = await db.execute({
    sql: 'SELECT product_no FROM product_likes WHERE member_no = ? ORDER BY created_at DESC LIMIT ?',
    args: [memberNo, limit],
  });
  return r.rows.map((row) => Number(row.product_no));
}
