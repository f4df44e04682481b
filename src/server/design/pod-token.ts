import { podService, PodError, type PodPort, type PodToken } from '../adapters/pod/index.ts';
import type { Db } from '../db/client.ts';
import * as tokens from './pod-repo.ts';

/**
 * The print service's access token: kept in `pod_tokens` for every process, treated as expired 60 s
 * early, renewed in a single flight per process, and once more on a 401.
 */

/** The print-service token is treated as expired this many seconds early (spec section 9). */
const POD_TOKEN_MARGIN_SECONDS = 60;

export interface PodTokenState {
  /** True when there is no token or it is within 60 s of its end. */
  expired: boolean;
  issuedAt: string | null;
  expiresIn: number | null;
  expiresAt: string | null;
}

function stateOf(token: PodToken | null, now: Date): PodTokenState {
  if (!token) return { expired: true, issuedAt: null, expiresIn: null, expiresAt: null };
  const end = Date.parse(token.issuedAt) + token.expiresIn * 1000;
  return {
    expired: end - POD_TOKEN_MARGIN_SECONDS * 1000 <= now.getTime(),
    issuedAt: token.issuedAt,
    expiresIn: token.expiresIn,
    expiresAt: new Date(end).toISOString(),
  };
}

async function storedToken(db: Db, port: PodPort): Promise<PodToken | null> {
  return tokens.selectToken(db, port.name);
}

/** The renewal under way per adapter: callers that find the token expired at once share it. */
const renewals = new WeakMap<PodPort, Promise<PodToken>>();

/** A new token from the service, stored for every process; one request however many callers wait. */
function renewToken(db: Db, port: PodPort): Promise<PodToken> {
  let pending = renewals.get(port);
  if (!pending) {
    pending = (async () => {
      const token = await port.issueToken();
      await tokens.saveToken(db, port.name, token);
      return token;
    })().finally(() => renewals.delete(port));
    renewals.set(port, pending);
  }
  return pending;
}

/** POST /api/pod/set-token: a new token from the service (external oauth), stored for every process. */
export async function setPodToken(
  db: Db,
  port: PodPort = podService(),
  now = new Date(),
): Promise<PodTokenState> {
  return stateOf(await renewToken(db, port), now);
}

/** POST /api/pod/token-expiry-check. */
export async function podTokenState(
  db: Db,
  port: PodPort = podService(),
  now = new Date(),
): Promise<PodTokenState> {
  return stateOf(await storedToken(db, port), now);
}

/**
 * Runs a call with a live token: renews one that is missing or within 60 s of its end first, and
 * once more on a 401 (unless another caller already replaced the refused token).
 */
export async function withPodToken<T>(
  db: Db,
  call: (token: string) => Promise<T>,
  port: PodPort = podService(),
  now = new Date(),
): Promise<T> {
  let token = await storedToken(db, port);
  if (!token || stateOf(token, now).expired) token = await renewToken(db, port);
  try {
    return await call(token.accessToken);
  } catch (err) {
    if (!(err instanceof PodError) || err.status !== 401) throw err;
    const stored = await storedToken(db, port);
    const fresh =
      stored && stored.accessToken !== token.accessToken && !stateOf(stored, now).expired
        ? stored
        : await renewToken(db, port);
    return call(fresh.accessToken);
  }
}
