import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => {
  vi.unstubAllEnvs();
  t.close();
});

describe('GET /api/version (the hourly build check)', () => {
  it('answers the build id the server was built with, never from a cache', async () => {
    vi.stubEnv('PODO_BUILD_ID', 'mgx1a2b-7f3c9d');
    const res = await new Client().call('/api/version');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ version: 'mgx1a2b-7f3c9d' });
  });

  it('answers "dev" for a server that was not built (vite dev, tests)', async () => {
    vi.stubEnv('PODO_BUILD_ID', '');
    const res = await new Client().call('/api/version');
    expect(await res.json()).toEqual({ version: 'dev' });
  });
});
