import type { Db, Executor } from '../../db/client.ts';
import { writeTx } from '../../db/write-tx.ts';
import { recordAudit } from '../../audit/index.ts';
import { appError } from '../../platform/errors.ts';
import { moveStock, type StockReason } from '../stock-repo.ts';
import type { Actor } from './products.ts';
import { STOCK_REASON_LABELS } from '../../../lib/product-status.ts';

/**
 * Stock as the back office moves it: goods received, an adjustment (damaged, found), a count
 * (the stock counted on the shelf). Each is ONE more ledger line written with the guarded change
 * in the same transaction — never an overwrite, so a sale racing the adjustment is never lost.
 */

export type StockMove =
  | { kind: 'RECEIVE'; quantity: number; memo: string }
  | { kind: 'ADJUST'; delta: number; memo: string }
  | { kind: 'COUNT'; counted: number; memo: string };

/** Applies a move to one option of the product; answers the option's stock after it. */
export async function moveOptionStock(
  db: Db,
  productNo: number,
  optionNo: number,
  move: StockMove,
  actor: Actor,
  /** Where it was done: the back office, or the counter's stock screen. */
  channel: 'MANAGER' | 'COUNTER' = 'MANAGER',
): Promise<{ stock: number; delta: number }> {
  const now = new Date().toISOString();
  return writeTx(db, async (tx) => {
    const rs = await tx.execute({
      sql: `SELECT o.stock_cnt FROM product_options o JOIN products p ON p.product_no = o.product_no
        WHERE o.option_no = ? AND o.product_no = ? AND o.retired = 0 AND p.deleted_ymdt IS NULL`,
      args: [optionNo, productNo],
    });
    const row = rs.rows[0];
    if (!row) throw appError('OPTION_NOT_OF_PRODUCT');
    const current = Number(row.stock_cnt);
    // a count is the difference to what the shelf holds, computed inside the transaction
    const delta =
      move.kind === 'RECEIVE' ? move.quantity : move.kind === 'ADJUST' ? move.delta : move.counted - current;
    if (delta === 0 && move.kind !== 'COUNT') return { stock: current, delta: 0 };
    const ok = await moveStock(tx, optionNo, delta, {
      reason: move.kind,
      channel,
      memo: move.memo,
      actorMemberNo: actor.memberNo,
      actorLabel: actor.name,
      now,
    });
    if (!ok) throw appError('STOCK_BELOW_ZERO', `재고는 0개보다 적게 만들 수 없습니다 (지금 ${current}개).`);
    await recordAudit(tx, {
      action: 'stock.move',
      targetType: 'option',
      targetId: optionNo,
      summary: `옵션 ${optionNo} 재고 ${STOCK_REASON_LABELS[move.kind]} ${delta > 0 ? '+' : ''}${delta}개 (${current} → ${current + delta})${move.memo ? `: ${move.memo}` : ''}`,
      before: { stock: current },
      after: { stock: current + delta, kind: move.kind, memo: move.memo, channel },
    });
    return { stock: current + delta, delta };
  });
}

export interface LedgerLine {
  ledgerNo: number;
  optionNo: number;
  optionLabel: string;
  delta: number;
  stockAfter: number;
  reason: StockReason;
  reasonLabel: string;
  channel: string;
  ref: string | null;
  memo: string;
  actorLabel: string;
  createdYmdt: string;
}

/** The product's ledger (or one option's), newest first, paged. */
export async function stockLedger(
  db: Executor,
  q: { productNo: number; optionNo?: number | undefined; pageNumber: number; pageSize: number },
): Promise<{ totalCount: number; items: LedgerLine[] }> {
  const where = q.optionNo ? 'l.product_no = ? AND l.option_no = ?' : 'l.product_no = ?';
  const args = q.optionNo ? [q.productNo, q.optionNo] : [q.productNo];
  const [count, rows] = await Promise.all([
    db.execute({ sql: `SELECT COUNT(*) AS n FROM stock_ledger l WHERE ${where}`, args }),
    db.execute({
      sql: `SELECT l.*, o.value1, o.value2, o.value3, o.value4 FROM stock_ledger l
        JOIN product_options o ON o.option_no = l.option_no
        WHERE ${where} ORDER BY l.ledger_no DESC LIMIT ? OFFSET ?`,
      args: [...args, q.pageSize, (q.pageNumber - 1) * q.pageSize],
    }),
  ]);
  return {
    totalCount: Number(count.rows[0]?.n ?? 0),
    items: rows.rows.map((r) => {
      const reason = String(r.reason) as StockReason;
      return {
        ledgerNo: Number(r.ledger_no),
        optionNo: Number(r.option_no),
        optionLabel: [r.value1, r.value2, r.value3, r.value4].filter((v) => v != null).join(' / ') || '기본',
        delta: Number(r.delta),
        stockAfter: Number(r.stock_after),
        reason,
        reasonLabel: STOCK_REASON_LABELS[reason],
        channel: String(r.channel),
        ref: r.ref == null ? null : String(r.ref),
        memo: String(r.memo ?? ''),
        actorLabel: String(r.actor_label),
        createdYmdt: String(r.created_ymdt),
      };
    }),
  };
}
