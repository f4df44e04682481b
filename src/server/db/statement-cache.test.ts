import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from './client.ts';
import {
  PAGE_CACHE_KIB,
  STATEMENT_CACHE_SIZE,
  cachedStatementCount,
  libsqlDatabase,
  statementCacheStats,
} from './statement-cache.ts';

let dir: string | undefined;
const open: { close(): void }[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function file(): string {
  dir ??= mkdtempSync(join(tmpdir(), 'podo-stmt-'));
  return join(dir, 'shop.db');
}

async function client(): Promise<Db> {
  const db = await openDb({ url: `file:${file()}`, busyTimeoutMs: 2000 });
  open.push(db);
  return db;
}

/** The next turn of the event loop: what a new request runs in. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A statement run by another process on the file (no statement cache there, no shared state). */
function inAnotherProcess(path: string, sql: string): void {
  const fromHere = createRequire(import.meta.url);
  const libsql = createRequire(fromHere.resolve('@libsql/client')).resolve('libsql');
  execFileSync(process.execPath, [
    '-e',
    `const D = require(${JSON.stringify(libsql)}); const d = new D(${JSON.stringify(path)}); d.exec(${JSON.stringify(sql)}); d.close();`,
  ]);
}

async function withTable(): Promise<Db> {
  const db = await client();
  await db.execute('CREATE TABLE t (x INTEGER PRIMARY KEY, y TEXT NOT NULL UNIQUE)');
  await db.execute("INSERT INTO t VALUES (1, 'a'), (2, 'b')");
  return db;
}

describe('prepared statement cache for local databases (decision 047)', () => {
  it("gives every connection, a transaction's too, the larger page cache (decision 072)", async () => {
    const db = await withTable();
    const size = async (ex: Pick<Db, 'execute'>) =>
      Number((await ex.execute('PRAGMA cache_size')).rows[0]?.cache_size);
    expect(await size(db)).toBe(-PAGE_CACHE_KIB);
    const tx = await db.transaction('write');
    try {
      expect(await size(tx)).toBe(-PAGE_CACHE_KIB);
    } finally {
      await tx.rollback();
    }
    expect(PAGE_CACHE_KIB).toBeGreaterThan(2000); // SQLite's default: 2,000 KiB
  });

  it('prepares a statement once and reuses it on the next execute of the same SQL', async () => {
    const db = await withTable();
    const sql = 'SELECT y FROM t WHERE x = ? /* reuse */';
    const before = statementCacheStats();
    expect((await db.execute({ sql, args: [1] })).rows[0]?.y).toBe('a');
    expect((await db.execute({ sql, args: [2] })).rows[0]?.y).toBe('b');
    expect((await db.execute({ sql, args: [3] })).rows).toEqual([]);
    const after = statementCacheStats();
    expect(after.reused - before.reused).toBeGreaterThanOrEqual(2);
  });

  it('reflects a column added by another connection (no stale column list)', async () => {
    const db = await withTable();
    const other = await client();
    expect((await db.execute('SELECT * FROM t ORDER BY x')).columns).toEqual(['x', 'y']);
    await other.execute("ALTER TABLE t ADD COLUMN z TEXT DEFAULT 'zz'");
    const rs = await db.execute('SELECT * FROM t ORDER BY x');
    expect(rs.columns).toEqual(['x', 'y', 'z']);
    expect(rs.rows[0]).toMatchObject({ x: 1, y: 'a', z: 'zz' });
  });

  it('reads the schema version once per connection and turn of the event loop (issue 16, decision 056)', async () => {
    const Database = libsqlDatabase();
    const conn = new Database(file());
    open.push(conn);
    conn.exec('CREATE TABLE v (n INTEGER)');
    await nextTurn();
    const before = statementCacheStats().schemaChecks;
    for (let i = 0; i < 20; i++) conn.prepare(`SELECT ${i % 4} AS n FROM v`).all();
    expect(statementCacheStats().schemaChecks - before).toBe(1);
    await nextTurn();
    for (let i = 0; i < 5; i++) conn.prepare('SELECT 1 AS n FROM v').all();
    expect(statementCacheStats().schemaChecks - before).toBe(2);
  });

  it("reflects another process's schema change at the next turn (a request after it)", async () => {
    const db = await withTable();
    expect((await db.execute('SELECT * FROM t ORDER BY x')).columns).toEqual(['x', 'y']);
    inAnotherProcess(file(), "ALTER TABLE t ADD COLUMN p TEXT DEFAULT 'pp'");
    await nextTurn();
    const rs = await db.execute('SELECT * FROM t ORDER BY x');
    expect(rs.columns).toEqual(['x', 'y', 'p']);
    expect(rs.rows[0]).toMatchObject({ x: 1, y: 'a', p: 'pp' });
    // and a statement new to the connection sees the new column too
    expect((await db.execute('SELECT p FROM t WHERE x = 2')).rows[0]?.p).toBe('pp');
  });

  it('reflects, in the same turn, a schema change committed by another connection of this process inside a transaction', async () => {
    const db = await withTable();
    const other = await client();
    expect((await db.execute('SELECT * FROM t')).columns).toEqual(['x', 'y']);
    const tx = await other.transaction('write');
    await tx.execute('ALTER TABLE t ADD COLUMN q INTEGER DEFAULT 3');
    // not committed yet: the reader still sees the old schema
    expect((await db.execute('SELECT * FROM t')).columns).toEqual(['x', 'y']);
    await tx.commit();
    expect((await db.execute('SELECT * FROM t')).columns).toEqual(['x', 'y', 'q']);
  });

  it('reflects a column added on the same connection and a table dropped and created again', async () => {
    const db = await withTable();
    expect((await db.execute('SELECT * FROM t')).columns).toEqual(['x', 'y']);
    await db.execute('ALTER TABLE t ADD COLUMN w INTEGER DEFAULT 5');
    expect((await db.execute('SELECT * FROM t')).columns).toEqual(['x', 'y', 'w']);
    await db.batch(['DROP TABLE t', 'CREATE TABLE t (k TEXT, x INTEGER)', "INSERT INTO t VALUES ('q', 7)"]);
    const rs = await db.execute('SELECT * FROM t');
    expect(rs.columns).toEqual(['k', 'x']);
    expect(rs.rows.map((r) => ({ ...r }))).toEqual([{ k: 'q', x: 7 }]);
  });

  it('starts no read snapshot inside a deferred transaction (a later write still waits its turn)', () => {
    const Database = libsqlDatabase();
    const a = new Database(file());
    const b = new Database(file());
    open.push(a, b);
    a.exec('PRAGMA journal_mode = WAL; CREATE TABLE n (v INTEGER)');
    const insert = 'INSERT INTO n VALUES (?)';
    a.prepare(insert).run(1); // cached
    a.prepare('BEGIN').run();
    const again = a.prepare(insert); // inside the transaction: no schema check, no snapshot
    b.prepare(insert).run(2); // another connection commits meanwhile
    expect(again.run(3).changes).toBe(1); // no SQLITE_BUSY_SNAPSHOT
    a.prepare('COMMIT').run();
    expect(a.prepare('SELECT count(*) AS c FROM n').get()).toMatchObject({ c: 3 });
  });

  it('reflects a schema change made inside a transaction on the same connection', async () => {
    const db = await withTable();
    expect((await db.execute('SELECT * FROM t')).columns).toEqual(['x', 'y']);
    const [, rs] = await db.migrate(['ALTER TABLE t ADD COLUMN m TEXT', 'SELECT * FROM t']);
    expect(rs?.columns).toEqual(['x', 'y', 'm']);
    const tx = await db.transaction('write');
    await tx.execute('SELECT * FROM t');
    await tx.executeMultiple('ALTER TABLE t ADD COLUMN e TEXT;');
    expect((await tx.execute('SELECT * FROM t')).columns).toEqual(['x', 'y', 'm', 'e']);
    await tx.rollback();
    expect((await db.execute('SELECT * FROM t')).columns).toEqual(['x', 'y', 'm']);
  });

  it('reuses a statement that failed on a constraint or a RAISE in a trigger', async () => {
    const db = await withTable();
    await db.execute(
      "CREATE TRIGGER no_bad BEFORE INSERT ON t WHEN NEW.y = 'bad' BEGIN SELECT RAISE(ABORT, '안 됩니다'); END",
    );
    const sql = 'INSERT INTO t (x, y) VALUES (?, ?)';
    await expect(db.execute({ sql, args: [3, 'a'] })).rejects.toThrow(/UNIQUE/);
    expect((await db.execute({ sql, args: [3, 'c'] })).rowsAffected).toBe(1);
    await expect(db.execute({ sql, args: [4, 'bad'] })).rejects.toThrow(/안 됩니다/);
    const ok = await db.execute({ sql, args: [4, 'd'] });
    expect(ok.rowsAffected).toBe(1);
    expect(Number(ok.lastInsertRowid)).toBe(4);
    // a reader that fails midway (integer overflow on the second row), then runs to the end
    const overflow =
      'SELECT x, CASE WHEN x = ? THEN abs(-9223372036854775807 - 1) ELSE x END AS v FROM t ORDER BY x';
    await expect(db.execute({ sql: overflow, args: [2] })).rejects.toThrow(/overflow/);
    expect((await db.execute({ sql: overflow, args: [99] })).rows.map((r) => r.v)).toEqual([1, 2, 3, 4]);
    // and the failed reader left no read snapshot behind on its connection
    await (await client()).execute("INSERT INTO t VALUES (5, 'e')");
    expect((await db.execute('SELECT count(*) AS n FROM t')).rows[0]?.n).toBe(5);
  });

  it('keeps two pooled connections (transactions) apart when they interleave the same SQL', async () => {
    const db = await withTable();
    const count = 'SELECT count(*) AS n FROM t';
    const reader = await db.transaction('read');
    expect((await reader.execute(count)).rows[0]?.n).toBe(2);
    const writer = await db.transaction('write');
    await writer.execute({ sql: 'INSERT INTO t VALUES (?, ?)', args: [3, 'c'] });
    expect((await writer.execute(count)).rows[0]?.n).toBe(3);
    expect((await reader.execute(count)).rows[0]?.n).toBe(2); // its own snapshot
    await writer.commit();
    expect((await reader.execute(count)).rows[0]?.n).toBe(2);
    await reader.commit();
    expect((await db.execute(count)).rows[0]?.n).toBe(3);
    // a rolled-back write batch, then the same control statements again
    await expect(
      db.batch([
        { sql: 'INSERT INTO t VALUES (?, ?)', args: [4, 'd'] },
        { sql: 'INSERT INTO t VALUES (?, ?)', args: [5, 'a'] },
      ]),
    ).rejects.toThrow(/UNIQUE/);
    await db.batch([{ sql: 'INSERT INTO t VALUES (?, ?)', args: [4, 'd'] }]);
    expect((await db.execute(count)).rows[0]?.n).toBe(4);
  });

  it('hands back a reused statement as a fresh one: raw and safe integers off', () => {
    const Database = libsqlDatabase();
    const conn = new Database(file());
    open.push(conn);
    conn.exec('CREATE TABLE u (n INTEGER); INSERT INTO u VALUES (9007199254740993)');
    const first = conn.prepare('SELECT n FROM u');
    first.safeIntegers(true);
    first.raw(true);
    expect(first.all()).toEqual([[9007199254740993n]]);
    const again = conn.prepare('SELECT n FROM u');
    const row = again.get() as { n: unknown };
    expect(Array.isArray(row)).toBe(false); // raw off
    expect(row.n).toBe(9007199254740992); // safe integers off: a number, not a bigint
    const write = 'INSERT INTO u VALUES (?)';
    expect(() => conn.prepare(write).raw(true)).toThrow();
    expect(conn.prepare(write).run(1).changes).toBe(1);
    // a RETURNING insert returns data: raw works on it every time
    const returning = 'INSERT INTO u VALUES (?) RETURNING n';
    expect(conn.prepare(returning).raw(true).all(2)).toEqual([[2]]);
    expect(conn.prepare(returning).all(3)).toMatchObject([{ n: 3 }]);
  });

  it("asks libSQL a reused statement's columns and modes once, not on every execute (issue 16, decision 056)", async () => {
    const db = await withTable();
    const read = 'SELECT x, y FROM t WHERE x = ? /* modes */';
    const write = 'UPDATE t SET y = y WHERE x = ? /* modes */';
    await db.execute({ sql: read, args: [1] });
    await db.execute({ sql: write, args: [1] });
    // libSQL's own Statement class (the cache's statements extend it)
    const Database = libsqlDatabase();
    const memory = new Database(':memory:');
    open.push(memory);
    let proto = Object.getPrototypeOf(memory.prepare('SELECT 1')) as object;
    while (!Object.hasOwn(proto, 'pluck')) proto = Object.getPrototypeOf(proto) as object;
    const methods = proto as Record<'columns' | 'raw' | 'safeIntegers', (...a: unknown[]) => unknown>;
    const calls = { columns: 0, raw: 0, safeIntegers: 0 };
    const original = { columns: methods.columns, raw: methods.raw, safeIntegers: methods.safeIntegers };
    for (const name of ['columns', 'raw', 'safeIntegers'] as const)
      methods[name] = function counted(this: unknown, ...a: unknown[]) {
        calls[name]++;
        return original[name].apply(this, a);
      };
    try {
      for (let i = 0; i < 10; i++) {
        const rs = await db.execute({ sql: read, args: [2] });
        expect(rs.columns).toEqual(['x', 'y']);
        expect(rs.rows.map((r) => ({ ...r }))).toEqual([{ x: 2, y: 'b' }]);
        expect((await db.execute({ sql: write, args: [2] })).rowsAffected).toBe(1);
      }
    } finally {
      Object.assign(methods, original);
    }
    // before: 2 column lists per read, raw and safe integers set back and forth on every execute
    expect(calls.columns).toBeLessThanOrEqual(1);
    expect(calls.raw).toBeLessThanOrEqual(1);
    expect(calls.safeIntegers).toBeLessThanOrEqual(2);
  });

  it(`keeps at most ${STATEMENT_CACHE_SIZE} statements per connection and drops them on close`, () => {
    const Database = libsqlDatabase();
    const conn = new Database(file());
    for (let i = 0; i < STATEMENT_CACHE_SIZE + 44; i++) conn.prepare(`SELECT ${i} AS n`).all();
    expect(cachedStatementCount(conn)).toBe(STATEMENT_CACHE_SIZE);
    // the most recently used survive, the oldest went first
    const before = statementCacheStats().reused;
    conn.prepare(`SELECT ${STATEMENT_CACHE_SIZE + 43} AS n`);
    expect(statementCacheStats().reused).toBe(before + 1);
    conn.prepare('SELECT 0 AS n');
    expect(statementCacheStats().reused).toBe(before + 1);
    conn.close();
    expect(cachedStatementCount(conn)).toBe(0);
    expect(() => conn.prepare('SELECT 1')).toThrow();
  });
});
