import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { dbFilePerTest } from '../../../tests/fixtures/db-files.ts';
import type { Db } from './client.ts';
import { statementCacheStats } from './statement-cache.ts';
import { lockWaitStats, withWriteTurns } from './write-gate.ts';
import { writeTx } from './write-tx.ts';

const files = dbFilePerTest('podo-gate-');

async function fresh(busyTimeoutMs = 2000): Promise<Db> {
  const db = await files.client(busyTimeoutMs);
  await db.execute('CREATE TABLE t (n INTEGER)');
  return db;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('write transactions of one process on a local file (decision 045)', () => {
  it('queue behind each other instead of blocking the event loop in the busy timeout', async () => {
    const db = await fresh();
    const started = performance.now();
    // eight orders at once, each holding its write transaction across an await
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        writeTx(db, async (tx) => {
          await tx.execute({ sql: 'INSERT INTO t VALUES (?)', args: [i] });
          await pause(20);
        }),
      ),
    );
    expect((await db.execute('SELECT count(*) AS n FROM t')).rows[0]?.n).toBe(8);
    // serialised: 8 × 20 ms, not a 2 s busy timeout per waiting writer
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a single write statement waits for the open transaction instead of failing', async () => {
    const db = await fresh();
    const tx = await db.transaction('write');
    await tx.execute('INSERT INTO t VALUES (1)');
    const single = db.execute('INSERT INTO t VALUES (2)');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await pause(60);
    clearInterval(timer);
    // the event loop kept running while the statement waited
    expect(ticks).toBeGreaterThan(3);
    await tx.commit();
    tx.close();
    await single;
    expect((await db.execute('SELECT count(*) AS n FROM t')).rows[0]?.n).toBe(2);
    // reads never wait for the writer (WAL)
    const reader = await db.transaction('write');
    expect((await db.execute('SELECT count(*) AS n FROM t')).rows[0]?.n).toBe(2);
    await reader.rollback();
    reader.close();
  });

  it('waits for another process holding the write lock, then writes', async () => {
    const db = await fresh(3000);
    const file = files.file();
    // another process takes the write lock for 300 ms
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const D=require('libsql');const d=new D(${JSON.stringify(file)});d.exec('BEGIN IMMEDIATE');` +
          `d.exec('INSERT INTO t VALUES (9)');console.log('locked');setTimeout(()=>{d.exec('COMMIT');process.exit(0)},300);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
    // SQLite's busy timeout covers another process: its transaction is not stopped by our wait
    await writeTx(db, (tx) => tx.execute('INSERT INTO t VALUES (1)'));
    expect((await db.execute('SELECT count(*) AS n FROM t')).rows[0]?.n).toBe(2);
  });
});

