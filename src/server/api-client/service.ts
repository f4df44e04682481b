import { recordAudit, changedFields } from '../audit/index.ts';
import type { Db, Executor } from '../db/client.ts';
import { writeTx } from '../db/write-tx.ts';
import { env } from '../platform/env.ts';
import { appError } from '../platform/errors.ts';
import { invalidateApiClients } from './registry.ts';
import * as repo from './repo.ts';
import type { ApiClientCreate, ApiClientPut } from './schema.ts';

/**
 * The back office's registered API clients (/manager/api-clients, decision 032): the storefronts on
 * other origins that may call /shop-api from the browser. Administrators add one (clientId, name,
 * origins), change its name and origins, stop and resume it; every change names the version it
 * read (a stale one is a 409 and changes nothing) and writes its audit line in the same
 * transaction. The configuration's clients (`API_CLIENTS`) are listed read-only: they are changed
 * in the configuration, and their clientIds cannot be taken here.
 */

export interface AdminApiClient {
  clientId: string;
  name: string;
  origins: string[];
  active: boolean;
  /** MANAGED: kept in the database, edited here. CONFIG: from `API_CLIENTS`, read-only. */
  source: 'MANAGED' | 'CONFIG';
  /** null for a configured client (nothing to edit). */
  version: number | null;
  createdAt: string | null;
  updatedAt: string | null;
}

const CHANGED = '다른 관리자가 먼저 이 클라이언트를 바꿨습니다. 새로 불러온 뒤 다시 저장해 주세요.';

const toAdmin = (r: repo.ApiClientRow): AdminApiClient => ({
  clientId: r.clientId,
  name: r.name,
  origins: r.origins,
  active: r.active,
  source: 'MANAGED',
  version: r.version,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

function configured(clientId: string) {
  const id = clientId.toLowerCase();
  return env().API_CLIENTS.find((c) => c.clientId.toLowerCase() === id) ?? null;
}

export async function listApiClients(db: Executor): Promise<AdminApiClient[]> {
  const fromConfig: AdminApiClient[] = env().API_CLIENTS.map((c) => ({
    clientId: c.clientId,
    name: '',
    origins: [...c.origins],
    active: true,
    source: 'CONFIG',
    version: null,
    createdAt: null,
    updatedAt: null,
  }));
  const managed = (await repo.selectApiClients(db)).filter((r) => !configured(r.clientId)).map(toAdmin);
  return [...fromConfig, ...managed];
}

export async function getApiClient(db: Executor, clientId: string): Promise<AdminApiClient> {
  const row = await repo.selectApiClient(db, clientId);
  if (!row) throw appError('API_CLIENT_NOT_FOUND');
  return toAdmin(row);
}

const isUniqueClash = (err: unknown) =>
  err instanceof Error && /UNIQUE constraint failed|PRIMARY KEY/i.test(err.message);

export async function createApiClient(
  db: Db,
  input: ApiClientCreate,
  now = new Date(),
): Promise<AdminApiClient> {
  if (configured(input.clientId) || input.clientId === env().SHOP_CLIENT_ID)
    throw appError('API_CLIENT_TAKEN');
  try {
    await writeTx(db, async (tx) => {
      if (await repo.selectApiClient(tx, input.clientId)) throw appError('API_CLIENT_TAKEN');
      await repo.insertApiClient(tx, input.clientId, input, now.toISOString());
      await recordAudit(
        tx,
        {
          action: 'apiClient.create',
          targetType: 'apiClient',
          targetId: input.clientId,
          summary: `API 클라이언트 ${input.clientId} 등록 (출처 ${input.origins.length}개)`,
          after: { name: input.name, origins: input.origins, active: true },
        },
        now,
      );
    });
  } catch (err) {
    // two administrators adding the same clientId at once: the second is told so
    if (isUniqueClash(err)) throw appError('API_CLIENT_TAKEN');
    throw err;
  } finally {
    invalidateApiClients();
  }
  return getApiClient(db, input.clientId);
}

/** Changes a managed client's name, origins and whether it is in use. */
export async function updateApiClient(
  db: Db,
  clientId: string,
  input: ApiClientPut,
  now = new Date(),
): Promise<AdminApiClient> {
  if (configured(clientId)) throw appError('API_CLIENT_CONFIGURED');
  try {
    await writeTx(db, async (tx) => {
      const row = await repo.selectApiClient(tx, clientId);
      if (!row) throw appError('API_CLIENT_NOT_FOUND');
      if (row.version !== input.version) throw appError('VERSION_CONFLICT', CHANGED);
      const next = { name: input.name, origins: input.origins, active: input.active };
      const diff = changedFields({ name: row.name, origins: row.origins, active: row.active }, next);
      if (!diff) return;
      if (!(await repo.updateApiClientRow(tx, row.clientId, input.version, next, now.toISOString())))
        throw appError('VERSION_CONFLICT', CHANGED);
      const verb = row.active && !input.active ? 'stop' : !row.active && input.active ? 'resume' : 'update';
      const said = { stop: '사용 중지', resume: '다시 사용', update: '수정' }[verb];
      await recordAudit(
        tx,
        {
          action: `apiClient.${verb}`,
          targetType: 'apiClient',
          targetId: row.clientId,
          summary: `API 클라이언트 ${row.clientId} ${said}`,
          before: diff.before,
          after: diff.after,
        },
        now,
      );
    });
  } finally {
    invalidateApiClients();
  }
  return getApiClient(db, clientId);
}
