import type { InStatement } from '@libsql/client';
import type { LineInput } from '../order/index.ts';

/** The member cart's SQL. Every statement is parameterised and scoped to the member. */

import type { Executor } from '../db/client.ts';

export type { Executor };

export interface CartRow {
  cartNo: number;
  productNo: number;
  optionNo: number;
  orderCnt: number;
  optionInputs: LineInput[];
}

interface RawRow {
  cart_no: number;
  product_no: number;
  option_no: number;
  order_cnt: number;
  option_inputs: string;
}

function parseInputs(json: string): LineInput[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v)
      ? v.filter(
          (i): i is LineInput => typeof i?.inputLabel === 'string' && typeof i?.inputValue === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

const toRow = (r: RawRow): CartRow => ({
  cartNo: r.cart_no,
  productNo: r.product_no,
  optionNo: r.option_no,
  orderCnt: r.order_cnt,
  optionInputs: parseInputs(r.option_inputs),
});

const inputsJson = (inputs: readonly LineInput[]) =>
  JSON.stringify(inputs.map((i) => ({ inputLabel: i.inputLabel, inputValue: i.inputValue })));

export async function selectLines(
  db: Executor,
  memberNo: number,
  cartNos?: readonly number[],
): Promise<CartRow[]> {
  if (cartNos && cartNos.length === 0) return [];
  const filter = cartNos ? ` AND cart_no IN (${cartNos.map(() => '?').join(', ')})` : '';
  const rs = await db.execute({
    sql: `SELECT cart_no, product_no, option_no, order_cnt, option_inputs FROM carts
      WHERE member_no = ?${filter} ORDER BY cart_no`,
    args: [memberNo, ...(cartNos ?? [])],
  });
  return (rs.rows as unknown as RawRow[]).map(toRow);
}

export async function countLines(db: Executor, memberNo: number): Promise<number> {
  const rs = await db.execute({
    sql: 'SELECT COUNT(*) AS n FROM carts WHERE member_no = ?',
    args: [memberNo],
  });
  return Number(rs.rows[0]?.n ?? 0);
}

export async function insertLine(
  db: Executor,
  memberNo: number,
  line: { productNo: number; optionNo: number; orderCnt: number; optionInputs: readonly LineInput[] },
  now: string,
): Promise<number> {
  const rs = await db.execute({
    sql: `INSERT INTO carts (member_no, product_no, option_no, order_cnt, option_inputs, has_inputs, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING cart_no`,
    args: [
      memberNo,
      line.productNo,
      line.optionNo,
      line.orderCnt,
      inputsJson(line.optionInputs),
      line.optionInputs.length > 0 ? 1 : 0,
      now,
      now,
    ],
  });
  return Number(rs.rows[0]?.cart_no);
}

export async function updateLine(
  db: Executor,
  memberNo: number,
  cartNo: number,
  change: { orderCnt: number; optionInputs?: readonly LineInput[] },
  now: string,
): Promise<void> {
  if (change.optionInputs) {
    await db.execute({
      sql: `UPDATE carts SET order_cnt = ?, option_inputs = ?, has_inputs = ?, updated_at = ?
        WHERE cart_no = ? AND member_no = ?`,
      args: [
        change.orderCnt,
        inputsJson(change.optionInputs),
        change.optionInputs.length > 0 ? 1 : 0,
        now,
        cartNo,
        memberNo,
      ],
    });
    return;
  }
  await db.execute({
    sql: 'UPDATE carts SET order_cnt = ?, updated_at = ? WHERE cart_no = ? AND member_no = ?',
    args: [change.orderCnt, now, cartNo, memberNo],
  });
}

/** Deletes the member's lines among `cartNos` (another member's numbers are never touched). */
export function deleteLinesStatement(memberNo: number, cartNos: readonly number[]): InStatement {
  return {
    sql: `DELETE FROM carts WHERE member_no = ? AND cart_no IN (${cartNos.map(() => '?').join(', ') || 'NULL'})`,
    args: [memberNo, ...cartNos],
  };
}
