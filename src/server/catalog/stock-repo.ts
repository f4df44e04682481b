import type { Executor } from '../db/client.ts';

/**
 * The only writes to the catalogue's stock and sale counters, published as `catalogSteps` (steps.ts)
 * because they must run inside the caller's own write transaction (completing an order, a claim).
 * Decrements are guarded — `stock_cnt >= ?` in the same statement — and the caller checks the row
 * count: two buyers of the last unit can never both get it, whatever process they are in.
 */

/** Takes `cnt` units of an option if that many are left (and it is not marked sold out). */
export async function takeStock(db: Executor, optionNo: number, cnt: number): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE product_options SET stock_cnt = stock_cnt - ?, sale_cnt = sale_cnt + ?
      WHERE option_no = ? AND stock_cnt >= ? AND forced_sold_out = 0`,
    args: [cnt, cnt, optionNo, cnt],
  });
  return rs.rowsAffected === 1;
}

/** Gives units back (a paid order was cancelled). */
export async function returnStock(db: Executor, optionNo: number, cnt: number): Promise<void> {
  await db.execute({
    sql: 'UPDATE product_options SET stock_cnt = stock_cnt + ?, sale_cnt = MAX(0, sale_cnt - ?) WHERE option_no = ?',
    args: [cnt, cnt, optionNo],
  });
}

/** The product's sale counter (the "best" order), up or down. */
export async function countSale(db: Executor, productNo: number, delta: number): Promise<void> {
  await db.execute({
    sql: 'UPDATE products SET sale_cnt = MAX(0, sale_cnt + ?) WHERE product_no = ?',
    args: [delta, productNo],
  });
}

export async function stockOf(db: Executor, optionNo: number): Promise<number> {
  const rs = await db.execute({
    sql: 'SELECT stock_cnt FROM product_options WHERE option_no = ?',
    args: [optionNo],
  });
  return Number(rs.rows[0]?.stock_cnt ?? 0);
}
