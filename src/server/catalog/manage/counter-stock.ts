import type { Db, Executor } from '../../db/client.ts';
import { placeholders } from '../../db/sql.ts';
import { AppError } from '../../platform/errors.ts';
import { counterItems, type CounterItem } from './counter.ts';
import type { Actor } from './products.ts';
import { moveOptionStock } from './stock.ts';

/**
 * Stock at the counter (issue 14): goods received by scanning, a shelf counted by scanning, and the
 * options running low. Both batches go through the back office's `moveOptionStock`, one ledger line
 * per option named after the staff member, each its own guarded transaction; the batch reports
 * line by line what was applied, so a line that failed stays on the screen to retry.
 *
 * A batch carries the key the screen made for it (`R…`), written into each line's memo: sending the
 * same batch again (a retry after a dropped connection) skips the options that already have it,
 * so goods are never received twice. A counted line carries the stock the screen showed beside it;
 * when a sale or another move changed the option since, that line is not applied but answered
 * `CHANGED` with the stock now, for the staff to recount or confirm.
 */

/** The counter's rows of these products, by product, in each product's option order. */
export async function counterOptionsOf(
  db: Executor,
  productNos: readonly number[],
): Promise<Map<number, CounterItem[]>> {
  const out = new Map<number, CounterItem[]>();
  const nos = [...new Set(productNos)];
  if (nos.length === 0) return out;
  const rs = await db.execute({
    sql: `SELECT option_no FROM product_options WHERE retired = 0 AND product_no IN (${placeholders(nos)})
      ORDER BY product_no, display_order, option_no`,
    args: nos,
  });
  const order = rs.rows.map((r) => Number(r.option_no));
  const items = await counterItems(db, order);
  for (const optionNo of order) {
    const item = items.get(optionNo);
    if (!item) continue;
    const list = out.get(item.productNo) ?? [];
    list.push(item);
    out.set(item.productNo, list);
  }
  return out;
}

export interface LowStockItem extends CounterItem {
  lowStockThreshold: number;
}

/**
 * Options at or below their product's low-stock threshold (sold-out ones first), of products not
 * deleted; options marked sold out on purpose are left out, like the manager's "재고 부족" filter.
 */
export async function lowStockOptions(db: Executor, limit = 200): Promise<LowStockItem[]> {
  const rs = await db.execute({
    sql: `SELECT o.option_no, p.low_stock_threshold FROM product_options o
        JOIN products p ON p.product_no = o.product_no
      WHERE o.retired = 0 AND p.deleted_ymdt IS NULL AND o.forced_sold_out = 0
        AND o.stock_cnt <= p.low_stock_threshold
      ORDER BY o.stock_cnt, p.product_no DESC, o.display_order, o.option_no LIMIT ?`,
    args: [limit],
  });
  const items = await counterItems(
    db,
    rs.rows.map((r) => Number(r.option_no)),
  );
  return rs.rows.flatMap((r) => {
    const item = items.get(Number(r.option_no));
    return item ? [{ ...item, lowStockThreshold: Number(r.low_stock_threshold) }] : [];
  });
}

export type StockLineStatus = 'APPLIED' | 'ALREADY' | 'CHANGED' | 'FAILED';

export interface StockLineResult {
  optionNo: number;
  status: StockLineStatus;
  /** The option's stock after the line (APPLIED), now (ALREADY, CHANGED), or null (FAILED). */
  stock: number | null;
  delta: number;
  /** Why a line was not applied. */
  message?: string;
}

export interface StockBatchResult {
  batchKey: string;
  lines: StockLineResult[];
}

const memoOf = (label: string, memo: string, key: string) => `${memo ? `${memo} · ` : ''}${label} #${key}`;

async function alreadyIn(db: Executor, optionNo: number, reason: string, key: string): Promise<boolean> {
  const rs = await db.execute({
    sql: 'SELECT 1 FROM stock_ledger WHERE option_no = ? AND reason = ? AND memo LIKE ? LIMIT 1',
    args: [optionNo, reason, `%#${key}`],
  });
  return rs.rows.length > 0;
}

