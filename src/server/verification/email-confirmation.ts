import type { Client, Transaction } from '@libsql/client';
import { isoAfter, randomSecret, sha256Hex } from './secrets.ts';

/**
 * The key of an e-mail confirmation link: made for one member and one address, usable once,
 * for three days. Kept in `certification_keys` as a digest (usage CONFIRM_EMAIL, not one of the
 * SMS usages a shopper may ask a code for).
 */
const USAGE = 'CONFIRM_EMAIL';
export const EMAIL_CONFIRMATION_SECONDS = 3 * 24 * 60 * 60;

/** A new link's key, written in the caller's transaction (the join's, or a resend's). */
export async function issueEmailConfirmation(
  tx: Client | Transaction,
  input: { memberNo: number; email: string; now: Date },
): Promise<string> {
  const key = randomSecret();
  await tx.execute({
    sql: `INSERT INTO certification_keys (key_hash, usage, channel, member_no, email, expires_at, created_at)
          VALUES (?, ?, 'mail', ?, ?, ?, ?)`,
    args: [
      sha256Hex(key),
      USAGE,
      input.memberNo,
      input.email,
      isoAfter(input.now, EMAIL_CONFIRMATION_SECONDS),
      input.now.toISOString(),
    ],
  });
  return key;
}

/** Uses a link's key once: its member and address, or null (unknown, used or expired). */
export async function redeemEmailConfirmation(
  tx: Client | Transaction,
  key: string,
  now: Date,
): Promise<{ memberNo: number; email: string } | null> {
  const at = now.toISOString();
  const rs = await tx.execute({
    sql: `UPDATE certification_keys SET used_at = ?
          WHERE key_hash = ? AND usage = ? AND used_at IS NULL AND expires_at > ? AND email IS NOT NULL
          RETURNING member_no, email`,
    args: [at, sha256Hex(key), USAGE, at],
  });
  const r = rs.rows[0];
  return r ? { memberNo: Number(r.member_no), email: String(r.email) } : null;
}
