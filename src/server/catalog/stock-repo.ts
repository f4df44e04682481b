import type { Executor } from '../db/client.ts';
import { notifyRestocked } from './restock.ts';

/**
 * The only writes to the catalogue's stock and sale counters, published as `catalogSteps` (steps.ts)
 * because they must run inside the caller's own write transaction (completing an order, a claim,
 * a counter sale, a manager's adjustment). Decrements are guarded — `stock_cnt >= ?` in the same
 * statement — and the caller checks the row count: two buyers of the last unit can never both get
 * it, whatever process or channel they are in. Every change writes its stock-ledger line in the
 * same transaction: the ledger is the history of the stock, never overwritten.
 */

export type StockReason =
  | 'ORDER'
  | 'CANCEL'
  | 'RETURN'
  | 'COUNTER_SALE'
  | 'COUNTER_REFUND'
  | 'RECEIVE'
  | 'ADJUST'
  | 'COUNT'
  | 'INITIAL';
export type StockChannel = 'WEB' | 'COUNTER' | 'MANAGER' | 'IMPORT';

/** Why the stock moved and who moved it: one line of the stock ledger. */
export interface StockEntry {
  reason: StockReason;
  channel: StockChannel;
  /** What caused it: an order number, a claim number, an import file. */
  ref?: string | null;
  memo?: string;
  actorMemberNo?: number | null;
  /** The name the ledger shows: a manager's name, "주문자 홍길동", "시스템". */
  actorLabel: string;
  now: string;
}

/** The ledger line of the change just made to `optionNo` (its stock read after the change). */
export async function writeLedgerLine(
  db: Executor,
  optionNo: number,
  delta: number,
  e: StockEntry,
): Promise<void> {
  await db.execute({
    sql: `INSERT INTO stock_ledger (option_no, product_no, delta, stock_after, reason, channel, ref, memo,
        actor_member_no, actor_label, created_ymdt)
      SELECT option_no, product_no, ?, stock_cnt, ?, ?, ?, ?, ?, ?, ? FROM product_options WHERE option_no = ?`,
    args: [
      delta,
      e.reason,
      e.channel,
      e.ref ?? null,
      e.memo ?? '',
      e.actorMemberNo ?? null,
      e.actorLabel,
      e.now,
      optionNo,
    ],
  });
}

/** Takes `cnt` units of an option if that many are left (and it is not marked sold out). */
export async function takeStock(
  db: Executor,
  optionNo: number,
  cnt: number,
  entry: StockEntry,
): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE product_options SET stock_cnt = stock_cnt - ?, sale_cnt = sale_cnt + ?
      WHERE option_no = ? AND stock_cnt >= ? AND forced_sold_out = 0 AND retired = 0`,
    args: [cnt, cnt, optionNo, cnt],
  });
  if (rs.rowsAffected !== 1) return false;
  await writeLedgerLine(db, optionNo, -cnt, entry);
  return true;
}

/** Gives units back (a paid order was cancelled or returned). */
export async function returnStock(
  db: Executor,
  optionNo: number,
  cnt: number,
  entry: StockEntry,
): Promise<void> {
  const rs = await db.execute({
    sql: `UPDATE product_options SET stock_cnt = stock_cnt + ?, sale_cnt = MAX(0, sale_cnt - ?) WHERE option_no = ?
      RETURNING stock_cnt`,
    args: [cnt, cnt, optionNo],
  });
  if (rs.rows.length !== 1) return;
  await writeLedgerLine(db, optionNo, cnt, entry);
  await afterIncrease(db, optionNo, cnt, Number(rs.rows[0]?.stock_cnt), entry.now);
}

/**
 * Every increase of stock passes here (a return, a cancel, receiving goods, a count, an import):
 * an option that has stock now tells the shoppers waiting for it (재입고 알림), in the same
 * transaction as the change — if it can be bought: one still stopped by a manager or off sale tells
 * them when that is lifted (decision 041).
 */
async function afterIncrease(db: Executor, optionNo: number, delta: number, after: number, now: string) {
  if (delta > 0 && after > 0) await notifyRestocked(db, { optionNo }, now);
}

/**
 * A manager's (or a count's) change of stock by `delta`, guarded so the stock never goes below
 * zero; false when it would. Sale counters are left alone: receiving goods is not a sale.
 */
export async function moveStock(
  db: Executor,
  optionNo: number,
  delta: number,
  entry: StockEntry,
): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE product_options SET stock_cnt = stock_cnt + ? WHERE option_no = ? AND stock_cnt + ? >= 0
      RETURNING stock_cnt`,
    args: [delta, optionNo, delta],
  });
  if (rs.rows.length !== 1) return false;
  await writeLedgerLine(db, optionNo, delta, entry);
  await afterIncrease(db, optionNo, delta, Number(rs.rows[0]?.stock_cnt), entry.now);
  return true;
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