const failed = (optionNo: number, err: unknown): StockLineResult => {
  if (!(err instanceof AppError)) throw err;
  return { optionNo, status: 'FAILED', stock: null, delta: 0, message: err.message };
};

const GONE = '옵션을 찾을 수 없습니다. 삭제되었거나 판매가 끝난 옵션입니다.';

/** Goods received: each option's quantity (repeats added up) as one RECEIVE line. */
export async function receiveGoods(
  db: Db,
  batch: { batchKey: string; memo: string; lines: readonly { optionNo: number; quantity: number }[] },
  actor: Actor,
): Promise<StockBatchResult> {
  const qty = new Map<number, number>();
  for (const l of batch.lines) qty.set(l.optionNo, (qty.get(l.optionNo) ?? 0) + l.quantity);
  const items = await counterItems(db, [...qty.keys()]);
  const memo = memoOf('매장 입고', batch.memo, batch.batchKey);
  const lines: StockLineResult[] = [];
  for (const [optionNo, quantity] of qty) {
    const item = items.get(optionNo);
    if (!item) {
      lines.push({ optionNo, status: 'FAILED', stock: null, delta: 0, message: GONE });
      continue;
    }
    if (await alreadyIn(db, optionNo, 'RECEIVE', batch.batchKey)) {
      lines.push({ optionNo, status: 'ALREADY', stock: item.stock, delta: 0 });
      continue;
    }
    try {
      const r = await moveOptionStock(
        db,
        item.productNo,
        optionNo,
        { kind: 'RECEIVE', quantity, memo },
        actor,
        'COUNTER',
      );
      lines.push({ optionNo, status: 'APPLIED', stock: r.stock, delta: r.delta });
    } catch (err) {
      lines.push(failed(optionNo, err));
    }
  }
  return { batchKey: batch.batchKey, lines };
}

/**
 * A stocktake: each counted option as one COUNT line (the difference to the stock at that moment,
 * a zero difference too: the ledger then shows the shelf was counted). `systemStock` is what the
 * screen showed; a line whose option moved since is answered CHANGED and left alone.
 */
export async function applyStockCount(
  db: Db,
  batch: {
    batchKey: string;
    memo: string;
    lines: readonly { optionNo: number; counted: number; systemStock: number }[];
  },
  actor: Actor,
): Promise<StockBatchResult> {
  const byOption = new Map(batch.lines.map((l) => [l.optionNo, l]));
  const items = await counterItems(db, [...byOption.keys()]);
  const memo = memoOf('매장 재고 실사', batch.memo, batch.batchKey);
  const lines: StockLineResult[] = [];
  for (const [optionNo, line] of byOption) {
    const item = items.get(optionNo);
    if (!item) {
      lines.push({ optionNo, status: 'FAILED', stock: null, delta: 0, message: GONE });
      continue;
    }
    if (await alreadyIn(db, optionNo, 'COUNT', batch.batchKey)) {
      lines.push({ optionNo, status: 'ALREADY', stock: item.stock, delta: 0 });
      continue;
    }
    if (item.stock !== line.systemStock) {
      lines.push({
        optionNo,
        status: 'CHANGED',
        stock: item.stock,
        delta: 0,
        message: `센 뒤에 재고가 바뀌었습니다 (전산 ${line.systemStock}개 → 지금 ${item.stock}개). 다시 세거나 이 수량으로 반영해 주세요.`,
      });
      continue;
    }
    try {
      const r = await moveOptionStock(
        db,
        item.productNo,
        optionNo,
        { kind: 'COUNT', counted: line.counted, memo },
        actor,
        'COUNTER',
      );
      lines.push({ optionNo, status: 'APPLIED', stock: r.stock, delta: r.delta });
    } catch (err) {
      lines.push(failed(optionNo, err));
    }
  }
  return { batchKey: batch.batchKey, lines };
}
