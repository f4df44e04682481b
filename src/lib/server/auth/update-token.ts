import type { Db } from '../db/client.ts';
import { accountError } from './errors.ts';
import { hashToken, looksLikeToken, newToken } from './tokens.ts';
import * as repo from './repo.ts';

/** Spec section 4/9: after the password re-check, profile edits are allowed for 30 minutes. */
export const USER_UPDATE_TOKEN_TTL_SECONDS = 30 * 60;

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
 * Checks a user-update token of this member: 401 `token-has-expired` after 30 minutes,
 * 401 `invalid-token` when missing, unknown, revoked or another member's.
 */
export async function assertUpdateToken(
  db: Db,
  memberNo: number,
  updateToken: string | null | undefined,
  now: Date = new Date(),
): Promise<{ expiresAt: number }> {
  if (!looksLikeToken(updateToken)) {
    throw accountError('invalid-token', '비밀번호 확인이 필요합니다. 비밀번호를 다시 입력해 주세요.');
  }
  const row = await repo.selectUpdateToken(db, hashToken(updateToken));
  if (!row || row.revokedAt || row.memberNo !== memberNo) {
    throw accountError('invalid-token', '비밀번호 확인이 필요합니다. 비밀번호를 다시 입력해 주세요.');
  }
  const expiresAt = Date.parse(row.expiresAt);
  if (now.getTime() >= expiresAt) {
    throw accountError(
      'token-has-expired',
      '정보 수정 가능 시간(30분)이 지났습니다. 비밀번호를 다시 입력해 주세요.',
    );
  }
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

export async function revokeUpdateTokensOf(db: Db, memberNo: number, now: Date = new Date()): Promise<void> {
  await repo.revokeUpdateTokensOfMember(db, memberNo, now.toISOString());
}
