import type { Executor } from '../db/client.ts';

/** SQL of the print service's outbox (pod_outbox, migration 0021; decision 027). */

export type PodOutboxState = 'pending' | 'sent' | 'failed';

export interface PodOutboxRow {
  orderCode: string;
  state: PodOutboxState;
  attempts: number;
  attemptsBefore: number;
  nextAttemptAt: string;
  claimedUntil: string | null;
  lastError: string | null;
  lastHttp: number | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const COLUMNS = `order_code, state, attempts, attempts_before, next_attempt_at, claimed_until, last_error,
  last_http, sent_at, created_at, updated_at`;

function rowOf(r: Record<string, unknown>): PodOutboxRow {
  const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    orderCode: String(r.order_code),
    state: String(r.state) as PodOutboxState,
    attempts: Number(r.attempts),
    attemptsBefore: Number(r.attempts_before),
    nextAttemptAt: String(r.next_attempt_at),
    claimedUntil: s(r.claimed_until),
    lastError: s(r.last_error),
    lastHttp: r.last_http === null || r.last_http === undefined ? null : Number(r.last_http),
    sentAt: s(r.sent_at),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
  };
}

/** A code to send; an existing row keeps its state and schedule (a retry waits for its time). */
export async function enqueue(db: Executor, orderCode: string, at: string): Promise<void> {
  await db.execute({
    sql: `INSERT INTO pod_outbox (order_code, next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (order_code) DO NOTHING`,
    args: [orderCode, at, at, at],
  });
}

/** Codes whose custom orders the service never accepted and that have no row (a lost enqueue). */
export async function enqueueMissing(db: Executor, at: string): Promise<number> {
  const rs = await db.execute({
    sql: `INSERT INTO pod_outbox (order_code, next_attempt_at, created_at, updated_at)
          SELECT DISTINCT COALESCE(order_no, sale_no), ?, ?, ? FROM custom_orders
          WHERE pod_sent_at IS NULL AND cancelled_at IS NULL
          ON CONFLICT (order_code) DO NOTHING`,
    args: [at, at, at],
  });
  return rs.rowsAffected;
}

const CLAIMABLE = `state = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)`;

/**
 * Claims up to `limit` due rows for `claimId` in one statement (so two processes never claim the
 * same row) and counts the attempt. Returns the claimed rows.
 */
export async function claimDue(
  db: Executor,
  claimId: string,
  at: string,
  until: string,
  limit: number,
): Promise<PodOutboxRow[]> {
  const rs = await db.execute({
    sql: `UPDATE pod_outbox SET claim_id = ?, claimed_until = ?, attempts = attempts + 1, updated_at = ?
          WHERE order_code IN (SELECT order_code FROM pod_outbox WHERE ${CLAIMABLE} ORDER BY next_attempt_at LIMIT ?)
            AND ${CLAIMABLE}
          RETURNING ${COLUMNS}`,
    args: [claimId, until, at, at, at, limit, at, at],
  });
  return rs.rows.map((r) => rowOf(r as Record<string, unknown>));
}

/** Claims one code's row when it is due and nobody holds it. */
export async function claimOne(
  db: Executor,
  orderCode: string,
  claimId: string,
  at: string,
  until: string,
): Promise<PodOutboxRow | null> {
  const rs = await db.execute({
    sql: `UPDATE pod_outbox SET claim_id = ?, claimed_until = ?, attempts = attempts + 1, updated_at = ?
          WHERE order_code = ? AND ${CLAIMABLE} RETURNING ${COLUMNS}`,
    args: [claimId, until, at, orderCode, at, at],
  });
  const r = rs.rows[0];
  return r ? rowOf(r as Record<string, unknown>) : null;
}

/** Ends a claim: sent, back to pending at `nextAt`, or failed. Only the claim's holder may. */
export async function finish(
  db: Executor,
  orderCode: string,
  claimId: string,
  outcome:
    | { state: 'sent' }
    | { state: 'pending'; nextAt: string; error: string; http: number | null }
    | { state: 'failed'; error: string; http: number | null },
  at: string,
): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE pod_outbox SET state = ?, next_attempt_at = COALESCE(?, next_attempt_at), last_error = ?,
            last_http = ?, sent_at = CASE WHEN ? = 'sent' THEN ? ELSE sent_at END, claim_id = NULL,
            claimed_until = NULL, updated_at = ?
          WHERE order_code = ? AND claim_id = ?`,
    args: [
      outcome.state,
      outcome.state === 'pending' ? outcome.nextAt : null,
      outcome.state === 'sent' ? null : outcome.error.slice(0, 500),
      outcome.state === 'sent' ? null : outcome.http,
      outcome.state,
      at,
      at,
      orderCode,
      claimId,
    ],
  });
  return rs.rowsAffected === 1;
}

/** A row with nothing left to send (every custom order stopped) leaves the outbox. */
export async function remove(db: Executor, orderCode: string, claimId: string): Promise<void> {
  await db.execute({
    sql: 'DELETE FROM pod_outbox WHERE order_code = ? AND claim_id = ?',
    args: [orderCode, claimId],
  });
}

/** The owner's resend of a failed row: due now, with a new failure budget. */
export async function resend(db: Executor, orderCode: string, at: string): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE pod_outbox SET state = 'pending', attempts_before = attempts, next_attempt_at = ?, updated_at = ?
          WHERE order_code = ? AND state = 'failed'`,
    args: [at, at, orderCode],
  });
  return rs.rowsAffected === 1;
}

export async function selectRow(db: Executor, orderCode: string): Promise<PodOutboxRow | null> {
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM pod_outbox WHERE order_code = ?`,
    args: [orderCode],
  });
  const r = rs.rows[0];
  return r ? rowOf(r as Record<string, unknown>) : null;
}

/** Rows the owner should see: failed ones, and pending ones that failed at least once. */
export async function selectTroubled(db: Executor, limit: number): Promise<PodOutboxRow[]> {
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM pod_outbox WHERE state = 'failed' OR (state = 'pending' AND last_error IS NOT NULL)
          ORDER BY state = 'failed' DESC, updated_at DESC LIMIT ?`,
    args: [limit],
  });
  return rs.rows.map((r) => rowOf(r as Record<string, unknown>));
}

export async function countByState(db: Executor): Promise<Record<PodOutboxState, number>> {
  const rs = await db.execute('SELECT state, COUNT(*) AS n FROM pod_outbox GROUP BY state');
  const out: Record<PodOutboxState, number> = { pending: 0, sent: 0, failed: 0 };
  for (const r of rs.rows) out[String(r.state) as PodOutboxState] = Number(r.n);
  return out;
}