/** Another process that takes the write lock for `holdMs`, resolved once it holds it. */
async function lockFromAnotherProcess(file: string, holdMs: number): Promise<void> {
  const holder = spawn(
    process.execPath,
    [
      '-e',
      `const D=require('libsql');const d=new D(${JSON.stringify(file)});d.exec('BEGIN IMMEDIATE');` +
        `d.exec('INSERT INTO t VALUES (9)');console.log('locked');setTimeout(()=>{d.exec('COMMIT');process.exit(0)},${holdMs});`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
}

/** Timer ticks (one per 5 ms asked) while `work` runs: 0 when it stops the event loop. */
async function ticksDuring(work: () => Promise<unknown>): Promise<{ ticks: number; waited: number }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { ticks, waited: performance.now() - started };
}

describe('the write lock held by another process (decision 064)', () => {
  it('a write transaction waits for it with the event loop running, not asleep in SQLite', async () => {
    const db = await fresh(3000);
    await lockFromAnotherProcess(files.file(), 300);
    const before = lockWaitStats();
    const { ticks, waited } = await ticksDuring(() =>
      writeTx(db, (tx) => tx.execute('INSERT INTO t VALUES (1)')),
    );
    expect(waited).toBeGreaterThan(150);
    // its BEGIN IMMEDIATE was tried again until the lock was free, the wait counted
    expect(lockWaitStats().retries).toBeGreaterThan(before.retries);
    expect(lockWaitStats().waitedMs - before.waitedMs).toBeGreaterThan(100);
    // timers fired through the wait (about one per 5 ms): other requests were served meanwhile
    expect(ticks).toBeGreaterThan(waited / 5 / 4);
    expect((await db.execute('SELECT count(*) AS n FROM t')).rows[0]?.n).toBe(2);
  });

  it('a single write statement and a write batch wait for it with the event loop running', async () => {
    const db = await fresh(3000);
    await lockFromAnotherProcess(files.file(), 300);
    const single = await ticksDuring(() => db.execute('INSERT INTO t VALUES (1)'));
    expect(single.waited).toBeGreaterThan(150);
    expect(single.ticks).toBeGreaterThan(single.waited / 5 / 4);
    await lockFromAnotherProcess(files.file(), 300);
    const batch = await ticksDuring(() =>
      db.batch(['INSERT INTO t VALUES (2)', 'INSERT INTO t VALUES (3)'], 'write'),
    );
    expect(batch.waited).toBeGreaterThan(150);
    expect(batch.ticks).toBeGreaterThan(batch.waited / 5 / 4);
    // a statement with its arguments apart, as `execute(sql, args)` takes them
    await db.execute('INSERT INTO t VALUES (?)', [7]);
    expect((await db.execute('SELECT count(*) AS n FROM t')).rows[0]?.n).toBe(6);
    expect((await db.execute('SELECT count(*) AS n FROM t WHERE n = 7')).rows[0]?.n).toBe(1);
  });

  it('tries its BEGIN IMMEDIATE again without settling it each time: no statement prepared again', async () => {
    const db = await fresh(3000);
    // the writer's connection has its BEGIN, INSERT and COMMIT prepared
    await writeTx(db, (tx) => tx.execute('INSERT INTO t VALUES (0)'));
    await lockFromAnotherProcess(files.file(), 150);
    const before = { ...lockWaitStats(), ...statementCacheStats() };
    const statements = await writeTx(db, async (tx) => {
      await tx.execute('INSERT INTO t VALUES (1)');
      // SQLite's own count of each statement's compilations after the first, on this connection
      const rows = await tx.execute(
        `SELECT sql, reprep FROM sqlite_stmt WHERE sql IN ('BEGIN IMMEDIATE', 'INSERT INTO t VALUES (1)') ORDER BY sql`,
      );
      return rows.rows.map((r) => ({ sql: r.sql, reprep: r.reprep }));
    });
    const retries = lockWaitStats().retries - before.retries;
    expect(retries).toBeGreaterThan(3);
    // each refused BEGIN was reset by its next try, not ended under PRAGMA query_only (which
    // expires every prepared statement of the connection: SQLite compiled them again each time)
    expect(statementCacheStats().settled - before.settled).toBe(0);
    expect(statements).toEqual([
      { sql: 'BEGIN IMMEDIATE', reprep: 0 },
      { sql: 'INSERT INTO t VALUES (1)', reprep: 0 },
    ]);
    expect((await db.execute('SELECT count(*) AS n FROM t')).rows[0]?.n).toBe(3);
  });

  it('gives up at the busy timeout with the Korean DB_BUSY answer, having changed nothing', async () => {
    const db = await fresh(250);
    await lockFromAnotherProcess(files.file(), 1500);
    const started = performance.now();
    const failed = await writeTx(db, (tx) => tx.execute('INSERT INTO t VALUES (1)')).catch((e: unknown) => e);
    const waited = performance.now() - started;
    expect(failed).toMatchObject({ code: 'DB_BUSY', status: 503 });
    expect((failed as Error).message).toContain('잠시 후 다시 시도해 주세요');
    expect(waited).toBeGreaterThan(200);
    expect(waited).toBeLessThan(1200);
    const single = await db.execute('INSERT INTO t VALUES (2)').catch((e: unknown) => e);
    expect(single).toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) });
    await pause(1400);
    // only the holder's row: neither write ran
    expect((await db.execute('SELECT n FROM t')).rows.map((r) => r.n)).toEqual([9]);
  });
});

describe('durable commits through the write turns (decision 051)', () => {
  it('answers a write only after its sync, and gives the write turn back before syncing', async () => {
    const { createClient } = await import('@libsql/client');
    const raw = createClient({ url: `file:${files.file()}`, intMode: 'number' });
    await raw.execute('CREATE TABLE t (n INTEGER)');
    let release!: () => void;
    let syncs = 0;
    const db = withWriteTurns(raw, 2000, () => {
      syncs++;
      return new Promise<void>((r) => (release = r));
    });
    files.keep(db);
    let answered = false;
    const write = db.execute('INSERT INTO t VALUES (1)').then(() => (answered = true));
    await pause(20);
    expect(syncs).toBe(1);
    expect(answered).toBe(false);
    // the next writer does not wait for the first one's sync (the lock is not held across it)
    const tx = await Promise.race([db.transaction('write'), pause(500).then(() => null)]);
    expect(tx).not.toBeNull();
    await tx!.rollback();
    tx!.close();
    release();
    await write;
    expect(answered).toBe(true);
  });
});
