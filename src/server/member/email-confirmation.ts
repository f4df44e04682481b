import type { Transaction } from '@libsql/client';
import type { Db } from '../db/client.ts';
import { writeTx } from '../db/write-tx.ts';
import { notificationSteps } from '../notification/index.ts';
import { env } from '../platform/env.ts';
import {
  EMAIL_CONFIRMATION_SECONDS,
  issueEmailConfirmation,
  redeemEmailConfirmation,
} from '../verification/index.ts';

/**
 * The e-mail a member gives is confirmed by a link sent to it (issue 18, decision 029): the link's
 * key and its mail are written in the caller's transaction (the join's), the mail sent by the
 * notification outbox. Opening the link and pressing the button confirms that address — not one
 * the member has changed to since.
 */

export const CONFIRM_EMAIL_PATH = '/member/confirm-email';

/** Records the confirmation mail for `email` (inside the join's transaction). */
export async function recordEmailConfirmation(
  tx: Transaction,
  member: { memberNo: number; memberName: string; email: string },
  now = new Date(),
): Promise<void> {
  const key = await issueEmailConfirmation(tx, { memberNo: member.memberNo, email: member.email, now });
  const url = new URL(`${CONFIRM_EMAIL_PATH}?key=${encodeURIComponent(key)}`, env().PUBLIC_BASE_URL).href;
  await notificationSteps.enqueue(
    tx,
    { email: member.email },
    {
      event: 'EMAIL_CONFIRM',
      confirm: {
        name: member.memberName,
        email: member.email,
        url,
        days: EMAIL_CONFIRMATION_SECONDS / 86_400,
      },
    },
    `member-${member.memberNo}-${now.getTime()}`,
    now,
  );
}

export type EmailConfirmation = 'confirmed' | 'invalid' | 'changed';

/**
 * Confirms the address a link was made for: `confirmed`; `invalid` for an unknown, used or
 * expired link; `changed` when the member's address is no longer the one the link was sent to.
 */
export async function confirmEmail(db: Db, key: string, now = new Date()): Promise<EmailConfirmation> {
  return writeTx(db, async (tx) => {
    const link = await redeemEmailConfirmation(tx, key, now);
    if (!link) return 'invalid';
    const rs = await tx.execute({
      sql: `UPDATE members SET email_verified_at = coalesce(email_verified_at, ?), updated_at = ?
            WHERE member_no = ? AND email = ? AND member_status <> 'WITHDRAWN'`,
      args: [now.toISOString(), now.toISOString(), link.memberNo, link.email],
    });
    return rs.rowsAffected === 1 ? 'confirmed' : 'changed';
  });
}

/** When the member's current address was confirmed, or null. */
export async function emailConfirmedAt(db: Db, memberNo: number): Promise<string | null> {
  const rs = await db.execute({
    sql: 'SELECT email_verified_at FROM members WHERE member_no = ?',
    args: [memberNo],
  });
  const v = rs.rows[0]?.email_verified_at;
  return v == null ? null : String(v);
}
