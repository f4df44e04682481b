import { createRequire } from 'node:module';

/**
 * Statements prepared once per connection, not per execute (decision 047).
 *
 * `@libsql/client` calls `Database.prepare(sql)` of the `libsql` package for every execute and
 * keeps nothing, so each request paid SQLite's parse and plan again (about 2.1 ms for the product
 * detail statement against 0.27 ms to run it prepared, decision 042). This wraps `prepare` of the
 * very `Database` class the client uses (resolved from the client's own location) with a bounded
 * LRU cache per connection, keyed by the SQL text:
 *
 * - A reused statement is handed back as a fresh one: a new JS `Statement` around the same native
 *   handle, raw mode and safe integers off. The client sets both again on every execute, and reads
 *   the column list twice: the handle's modes are set in libSQL only when the next run needs other
 *   ones than it has, the column list is asked once per cached statement, and `raw()` on a
 *   statement that returns no rows throws without asking libSQL (decision 056).
 * - SQLite re-prepares a statement after a schema change only when it steps, but the client reads
 *   `columns()` before stepping, so a cached `SELECT *` would name the old columns. Worse, and
 *   without any cache: a connection keeps its loaded schema until a statement steps, so a fresh
 *   `prepare` after another connection's `ALTER TABLE` also names the old columns. So the first
 *   `prepare` outside a transaction in each turn of the event loop reads `PRAGMA schema_version`
 *   on its connection (a prepared statement, about 9 µs; an order's four requests prepared ~33
 *   times, decision 056); when it moved, the connection's cache is emptied and a statement that
 *   checks the cookie reloads the schema first. Another process's schema change is seen at each
 *   connection's first prepare of every later turn (a statement prepared in the same pass of the
 *   event loop after that commit may still see the old schema); this process's own DDL and
 *   scripts, on any connection, make every connection check again at its next prepare (and again
 *   when a transaction that changed the schema commits). Inside a transaction there is no such
 *   read: in a deferred transaction it would start the read snapshot before the first write, and
 *   that write would then fail at once with SQLITE_BUSY_SNAPSHOT instead of waiting for the lock.
 *   The transaction's `BEGIN` was prepared outside it, after a check in the same turn. DDL and
 *   `exec` scripts on the connection itself empty its cache before the next prepare.
 * - A statement that failed (a constraint, a RAISE in a trigger, an error midway through its rows)
 *   has halted and is reset on its next run by libSQL; the tests in `statement-cache.test.ts`
 *   cover it. Each pooled connection (each transaction) has its own cache, and a closed connection
 *   loses it.
 * - No statement is left running (decision 062). libSQL resets a statement only before its next
 *   run, and SQLite ends a statement's read transaction only when it halts, so a statement that
 *   SQLite left running would hold its connection's read snapshot (every later read there blind to
 *   other connections' commits, its next write failing with SQLITE_BUSY_SNAPSHOT) until the same
 *   SQL ran again there, and a cached statement is never finalized. SQLite leaves one running in
 *   two cases only: an `EXPLAIN` listed to its end, and a statement refused with SQLITE_BUSY or
 *   SQLITE_LOCKED (kept so that it may be retried; every other error halts it). An `EXPLAIN` is
 *   stepped once more and reset after each run, a refused statement is ended by its connection's
 *   `settle` (schema changes, not cached, too). `read-snapshot.test.ts` covers every path.
 *
 * Only local databases use the `libsql` package; `openDb` installs this for `file:` URLs.
 */

export const STATEMENT_CACHE_SIZE = 256;

/**
 * SQLite's page cache of each connection, in KiB (`PRAGMA cache_size = -N`), set when the
 * connection prepares its first statement (decision 072). SQLite's default is 2,000 KiB: at 100,000
 * products a search page's 20–30 product rows, their options and images and the index pages over
 * them were read again through the file system on most requests (a page statement took ~1 ms less
 * with 64 MiB, measured). The cache grows only as pages are read, so a small shop's connections
 * stay small.
 */
export const PAGE_CACHE_KIB = 65_536;

