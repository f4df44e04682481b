import type { Db, Executor } from '../db/client.ts';
import { writeTx } from '../db/write-tx.ts';
import { appError } from '../platform/errors.ts';
import type { Cashier } from './staff.ts';

/**
 * A shift is one till of one store from opening (the cash counted into the drawer) to closing (the
 * cash counted out). Closing compares the cash the drawer should hold — opening cash plus cash
 * taken minus cash given back — with the cash counted, and keeps the Z report's figures.
 */

export interface Shift {
  shiftNo: number;
  storeNo: number;
  status: 'OPEN' | 'CLOSED';
  openedByName: string;
  openedAt: string;
  openingCash: number;
  closedByName: string | null;
  closedAt: string | null;
  countedCash: number | null;
  expectedCash: number | null;
  closeNote: string;
}

function toShift(r: Record<string, unknown>): Shift {
  return {
    shiftNo: Number(r.shift_no),
    storeNo: Number(r.store_no),
    status: r.status === 'CLOSED' ? 'CLOSED' : 'OPEN',
    openedByName: String(r.opened_by_name),
    openedAt: String(r.opened_at),
    openingCash: Number(r.opening_cash),
    closedByName: r.closed_by_name == null ? null : String(r.closed_by_name),
    closedAt: r.closed_at == null ? null : String(r.closed_at),
    countedCash: r.counted_cash == null ? null : Number(r.counted_cash),
    expectedCash: r.expected_cash == null ? null : Number(r.expected_cash),
    closeNote: String(r.close_note ?? ''),
  };
}

export async function openShiftOf(db: Executor, storeNo: number): Promise<Shift | null> {
  const rs = await db.execute({
    sql: "SELECT * FROM pos_shifts WHERE store_no = ? AND status = 'OPEN'",
    args: [storeNo],
  });
  return rs.rows[0] ? toShift(rs.rows[0] as Record<string, unknown>) : null;
}

export async function shiftByNo(db: Executor, shiftNo: number): Promise<Shift | null> {
  const rs = await db.execute({ sql: 'SELECT * FROM pos_shifts WHERE shift_no = ?', args: [shiftNo] });
  return rs.rows[0] ? toShift(rs.rows[0] as Record<string, unknown>) : null;
}

/**
 * Opens the store's shift with the cash in the drawer; one open shift per store, and none at a
 * store the back office has stopped (checked in the same write transaction as the stop, which
 * refuses a store with an open shift).
 */
export async function openShift(db: Db, cashier: Cashier, openingCash: number): Promise<Shift> {
  return writeTx(db, async (tx) => {
    const store = await tx.execute({
      sql: 'SELECT store_name, active FROM stores WHERE store_no = ?',
      args: [cashier.storeNo],
    });
    const row = store.rows[0];
    if (!row) throw appError('STORE_NOT_FOUND');
    if (Number(row.active) !== 1)
      throw appError(
        'STORE_INACTIVE',
        `'${String(row.store_name)}' 매장은 운영을 멈춘 매장이라 영업을 시작할 수 없습니다.`,
      );
    if (await openShiftOf(tx, cashier.storeNo)) throw appError('SHIFT_ALREADY_OPEN');
    const rs = await tx.execute({
      sql: `INSERT INTO pos_shifts (store_no, opened_by, opened_by_name, opened_at, opening_cash)
        VALUES (?, ?, ?, ?, ?) RETURNING *`,
      args: [cashier.storeNo, cashier.memberNo, cashier.name, new Date().toISOString(), openingCash],
    });
    return toShift(rs.rows[0] as Record<string, unknown>);
  });
}

export interface MethodTotal {
  method: 'CASH' | 'CARD' | 'KAKAO_PAY';
  count: number;
  amount: number;
  refunded: number;
}

/** The Z report of a shift: what it sold and took, by method, and the drawer. */
export interface ShiftReport {
  shift: Shift;
  saleCount: number;
  itemCount: number;
  goodsAmt: number;
  discountAmt: number;
  usedPoints: number;
  payAmt: number;
  refundCount: number;
  refundAmt: number;
  netAmt: number;
  methods: MethodTotal[];
  /** Opening cash + cash taken − cash given back. */
  expectedCash: number;
  /** Counted − expected (null while the shift is open). */
  cashDifference: number | null;
  offlineSaleCount: number;
  stockShortCount: number;
}

