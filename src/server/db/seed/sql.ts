import type { InStatement, InValue } from '@libsql/client';

/** `INSERT INTO table (columns...) VALUES (?...)` from a row keyed by column name. */
export function insert(table: string, row: Record<string, InValue>): InStatement {
  const columns = Object.keys(row);
  return {
    sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    args: Object.values(row),
  };
}
