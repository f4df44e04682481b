import type { InStatement } from '@libsql/client';

import type { Executor } from '../db/client.ts';

/**
 * The only writes to the products' like and review counters, published in steps.ts because they
 * run inside the like and review modules' own write transactions, next to the row they count.
 * Each is one guarded UPDATE computed from the row's values, never read-then-write.
 */

/** The like counter, moved with each like added (+1) or removed (-1, never below 0). */
export async function addToLikeCount(db: Executor, productNo: number, delta: 1 | -1): Promise<void> {
  await db.execute(
    delta > 0
      ? { sql: 'UPDATE products SET like_cnt = like_cnt + 1 WHERE product_no = ?', args: [productNo] }
      : {
          sql: 'UPDATE products SET like_cnt = like_cnt - 1 WHERE product_no = ? AND like_cnt > 0',
          args: [productNo],
        },
  );
}

/**
 * The product's review count and average move with each review, from the values in the row (the
 * demo catalogue's base numbers count as reviews already there). Clamped to 0–5 against rounding.
 * Each answers whether the product row moved.
 */
export async function countReviewAdded(db: Executor, productNo: number, rating: number): Promise<boolean> {
  return moved(db, {
    sql: `UPDATE products SET
            review_rating = MAX(0, MIN(5, (review_rating * review_cnt + ?) / (review_cnt + 1.0))),
            review_cnt = review_cnt + 1
          WHERE product_no = ?`,
    args: [rating, productNo],
  });
}

export async function countReviewEdited(
  db: Executor,
  productNo: number,
  oldRating: number,
  newRating: number,
): Promise<boolean> {
  return moved(db, {
    sql: `UPDATE products SET review_rating = MAX(0, MIN(5, review_rating + (? - ?) / (review_cnt * 1.0)))
          WHERE product_no = ? AND review_cnt > 0`,
    args: [newRating, oldRating, productNo],
  });
}

export async function countReviewRemoved(db: Executor, productNo: number, rating: number): Promise<boolean> {
  return moved(db, {
    sql: `UPDATE products SET
            review_rating = CASE WHEN review_cnt > 1
              THEN MAX(0, MIN(5, (review_rating * review_cnt - ?) / (review_cnt - 1.0))) ELSE 0 END,
            review_cnt = review_cnt - 1
          WHERE product_no = ? AND review_cnt > 0`,
    args: [rating, productNo],
  });
}

async function moved(db: Executor, stmt: InStatement): Promise<boolean> {
  return (await db.execute(stmt)).rowsAffected === 1;
}
