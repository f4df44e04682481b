import type { Executor } from '../db/client.ts';

/** SQL of the notification outbox (migration 0023). */

export interface NotificationRow {
  notificationNo: number;
  event: string;
  ref: string;
  channel: 'sms' | 'mail';
  recipient: string;
  subject: string | null;
  body: string;
  kakaoVariables: Record<string, string> | null;
  status: 'PENDING' | 'SENT' | 'FAILED';
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

const COLUMNS = `notification_no, event, ref, channel, recipient, subject, body, kakao_variables, status,
  attempts, next_attempt_at, last_error, created_at, sent_at`;

function rowOf(r: Record<string, unknown>): NotificationRow {
  return {
    notificationNo: Number(r.notification_no),
    event: String(r.event),
    ref: String(r.ref),
    channel: r.channel as NotificationRow['channel'],
    recipient: String(r.recipient),
    subject: r.subject == null ? null : String(r.subject),
    body: String(r.body),
    kakaoVariables:
      r.kakao_variables == null ? null : (JSON.parse(String(r.kakao_variables)) as Record<string, string>),
    status: r.status as NotificationRow['status'],
    attempts: Number(r.attempts),
    nextAttemptAt: String(r.next_attempt_at),
    lastError: r.last_error == null ? null : String(r.last_error),
    createdAt: String(r.created_at),
    sentAt: r.sent_at == null ? null : String(r.sent_at),
  };
}

/** One message; the same event, subject and channel again is ignored (false). */
export async function insertNotification(
  tx: Executor,
  n: {
    event: string;
    ref: string;
    channel: 'sms' | 'mail';
    recipient: string;
    subject: string | null;
    body: string;
    kakaoVariables: Record<string, string> | null;
    now: string;
  },
): Promise<boolean> {
  const rs = await tx.execute({
    sql: `INSERT INTO notification_outbox (event, ref, channel, recipient, subject, body, kakao_variables,
            status, attempts, next_attempt_at, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, 'PENDING', 0, ?, ?)
          ON CONFLICT (event, ref, channel) DO NOTHING`,
    args: [
      n.event,
      n.ref,
      n.channel,
      n.recipient,
      n.subject,
      n.body,
      n.kakaoVariables ? JSON.stringify(n.kakaoVariables) : null,
      n.now,
      n.now,
    ],
  });
  return rs.rowsAffected === 1;
}

/**
 * Takes up to `limit` due rows for one sender, in ONE statement (so two senders never take the same
 * row): pending, due, and not leased to another sender (or its lease ran out: that sender died).
 * Each taken row counts an attempt and is leased to `token` until `leaseUntil`.
 */
export async function claimDue(
  db: Executor,
  k: { now: string; leaseUntil: string; token: string; limit: number },
): Promise<NotificationRow[]> {
  const rs = await db.execute({
    sql: `UPDATE notification_outbox SET claimed_until = ?, claim_token = ?, attempts = attempts + 1
          WHERE notification_no IN (
            SELECT notification_no FROM notification_outbox
            WHERE status = 'PENDING' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
            ORDER BY next_attempt_at, notification_no LIMIT ?)
          RETURNING ${COLUMNS}`,
    args: [k.leaseUntil, k.token, k.now, k.now, k.limit],
  });
  return rs.rows
    .map((r) => rowOf(r as Record<string, unknown>))
    .sort((a, b) => a.notificationNo - b.notificationNo);
}

/** Sent: only by the sender that holds the lease. */
export async function markSent(
  db: Executor,
  notificationNo: number,
  token: string,
  now: string,
): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE notification_outbox SET status = 'SENT', sent_at = ?, claimed_until = NULL, claim_token = NULL,
            last_error = NULL
          WHERE notification_no = ? AND claim_token = ? AND status = 'PENDING'`,
    args: [now, notificationNo, token],
  });
  return rs.rowsAffected === 1;
}

/** A failed attempt: tried again at `nextAttemptAt`, or given up (`FAILED`) when that is null. */
export async function markAttemptFailed(
  db: Executor,
  k: { notificationNo: number; token: string; error: string; nextAttemptAt: string | null },
): Promise<void> {
  await db.execute({
    sql: `UPDATE notification_outbox SET status = CASE WHEN ?1 IS NULL THEN 'FAILED' ELSE 'PENDING' END,
            next_attempt_at = coalesce(?1, next_attempt_at), last_error = ?2, claimed_until = NULL, claim_token = NULL
          WHERE notification_no = ?3 AND claim_token = ?4 AND status = 'PENDING'`,
    args: [k.nextAttemptAt, k.error.slice(0, 500), k.notificationNo, k.token],
  });
}

/** Messages about one subject (an order number, …), oldest first. */
export async function selectByRef(db: Executor, ref: string): Promise<NotificationRow[]> {
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM notification_outbox WHERE ref = ? ORDER BY notification_no`,
    args: [ref],
  });
  return rs.rows.map((r) => rowOf(r as Record<string, unknown>));
}

