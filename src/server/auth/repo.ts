import type { InStatement } from '@libsql/client';

import type { Db } from '../db/client.ts';

/** SQL of the auth tables: sessions, user-update tokens and login-attempt counters. */

export interface SessionRow {
  memberNo: number;
  issuedAt: string;
  expiresAt: string;
  lastSeenAt: string;
  keepLogin: boolean;
  revokedAt: string | null;
}

export async function insertSession(
  db: Db,
  row: {
    tokenHash: string;
    memberNo: number;
    issuedAt: string;
    expiresAt: string;
    keepLogin: boolean;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await db.execute({
    sql: `INSERT INTO sessions (token_hash, member_no, issued_at, expires_at, last_seen_at, keep_login, ip, user_agent)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      row.tokenHash,
      row.memberNo,
      row.issuedAt,
      row.expiresAt,
      row.issuedAt,
      row.keepLogin ? 1 : 0,
      row.ip,
      row.userAgent,
    ],
  });
}

export async function selectSession(db: Db, tokenHash: string): Promise<SessionRow | null> {
  const r = await db.execute({
    sql: `SELECT member_no, issued_at, expires_at, last_seen_at, keep_login, revoked_at FROM sessions WHERE token_hash = ?`,
    args: [tokenHash],
  });
  const row = r.rows[0];
  if (!row) return null;
  return {
    memberNo: Number(row.member_no),
    issuedAt: String(row.issued_at),
    expiresAt: String(row.expires_at),
    lastSeenAt: String(row.last_seen_at),
    keepLogin: Number(row.keep_login) === 1,
    revokedAt: row.revoked_at == null ? null : String(row.revoked_at),
  };
}

/** Writes last_seen_at at most once per `olderThan` so reads stay reads. */
export async function touchSession(db: Db, tokenHash: string, now: string, olderThan: string): Promise<void> {
  await db.execute({
    sql: 'UPDATE sessions SET last_seen_at = ? WHERE token_hash = ? AND last_seen_at < ?',
    args: [now, tokenHash, olderThan],
  });
}

export async function revokeSessionByHash(db: Db, tokenHash: string, now: string): Promise<void> {
  await db.execute({
    sql: 'UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL',
    args: [now, tokenHash],
  });
}

export async function revokeSessionsOfMember(
  db: Db,
  memberNo: number,
  now: string,
  exceptHash?: string,
): Promise<number> {
  const r = await db.execute({
    sql: `UPDATE sessions SET revoked_at = ? WHERE member_no = ? AND revoked_at IS NULL AND token_hash <> ?`,
    args: [now, memberNo, exceptHash ?? ''],
  });
  return r.rowsAffected;
}

/** Drops a member's sessions that can no longer be used (keeps the table small). */
export async function deleteDeadSessionsOfMember(db: Db, memberNo: number, now: string): Promise<void> {
  await db.execute({
    sql: 'DELETE FROM sessions WHERE member_no = ? AND (expires_at <= ? OR revoked_at IS NOT NULL)',
    args: [memberNo, now],
  });
}

export async function insertUpdateToken(
  db: Db,
  row: { tokenHash: string; memberNo: number; issuedAt: string; expiresAt: string },
): Promise<void> {
  await db.execute({
    sql: 'INSERT INTO user_update_tokens (token_hash, member_no, issued_at, expires_at) VALUES (?, ?, ?, ?)',
    args: [row.tokenHash, row.memberNo, row.issuedAt, row.expiresAt],
  });
}

export async function selectUpdateToken(
  db: Db,
  tokenHash: string,
): Promise<{ memberNo: number; expiresAt: string; revokedAt: string | null } | null> {
  const r = await db.execute({
    sql: 'SELECT member_no, expires_at, revoked_at FROM user_update_tokens WHERE token_hash = ?',
    args: [tokenHash],
  });
  const row = r.rows[0];
  if (!row) return null;
  return {
    memberNo: Number(row.member_no),
    expiresAt: String(row.expires_at),
    revokedAt: row.revoked_at == null ? null : String(row.revoked_at),
  };
}

export async function revokeUpdateTokenByHash(db: Db, tokenHash: string, now: string): Promise<void> {
  await db.execute({
    sql: 'UPDATE user_update_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL',
    args: [now, tokenHash],
  });
}

export async function revokeUpdateTokensOfMember(db: Db, memberNo: number, now: string): Promise<void> {
  await db.execute({
    sql: 'UPDATE user_update_tokens SET revoked_at = ? WHERE member_no = ? AND revoked_at IS NULL',
    args: [now, memberNo],
  });
}

/** Failures counted in the window that began after `windowFloor`; 0 when the window has passed. */
export async function selectAttempts(
  db: Db,
  scope: string,
  subject: string,
  windowFloor: string,
): Promise<{ failures: number; windowStart: string } | null> {
  const r = await db.execute({
    sql: 'SELECT failures, window_start FROM login_attempts WHERE scope = ? AND subject = ? AND window_start > ?',
    args: [scope, subject, windowFloor],
  });
  const row = r.rows[0];
  return row ? { failures: Number(row.failures), windowStart: String(row.window_start) } : null;
}

/**
 * Counts one more in a fixed window, atomically: a window that began at or before `windowFloor`
 * restarts at `now` with 1. SQLite evaluates every SET expression against the old row.
 */
export async function incrementAttempts(
  db: Db,
  scope: string,
  subject: string,
  now: string,
  windowFloor: string,
): Promise<{ failures: number; windowStart: string }> {
  const r = await db.execute({
    sql: `INSERT INTO login_attempts (scope, subject, window_start, failures) VALUES (?, ?, ?, 1)
          ON CONFLICT (scope, subject) DO UPDATE SET
            failures = CASE WHEN window_start <= ? THEN 1 ELSE failures + 1 END,
            window_start = CASE WHEN window_start <= ? THEN excluded.window_start ELSE window_start END
          RETURNING failures, window_start`,
    args: [scope, subject, now, windowFloor, windowFloor],
  });
  const row = r.rows[0];
  return { failures: Number(row?.failures ?? 1), windowStart: String(row?.window_start ?? now) };
}

/** Takes back one hit of the current window (a request that turned out not to count). */
export async function decrementAttempts(db: Db, scope: string, subject: string): Promise<void> {
  await db.execute({
    sql: 'UPDATE login_attempts SET failures = failures - 1 WHERE scope = ? AND subject = ? AND failures > 0',
    args: [scope, subject],
  });
}

export async function deleteAttempts(db: Db, scope: string, subject: string): Promise<void> {
  await db.execute({
    sql: 'DELETE FROM login_attempts WHERE scope = ? AND subject = ?',
    args: [scope, subject],
  });
}

/** Housekeeping for a periodic job: rows no request can use any more. */
export async function purgeExpired(db: Db, now: string, attemptsFloor: string): Promise<void> {
  await db.batch(
    [
      { sql: 'DELETE FROM sessions WHERE expires_at <= ? OR revoked_at IS NOT NULL', args: [now] },
      { sql: 'DELETE FROM user_update_tokens WHERE expires_at <= ? OR revoked_at IS NOT NULL', args: [now] },
      { sql: 'DELETE FROM login_attempts WHERE window_start <= ?', args: [attemptsFloor] },
    ],
    'write',
  );
}

/*
 * What a member's withdrawal removes of the auth tables, as statements for the member service's
 * withdrawal batch (published in steps.ts): the member's sessions and update tokens (they hold its
 * IPs and browsers) and the login counters under its id and number.
 */

export function deleteSessionsOfMemberStatement(memberNo: number): InStatement {
  return { sql: 'DELETE FROM sessions WHERE member_no = ?', args: [memberNo] };
}

export function deleteUpdateTokensOfMemberStatement(memberNo: number): InStatement {
  return { sql: 'DELETE FROM user_update_tokens WHERE member_no = ?', args: [memberNo] };
}

/** login-id counts per id and client (`<id>|<ip>`), login-id-all per id, check-password per member number (login.ts). */
export function deleteLoginAttemptsOfMemberStatement(memberNo: number, memberId: string | null): InStatement {
  return {
    sql: `DELETE FROM login_attempts
          WHERE (scope = 'login-id' AND substr(subject, 1, length(?) + 1) = ? || '|')
             OR (scope = 'login-id-all' AND subject = ?)
             OR (scope = 'check-password' AND subject = ?)`,
    args: [memberId ?? '', memberId ?? '', memberId ?? '', String(memberNo)],
  };
}
