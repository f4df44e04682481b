import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client, TransactionMode } from '@libsql/client';
import { dbFilePerTest } from '../../../tests/fixtures/db-files.ts';
import { openDb } from './client.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import {
  FOREIGN_KEYS_OFF,
  applyWithForeignKeysOff,
  loadMigrations,
  migrate,
  splitStatements,
  wantsForeignKeysOff,
} from './migrate.ts';

let t: TestDb | undefined;
afterEach(() => t?.close());
const files = dbFilePerTest('podo-migrate-');

describe('migrate', () => {
  it('applies every numbered migration once and is idempotent', async () => {
    // an empty database, not createTestDb's copy of a migrated one
    const empty = await files.client();
    const versions = loadMigrations().map((m) => m.version);
    expect(versions[0]).toBe('0001_catalog');
    expect(versions).toEqual([...versions].sort());
    expect(await migrate(empty)).toEqual(versions);
    expect(await migrate(empty)).toEqual([]);
    t = await createTestDb();
    const again = await migrate(t.db);
    expect(again).toEqual([]);
    const rows = await t.db.execute('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.rows.map((r) => r.version)).toEqual(versions);
  });

  it('keeps WAL and foreign keys on', async () => {
    t = await createTestDb();
    const mode = await t.db.execute('PRAGMA journal_mode');
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    await expect(
      t.db.execute('INSERT INTO product_categories (product_no, category_no) VALUES (999, 999)'),
    ).rejects.toThrow(/FOREIGN KEY/);
  });

  it('rolls back a failing migration completely', async () => {
    t = await createTestDb();
    await expect(
      migrate(t.db, [
        { version: '9999_broken', sql: 'CREATE TABLE broken_a (x INT); SELECT * FROM missing_table;' },
      ]),
    ).rejects.toThrow(/9999_broken/);
    const table = await t.db.execute("SELECT name FROM sqlite_master WHERE name = 'broken_a'");
    expect(table.rows).toHaveLength(0);
  });

  it('gives an empty database the same schema and rows when the runs between foreign-keys-off files share a transaction', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'podo-migrate-'));
    const a = await openDb({ url: `file:${join(dir, 'each.db')}` });
    const b = await openDb({ url: `file:${join(dir, 'grouped.db')}` });
    try {
      const all = loadMigrations();
      // one transaction per file, as before decision 077: one migration per call
      for (const m of all) expect(await migrate(a, [m])).toEqual([m.version]);
      const modes: (string | undefined)[] = [];
      const counted = new Proxy(b, {
        get(target, prop) {
          if (prop === 'transaction')
            return (mode?: TransactionMode) => (modes.push(mode), target.transaction(mode));
          const value = Reflect.get(target, prop, target) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      expect(await migrate(counted, all)).toEqual(all.map((m) => m.version));
      // one write transaction per run of ordinary files; the foreign-keys-off ones go through client.migrate()
      const offFiles = all.filter((m) => wantsForeignKeysOff(m.sql)).length;
      expect(offFiles).toBeGreaterThan(0);
      expect(modes.filter((mode) => mode === 'write')).toHaveLength(offFiles + 1);
      expect(await databaseContents(b)).toEqual(await databaseContents(a));
    } finally {
      a.close();
      b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the migrations before a failing one of a run, and names the failing one', async () => {
    t = await createTestDb();
    await expect(
      migrate(t.db, [
        { version: '9997_fine', sql: 'CREATE TABLE fine_a (x INT);' },
        { version: '9998_broken', sql: 'CREATE TABLE broken_b (x INT); SELECT * FROM missing_table;' },
        { version: '9999_after', sql: 'CREATE TABLE after_c (x INT);' },
      ]),
    ).rejects.toThrow(/9998_broken/);
    const tables = await t.db.execute(
      "SELECT name FROM sqlite_master WHERE name IN ('fine_a', 'broken_b', 'after_c') ORDER BY name",
    );
    expect(tables.rows.map((r) => r.name)).toEqual(['fine_a']);
    const recorded = await t.db.execute("SELECT version FROM schema_migrations WHERE version LIKE '999%'");
    expect(recorded.rows.map((r) => r.version)).toEqual(['9997_fine']);
  });

  it('reads the same files from disk outside Vite', () => {
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "import('./src/server/db/migrate.ts').then(m => console.log(m.loadMigrations().map(x => x.version).join(',')))",
      ],
      { encoding: 'utf8' },
    );
    expect(r.stdout.trim()).toBe(
      loadMigrations()
        .map((m) => m.version)
        .join(','),
    );
  });
});

