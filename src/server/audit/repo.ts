import type { Executor } from '../db/client.ts';
import type { AuditActor } from './context.ts';

export interface AuditEntry {
  /** `order.ship`, `product.update`, `stock.move` … (dot-separated: area.verb). */
  action: string;
  targetType: string;
  targetId: string | number;
  /** One Korean sentence for the list: "주문 2026… 발송 처리 (CJ대한통운 1234…)". */
  summary: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditLine {
  auditNo: number;
  at: string;
  actorMemberNo: number | null;
  actorName: string;
  actorRole: AuditActor['role'];
  action: string;
  targetType: string;
  targetId: string;
  summary: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  request: string | null;
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

export async function insertLine(db: Executor, actor: AuditActor, e: AuditEntry, at: string): Promise<void> {
  await db.execute({
    sql: `INSERT INTO audit_log (at, actor_member_no, actor_name, actor_role, action, target_type, target_id, summary,
            before_json, after_json, ip, request)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      at,
      actor.memberNo,
      actor.name,
      actor.role,
      e.action,
      e.targetType,
      String(e.targetId),
      e.summary.slice(0, 500),
      json(e.before),
      json(e.after),
      actor.ip,
      actor.request,
    ],
  });
}

export interface AuditQuery {
  from?: string | undefined;
  to?: string | undefined;
  actorMemberNo?: number | undefined;
  /** An action or its area: `order` matches `order.ship`, `order.prepare` … */
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  pageNumber: number;
  pageSize: number;
}

export async function selectLines(
  db: Executor,
  q: AuditQuery,
): Promise<{ totalCount: number; items: AuditLine[] }> {
  const where: string[] = [];
  const args: (string | number)[] = [];
  const add = (clause: string, ...values: (string | number)[]) => {
    where.push(clause);
    args.push(...values);
  };
  if (q.from) add('at >= ?', q.from);
  if (q.to) add('at < ?', q.to);
  if (q.actorMemberNo !== undefined) add('actor_member_no = ?', q.actorMemberNo);
  if (q.action)
    add(
      "(action = ? OR action LIKE ? ESCAPE '\\')",
      q.action,
      `${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`,
    );
  if (q.targetType) add('target_type = ?', q.targetType);
  if (q.targetId) add('target_id = ?', q.targetId);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [count, rows] = await Promise.all([
    db.execute({ sql: `SELECT COUNT(*) AS n FROM audit_log ${w}`, args }),
    db.execute({
      sql: `SELECT * FROM audit_log ${w} ORDER BY audit_no DESC LIMIT ? OFFSET ?`,
      args: [...args, q.pageSize, (q.pageNumber - 1) * q.pageSize],
    }),
  ]);
  const parse = (v: unknown) => (v == null ? null : (JSON.parse(String(v)) as unknown));
  return {
    totalCount: Number(count.rows[0]?.n ?? 0),
    items: rows.rows.map((r) => ({
      auditNo: Number(r.audit_no),
      at: String(r.at),
      actorMemberNo: r.actor_member_no == null ? null : Number(r.actor_member_no),
      actorName: String(r.actor_name),
      actorRole: String(r.actor_role) as AuditActor['role'],
      action: String(r.action),
      targetType: String(r.target_type),
      targetId: String(r.target_id),
      summary: String(r.summary),
      before: parse(r.before_json),
      after: parse(r.after_json),
      ip: r.ip == null ? null : String(r.ip),
      request: r.request == null ? null : String(r.request),
    })),
  };
}
