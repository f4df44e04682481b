import type { Db } from '../db/client.ts';
import { memberIdDigest, memberSteps } from '../member/index.ts';

import { accountError } from './errors.ts';
import { verifyPassword } from './password.ts';
import { hitLimit, resetLimit, undoHit, type Limit } from './rate-limit.ts';
import { createSession, type NewSession } from './session.ts';

const TEN_MINUTES = 10 * 60 * 1000;
/**
 * The hard login lock, per member id AND client address (subject `${memberId}|${ip}`): 5 tries in
 * 10 minutes, counted before the password is checked (atomically, so parallel guesses cannot slip
 * past it); a success clears it. Per id and client, so a stranger's wrong guesses lock only the
 * stranger out, never the member on their own device. Without a known address (never behind
 * Astro's Node adapter) the client is 'unknown' and this is the plain per-id lock.
 */
export const LOGIN_ID_LIMIT: Limit = { scope: 'login-id', max: 5, windowMs: TEN_MINUTES };
/**
 * The ceiling per member id from every address together (subject `memberId`): 50 tries in 10
 * minutes. Only tries that the per id+client lock let through count, so one address adds at most
 * 5; guessing spread over many addresses is still bounded (at most 50 guesses per id in 10 minutes,
 * about 7,200 a day), and locking a member out this way needs at least 10 addresses. A success
 * takes back its own count but does not clear the others (they may be someone else's guesses).
 */
export const LOGIN_ID_CEILING: Limit = { scope: 'login-id-all', max: 50, windowMs: TEN_MINUTES };
/**
 * Per IP: tries over every id, counted up front (a success takes its own back). Past 30 in 10
 * minutes each further try from that address waits first (`loginDelayMs`) instead of being refused:
 * many members share one address behind a NAT or a mobile carrier, so an address is slowed, never
 * locked (a lock here would let one guesser lock out a whole office).
 */
const LOGIN_IP_SLOWDOWN: Limit = { scope: 'login-ip', max: 30, windowMs: TEN_MINUTES };
/** Password re-check before profile edits: 5 tries in 10 minutes per member. */
export const CHECK_PASSWORD_LIMIT: Limit = { scope: 'check-password', max: 5, windowMs: TEN_MINUTES };
/** Passwords older than this many days are flagged for change (Shopby's `passwordChangeRequired`). */
const PASSWORD_CHANGE_DAYS = 90;

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
  await memberSteps.recordLogin(db, verified.memberNo, input.ip ?? null, now.toISOString());
  return { ...verified, session };
}

/** How long a try waits whose address is past `LOGIN_IP_SLOWDOWN`: 1 s, growing to at most 2 s. */
export const LOGIN_DELAY_MS = { first: 1000, step: 50, max: 2000 } as const;

/** The wait before a try that is the `ipCount`-th from its address in the window (0: none). */
export function loginDelayMs(ipCount: number): number {
  const over = ipCount - LOGIN_IP_SLOWDOWN.max;
  if (over <= 0) return 0;
  return Math.min(LOGIN_DELAY_MS.max, LOGIN_DELAY_MS.first + LOGIN_DELAY_MS.step * (over - 1));
}

type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let sleep: Sleep = realSleep;

/** Tests: replaces the slowdown's wait (to count it without waiting); no argument restores it. */
export function useLoginSleepForTests(fake?: Sleep): void {
  sleep = fake ?? realSleep;
}

function tooManyAttempts(retryAfterSeconds: number): ReturnType<typeof accountError> {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return accountError(
    'too-many-attempts',
    `로그인 시도가 너무 많습니다. ${minutes}분 후 다시 시도해 주세요.`,
  );
}

/**
 * Checks an id and password without starting a session (the brand login hands an API client a
 * partner ticket instead; the session starts when the ticket is redeemed). Every try is counted
 * before the password is checked, atomically in the database, so parallel guesses cannot slip past
 * a limit: per id and client (the lock, 5), per id overall (the ceiling, 50) and per address (the
 * slowdown, past 30: a short wait, never a refusal). The password is always verified (also for
 * unknown ids, against a dummy hash). Locked accounts are named only after the right password;
 * withdrawn ids are reserved and say so.
 */
export async function verifyLogin(
  db: Db,
  input: Pick<LoginInput, 'memberId' | 'password' | 'ip'>,
  now: Date = new Date(),
): Promise<VerifiedLogin> {
  const memberId = input.memberId.trim().toLowerCase();
  // Without a known address (never behind Astro's Node adapter) there is no per-address count:
  // one shared 'unknown' bucket would let a single attacker slow everybody down.
  const ip = input.ip || null;
  const client = `${memberId}|${ip ?? 'unknown'}`;
  const byClient = await hitLimit(db, LOGIN_ID_LIMIT, client, now);
  const byIp = ip ? await hitLimit(db, LOGIN_IP_SLOWDOWN, ip, now) : null;
  if (byClient.blocked) throw tooManyAttempts(byClient.retryAfterSeconds);
  // Counted only past the per-client lock, so one address cannot use up the member's ceiling.
  const byId = await hitLimit(db, LOGIN_ID_CEILING, memberId, now);
  if (byId.blocked) throw tooManyAttempts(byId.retryAfterSeconds);
  const delay = byIp ? loginDelayMs(byIp.count) : 0;
  if (delay > 0) await sleep(delay);

  const cred = await memberSteps.selectCredentialsById(db, memberId);
  const ok = await verifyPassword(cred?.passwordHash, input.password);
  if (!cred || !ok) {
    if (!cred && (await memberSteps.isWithdrawnId(db, memberIdDigest(memberId))))
      throw accountError('withdrawn-account');
    throw accountError('login-failed');
  }
  await resetLimit(db, LOGIN_ID_LIMIT, client);
  await undoHit(db, LOGIN_ID_CEILING, memberId);
  if (ip) await undoHit(db, LOGIN_IP_SLOWDOWN, ip);
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
