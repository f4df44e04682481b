import type { Db } from '../db/client.ts';
import { env, type ApiClient } from '../platform/env.ts';
import * as repo from './repo.ts';

/**
 * The registered API clients every `/shop-api` request is checked against (CORS, where the token
 * goes, the KCP form's return address): the configuration's (`API_CLIENTS`, always registered, as
 * configured) and the back office's active ones (decision 032). The back office's are kept in
 * memory: `refreshApiClients` (awaited by the shop API's first middleware) reads them again when
 * the copy is older than 30 seconds — so a change made on another server process shows within
 * that time — and a change made here drops the copy at once (`invalidateApiClients`).
 */

const MAX_AGE_MS = 30_000;

let snapshot: { conn: Db; clients: ApiClient[]; loadedAt: number } | null = null;

export async function refreshApiClients(conn: Db, now = Date.now()): Promise<void> {
  if (snapshot && snapshot.conn === conn && now - snapshot.loadedAt < MAX_AGE_MS) return;
  try {
    const rows = await repo.selectApiClients(conn);
    snapshot = {
      conn,
      clients: rows.filter((r) => r.active).map((r) => ({ clientId: r.clientId, origins: r.origins })),
      loadedAt: now,
    };
  } catch (err) {
    // keep answering with what was known (the configuration's at least); try again next request
    console.error('[podo] API clients not read', err);
  }
}

export function invalidateApiClients(): void {
  snapshot = null;
}

/** Every registered client: the configuration's first, then the back office's active ones. */
export function registeredApiClients(): readonly ApiClient[] {
  const configured = env().API_CLIENTS;
  const managed = (snapshot?.clients ?? []).filter(
    (m) => !configured.some((c) => c.clientId.toLowerCase() === m.clientId.toLowerCase()),
  );
  return [...configured, ...managed];
}
