import type { Executor } from '../db/client.ts';
import { changesRows, nullableString, selectFirst, selectRows } from '../db/sql.ts';

/**
 * SQL of the registered API clients (migration 0026). A change names the version it read
 * (`… AND version = ?`) and bumps it; the caller checks the row count.
 */

export interface ApiClientRow {
  clientId: string;
  name: string;
  origins: string[];
  active: boolean;
  version: number;
  createdAt: string;
  updatedAt: string | null;
}

export interface ApiClientWrite {
  name: string;
  origins: readonly string[];
}

function originsOf(json: unknown): string[] {
  try {
    const list = JSON.parse(String(json)) as unknown;
    return Array.isArray(list) ? list.filter((o): o is string => typeof o === 'string') : [];
  } catch {
    return [];
  }
}

const toRow = (r: Record<string, unknown>): ApiClientRow => ({
  clientId: String(r.client_id),
  name: String(r.name ?? ''),
  origins: originsOf(r.origins),
  active: Number(r.active) === 1,
  version: Number(r.version),
  createdAt: String(r.created_at),
  updatedAt: nullableString(r.updated_at),
});

export function selectApiClients(ex: Executor): Promise<ApiClientRow[]> {
  return selectRows(ex, 'SELECT * FROM api_clients ORDER BY created_at, client_id', toRow);
}

/** The client of this id, whatever its case (ids are unique without regard to case). */
export function selectApiClient(ex: Executor, clientId: string): Promise<ApiClientRow | null> {
  return selectFirst(ex, { sql: 'SELECT * FROM api_clients WHERE client_id = ?', args: [clientId] }, toRow);
}

export async function insertApiClient(
  ex: Executor,
  clientId: string,
  w: ApiClientWrite,
  now: string,
): Promise<void> {
  await ex.execute({
    sql: 'INSERT INTO api_clients (client_id, name, origins, active, version, created_at) VALUES (?, ?, ?, 1, 1, ?)',
    args: [clientId, w.name, JSON.stringify(w.origins), now],
  });
}

export function updateApiClientRow(
  ex: Executor,
  clientId: string,
  version: number,
  w: ApiClientWrite & { active: boolean },
  now: string,
): Promise<boolean> {
  return changesRows(ex, {
    sql: `UPDATE api_clients SET name = ?, origins = ?, active = ?, version = version + 1, updated_at = ?
          WHERE client_id = ? AND version = ?`,
    args: [w.name, JSON.stringify(w.origins), w.active ? 1 : 0, now, clientId, version],
  });
}