describe('migrations with foreign keys off', () => {
  const OFF = `${FOREIGN_KEYS_OFF}\n`;

  it('splits a file at lines ending with a semicolon, dropping comment lines', () => {
    expect(
      splitStatements(`${OFF}-- a note; with a semicolon;
CREATE TABLE a (
  x INT, -- the x
  y TEXT DEFAULT 'a;b'
);

INSERT INTO a (x) VALUES (1);
`),
    ).toEqual([
      "CREATE TABLE a (\n  x INT, -- the x\n  y TEXT DEFAULT 'a;b'\n);",
      'INSERT INTO a (x) VALUES (1);',
    ]);
    expect(() => splitStatements('CREATE TABLE a (x INT);\nCREATE TABLE b (y INT)')).toThrow(/세미콜론/);
    expect(() => splitStatements('BEGIN;\nCREATE TABLE a (x INT);\nCOMMIT;')).toThrow(/트랜잭션/);
    expect(() => splitStatements('CREATE TRIGGER t AFTER INSERT ON a BEGIN\n  SELECT 1;\nEND;')).toThrow(
      /트리거/,
    );
    expect(wantsForeignKeysOff(`${OFF}CREATE TABLE a (x INT);`)).toBe(true);
    expect(wantsForeignKeysOff(`CREATE TABLE a (x INT);\n${OFF}`)).toBe(false);
  });

  /** A parent with a child that cascades, and rows in both. */
  async function parentAndChild(db: TestDb['db']) {
    await db.executeMultiple(`
      CREATE TABLE fk_parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE fk_child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES fk_parent (id) ON DELETE CASCADE);
      INSERT INTO fk_parent (id, name) VALUES (1, 'a'), (2, 'b');
      INSERT INTO fk_child (parent_id) VALUES (1), (1), (2);
    `);
  }

  const rebuildParent = `${OFF}CREATE TABLE fk_parent_new (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO fk_parent_new (id, name) SELECT id, name FROM fk_parent;
DROP TABLE fk_parent;
ALTER TABLE fk_parent_new RENAME TO fk_parent;
`;

  it('rebuilds a table others point at without cascading, and foreign keys are on again afterwards', async () => {
    t = await createTestDb();
    await parentAndChild(t.db);
    expect(await migrate(t.db, [{ version: '9990_rebuild', sql: rebuildParent }])).toEqual(['9990_rebuild']);
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM fk_child')).rows[0]?.n).toBe(3);
    const ddl = await t.db.execute("SELECT sql FROM sqlite_master WHERE name = 'fk_parent'");
    expect(String(ddl.rows[0]?.sql)).toContain('name TEXT)');
    // the child still points at the (new) parent, and the cascade works
    await t.db.execute('DELETE FROM fk_parent WHERE id = 1');
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM fk_child')).rows[0]?.n).toBe(1);
    await expect(t.db.execute('INSERT INTO fk_child (parent_id) VALUES (99)')).rejects.toThrow(/FOREIGN KEY/);
    expect(await migrate(t.db, [{ version: '9990_rebuild', sql: rebuildParent }])).toEqual([]);
  });

  it('rolls back completely when a foreign key no longer holds', async () => {
    t = await createTestDb();
    await parentAndChild(t.db);
    const broken = `${OFF}CREATE TABLE fk_extra (x INT);
DELETE FROM fk_parent WHERE id = 2;
`;
    await expect(migrate(t.db, [{ version: '9991_broken', sql: broken }])).rejects.toThrow(
      /9991_broken.*foreign key violated/,
    );
    expect((await t.db.execute("SELECT name FROM sqlite_master WHERE name = 'fk_extra'")).rows).toHaveLength(
      0,
    );
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM fk_parent')).rows[0]?.n).toBe(2);
    expect(
      (await t.db.execute("SELECT 1 FROM schema_migrations WHERE version = '9991_broken'")).rows,
    ).toHaveLength(0);
    await expect(t.db.execute('INSERT INTO fk_child (parent_id) VALUES (99)')).rejects.toThrow(/FOREIGN KEY/);
  });

  it('answers "already applied" when another runner recorded it first (the record is the first statement)', async () => {
    t = await createTestDb();
    await t.db.execute('CREATE TABLE runs (n INTEGER)');
    const m = { version: '9992_once', sql: `${OFF}INSERT INTO runs (n) VALUES (1);\n` };
    expect(await applyWithForeignKeysOff(t.db, m)).toBe('applied');
    expect(await applyWithForeignKeysOff(t.db, m)).toBe('already-applied');
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM runs')).rows[0]?.n).toBe(1);
  });

  it('two processes starting at once apply it exactly once', async () => {
    t = await createTestDb();
    await t.db.execute('CREATE TABLE runs (pid INTEGER)');
    const url = `file:${join(t.dir, 'shop.db')}`;
    const start = Date.now() + 2500;
    const script = `
      import { openDb } from './src/server/db/client.ts';
      import { migrate, FOREIGN_KEYS_OFF } from './src/server/db/migrate.ts';
      const db = await openDb({ url: process.env.MIGRATE_URL, busyTimeoutMs: 20000 });
      const sql = FOREIGN_KEYS_OFF + '\\nINSERT INTO runs (pid) VALUES (' + process.pid + ');\\n' +
        'CREATE TABLE slow AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) SELECT x FROM c;\\n';
      await new Promise((r) => setTimeout(r, Math.max(0, Number(process.env.MIGRATE_AT) - Date.now())));
      const applied = await migrate(db, [{ version: '9993_slow', sql }]);
      console.log(JSON.stringify(applied));
      db.close();`;
    const run = () =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          env: { ...process.env, MIGRATE_URL: url, MIGRATE_AT: String(start) },
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.on('close', (code) => resolve({ code, out, err }));
      });
    const results = await Promise.all([run(), run(), run()]);
    for (const r of results) expect(r.code, r.err).toBe(0);
    const applied = results.map((r) => JSON.parse(r.out.trim().split('\n').at(-1) ?? '[]') as string[]);
    expect(applied.filter((a) => a.includes('9993_slow'))).toHaveLength(1);
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM runs')).rows[0]?.n).toBe(1);
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM slow')).rows[0]?.n).toBe(300000);
  }, 60_000);
});

/** Every schema object (in creation order) and every row of every ordinary table, the migration times left out. */
async function databaseContents(db: Client): Promise<unknown> {
  const objects = await db.execute('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid');
  const rows: Record<string, unknown[]> = {};
  for (const o of objects.rows) {
    if (o.type !== 'table' || String(o.sql).startsWith('CREATE VIRTUAL TABLE')) continue;
    const name = String(o.name);
    const columns = name === 'schema_migrations' ? 'version' : '*';
    const r = await db.execute(`SELECT ${columns} FROM "${name}" ORDER BY 1`);
    rows[name] = r.rows.map((row) => ({ ...row }));
  }
  return { objects: objects.rows.map((o) => ({ ...o })), rows };
}
