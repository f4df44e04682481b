import type { Client, Transaction } from '@libsql/client';

type Sql = Client | Transaction;

/** SQL of the verification service: SMS codes, counters, locks and certification keys. */

export interface SmsVerificationRow {
  codeHash: string;
  memberName: string | null;
  expiresAt: string;
  failedAttempts: number;
  closedAt: string | null;
}

export async function findSmsVerification(
  tx: Sql,
  usage: string,
  mobileNo: string,
): Promise<SmsVerificationRow | undefined> {
  const rs = await tx.execute({
    sql: `SELECT code_hash, member_name, expires_at, failed_attempts, closed_at
          FROM sms_verifications WHERE usage = ? AND mobile_no = ?`,
    args: [usage, mobileNo],
  });
  const r = rs.rows[0];
  if (!r) return undefined;
  return {
    codeHash: String(r.code_hash),
    memberName: r.member_name == null ? null : String(r.member_name),
    expiresAt: String(r.expires_at),
    failedAttempts: Number(r.failed_attempts),
    closedAt: r.closed_at == null ? null : String(r.closed_at),
  };
}

/** A new code replaces the previous one for the same usage and number (one active at a time). */
export async function putSmsVerification(
  tx: Sql,
  v: {
    usage: string;
    mobileNo: string;
    codeHash: string;
    memberName: string | null;
    expiresAt: string;
    now: string;
  },
): Promise<void> {
  await tx.execute({
    sql: `INSERT INTO sms_verifications (usage, mobile_no, code_hash, member_name, expires_at, failed_attempts, closed_at, created_at)
          VALUES (?, ?, ?, ?, ?, 0, NULL, ?)
          ON CONFLICT (usage, mobile_no) DO UPDATE SET code_hash = excluded.code_hash,
            member_name = excluded.member_name, expires_at = excluded.expires_at, failed_attempts = 0,
            closed_at = NULL, created_at = excluded.created_at`,
    args: [v.usage, v.mobileNo, v.codeHash, v.memberName, v.expiresAt, v.now],
  });
}

/**
 * Counts a wrong code against the row that was read (same code hash, still open) and closes it
 * at the limit. Returns the new count, or undefined when the row changed meanwhile.
 */
export async function countWrongCode(
  tx: Sql,
  k: { usage: string; mobileNo: string; codeHash: string; maxAttempts: number; now: string },
): Promise<number | undefined> {
  const rs = await tx.execute({
    sql: `UPDATE sms_verifications SET failed_attempts = failed_attempts + 1,
            closed_at = CASE WHEN failed_attempts + 1 >= ? THEN ? ELSE NULL END
          WHERE usage = ? AND mobile_no = ? AND code_hash = ? AND closed_at IS NULL
          RETURNING failed_attempts`,
    args: [k.maxAttempts, k.now, k.usage, k.mobileNo, k.codeHash],
  });
  const r = rs.rows[0];
  return r ? Number(r.failed_attempts) : undefined;
}

/** Marks the code used; false when it was used, replaced or expired meanwhile. */
export async function closeSmsVerification(
  tx: Sql,
  k: { usage: string; mobileNo: string; codeHash: string; now: string },
): Promise<boolean> {
  const rs = await tx.execute({
    sql: `UPDATE sms_verifications SET closed_at = ?
          WHERE usage = ? AND mobile_no = ? AND code_hash = ? AND closed_at IS NULL AND expires_at > ?`,
    args: [k.now, k.usage, k.mobileNo, k.codeHash, k.now],
  });
  return rs.rowsAffected === 1;
}

/**
 * One hit on a fixed-window counter, in one statement: a window older than `windowStart` starts
 * over at 1. SQLite computes every SET expression from the old row, so both CASEs agree.
 */
export async function hitCounter(
  tx: Sql,
  k: { key: string; now: string; windowStart: string },
): Promise<number> {
  const rs = await tx.execute({
    sql: `INSERT INTO verification_counters (counter_key, window_started_at, hits) VALUES (?1, ?2, 1)
          ON CONFLICT (counter_key) DO UPDATE SET
            hits = CASE WHEN window_started_at <= ?3 THEN 1 ELSE hits + 1 END,
            window_started_at = CASE WHEN window_started_at <= ?3 THEN ?2 ELSE window_started_at END
          RETURNING hits`,
    args: [k.key, k.now, k.windowStart],
  });
  return Number(rs.rows[0]?.hits ?? 0);
}

/** The lock's end when `key` is locked at `now`. */
export async function activeLockUntil(tx: Sql, key: string, now: string): Promise<string | undefined> {
  const rs = await tx.execute({
    sql: 'SELECT locked_until FROM verification_locks WHERE lock_key = ? AND locked_until > ?',
    args: [key, now],
  });
  const r = rs.rows[0];
  return r ? String(r.locked_until) : undefined;
}

export async function putLock(tx: Sql, k: { key: string; until: string; reason: string }): Promise<void> {
  await tx.execute({
    sql: `INSERT INTO verification_locks (lock_key, locked_until, reason) VALUES (?, ?, ?)
          ON CONFLICT (lock_key) DO UPDATE SET locked_until = max(locked_until, excluded.locked_until),
            reason = excluded.reason`,
    args: [k.key, k.until, k.reason],
  });
}

export interface CertificationRow {
  usage: string;
  channel: 'sms' | 'mail';
  mobileNo: string | null;
  memberNo: number | null;
  memberName: string | null;
  expiresAt: string;
}

export async function insertCertificationKey(
  tx: Sql,
  k: CertificationRow & { keyHash: string; now: string },
): Promise<void> {
  await tx.execute({
    sql: `INSERT INTO certification_keys (key_hash, usage, channel, mobile_no, member_no, member_name, expires_at, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [k.keyHash, k.usage, k.channel, k.mobileNo, k.memberNo, k.memberName, k.expiresAt, k.now],
  });
  // expired keys are of no use to anyone; sweep them while we are writing anyway
  await tx.execute({ sql: 'DELETE FROM certification_keys WHERE expires_at < ?', args: [k.now] });
}

/** Uses the key once: only an unused, unexpired key of the given usage comes back. */
export async function useCertificationKey(
  tx: Sql,
  k: { keyHash: string; usage: string; now: string },
): Promise<CertificationRow | undefined> {
  const rs = await tx.execute({
    sql: `UPDATE certification_keys SET used_at = ?
          WHERE key_hash = ? AND usage = ? AND used_at IS NULL AND expires_at > ?
          RETURNING usage, channel, mobile_no, member_no, member_name, expires_at`,
    args: [k.now, k.keyHash, k.usage, k.now],
  });
  const r = rs.rows[0];
  return r ? toCertification(r) : undefined;
}

export async function peekCertificationKey(
  tx: Sql,
  k: { keyHash: string; usage: string; now: string },
): Promise<CertificationRow | undefined> {
  const rs = await tx.execute({
    sql: `SELECT usage, channel, mobile_no, member_no, member_name, expires_at FROM certification_keys
          WHERE key_hash = ? AND usage = ? AND used_at IS NULL AND expires_at > ?`,
    args: [k.keyHash, k.usage, k.now],
  });
  const r = rs.rows[0];
  return r ? toCertification(r) : undefined;
}

function toCertification(r: Record<string, unknown>): CertificationRow {
  return {
    usage: String(r.usage),
    channel: r.channel === 'mail' ? 'mail' : 'sms',
    mobileNo: r.mobile_no == null ? null : String(r.mobile_no),
    memberNo: r.member_no == null ? null : Number(r.member_no),
    memberName: r.member_name == null ? null : String(r.member_name),
    expiresAt: String(r.expires_at),
  };
}
