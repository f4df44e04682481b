import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { loadMigrations, migrate } from './migrate.ts';

let t: TestDb | undefined;
afterEach(() => t?.close());

describe('migrate', () => {
  it('applies every numbered migration once and is idempotent', async () => {
    t = await createTestDb();
    const versions = loadMigrations().map((m) => m.version);
    expect(versions[0]).toBe('0001_catalog');
    expect(versions).toEqual([...versions].sort());
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
