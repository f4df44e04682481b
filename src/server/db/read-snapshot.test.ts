import { describe, expect, it } from 'vitest';
import { dbFilePerTest } from '../../../tests/fixtures/db-files.ts';
import type { Db } from './client.ts';
import { writeTx } from './write-tx.ts';

/**
 * A pooled connection must never keep a read snapshot after the statement that took it: libSQL
 * resets a statement only before its next run, so one that SQLite left running (an EXPLAIN listed
 * to its end, a write that met another connection's lock) kept every later read on its connection
 * inside one read transaction, blind to other connections' commits, and made its next write fail
 * with SQLITE_BUSY_SNAPSHOT. Two clients of one file stand for two processes: each has its own
 * write turns (`write-gate.ts`), so they meet in SQLite's busy handler as two app nodes do.
 */

const files = dbFilePerTest('podo-snapshot-');
const client = files.client;

/** A reader, a writer on another client (another process), the table they share. */
async function pair(readerBusyTimeoutMs?: number): Promise<{ reader: Db; writer: Db }> {
  const writer = await client();
  await writer.execute('CREATE TABLE t (x INTEGER PRIMARY KEY, y TEXT NOT NULL)');
  await writer.execute(`INSERT INTO t (y) VALUES ('{"n":1}'), ('{"n":2}'), ('not json'), ('{"n":4}')`);
  const reader = await client(readerBusyTimeoutMs);
  return { reader, writer };
}

const count = async (db: Db) => Number((await db.execute('SELECT COUNT(*) AS n FROM t')).rows[0]?.n);

/** The reader sees a row the writer commits now, and one more after that. */
async function seesEveryCommit(reader: Db, writer: Db): Promise<void> {
  const before = await count(writer);
  await writer.execute(`INSERT INTO t (y) VALUES ('later')`);
  expect(await count(reader)).toBe(before + 1);
  await writer.execute(`INSERT INTO t (y) VALUES ('later still')`);
  expect(await count(reader)).toBe(before + 2);
}

/** Two clients, the reader's `sql` refused at the writer's lock (another process's), then the writer's commit. */
async function refusedWhileLocked(sql: string): Promise<{ reader: Db; writer: Db }> {
  const { reader, writer } = await pair(50);
  const held = await writer.transaction('write');
  await expect(reader.execute(sql)).rejects.toThrow(/SQLITE_BUSY|locked/);
  await held.commit();
  return { reader, writer };
}

/** The reader's next write transaction commits (a stale snapshot fails it with SQLITE_BUSY_SNAPSHOT). */
async function writesAgain(reader: Db, writer: Db): Promise<void> {
  const before = await count(writer);
  await writeTx(reader, (tx) => tx.execute(`INSERT INTO t (y) VALUES ('from the reader')`));
  expect(await count(writer)).toBe(before + 1);
}

