import {
  LibsqlError,
  type Client,
  type InStatement,
  type Transaction,
  type TransactionMode,
} from '@libsql/client';

/**
 * Writers of one process take turns on a local database file (decision 045).
 *
 * libSQL runs SQLite synchronously: a connection that meets the write lock sleeps in SQLite's busy
 * handler with the whole event loop stopped. When the lock is held by a transaction of the same
 * process (each transaction has its own pooled connection), that transaction cannot continue
 * either, so every overlapping pair of orders cost the full busy timeout and usually ended in
 * SQLITE_BUSY. So, for `file:` databases, write transactions, write batches and single write
 * statements queue in JavaScript (first come, first served) for the process's one write turn;
 * reads never wait (WAL lets them read beside the writer).
 *
 * Against another process (two app nodes on one file), the lock is taken without SQLite's busy
 * handler when a second client is given (`writer`, opened with no busy timeout; decision 064): a
 * write transaction, a write batch and a single INSERT/UPDATE/DELETE each start with
 * `BEGIN IMMEDIATE` on it, and only that BEGIN is tried again after a short timer when it meets the
 * other process's lock — before any statement of the transaction ran, so no read snapshot exists
 * yet and nothing changed. Nothing inside an open transaction is ever retried (it holds the write
 * lock, so in WAL nothing in it waits). Everything else (reads, deferred transactions, scripts,
 * migrations, PRAGMAs and DDL) uses `client` and its busy timeout as before.
 *
 * A turn not given within the busy timeout ends with SQLITE_BUSY, which callers already turn into
 * a 503 (`write-tx.ts`). A remote libSQL server is not wrapped.
 */
/** Statements that only read: they never take the process's write turn. */
const READ_ONLY = /^\s*(?:select|explain)\b|^\s*pragma\s+[\w.]+\s*(?:\(\s*[\w'"-]*\s*\))?\s*;?\s*$/i;
const WITH_WRITES = /\b(?:insert|update|delete|replace)\b/i;

export function isReadOnlySql(sql: string): boolean {
  if (READ_ONLY.test(sql)) return true;
  return /^\s*with\b/i.test(sql) && !WITH_WRITES.test(sql);
}

/** Single statements that take the lock as `BEGIN IMMEDIATE` + the statement + `COMMIT` on the writer. */
const DML = /^\s*(?:insert|update|delete|replace|with)\b/i;

/** Waits between two tries of `BEGIN IMMEDIATE` (ms; 0 = the next turn of the event loop). */
const BEGIN_RETRY_DELAYS_MS = [0, 1, 1, 2, 2, 3, 3, 4];
const MAX_BEGIN_RETRY_DELAY_MS = 5;

const lockWaits = { retries: 0, waitedMs: 0 };

/** `BEGIN IMMEDIATE`s tried again after meeting another process's lock, and the time waited (bench, tests). */
export function lockWaitStats(): { retries: number; waitedMs: number } {
  return { ...lockWaits };
}

function isLockBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

const later = (ms: number) =>
  new Promise<void>((resolve) => (ms <= 0 ? setImmediate(resolve) : setTimeout(resolve, ms)));

/**
 * A write transaction on `writer` (no busy timeout): its `BEGIN IMMEDIATE` is tried again, with the
 * event loop running, until `deadline`; then the last SQLITE_BUSY is thrown (a 503 in `write-tx.ts`).
 */
async function beginWrite(writer: Client, deadline: number): Promise<Transaction> {
  const started = performance.now();
  for (let attempt = 0; ; attempt++) {
    try {
      const tx = await writer.transaction('write');
      if (attempt > 0) lockWaits.waitedMs += performance.now() - started;
      return tx;
    } catch (err) {
      if (!isLockBusy(err) || performance.now() >= deadline) {
        if (attempt > 0) lockWaits.waitedMs += performance.now() - started;
        throw err;
      }
    }
    lockWaits.retries++;
    const delay = BEGIN_RETRY_DELAYS_MS[attempt] ?? MAX_BEGIN_RETRY_DELAY_MS;
    await later(Math.min(delay, deadline - performance.now()));
  }
}

/** Runs `work` in a write transaction begun by `beginWrite`: commit when it returns, roll back when it throws. */
async function inWriteTx<T>(
  writer: Client,
  deadline: number,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const tx = await beginWrite(writer, deadline);
  try {
    const result = await work(tx);
    await tx.commit();
    return result;
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    throw err;
  } finally {
    tx.close();
  }
}

function sqlOf(stmt: InStatement): string {
  return typeof stmt === 'string' ? stmt : stmt.sql;
}

function busy(waitedMs: number): LibsqlError {
  return new LibsqlError(
    `database is locked (waited ${Math.round(waitedMs)} ms for a write turn)`,
    'SQLITE_BUSY',
  );
}

/** A first-come, first-served turn for this process's writers, given up at a deadline. */
class WriteTurn {
  #held = false;
  #waiting: { grant: () => void; timer: NodeJS.Timeout }[] = [];

  acquire(deadline: number): Promise<() => void> {
    const release = () => {
      const next = this.#waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.grant();
      } else this.#held = false;
    };
    let released = false;
    const once = () => {
      if (!released) {
        released = true;
        release();
      }
    };
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve(once);
    }
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => resolve(once),
        timer: setTimeout(
          () => {
            this.#waiting = this.#waiting.filter((w) => w !== entry);
            reject(busy(performance.now() - started));
          },
          Math.max(0, deadline - performance.now()),
        ),
      };
      this.#waiting.push(entry);
    });
  }
}