const METHODS = ['CASH', 'CARD', 'KAKAO_PAY'] as const;

export async function shiftReport(db: Executor, shiftNo: number): Promise<ShiftReport> {
  const shift = await shiftByNo(db, shiftNo);
  if (!shift) throw appError('SHIFT_NOT_FOUND');
  const [sales, items, payments, refunds] = await Promise.all([
    db.execute({
      sql: `SELECT COUNT(*) AS n, COALESCE(SUM(goods_amt), 0) AS goods,
          COALESCE(SUM(line_discount_amt + coupon_discount_amt + order_discount_amt), 0) AS discount,
          COALESCE(SUM(used_points), 0) AS points, COALESCE(SUM(pay_amt), 0) AS pay,
          COALESCE(SUM(offline), 0) AS offline, COALESCE(SUM(stock_short), 0) AS short
        FROM pos_sales WHERE shift_no = ?`,
      args: [shiftNo],
    }),
    db.execute({
      sql: `SELECT COALESCE(SUM(l.qty), 0) AS n FROM pos_sale_lines l JOIN pos_sales s ON s.sale_no = l.sale_no
        WHERE s.shift_no = ?`,
      args: [shiftNo],
    }),
    db.execute({
      sql: `SELECT p.method, COUNT(*) AS n, SUM(p.amount) AS amount FROM pos_payments p
        JOIN pos_sales s ON s.sale_no = p.sale_no WHERE s.shift_no = ? GROUP BY p.method`,
      args: [shiftNo],
    }),
    // refunds count in the shift that gave the money back, whichever shift sold
    db.execute({ sql: 'SELECT amount, payments FROM pos_refunds WHERE shift_no = ?', args: [shiftNo] }),
  ]);
  const s = sales.rows[0]!;
  const refunded = new Map<string, number>();
  let refundAmt = 0;
  for (const r of refunds.rows) {
    refundAmt += Number(r.amount);
    for (const p of JSON.parse(String(r.payments)) as { method: string; amount: number }[])
      refunded.set(p.method, (refunded.get(p.method) ?? 0) + p.amount);
  }
  const methods: MethodTotal[] = METHODS.map((method) => {
    const row = payments.rows.find((p) => p.method === method);
    return {
      method,
      count: Number(row?.n ?? 0),
      amount: Number(row?.amount ?? 0),
      refunded: refunded.get(method) ?? 0,
    };
  });
  const cash = methods.find((m) => m.method === 'CASH')!;
  const expectedCash = shift.openingCash + cash.amount - cash.refunded;
  return {
    shift,
    saleCount: Number(s.n),
    itemCount: Number(items.rows[0]?.n ?? 0),
    goodsAmt: Number(s.goods),
    discountAmt: Number(s.discount),
    usedPoints: Number(s.points),
    payAmt: Number(s.pay),
    refundCount: refunds.rows.length,
    refundAmt,
    netAmt: Number(s.pay) - refundAmt,
    methods,
    expectedCash,
    cashDifference: shift.countedCash === null ? null : shift.countedCash - expectedCash,
    offlineSaleCount: Number(s.offline),
    stockShortCount: Number(s.short),
  };
}

/** Closes the shift with the cash counted; answers its Z report. */
export async function closeShift(
  db: Db,
  shiftNo: number,
  cashier: Cashier,
  countedCash: number,
  note: string,
): Promise<ShiftReport> {
  await writeTx(db, async (tx) => {
    const shift = await shiftByNo(tx, shiftNo);
    if (!shift || shift.storeNo !== cashier.storeNo) throw appError('SHIFT_NOT_FOUND');
    if (shift.status !== 'OPEN') throw appError('SHIFT_NOT_OPEN', '이미 마감한 영업입니다.');
    const report = await shiftReport(tx, shiftNo);
    await tx.execute({
      sql: `UPDATE pos_shifts SET status = 'CLOSED', closed_by = ?, closed_by_name = ?, closed_at = ?, counted_cash = ?,
          expected_cash = ?, close_note = ? WHERE shift_no = ? AND status = 'OPEN'`,
      args: [
        cashier.memberNo,
        cashier.name,
        new Date().toISOString(),
        countedCash,
        report.expectedCash,
        note,
        shiftNo,
      ],
    });
  });
  return shiftReport(db, shiftNo);
}
