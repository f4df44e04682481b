import { close, fdatasync, fstat, open } from 'node:fs';
import { promisify } from 'node:util';
import { libsqlDatabase, type LibsqlConnection } from './statement-cache.ts';

/**
 * Commits made durable by the app, after the write lock is given back (decision 051).
 *
 * With `synchronous = FULL` (SQLite's default) every commit waits for `fdatasync` of the WAL file
 * while it still holds the database's write lock and with the event loop stopped: 1–7 ms per commit
 * on this machine's disk, seven commits per order, and a second process sleeping in SQLite's busy
 * handler for all of it. So each pooled connection commits with `synchronous = NORMAL` (the frames
 * are written, not yet synced), and the write gate (`write-gate.ts`) syncs the WAL file once the
 * turn is given back, off the event loop, before the writer is answered: a caller is told about a
 * commit only once it is on disk, as before. Syncs are grouped: callers arriving while one runs
 * share the next one (it must start after their commit), so a burst of commits costs two syncs.
 */

const stats = { syncs: 0 };

/** Syncs done in this process, for tests. */
export function walSyncStats(): { syncs: number } {
  return { ...stats };
}

/**
 * `sync` shared by the callers that arrive while one runs: they wait for the next run, which starts
 * after the current one ends (their commits may have landed after it began). A failure fails the
 * callers of that run only.
 */
export function groupCommit(sync: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const run = sync().finally(() => {
      if (running === run) running = null;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}

const openFile = promisify(open);
const closeFile = promisify(close);
const statFile = promisify(fstat);
const datasyncFile = promisify(fdatasync);

/**
 * `fdatasync` of a local database's WAL file (SQLite's own sync on Linux), grouped, through a file
 * descriptor kept open (opening the file for every sync cost more than the sync). No WAL file yet
 * (before the first write): nothing is waiting to be synced. SQLite removes a WAL file only when the
 * last connection to the database closes, after checkpointing it into the database file and syncing
 * that, and this client's pool keeps its connections open while it lives; still, at most every
 * `recheckMs` (an `fstat` under a running sync cost as much as the sync) the descriptor is checked
 * and, when its file was removed, replaced by the new one.
 */
export function walSyncer(databaseFile: string, { recheckMs = 1000 } = {}): () => Promise<void> {
  const wal = `${databaseFile}-wal`;
  let fd: number | null = null;
  let checkedAt = 0;
  const reopen = async (): Promise<number | null> => {
    if (fd !== null) await closeFile(fd).catch(() => undefined);
    fd = null;
    try {
      fd = await openFile(wal, 'r');
      checkedAt = performance.now();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    return fd;
  };
  return groupCommit(async () => {
    let current = fd ?? (await reopen());
    if (current !== null && performance.now() - checkedAt >= recheckMs) {
      checkedAt = performance.now();
      if ((await statFile(current)).nlink === 0) current = await reopen();
    }
    if (current === null) return;
    await datasyncFile(current);
    stats.syncs++;
  });
}

const INSTALLED = Symbol.for('podo.walNormal');

/**
 * Every connection of the `libsql` package (so every pooled connection of a local client) runs
 * `PRAGMA synchronous = NORMAL` before its first statement. Once per process; the WAL journal mode
 * itself is persistent in the file (`openDb`).
 */
export function installNormalSync(): void {
  const proto = libsqlDatabase().prototype as LibsqlConnection & { [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  const prepare = proto.prepare;
  const ready = new WeakSet<LibsqlConnection>();
  proto.prepare = function prepareOnNormalSync(this: LibsqlConnection, sql: string) {
    if (!ready.has(this) && this.open) {
      ready.add(this);
      prepare.call(this, 'PRAGMA synchronous = NORMAL').run();
    }
    return prepare.call(this, sql);
  };
  Object.defineProperty(proto, INSTALLED, { value: true });
}
