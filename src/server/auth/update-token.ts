import type { Db } from '../db/client.ts';
import { accountError } from './errors.ts';
import { hashToken, looksLikeToken, newToken } from './tokens.ts';
import * as repo from './repo.ts';

/** Spec section 4/9: after the password re-check, profile edits are allowed for 30 minutes. */
const USER_UPDATE_TOKEN_TTL_SECONDS = 30 * 60;

export interface UpdateToken {
  updateToken: string;
  expireIn: number;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** Issues a user-update token for a member who just re-entered the password. */
export async function issueUpdateToken(
  db: Db,
  memberNo: number,
  now: Date = new Date(),
): Promise<UpdateToken> {
  const updateToken = newToken();
  const expiresAt = now.getTime() + USER_UPDATE_TOKEN_TTL_SECONDS * 1000;
  await repo.insertUpdateToken(db, {
    tokenHash: hashToken(updateToken),
    memberNo,
    issuedAt: now.toISOString(),
    expiresAt: new Date(expiresAt).toISOString(),
  });
  return { updateToken, expireIn: USER_UPDATE_TOKEN_TTL_SECONDS, expiresAt };
}

/**
 * Checks a user-update token of this member: 403 `update-token-expired` after 30 minutes,
 * 403 `update-token-required` when missing, unknown, revoked or another member's. Neither is a
 * 401: the login session is fine, only the password re-check has to be repeated
 * (`token-has-expired` / `invalid-token` stay the session's codes).
 */
export async function assertUpdateToken(
  db: Db,
  memberNo: number,
  updateToken: string | null | undefined,
  now: Date = new Date(),
): Promise<{ expiresAt: number }> {
  if (!looksLikeToken(updateToken)) throw accountError('update-token-required');
  const row = await repo.selectUpdateToken(db, hashToken(updateToken));
  if (!row || row.revokedAt || row.memberNo !== memberNo) throw accountError('update-token-required');
  const expiresAt = Date.parse(row.expiresAt);
  if (now.getTime() >= expiresAt) throw accountError('update-token-expired');
  return { expiresAt };
}

export async function revokeUpdateToken(
  db: Db,
  updateToken: string | null | undefined,
  now: Date = new Date(),
): Promise<void> {
  if (!looksLikeToken(updateToken)) return;
  await repo.revokeUpdateTokenByHash(db, hashToken(updateToken), now.toISOString());
}
