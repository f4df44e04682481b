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
 * reads never wait (WAL lets them read beside the writer). Against another process (two app nodes
 * on one file) SQLite's busy timeout still applies: that process's transaction is not stopped by
 * our wait, so the wait is one short transaction long.
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
): Client {
  const turn = new WriteTurn();
  async function asWriter<T>(work: () => Promise<T>): Promise<T> {
    const release = await turn.acquire(performance.now() + busyTimeoutMs);
    let result: T;
    try {
      result = await work();
    } finally {
      release();
    }
    await sync();
    return result;
  }
  const wrapped: Partial<Client> = {
    execute: ((stmt: InStatement, args?: unknown) => {
      const run = () =>
        (client.execute as (s: InStatement, a?: unknown) => ReturnType<Client['execute']>)(stmt, args);
      return isReadOnlySql(sqlOf(stmt)) ? run() : asWriter(run);
    }) as Client['execute'],
    batch: ((stmts: InStatement[], mode?: TransactionMode) => {
      const run = () => client.batch(stmts, mode);
      return mode === 'read' ? run() : asWriter(run);
    }) as Client['batch'],
    executeMultiple: (sql: string) => asWriter(() => client.executeMultiple(sql)),
    migrate: (stmts: InStatement[]) => asWriter(() => client.migrate(stmts)),
    async transaction(mode: TransactionMode = 'write') {
      if (mode === 'read') return client.transaction(mode);
      const release = await turn.acquire(performance.now() + busyTimeoutMs);
      try {
        return releasing(await client.transaction(mode), release, sync);
      } catch (err) {
        release();
        throw err;
      }
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
