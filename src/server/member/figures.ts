import type { Executor } from '../db/client.ts';

/** Members who joined in `[from, to)` (UTC ISO bounds, as stored), whatever their status now. */
export async function newMemberCount(db: Executor, range: { from: string; to: string }): Promise<number> {
  const rs = await db.execute({
    sql: 'SELECT COUNT(*) AS n FROM members WHERE created_at >= ? AND created_at < ?',
    args: [range.from, range.to],
  });
  return Number(rs.rows[0]?.n ?? 0);
}
