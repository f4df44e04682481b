import type { Executor } from '../db/client.ts';

/**
 * The claim counters of order lines (canceled_cnt, returning_cnt, returned_cnt), published in
 * steps.ts for the claim module's workflows, which run them inside their own write transaction.
 * Every change is guarded in the same statement, so a line never gives more units than it has.
 */

/**
 * Takes `cnt` units of a line for a cancel (canceled_cnt) or a return request (returning_cnt),
 * only if that many are still the buyer's; false otherwise (a racing claim took them).
 */
export async function takeUnits(
  db: Executor,
  orderOptionNo: number,
  kind: 'cancel' | 'return',
  cnt: number,
): Promise<boolean> {
  const col = kind === 'cancel' ? 'canceled_cnt' : 'returning_cnt';
  const rs = await db.execute({
    sql: `UPDATE order_options SET ${col} = ${col} + ?
      WHERE order_option_no = ? AND order_cnt - canceled_cnt - returning_cnt - returned_cnt >= ?`,
    args: [cnt, orderOptionNo, cnt],
  });
  return rs.rowsAffected === 1;
}

/** Units asked back: returned (approved) or back to the buyer (rejected, withdrawn). */
export async function settleReturning(
  db: Executor,
  orderOptionNo: number,
  cnt: number,
  outcome: 'returned' | 'released',
): Promise<boolean> {
  const rs = await db.execute({
    sql:
      outcome === 'returned'
        ? 'UPDATE order_options SET returning_cnt = returning_cnt - ?, returned_cnt = returned_cnt + ? WHERE order_option_no = ? AND returning_cnt >= ?'
        : 'UPDATE order_options SET returning_cnt = returning_cnt - ? WHERE order_option_no = ? AND returning_cnt >= ?',
    args: outcome === 'returned' ? [cnt, cnt, orderOptionNo, cnt] : [cnt, orderOptionNo, cnt],
  });
  return rs.rowsAffected === 1;
}
