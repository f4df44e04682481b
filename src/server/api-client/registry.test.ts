import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createApiClient, updateApiClient } from './service.ts';
import { invalidateApiClients, refreshApiClients, registeredApiClients } from './registry.ts';

/**
 * The registry every /shop-api request reads (decision 032): a change made here is seen at once,
 * one made by another server process (a row written behind this one's back) within 30 seconds.
 */

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  invalidateApiClients();
});
afterAll(() => t.close());

const ids = () => registeredApiClients().map((c) => c.clientId);

describe('the registered clients in memory', () => {
  it("sees this process's changes at once and another process's after 30 seconds", async () => {
    const start = Date.now();
    await refreshApiClients(t.db, start);
    expect(ids()).not.toContain('here');

    await createApiClient(t.db, { clientId: 'here', name: '', origins: ['https://here.example.com'] });
    await refreshApiClients(t.db, start + 1);
    expect(ids()).toContain('here');

    // another process registers one: not seen while the copy is fresh, seen once it is stale
    await t.db.execute(
      `INSERT INTO api_clients (client_id, origins, created_at) VALUES ('elsewhere', '["https://e.example.com"]', '2026-11-26T00:00:00.000Z')`,
    );
    await refreshApiClients(t.db, start + 2);
    await refreshApiClients(t.db, start + 29_000);
    expect(ids()).not.toContain('elsewhere');
    await refreshApiClients(t.db, start + 31_002);
    expect(ids()).toContain('elsewhere');
  });

  it('drops a stopped client', async () => {
    await refreshApiClients(t.db);
    expect(ids()).toContain('here');
    await updateApiClient(t.db, 'here', {
      version: 1,
      name: '',
      origins: ['https://here.example.com'],
      active: false,
    });
    await refreshApiClients(t.db);
    expect(ids()).not.toContain('here');
  });
});