/** What the back office's list of messages is narrowed by (decision 037). */
export interface NotificationFilter {
  status?: NotificationRow['status'];
  event?: string;
  channel?: NotificationRow['channel'];
  /** Written at or after (UTC ISO). */
  from?: string;
  /** Written before (UTC ISO). */
  to?: string;
}

function whereOf(f: NotificationFilter): { sql: string; args: string[] } {
  const conditions: [string, string | undefined][] = [
    ['status = ?', f.status],
    ['event = ?', f.event],
    ['channel = ?', f.channel],
    ['created_at >= ?', f.from],
    ['created_at < ?', f.to],
  ];
  const used = conditions.filter((c): c is [string, string] => c[1] !== undefined);
  const parts = used.map(([sql]) => sql);
  const args = used.map(([, arg]) => arg);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args };
}

/** One page of messages, newest first. */
export async function selectPage(
  db: Executor,
  f: NotificationFilter,
  page: { limit: number; offset: number },
): Promise<NotificationRow[]> {
  const w = whereOf(f);
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM notification_outbox ${w.sql} ORDER BY notification_no DESC LIMIT ? OFFSET ?`,
    args: [...w.args, page.limit, page.offset],
  });
  return rs.rows.map((r) => rowOf(r as Record<string, unknown>));
}

export async function countMatching(db: Executor, f: NotificationFilter): Promise<number> {
  const w = whereOf(f);
  const rs = await db.execute({
    sql: `SELECT count(*) AS n FROM notification_outbox ${w.sql}`,
    args: w.args,
  });
  return Number(rs.rows[0]?.n ?? 0);
}

/** Messages by state, the whole outbox (the failed ones are what the owner must see). */
export async function countByStatus(db: Executor): Promise<Record<NotificationRow['status'], number>> {
  const rs = await db.execute(`SELECT status, count(*) AS n FROM notification_outbox GROUP BY status`);
  const counts = { PENDING: 0, SENT: 0, FAILED: 0 };
  for (const r of rs.rows) counts[String(r.status) as NotificationRow['status']] = Number(r.n);
  return counts;
}

export async function selectOne(db: Executor, notificationNo: number): Promise<NotificationRow | null> {
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM notification_outbox WHERE notification_no = ?`,
    args: [notificationNo],
  });
  return rs.rows[0] ? rowOf(rs.rows[0] as Record<string, unknown>) : null;
}

/** A failed message queued again with a fresh attempt budget, due now; false when it is not failed. */
export async function requeueFailed(db: Executor, notificationNo: number, now: string): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE notification_outbox SET status = 'PENDING', attempts = 0, next_attempt_at = ?, claimed_until = NULL,
            claim_token = NULL
          WHERE notification_no = ? AND status = 'FAILED'`,
    args: [now, notificationNo],
  });
  return rs.rowsAffected === 1;
}