/**
 * The transaction, giving the process's write turn back once it commits, rolls back or closes; a
 * commit answers once `sync` made it durable (after the turn was given back).
 */
function releasing(tx: Transaction, release: () => void, sync: () => Promise<void>): Transaction {
  return new Proxy(tx, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      if (prop === 'commit' || prop === 'rollback') {
        return async () => {
          try {
            await (value as () => Promise<void>).call(target);
          } finally {
            release();
          }
          if (prop === 'commit') await sync();
        };
      }
      if (prop === 'close') {
        return () => {
          try {
            (value as () => void).call(target);
          } finally {
            release();
          }
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

const NO_SYNC = () => Promise.resolve();

/**
 * `client` (a local file's) with its writers taking turns; see the comment at the top. `sync` makes
 * the commits so far durable (`wal-sync.ts`, decision 051): a writer is answered after it, and it
 * runs once the turn is given back, so the next writer does not wait for the disk.
 */
export function withWriteTurns(
  client: Client,
  busyTimeoutMs: number,
  sync: () => Promise<void> = NO_SYNC,
  writer?: Client,
): Client {
  const turn = new WriteTurn();
  async function asWriter<T>(work: (deadline: number) => Promise<T>): Promise<T> {
    const deadline = performance.now() + busyTimeoutMs;
    const release = await turn.acquire(deadline);
    let result: T;
    try {
      result = await work(deadline);
    } finally {
      release();
    }
    await sync();
    return result;
  }
  const wrapped: Partial<Client> = {
    execute: ((stmt: InStatement, args?: unknown) => {
      const sql = sqlOf(stmt);
      if (isReadOnlySql(sql)) return client.execute(stmt as never, args as never);
      if (writer && DML.test(sql)) {
        return asWriter((deadline) =>
          inWriteTx(writer, deadline, (tx) =>
            tx.execute(
              typeof stmt === 'string' && args !== undefined ? ({ sql: stmt, args } as InStatement) : stmt,
            ),
          ),
        );
      }
      return asWriter(() => client.execute(stmt as never, args as never));
    }) as Client['execute'],
    batch: ((stmts: InStatement[], mode?: TransactionMode) => {
      if (mode === 'read') return client.batch(stmts, mode);
      if (writer && mode === 'write')
        return asWriter((deadline) => inWriteTx(writer, deadline, (tx) => tx.batch(stmts)));
      return asWriter(() => client.batch(stmts, mode));
    }) as Client['batch'],
    executeMultiple: (sql: string) => asWriter(() => client.executeMultiple(sql)),
    migrate: (stmts: InStatement[]) => asWriter(() => client.migrate(stmts)),
    async transaction(mode: TransactionMode = 'write') {
      if (mode === 'read') return client.transaction(mode);
      const deadline = performance.now() + busyTimeoutMs;
      const release = await turn.acquire(deadline);
      try {
        const tx =
          writer && mode === 'write' ? await beginWrite(writer, deadline) : await client.transaction(mode);
        return releasing(tx, release, sync);
      } catch (err) {
        release();
        throw err;
      }
    },
    close() {
      writer?.close();
      client.close();
    },
  };
  return new Proxy(client, {
    get(target, prop) {
      if (Object.hasOwn(wrapped, prop)) return wrapped[prop as keyof Client];
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
