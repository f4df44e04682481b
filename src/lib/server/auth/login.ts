import type { Db } from '../db/client.ts';
import { selectCredentialsById, recordLogin, isWithdrawnId } from '../member/repo.ts';
import { memberIdDigest } from '../member/service.ts';
import { accountError } from './errors.ts';
import { verifyPassword } from './password.ts';
import { hitLimit, resetLimit, undoHit, type Limit } from './rate-limit.ts';
import { createSession, type NewSession } from './session.ts';

const TEN_MINUTES = 10 * 60 * 1000;
/** Per member id: 5 tries in 10 minutes (a success clears the count). */
export const LOGIN_ID_LIMIT: Limit = { scope: 'login-id', max: 5, windowMs: TEN_MINUTES };
/** Per IP: 30 failed tries in 10 minutes (successes are not counted). */
export const LOGIN_IP_LIMIT: Limit = { scope: 'login-ip', max: 30, windowMs: TEN_MINUTES };
/** Password re-check before profile edits: 5 tries in 10 minutes per member. */
export const CHECK_PASSWORD_LIMIT: Limit = { scope: 'check-password', max: 5, windowMs: TEN_MINUTES };
/** Passwords older than this many days are flagged for change (Shopby's `passwordChangeRequired`). */
export const PASSWORD_CHANGE_DAYS = 90;

export interface LoginInput {
  memberId: string;
  password: string;
  keepLogin?: boolean | undefined;
  ip?: string | null | undefined;
  userAgent?: string | null | undefined;
}

export interface VerifiedLogin {
  memberNo: number;
  daysFromLastPasswordChange: number;
  passwordChangeRequired: boolean;
}

export interface LoginResult extends VerifiedLogin {
  session: NewSession;
}

/**
 * Id and password login: `verifyLogin`, then a new session, counted on the member.
 */
export async function loginWithPassword(
  db: Db,
  input: LoginInput,
  now: Date = new Date(),
): Promise<LoginResult> {
  const verified = await verifyLogin(db, input, now);
  const session = await createSession(
    db,
    verified.memberNo,
    { ip: input.ip, userAgent: input.userAgent, keepLogin: input.keepLogin },
    now,
  );
  await recordLogin(db, verified.memberNo, input.ip ?? null, now.toISOString());
  return { ...verified, session };
}

/**
 * Checks an id and password without starting a session (the brand login hands an API client a
 * partner ticket instead; the session starts when the ticket is redeemed). Both counters are
 * taken up front (atomically, so parallel guesses cannot slip past the limit), the password is
 * always verified (also for unknown ids, against a dummy hash). Locked accounts are named only
 * after the right password; withdrawn ids are reserved and say so.
 */
export async function verifyLogin(
  db: Db,
  input: Pick<LoginInput, 'memberId' | 'password' | 'ip'>,
  now: Date = new Date(),
): Promise<VerifiedLogin> {
  const memberId = input.memberId.trim().toLowerCase();
  // Without a known address (never behind Astro's Node adapter) only the per-id limit applies:
  // one shared 'unknown' bucket would let a single attacker lock everybody out.
  const ip = input.ip || null;
  const byId = await hitLimit(db, LOGIN_ID_LIMIT, memberId, now);
  const byIp = ip ? await hitLimit(db, LOGIN_IP_LIMIT, ip, now) : { blocked: false, retryAfterSeconds: 0 };
  if (byId.blocked || byIp.blocked) {
    const wait = Math.ceil(Math.max(byId.retryAfterSeconds, byIp.retryAfterSeconds) / 60);
    throw accountError(
      'too-many-attempts',
      `로그인 시도가 너무 많습니다. ${Math.max(1, wait)}분 후 다시 시도해 주세요.`,
    );
  }

  const cred = await selectCredentialsById(db, memberId);
  const ok = await verifyPassword(cred?.passwordHash, input.password);
  if (!cred || !ok) {
    if (!cred && (await isWithdrawnId(db, memberIdDigest(memberId)))) throw accountError('withdrawn-account');
    throw accountError('login-failed');
  }
  await resetLimit(db, LOGIN_ID_LIMIT, memberId);
  if (ip) await undoHit(db, LOGIN_IP_LIMIT, ip);
  if (cred.memberStatus === 'LOCKED') throw accountError('locked-account');
  if (cred.memberStatus !== 'ACTIVE') throw accountError('login-failed');

  const changedAt = Date.parse(cred.passwordChangedAt ?? cred.createdAt);
  const days = Math.max(0, Math.floor((now.getTime() - changedAt) / 86_400_000));
  return {
    memberNo: cred.memberNo,
    daysFromLastPasswordChange: days,
    passwordChangeRequired: days >= PASSWORD_CHANGE_DAYS,
  };
}
