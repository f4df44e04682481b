import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { openDb } from '../db/client.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { acquireLease, releaseLease, renewLease, withLease } from './lease.ts';

let t: TestDb | undefined;
afterEach(() => t?.close());

const T0 = Date.parse('2026-11-26T00:00:00Z');

describe('job leases', () => {
  it('one holder at a time; the holder renews; release frees it', async () => {
    t = await createTestDb();
    expect(await acquireLease(t.db, 'maintenance', 60_000, 'a', T0)).toBe(true);
    expect(await acquireLease(t.db, 'maintenance', 60_000, 'b', T0 + 1000)).toBe(false);
    // the holder asking again renews
    expect(await acquireLease(t.db, 'maintenance', 60_000, 'a', T0 + 30_000)).toBe(true);
    expect(await renewLease(t.db, 'maintenance', 60_000, 'a', T0 + 50_000)).toBe(true);
    expect(await renewLease(t.db, 'maintenance', 60_000, 'b', T0 + 50_000)).toBe(false);
    // renewed until T0 + 110 s: b still cannot take it at T0 + 100 s
    expect(await acquireLease(t.db, 'maintenance', 60_000, 'b', T0 + 100_000)).toBe(false);
    // another job's lease is independent
    expect(await acquireLease(t.db, 'notifications', 60_000, 'b', T0 + 100_000)).toBe(true);
    await releaseLease(t.db, 'maintenance', 'b'); // not b's: nothing changes
    expect(await acquireLease(t.db, 'maintenance', 60_000, 'c', T0 + 100_000)).toBe(false);
    await releaseLease(t.db, 'maintenance', 'a');
    expect(await acquireLease(t.db, 'maintenance', 60_000, 'c', T0 + 100_001)).toBe(true);
  });

  it("a crashed holder's lease expires and another node takes it; the old holder cannot renew", async () => {
    t = await createTestDb();
    expect(await acquireLease(t.db, 'maintenance', 10_000, 'crashed', T0)).toBe(true);
    expect(await acquireLease(t.db, 'maintenance', 10_000, 'b', T0 + 9_999)).toBe(false);
    expect(await acquireLease(t.db, 'maintenance', 10_000, 'b', T0 + 10_000)).toBe(true);
    expect(await renewLease(t.db, 'maintenance', 10_000, 'crashed', T0 + 10_001)).toBe(false);
    const row = await t.db.execute(
      "SELECT holder, expires_at, acquired_at FROM job_leases WHERE name = 'maintenance'",
    );
    expect(row.rows[0]).toMatchObject({ holder: 'b', expires_at: T0 + 20_000, acquired_at: T0 + 10_000 });
  });

  it('withLease runs the pass, releases after it (also after a failure) and skips it elsewhere', async () => {
    t = await createTestDb();
    const db = t.db;
    let inner: unknown;
    const outer = await withLease(db, 'job', 60_000, async () => {
      inner = await withLease(db, 'job', 60_000, () => Promise.resolve('other'), 'other-node');
      return 'mine';
    });
    expect(outer).toEqual({ ran: true, value: 'mine' });
    expect(inner).toEqual({ ran: false });
    await expect(withLease(db, 'job', 60_000, () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await acquireLease(db, 'job', 60_000, 'other-node')).toBe(true);
  });

  it('renews while a long pass runs, so nobody takes it midway', async () => {
    t = await createTestDb();
    const db = t.db;
    let stolen = false;
    await withLease(db, 'slow', 150, async () => {
      for (let i = 0; i < 6; i++) {
        await new Promise((r) => setTimeout(r, 60));
        if (await acquireLease(db, 'slow', 150, 'thief')) stolen = true;
      }
    });
    expect(stolen).toBe(false);
  });

  it('three clients on one file waking together: exactly one runs the pass', async () => {
    t = await createTestDb();
    await t.db.execute('CREATE TABLE runs (holder TEXT)');
    const url = `file:${join(t.dir, 'shop.db')}`;
    const clients = await Promise.all([1, 2, 3].map(() => openDb({ url, busyTimeoutMs: 20_000 })));
    try {
      const results = await Promise.all(
        clients.map((c, i) =>
          withLease(
            c,
            'maintenance',
            60_000,
            async () => {
              await c.execute({ sql: 'INSERT INTO runs (holder) VALUES (?)', args: [`n${i}`] });
              await new Promise((r) => setTimeout(r, 100));
            },
            `node-${i}`,
          ),
        ),
      );
      expect(results.filter((r) => r.ran)).toHaveLength(1);
      expect((await t.db.execute('SELECT COUNT(*) AS n FROM runs')).rows[0]?.n).toBe(1);
    } finally {
      for (const c of clients) c.close();
    }
  });

  it('three processes waking together: exactly one runs the pass', async () => {
    t = await createTestDb();
    await t.db.execute('CREATE TABLE runs (pid INTEGER)');
    const url = `file:${join(t.dir, 'shop.db')}`;
    const start = Date.now() + 3000;
    const script = `
      import { openDb } from './src/server/db/client.ts';
      import { withLease } from './src/server/platform/lease.ts';
      const db = await openDb({ url: process.env.LEASE_URL, busyTimeoutMs: 20000 });
      await new Promise((r) => setTimeout(r, Math.max(0, Number(process.env.LEASE_AT) - Date.now())));
      const r = await withLease(db, 'maintenance', 60000, async () => {
        await db.execute({ sql: 'INSERT INTO runs (pid) VALUES (?)', args: [process.pid] });
        await new Promise((r) => setTimeout(r, 500));
      });
      console.log(JSON.stringify(r.ran));
      db.close();`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          env: { ...process.env, LEASE_URL: url, LEASE_AT: String(start) },
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.on('close', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(err))));
      });
    const outs = await Promise.all([run(), run(), run()]);
    expect(outs.sort()).toEqual(['false', 'false', 'true']);
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM runs')).rows[0]?.n).toBe(1);
  }, 30_000);
});