describe('a pooled connection keeps no read snapshot after a statement', () => {
  it('after reads, writes, failed statements and transactions (every path the app takes)', async () => {
    const { reader, writer } = await pair();
    const paths: [string, () => Promise<unknown>][] = [
      ['a read', () => reader.execute({ sql: 'SELECT x, y FROM t WHERE x > ?', args: [0] })],
      ['a read of one row of many', () => reader.execute('SELECT x FROM t LIMIT 1')],
      ['a write', () => reader.execute(`INSERT INTO t (y) VALUES ('w')`)],
      ['a write returning rows', () => reader.execute(`INSERT INTO t (y) VALUES ('r') RETURNING x`)],
      ['a constraint failure', () => reader.execute('INSERT INTO t (x, y) VALUES (1, NULL)').catch(() => 0)],
      [
        'an error midway through rows',
        () => reader.execute('SELECT json_extract(y, "$.n") FROM t').catch(() => 0),
      ],
      ['a schema read', () => reader.execute('PRAGMA table_info(t)')],
      ['a read batch', () => reader.batch(['SELECT x FROM t', 'SELECT y FROM t'], 'read')],
      ['a write batch', () => reader.batch([`INSERT INTO t (y) VALUES ('b1')`], 'write')],
      ['a committed transaction', () => writeTx(reader, (tx) => tx.execute('SELECT x FROM t'))],
      [
        'a transaction rolled back',
        () => writeTx(reader, () => Promise.reject(new Error('rolled back'))).catch(() => 0),
      ],
      [
        'a read transaction',
        async () => {
          const tx = await reader.transaction('read');
          await tx.execute('SELECT x FROM t');
          tx.close();
        },
      ],
    ];
    for (const [what, run] of paths) {
      await run();
      await expect(seesEveryCommit(reader, writer), what).resolves.toBeUndefined();
    }
    await writesAgain(reader, writer);
  });

  it('after EXPLAIN QUERY PLAN (SQLite lists a plan to its end without ending the statement)', async () => {
    const { reader, writer } = await pair();
    const plan = await reader.execute({ sql: 'EXPLAIN QUERY PLAN SELECT y FROM t WHERE x > ?', args: [1] });
    expect(plan.rows.length).toBeGreaterThan(0);
    await seesEveryCommit(reader, writer);
    await writesAgain(reader, writer);
  });

  it('after a write transaction that met another process’s write lock (SQLITE_BUSY)', async () => {
    const { reader, writer } = await pair(50);
    const held = await writer.transaction('write');
    await expect(reader.transaction('write')).rejects.toThrow(/SQLITE_BUSY|locked/);
    await held.execute(`INSERT INTO t (y) VALUES ('held')`);
    await held.commit();
    await seesEveryCommit(reader, writer);
    await writesAgain(reader, writer);
  });

  it('after a write transaction whose BEGIN IMMEDIATE was tried again until the lock was free (decision 067)', async () => {
    const { reader, writer } = await pair();
    const held = await writer.transaction('write');
    // the reader's write turns try its BEGIN again, unsettled, each time on the same connection
    const waiting = writeTx(reader, async (tx) => {
      await tx.execute(`INSERT INTO t (y) VALUES ('waited')`);
      return Number((await tx.execute('SELECT COUNT(*) AS n FROM t')).rows[0]?.n);
    });
    await new Promise((r) => setTimeout(r, 60));
    await held.execute(`INSERT INTO t (y) VALUES ('held')`);
    await held.commit();
    // the transaction saw the holder's row: it began after the holder's commit, not before
    expect(await waiting).toBe(await count(writer));
    await seesEveryCommit(reader, writer);
    await writesAgain(reader, writer);
  });

  it('a refused BEGIN left for its next try is ended before another statement runs on its connection', async () => {
    const { reader, writer } = await refusedWhileLocked('BEGIN IMMEDIATE');
    await seesEveryCommit(reader, writer);
    await writesAgain(reader, writer);
  });

  it('after a single write that met the lock: later reads see every commit, the write never runs later', async () => {
    const { reader, writer } = await refusedWhileLocked(`INSERT INTO t (y) VALUES ('refused')`);
    await seesEveryCommit(reader, writer);
    await writesAgain(reader, writer);
    const refused = await writer.execute(`SELECT COUNT(*) AS n FROM t WHERE y = 'refused'`);
    expect(refused.rows[0]?.n).toBe(0);
  });

  it('a write transaction right after a refused write commits (SQLite counted the refused one as running)', async () => {
    const { reader, writer } = await refusedWhileLocked(`INSERT INTO t (y) VALUES ('refused')`);
    await writesAgain(reader, writer);
    await seesEveryCommit(reader, writer);
  });

  it('after a schema change that met the lock (a statement prepared outside the cache)', async () => {
    const { reader, writer } = await refusedWhileLocked('CREATE TABLE u (z INTEGER)');
    await seesEveryCommit(reader, writer);
    await writesAgain(reader, writer);
    const u = await writer.execute(`SELECT COUNT(*) AS n FROM sqlite_schema WHERE name = 'u'`);
    expect(u.rows[0]?.n).toBe(0);
  });
});
