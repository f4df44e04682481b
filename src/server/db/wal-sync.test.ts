import { existsSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dbFilePerTest } from '../../../tests/fixtures/db-files.ts';
import type { Db } from './client.ts';
import { groupCommit, walSyncer, walSyncStats } from './wal-sync.ts';
import { writeTx } from './write-tx.ts';

const files = dbFilePerTest('podo-wal-');

async function fresh(): Promise<{ db: Db; file: string }> {
  const db = await files.client();
  await db.execute('CREATE TABLE t (n INTEGER)');
  return { db, file: files.file() };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('commits made durable after the write lock is given back (decision 051)', () => {
  it('every pooled connection commits with synchronous = NORMAL (the WAL synced by the app, not under the lock)', async () => {
    const { db } = await fresh();
    expect((await db.execute('PRAGMA synchronous')).rows[0]?.synchronous).toBe(1);
    // a transaction has its own pooled connection: it is set there too
    const tx = await db.transaction('write');
    expect((await tx.execute('PRAGMA synchronous')).rows[0]?.synchronous).toBe(1);
    await tx.rollback();
    tx.close();
  });

  it('a write statement, a write batch and a committed transaction each sync the WAL file before they answer', async () => {
    const { db, file } = await fresh();
    const before = walSyncStats().syncs;
    await db.execute('INSERT INTO t VALUES (1)');
    expect(existsSync(`${file}-wal`)).toBe(true);
    expect(walSyncStats().syncs).toBeGreaterThan(before);
    const afterSingle = walSyncStats().syncs;
    await db.batch(['INSERT INTO t VALUES (2)', 'INSERT INTO t VALUES (3)'], 'write');
    expect(walSyncStats().syncs).toBeGreaterThan(afterSingle);
    const afterBatch = walSyncStats().syncs;
    await writeTx(db, (tx) => tx.execute('INSERT INTO t VALUES (4)'));
    expect(walSyncStats().syncs).toBeGreaterThan(afterBatch);
    // reads and rolled-back transactions write nothing to make durable
    const afterTx = walSyncStats().syncs;
    await db.execute('SELECT count(*) FROM t');
    await writeTx(db, async (tx) => {
      await tx.execute('INSERT INTO t VALUES (5)');
      throw new Error('changed my mind');
    }).catch(() => undefined);
    expect(walSyncStats().syncs).toBe(afterTx);
    expect((await db.execute('SELECT count(*) AS n FROM t')).rows[0]?.n).toBe(4);
  });

  it('group commit: callers arriving during a sync share the next one, which starts after it', async () => {
    const runs: ReturnType<typeof deferred>[] = [];
    const sync = groupCommit(() => {
      const d = deferred();
      runs.push(d);
      return d.promise;
    });
    let firstDone = false;
    const first = sync().then(() => (firstDone = true));
    expect(runs).toHaveLength(1);
    // three commits land while the first sync runs: none may count on it (it began before them)
    const later = [sync(), sync(), sync()];
    let laterDone = 0;
    for (const p of later) void p.then(() => laterDone++);
    expect(runs).toHaveLength(1);
    runs[0]!.resolve();
    await first;
    expect(firstDone).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(laterDone).toBe(0);
    // one more sync for all three, started only once the first ended
    expect(runs).toHaveLength(2);
    runs[1]!.resolve();
    await Promise.all(later);
    expect(laterDone).toBe(3);
    expect(runs).toHaveLength(2);
  });

  it('a failed sync fails its callers (the commit is not reported durable)', async () => {
    const sync = groupCommit(() => Promise.reject(new Error('EIO')));
    await expect(sync()).rejects.toThrow('EIO');
    // and the next caller gets a fresh attempt
    await expect(sync()).rejects.toThrow('EIO');
  });
});

describe('the WAL file descriptor', () => {
  function heldDeleted(path: string): string[] {
    return readdirSync('/proc/self/fd')
      .map((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return '';
        }
      })
      .filter((target) => target === `${path} (deleted)`);
  }

  it('is kept between syncs, and follows a WAL file removed and made again', async () => {
    const file = files.file();
    const sync = walSyncer(file, { recheckMs: 0 });
    await sync(); // no WAL file yet: nothing to sync
    writeFileSync(`${file}-wal`, 'frames');
    const before = walSyncStats().syncs;
    await sync();
    await sync();
    expect(walSyncStats().syncs).toBe(before + 2);
    // the last connection closed (the WAL checkpointed and removed), then a new WAL file came
    rmSync(`${file}-wal`);
    writeFileSync(`${file}-wal`, 'new frames');
    await sync();
    expect(heldDeleted(`${file}-wal`)).toEqual([]);
    expect(walSyncStats().syncs).toBe(before + 3);
  });
});
