import type { Db } from '../db/client.ts';
import { memberSteps } from '../member/index.ts';
import { hashToken, looksLikeToken, newToken } from './tokens.ts';
import * as repo from './repo.ts';

/** A session lives 12 hours, or 30 days with "keep me logged in". */
const SESSION_TTL_SECONDS = 12 * 60 * 60;
const KEEP_LOGIN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Spec section 4/9: an access token counts as expired 60 seconds before its end, here as well. */
const ACCESS_TOKEN_MARGIN_SECONDS = 60;
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface SessionOptions {
  ip?: string | null | undefined;
  userAgent?: string | null | undefined;
  keepLogin?: boolean | undefined;
}

/** What a login hands back. `accessToken` is the only copy of the secret; store it in the cookie. */
export interface NewSession {
  accessToken: string;
  /** Lifetime in seconds (Shopby's `expireIn`). */
  expireIn: number;
  /** Epoch milliseconds. */
  issuedAt: number;
  /** Epoch milliseconds; the token is refused from `expiresAt - 60 s` on. */
  expiresAt: number;
  keepLogin: boolean;
}

export interface SessionInfo {
  issuedAt: number;
  expiresAt: number;
  expireIn: number;
  keepLogin: boolean;
}

/** The signed-in member as every guard and page sees it. */
export interface AuthMember {
  memberNo: number;
  /** NULL for a member who signed up with social login only. */
  memberId: string | null;
  memberName: string;
  /** Names of the member's groups. */
  groups: string[];
  /** In the brand administrator group. */
  isAdmin: boolean;
  /** A point-of-sale staff account. */
  isStaff: boolean;
  session: SessionInfo;
}

export type SessionLookup =
  { status: 'ok'; member: AuthMember } | { status: 'expired' } | { status: 'invalid' };

/** Starts a session for a member: a fresh random token each time (rotation at every login). */
export async function createSession(
  db: Db,
  memberNo: number,
  options: SessionOptions = {},
  now: Date = new Date(),
): Promise<NewSession> {
  const keepLogin = options.keepLogin === true;
  const expireIn = keepLogin ? KEEP_LOGIN_TTL_SECONDS : SESSION_TTL_SECONDS;
  const accessToken = newToken();
  const issuedAt = now.getTime();
  const expiresAt = issuedAt + expireIn * 1000;
  await repo.deleteDeadSessionsOfMember(db, memberNo, now.toISOString());
  await repo.insertSession(db, {
    tokenHash: hashToken(accessToken),
    memberNo,
    issuedAt: now.toISOString(),
    expiresAt: new Date(expiresAt).toISOString(),
    keepLogin,
    ip: options.ip?.slice(0, 64) ?? null,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
  });
  return { accessToken, expireIn, issuedAt, expiresAt, keepLogin };
}

/**
 * Looks an access token up: the member behind it, or why not. Revoked tokens, unknown tokens and
 * members no longer active are `invalid`; tokens within 60 s of their end are `expired`.
 */
export async function resolveSession(
  db: Db,
  accessToken: string | null | undefined,
  now: Date = new Date(),
): Promise<SessionLookup> {
  if (!looksLikeToken(accessToken)) return { status: 'invalid' };
  const tokenHash = hashToken(accessToken);
  const row = await repo.selectSession(db, tokenHash);
  if (!row || row.revokedAt) return { status: 'invalid' };
  const issuedAt = Date.parse(row.issuedAt);
  const expiresAt = Date.parse(row.expiresAt);
  if (now.getTime() >= expiresAt - ACCESS_TOKEN_MARGIN_SECONDS * 1000) return { status: 'expired' };
  const identity = await memberSteps.selectAuthIdentity(db, row.memberNo);
  if (!identity || identity.memberStatus !== 'ACTIVE') {
    await repo.revokeSessionByHash(db, tokenHash, now.toISOString());
    return { status: 'invalid' };
  }
  // last_seen_at at most once per TOUCH_INTERVAL_MS: an UPDATE takes SQLite's write lock even when
  // it changes no row, so a fresh session's lookup stays a read (decision 046); the SQL keeps the
  // same guard for two requests racing past this check
  const olderThan = new Date(now.getTime() - TOUCH_INTERVAL_MS).toISOString();
  if (row.lastSeenAt < olderThan) await repo.touchSession(db, tokenHash, now.toISOString(), olderThan);
  return {
    status: 'ok',
    member: {
      memberNo: identity.memberNo,
      memberId: identity.memberId,
      memberName: identity.memberName,
      groups: identity.groups.map((g) => g.groupName),
      isAdmin: identity.groups.some((g) => g.isAdmin),
      isStaff: identity.isStaff,
      session: {
        issuedAt,
        expiresAt,
        expireIn: Math.round((expiresAt - issuedAt) / 1000),
        keepLogin: row.keepLogin,
      },
    },
  };
}

/** The member behind a token, or null (for pages: `resolveMember(db, Astro.cookies.get(...)?.value)`). */
export async function resolveMember(
  db: Db,
  accessToken: string | null | undefined,
  now: Date = new Date(),
): Promise<AuthMember | null> {
  const found = await resolveSession(db, accessToken, now);
  return found.status === 'ok' ? found.member : null;
}

/** Logout: the token stops working at once. Unknown tokens are ignored. */
export async function revokeSession(
  db: Db,
  accessToken: string | null | undefined,
  now: Date = new Date(),
): Promise<void> {
  if (!looksLikeToken(accessToken)) return;
  await repo.revokeSessionByHash(db, hashToken(accessToken), now.toISOString());
}

/** Ends every session of a member (password change, withdrawal), optionally but the current one. */
export async function revokeMemberSessions(
  db: Db,
  memberNo: number,
  options: { except?: string | null } = {},
  now: Date = new Date(),
): Promise<number> {
  const except = looksLikeToken(options.except) ? hashToken(options.except) : undefined;
  return repo.revokeSessionsOfMember(db, memberNo, now.toISOString(), except);
}

/** Seconds the token can still be used, with the 60 s margin taken off; never below 0. */
export function usableSeconds(session: Pick<SessionInfo, 'expiresAt'>, now: Date = new Date()): number {
  return Math.max(
    0,
    Math.floor((session.expiresAt - ACCESS_TOKEN_MARGIN_SECONDS * 1000 - now.getTime()) / 1000),
  );
}

/** The longest window a login counter is kept for (the per-id and per-address limits are 10 minutes). */
const ATTEMPTS_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Housekeeping for the maintenance pass: sessions and update tokens that ended or were revoked,
 * and login counters whose window is long over. Nothing a request can still use.
 */
export async function purgeExpiredAuth(db: Db, now = new Date()): Promise<void> {
  await repo.purgeExpired(db, now.toISOString(), new Date(now.getTime() - ATTEMPTS_KEPT_MS).toISOString());
}
