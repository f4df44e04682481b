import type { InStatement, InValue, Row } from '@libsql/client';
import type { Executor } from './client.ts';

/** Small pieces the repos build their SQL and read their rows with. */

/** A nullable column as a string. */
export const nullableString = (v: unknown): string | null => (v == null ? null : String(v));

/** A nullable column as a number. */
export const nullableNumber = (v: unknown): number | null => (v == null ? null : Number(v));

/** `?, ?, ?`: one placeholder per value, for an `IN (…)` list. */
export const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

/** A `WHERE` clause built condition by condition (joined by `AND`), with its values in order. */
export class Where {
  private readonly parts: string[] = [];
  readonly args: InValue[] = [];

  constructor(sql = '1 = 1', ...values: InValue[]) {
    this.add(sql, ...values);
  }

  /** Adds a condition with the values of its `?`s. */
  add(sql: string, ...values: InValue[]): this {
    this.parts.push(sql);
    this.args.push(...values);
    return this;
  }

  get sql(): string {
    return this.parts.join(' AND ');
  }
}

/**
 * A case-insensitive substring condition: `keyword` (already lower-case) in any of `columns`,
 * with one value per column. A substring scan, not a full-text index: it matches Korean words of
 * any length, and the tables it searches are small.
 */
export function containsKeyword(keyword: string, columns: readonly string[]): [string, ...InValue[]] {
  const each = columns.map((c) => `instr(lower(${c}), ?) > 0`);
  return [each.length > 1 ? `(${each.join(' OR ')})` : each.join(''), ...columns.map(() => keyword)];
}

/** How many rows of `from` match `where`. */
export async function countWhere(db: Executor, from: string, where: Where): Promise<number> {
  const r = await db.execute({
    sql: `SELECT COUNT(*) AS n FROM ${from} WHERE ${where.sql}`,
    args: where.args,
  });
  return Number(r.rows[0]?.n ?? 0);
}

/** One page of a query's rows in `orderBy` order, each read by `read`. */
export async function selectPage<T>(
  db: Executor,
  query: { columns: string; from: string; where: Where; orderBy: string },
  page: { offset: number; limit: number },
  read: (row: Row) => T,
): Promise<T[]> {
  return selectRows(
    db,
    {
      sql: `SELECT ${query.columns} FROM ${query.from} WHERE ${query.where.sql} ORDER BY ${query.orderBy} LIMIT ? OFFSET ?`,
      args: [...query.where.args, page.limit, page.offset],
    },
    read,
  );
}

/** Every row of a statement, each read by `read`. */
export async function selectRows<T>(
  db: Executor,
  statement: InStatement,
  read: (row: Row) => T,
): Promise<T[]> {
  const r = await db.execute(statement);
  return r.rows.map((row) => read(row));
}

/** The first row of a statement, read by `read`; null when there is none. */
export async function selectFirst<T>(
  db: Executor,
  statement: InStatement,
  read: (row: Row) => T,
): Promise<T | null> {
  const r = await db.execute(statement);
  return r.rows[0] ? read(r.rows[0]) : null;
}

/** Runs a write; whether it changed any row. */
export async function changesRows(db: Executor, statement: InStatement): Promise<boolean> {
  const r = await db.execute(statement);
  return r.rowsAffected > 0;
}
