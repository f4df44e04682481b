import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { hitLimit, peekLimit, resetLimit, type Limit } from './rate-limit.ts';

let t: TestDb | undefined;
afterEach(() => t?.close());

const LIMIT: Limit = { scope: 'test', max: 3, windowMs: 60_000 };

describe('database rate limits', () => {
  it('blocks after max hits in a fixed window and starts a new window after it', async () => {
    t = await createTestDb();
    const start = new Date('2026-01-01T00:00:00Z');
    for (let i = 1; i <= 3; i++) expect((await hitLimit(t.db, LIMIT, 'k', start)).blocked).toBe(false);
    const fourth = await hitLimit(t.db, LIMIT, 'k', new Date(start.getTime() + 30_000));
    expect(fourth).toMatchObject({ count: 4, blocked: true, retryAfterSeconds: 30 });
    expect((await peekLimit(t.db, LIMIT, 'k', new Date(start.getTime() + 59_000))).blocked).toBe(true);
    expect((await peekLimit(t.db, LIMIT, 'k', new Date(start.getTime() + 60_000))).count).toBe(0);
    expect(await hitLimit(t.db, LIMIT, 'k', new Date(start.getTime() + 60_000))).toMatchObject({
      count: 1,
      blocked: false,
    });
    expect((await hitLimit(t.db, LIMIT, 'other', start)).count).toBe(1);
    await resetLimit(t.db, LIMIT, 'k');
    expect((await peekLimit(t.db, LIMIT, 'k', start)).count).toBe(0);
  });

  it('loses no hit when two processes count at once', async () => {
    t = await createTestDb();
    const url = `file:${join(t.dir, 'shop.db')}`;
    const script = `
      const { openDb } = await import('./src/server/db/client.ts');
      const { hitLimit } = await import('./src/server/auth/rate-limit.ts');
      const db = await openDb({ url: process.env.TEST_DB_URL });
      for (let i = 0; i < 40; i++) await hitLimit(db, { scope: 'race', max: 1000, windowMs: 600000 }, 'shared');
      db.close();`;
    const run = () =>
      new Promise<number>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          env: { ...process.env, TEST_DB_URL: url },
          stdio: 'inherit',
        });
        child.on('exit', (code) => resolve(code ?? 1));
      });
    expect(await Promise.all([run(), run()])).toEqual([0, 0]);
    const r = await t.db.execute("SELECT failures FROM login_attempts WHERE scope = 'race'");
    expect(r.rows[0]?.failures).toBe(80);
  });
});