interface NativeStatement {
  stmt: unknown;
  reader: boolean;
  raw(toggle?: boolean): NativeStatement;
  safeIntegers(toggle?: boolean): NativeStatement;
  all(...args: unknown[]): unknown[];
  get(...args: unknown[]): unknown;
  iterate(...args: unknown[]): IterableIterator<unknown>;
  run(...args: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  columns(): { name: string; type: string | null }[];
}

export interface LibsqlConnection {
  open: boolean;
  readonly inTransaction: boolean;
  prepare(sql: string): NativeStatement;
  exec(sql: string): unknown;
  close(): void;
}

type DatabaseClass = (new (path: string, opts?: object) => LibsqlConnection) & {
  prototype: LibsqlConnection;
};

interface Entry {
  statement: NativeStatement;
  reader: boolean;
  /** an `EXPLAIN`: SQLite lists it to its end without halting it, so it is reset after each run */
  explain: boolean;
  /** a `BEGIN`: refused at the lock, it is left to its own next run (decision 067) */
  begin: boolean;
  sql: string;
  /** its connection's cache */
  owner: ConnectionCache;
  /** ends this statement when SQLite refused it and kept it running (its connection's `settle`) */
  settle: (statement: NativeStatement) => void;
  /** the column list, asked of libSQL once: the cache is emptied when the schema moves */
  columns?: ReturnType<NativeStatement['columns']>;
  /** the modes the native handle is in now */
  native: { raw: boolean; safe: boolean };
}

interface ConnectionCache {
  /** statements prepared under the schema `seen`, least recently used first */
  entries: Map<string, Entry>;
  /** `PRAGMA schema_version`: reads the cookie in the file, without reloading the schema */
  version: NativeStatement;
  /** a statement whose step checks the cookie and reloads a changed schema into the connection */
  reload: NativeStatement;
  /** ends a statement of this connection that SQLite refused and kept running (`settler`) */
  settle: (statement: NativeStatement) => void;
  /**
   * A `BEGIN` that SQLite refused at the lock and kept running, not settled yet: its own next run
   * (the write turns trying it again, write-gate.ts) resets it; anything else run on this
   * connection first settles it (`endRefusedBegin`).
   */
  refusedBegin?: Entry | undefined;
  seen: number;
  /** this connection ran DDL since the last prepare */
  dirty: boolean;
  /** this connection changed the schema inside its open transaction: its COMMIT tells the others */
  changedInTransaction: boolean;
  /** the turn and the process's schema epoch of the last check */
  checkedTurn: number;
  checkedEpoch: number;
}

/** Statements that change the schema: never cached, and they empty their connection's cache. */
const DDL = /^\s*(?:create|alter|drop)\b/i;
const EXPLAIN = /^\s*explain\b/i;
const BEGIN = /^\s*begin\b/i;

const INSTALLED = Symbol.for('podo.statementCache');
const caches = new WeakMap<LibsqlConnection, ConnectionCache>();
const stats = { prepared: 0, reused: 0, schemaChecks: 0, settled: 0 };

/**
 * Turns of the event loop, counted by an immediate scheduled at the first check of each turn (a
 * request's first statement): a connection checked in this turn is not checked again in it.
 */
let turn = 0;
let turnEnds = false;
function currentTurn(): number {
  if (!turnEnds) {
    turnEnds = true;
    setImmediate(() => {
      turn++;
      turnEnds = false;
    }).unref();
  }
  return turn;
}

/** Moved by this process's DDL, scripts and commits of schema changes: every connection checks again. */
let schemaEpoch = 0;
const TRANSACTION_END = /^\s*(?:commit|end|rollback)\b/i;

/** The `libsql` `Database` class that `@libsql/client` imports (the same module instance). */
export function libsqlDatabase(): DatabaseClass {
  const fromHere = createRequire(import.meta.url);
  const fromClient = createRequire(fromHere.resolve('@libsql/client'));
  return fromClient('libsql') as DatabaseClass;
}

/**
 * Statements prepared and reused, reads of the schema version, and refused statements settled (each
 * settle expires its connection's prepared statements) in this process (tests, bench).
 */
export function statementCacheStats(): {
  prepared: number;
  reused: number;
  schemaChecks: number;
  settled: number;
} {
  return { ...stats };
}

export function cachedStatementCount(conn: LibsqlConnection): number {
  return caches.get(conn)?.entries.size ?? 0;
}

function schemaVersion(cache: ConnectionCache): number {
  stats.schemaChecks++;
  const row = allSettled(cache, cache.version)[0] as unknown[] | undefined;
  return Number(row?.[0] ?? 0);
}

/** SQLITE_BUSY and SQLITE_LOCKED (any extended code): SQLite keeps such a statement running. */
function leavesStatementRunning(err: unknown): boolean {
  const raw = (err as { rawCode?: unknown } | null)?.rawCode;
  return typeof raw === 'number' && ((raw & 0xff) === 5 || (raw & 0xff) === 6);
}

/** `statement.all()` of one of the cache's own statements, settled when SQLite refused it. */
function allSettled(cache: ConnectionCache, statement: NativeStatement): unknown[] {
  try {
    return statement.all();
  } catch (err) {
    if (leavesStatementRunning(err)) cache.settle(statement);
    throw err;
  }
}

/**
 * Ends a statement that SQLite left running on `conn`, without letting it write: libSQL has no
 * reset of its own, but `get()` steps once and then resets. Under `PRAGMA query_only` a write
 * (one refused at its lock and kept at that step, or one started afresh) fails at its transaction
 * with SQLITE_READONLY, which halts it, before it changes anything; a read or an `EXPLAIN` steps
 * once and is reset. The pragma takes effect when it is compiled, so it goes through `exec` (a
 * cached statement would set nothing when run again); it also expires the connection's prepared
 * statements, which SQLite compiles again at their next run (a cost paid after a refusal only).
 */
function settler(
  conn: LibsqlConnection,
  exec: (this: LibsqlConnection, sql: string) => unknown,
): (statement: NativeStatement) => void {
  return (statement) => {
    if (!conn.open) return;
    stats.settled++;
    exec.call(conn, 'PRAGMA query_only = 1');
    try {
      statement.get();
    } catch {
      // the write it would have been (SQLITE_READONLY), or the read refused again: halted either way
    } finally {
      exec.call(conn, 'PRAGMA query_only = 0');
    }
  };
}

/** A statement just prepared, as an entry: modes off (what the wrapper assumes), settled by its connection. */
function entryOf(statement: NativeStatement, sql: string, cache: ConnectionCache): Entry {
  const reader = statement.reader;
  statement.safeIntegers(false);
  if (reader) statement.raw(false);
  return {
    statement,
    reader,
    explain: EXPLAIN.test(sql),
    begin: BEGIN.test(sql),
    sql,
    owner: cache,
    settle: cache.settle,
    native: { raw: false, safe: false },
  };
}

/**
 * Ends the connection's refused `BEGIN` before anything else runs there (decision 067). It holds no
 * read snapshot (SQLite lets go of the file when a transaction's lock is refused) and changed
 * nothing, but SQLite counts it as a running write: a read's transaction would not end with the
 * read, and a COMMIT would fail with "SQL statements in progress".
 */
function endRefusedBegin(cache: ConnectionCache): void {
  const refused = cache.refusedBegin;
  if (!refused) return;
  cache.refusedBegin = undefined;
  cache.settle(refused.statement);
}

/** Wraps `Database.prototype.prepare` once per process (idempotent). */
export function installStatementCache(): void {
  const Database = libsqlDatabase();
  const proto = Database.prototype as LibsqlConnection & { [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  const prepare = proto.prepare;
  const close = proto.close;
  const exec = proto.exec;

  proto.prepare = function cachedPrepare(this: LibsqlConnection, sql: string): NativeStatement {
    if (!this.open) return prepare.call(this, sql);
    let cache = caches.get(this);
    if (!cache) {
      // once per connection: its page cache (no statement of it is running yet)
      exec.call(this, `PRAGMA cache_size = -${PAGE_CACHE_KIB}`);
      const version = prepare.call(this, 'PRAGMA schema_version');
      version.raw(true);
      const reload = prepare.call(this, 'SELECT 1 FROM sqlite_schema WHERE 0');
      cache = {
        entries: new Map(),
        version,
        reload,
        settle: settler(this, exec),
        seen: -1,
        dirty: false,
        changedInTransaction: false,
        checkedTurn: -1,
        checkedEpoch: -1,
      };
      caches.set(this, cache);
    }
    // a refused BEGIN asked again is reset by its own run; anything else ends it first
    if (cache.refusedBegin && cache.refusedBegin.sql !== sql) endRefusedBegin(cache);
    if (cache.dirty) {
      // this connection changed the schema (DDL or `exec`) since the last prepare
      endRefusedBegin(cache);
      cache.entries.clear();
      cache.seen = -1;
      cache.dirty = false;
    }
    if (!this.inTransaction && (cache.checkedTurn !== currentTurn() || cache.checkedEpoch !== schemaEpoch)) {
      cache.checkedTurn = turn;
      cache.checkedEpoch = schemaEpoch;
      const version = schemaVersion(cache);
      if (version !== cache.seen) {
        // another schema (changed by this or another connection, or another process): drop every
        // statement of the old one and have the connection load the new one before preparing
        allSettled(cache, cache.reload);
        endRefusedBegin(cache); // dropped from the cache, it would never run again
        cache.entries.clear();
        cache.seen = version;
      }
    }
    if (DDL.test(sql)) {
      // run right after this prepare, before any other JavaScript: every connection checks again
      cache.dirty = true;
      schemaEpoch++;
      if (this.inTransaction) cache.changedInTransaction = true;
      return fresh(entryOf(prepare.call(this, sql), sql, cache)); // not cached, settled like the rest
    }
    if (cache.changedInTransaction && TRANSACTION_END.test(sql)) {
      // a schema change becomes visible with this commit, which runs right after this prepare
      cache.changedInTransaction = false;
      schemaEpoch++;
    }
    const hit = cache.entries.get(sql);
    if (hit) {
      cache.entries.delete(sql);
      cache.entries.set(sql, hit); // most recently used last
      stats.reused++;
      return fresh(hit);
    }
    const entry = entryOf(prepare.call(this, sql), sql, cache);
    stats.prepared++;
    cache.entries.set(sql, entry);
    if (cache.entries.size > STATEMENT_CACHE_SIZE) {
      const oldest = cache.entries.keys().next().value;
      if (oldest !== undefined) cache.entries.delete(oldest);
    }
    return fresh(entry);
  };

  proto.exec = function execAndForget(this: LibsqlConnection, sql: string): unknown {
    const cache = caches.get(this);
    schemaEpoch++; // a script may change the schema: every connection checks again
    if (cache) {
      endRefusedBegin(cache);
      cache.dirty = true;
    }
    try {
      return exec.call(this, sql);
    } finally {
      // a script that leaves (or ran in) an open transaction: its end tells the others
      if (cache && this.inTransaction) cache.changedInTransaction = true;
    }
  };

  proto.close = function closeAndForget(this: LibsqlConnection): void {
    caches.delete(this);
    close.call(this);
  };

  Object.defineProperty(proto, INSTALLED, { value: true });
}

/** What libSQL answers `raw()` of a statement that returns no rows with (the client catches it). */
const NOT_A_READER = new TypeError('The raw() method is only for statements that return data');

type StatementClass = new (stmt: unknown) => NativeStatement;
const wrappers = new WeakMap<StatementClass, new (entry: Entry) => NativeStatement>();

/**
 * A `Statement` of libSQL around a cached native handle, in a fresh statement's state (raw and
 * safe integers off) as far as its caller can tell: the modes asked for are set on the handle
 * before it runs, and only when they differ from the ones it has (the client asks for the same
 * ones every time); the column list is the entry's.
 */
function wrapperOf(Statement: StatementClass): new (entry: Entry) => NativeStatement {
  let Wrapper = wrappers.get(Statement);
  if (Wrapper) return Wrapper;
  Wrapper = class CachedStatement extends Statement {
    #entry: Entry;
    #raw = false;
    #safe = false;

    constructor(entry: Entry) {
      super(entry.statement.stmt);
      this.#entry = entry;
    }

    override raw(toggle?: boolean): NativeStatement {
      if (!this.#entry.reader) throw NOT_A_READER;
      this.#raw = toggle ?? true;
      return this;
    }

    override safeIntegers(toggle?: boolean): NativeStatement {
      this.#safe = toggle ?? true;
      return this;
    }

    override columns(): ReturnType<NativeStatement['columns']> {
      return (this.#entry.columns ??= super.columns());
    }

    #modes(): void {
      const native = this.#entry.native;
      if (native.safe !== this.#safe) {
        super.safeIntegers(this.#safe);
        native.safe = this.#safe;
      }
      if (this.#entry.reader && native.raw !== this.#raw) {
        super.raw(this.#raw);
        native.raw = this.#raw;
      }
    }

    /**
     * Ends the statement when SQLite left it running: refused at a lock, or an `EXPLAIN` listed. A
     * refused `BEGIN` is left to its next run (decision 067): the write turns try the same BEGIN again
     * on the same connection, and libSQL resets a statement before it runs it; a settle each time
     * would expire every prepared statement of the connection (`PRAGMA query_only`) once per try.
     */
    #settled<T>(run: () => T): T {
      const entry = this.#entry;
      if (entry.owner.refusedBegin === entry) entry.owner.refusedBegin = undefined; // reset by this run
      let result: T;
      try {
        result = run();
      } catch (err) {
        if (leavesStatementRunning(err)) {
          if (entry.begin && entry.owner.entries.get(entry.sql) === entry) entry.owner.refusedBegin = entry;
          else entry.settle(entry.statement);
        }
        throw err;
      }
      // `get()` steps an EXPLAIN listed to its end (nothing runs: it only lists) and resets it
      if (this.#entry.explain) this.#entry.statement.get();
      return result;
    }

    override run(...args: unknown[]): ReturnType<NativeStatement['run']> {
      this.#modes();
      return this.#settled(() => super.run(...args));
    }

    override get(...args: unknown[]): unknown {
      this.#modes();
      return this.#settled(() => super.get(...args));
    }

    override all(...args: unknown[]): unknown[] {
      this.#modes();
      return this.#settled(() => super.all(...args));
    }

    override iterate(...args: unknown[]): IterableIterator<unknown> {
      this.#modes();
      return super.iterate(...args);
    }
  };
  wrappers.set(Statement, Wrapper);
  return Wrapper;
}

/** The cached native statement behind a new JS wrapper, in a fresh statement's state. */
function fresh(entry: Entry): NativeStatement {
  const Wrapper = wrapperOf(entry.statement.constructor as StatementClass);
  return new Wrapper(entry);
}
