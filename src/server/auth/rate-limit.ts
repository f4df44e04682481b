import type { Db } from '../db/client.ts';
import * as repo from './repo.ts';

/**
 * Fixed-window counters kept in the database, so every app process counts the same attempts
 * (a per-process memory store would let a second process double the allowance).
 */
export interface Limit {
  /** What is counted: 'login-id' (id+client), 'login-id-all', 'login-ip', 'guest-order-no' ... */
  scope: string;
  max: number;
  windowMs: number;
}

export interface LimitState {
  count: number;
  blocked: boolean;
  /** Seconds until the window ends (0 when not blocked). */
  retryAfterSeconds: number;
}

function state(limit: Limit, found: { failures: number; windowStart: string } | null, now: Date): LimitState {
  const count = found?.failures ?? 0;
  const blocked = count >= limit.max;
  const ends = found ? Date.parse(found.windowStart) + limit.windowMs : now.getTime();
  return {
    count,
    blocked,
    retryAfterSeconds: blocked ? Math.max(1, Math.ceil((ends - now.getTime()) / 1000)) : 0,
  };
}

const floor = (limit: Limit, now: Date) => new Date(now.getTime() - limit.windowMs).toISOString();

/** The current count without adding to it. */
export async function peekLimit(
  db: Db,
  limit: Limit,
  subject: string,
  now: Date = new Date(),
): Promise<LimitState> {
  return state(limit, await repo.selectAttempts(db, limit.scope, subject, floor(limit, now)), now);
}

/** Adds one (a failure, or a request) and returns the new state. */
export async function hitLimit(
  db: Db,
  limit: Limit,
  subject: string,
  now: Date = new Date(),
): Promise<LimitState> {
  const after = await repo.incrementAttempts(db, limit.scope, subject, now.toISOString(), floor(limit, now));
  const s = state(limit, after, now);
  // Blocked means "no more than max": the hit that reaches max is still allowed.
  return { ...s, blocked: after.failures > limit.max };
}

/** Takes back one hit (a request counted up front that turned out to succeed). */
export async function undoHit(db: Db, limit: Limit, subject: string): Promise<void> {
  await repo.decrementAttempts(db, limit.scope, subject);
}

/** Forgets the count (e.g. the id's failures after a successful login). */
export async function resetLimit(db: Db, limit: Limit, subject: string): Promise<void> {
  await repo.deleteAttempts(db, limit.scope, subject);
}
