import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Client, InStatement } from '@libsql/client';

export interface Migration {
  version: string;
  sql: string;
}

/**
 * The first line of a migration that must run with foreign keys off: one that rebuilds a table
 * other tables point at (SQLite's twelve steps: create the new table, copy, drop the old one,
 * rename, re-create the indexes). With foreign keys on, dropping the old table would delete the
 * rows that reference it (ON DELETE CASCADE).
 */
export const FOREIGN_KEYS_OFF = '-- podo:foreign-keys-off';

/**
 * The numbered `.sql` files beside this module. Bundled by Vite (server build and Vitest) through
 * `import.meta.glob`; read from disk when run by a plain TypeScript runner (`npm run db:migrate`).
 */
export function loadMigrations(): Migration[] {
  let files: Record<string, string>;
  try {
    files = import.meta.glob<string>('./migrations/*.sql', { query: '?raw', import: 'default', eager: true });
  } catch {
    const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
    files = Object.fromEntries(
      readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .map((f) => [`./migrations/${f}`, readFileSync(`${dir}${f}`, 'utf8')]),
    );
  }
  return Object.entries(files)
    .map(([path, sql]) => ({ version: path.replace(/^.*\//, '').replace(/\.sql$/, ''), sql }))
    .sort((a, b) => a.version.localeCompare(b.version));
}

/** True when the migration asks to run with foreign keys off (its first line is FOREIGN_KEYS_OFF). */
export function wantsForeignKeysOff(sql: string): boolean {
  return (
    sql
      .replace(/^\uFEFF/, '')
      .split('\n', 1)[0]
      ?.trim() === FOREIGN_KEYS_OFF
  );
}

/**
 * The statements of a foreign-keys-off migration. `client.migrate()` runs one statement at a time,
 * so the file is split by one simple rule: **a statement ends at a line that ends with `;`**.
 * Lines that are only a `--` comment are dropped, blank lines too. Consequences, checked here:
 * no `;` may end a line inside a statement (so no triggers, whose bodies end lines with `;`), text
 * after the last `;` is an error, and the file may not manage its own transaction (the runner does).
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  for (const raw of sql.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (line.trim() === '' || line.trim().startsWith('--')) continue;
    current.push(line);
    if (line.endsWith(';')) {
      statements.push(current.join('\n'));
      current = [];
    }
  }
  if (current.length > 0) {
    throw new Error(`세미콜론(;)으로 끝나지 않는 문장이 있습니다: ${current.join(' ').slice(0, 80)}`);
  }
  for (const s of statements) {
    if (
      /^\s*(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b/i.test(s) ||
      /\bCREATE\s+(TEMP\s+|TEMPORARY\s+)?TRIGGER\b/i.test(s)
    ) {
      throw new Error(
        `외래 키를 끄는 마이그레이션에는 트랜잭션 문이나 트리거를 쓸 수 없습니다: ${s.slice(0, 80)}`,
      );
    }
  }
  return statements;
}

/**
 * The last statements of a foreign-keys-off migration: every foreign key must hold again. A row of
 * `pragma_foreign_key_check` goes into a table that refuses any row, so a violation fails the
 * statement and the whole migration is rolled back (a plain `PRAGMA foreign_key_check` would only
 * report it after the commit).
 */
const FOREIGN_KEY_GUARD: InStatement[] = [
  `CREATE TEMP TABLE podo_foreign_key_check (tbl TEXT, parent TEXT,
     CONSTRAINT "foreign key violated after the migration" CHECK (tbl IS NULL))`,
  'INSERT INTO temp.podo_foreign_key_check (tbl, parent) SELECT "table", parent FROM pragma_foreign_key_check',
  'DROP TABLE temp.podo_foreign_key_check',
];

const recordStatement = (version: string): InStatement => ({
  sql: 'INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)',
  args: [version, new Date().toISOString()],
});

async function isApplied(client: Pick<Client, 'execute'>, version: string): Promise<boolean> {
  const seen = await client.execute({
    sql: 'SELECT 1 FROM schema_migrations WHERE version = ?',
    args: [version],
  });
  return seen.rows.length > 0;
}

/**
 * Applies one foreign-keys-off migration through `client.migrate()` (foreign keys off on one
 * connection, one transaction). Its record is the FIRST statement: a second process that got past
 * the "already applied?" check at the same moment waits for the first one's write lock, then fails
 * on the record's primary key and, after checking again, leaves the migration alone. The file's
 * statements follow, then the foreign key check; any failure rolls everything back.
 */
export async function applyWithForeignKeysOff(
  client: Client,
  m: Migration,
): Promise<'applied' | 'already-applied'> {
  const statements = splitStatements(m.sql);
  try {
    await client.migrate([recordStatement(m.version), ...statements, ...FOREIGN_KEY_GUARD]);
    return 'applied';
  } catch (err) {
    const index = (err as { statementIndex?: unknown }).statementIndex;
    if (index === 0 && /UNIQUE|PRIMARY KEY|CONSTRAINT/i.test(String((err as Error).message))) {
      if (await isApplied(client, m.version)) return 'already-applied';
    }
    throw err;
  }
}

/**
 * Applies, in ONE write transaction, every migration of `group` not yet recorded (each with its
 * record, in order; checked inside the transaction, so two processes starting at once apply each
 * exactly once). Returns the versions applied. Throws, with nothing applied, when one fails.
 */
async function applyGroup(client: Client, group: Migration[]): Promise<string[]> {
  const tx = await client.transaction('write');
  const applied: string[] = [];
  let current: Migration | undefined;
  try {
    for (const m of group) {
      current = m;
      if (await isApplied(tx, m.version)) continue;
      await tx.executeMultiple(m.sql);
      await tx.execute(recordStatement(m.version));
      applied.push(m.version);
    }
    await tx.commit();
    return applied;
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    throw new Error(`마이그레이션 ${current?.version ?? ''} 적용 실패: ${(err as Error).message}`, {
      cause: err,
    });
  } finally {
    tx.close();
  }
}

/**
 * Applies every migration not yet recorded, together with its record, so two processes starting
 * at once apply each migration exactly once. A migration whose first line is FOREIGN_KEYS_OFF runs
 * alone through `applyWithForeignKeysOff`; the ordinary ones between two such (all 41 files of an
 * empty database in three runs) share one write transaction (decision 077: one commit and one
 * WAL sync instead of one per file, about half the CPU and wall time of a first start's
 * migrations). The same statements run in the same order on a connection with foreign keys on,
 * as when each had its own transaction. When a run fails, nothing of it stays and its migrations
 * are applied again one transaction each, so those before the failing one are kept and the error
 * names the failing one, as before.
 */
export async function migrate(client: Client, migrations = loadMigrations()): Promise<string[]> {
  await client.execute(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)',
  );
  const applied: string[] = [];
  let run: Migration[] = [];
  const flush = async () => {
    const group = run;
    run = [];
    if (group.length === 0) return;
    try {
      applied.push(...(await applyGroup(client, group)));
    } catch (err) {
      if (group.length === 1) throw err;
      for (const m of group) applied.push(...(await applyGroup(client, [m])));
    }
  };
  for (const m of migrations) {
    if (!wantsForeignKeysOff(m.sql)) {
      run.push(m);
      continue;
    }
    await flush();
    if (await isApplied(client, m.version)) continue;
    try {
      if ((await applyWithForeignKeysOff(client, m)) === 'applied') applied.push(m.version);
    } catch (err) {
      throw new Error(`마이그레이션 ${m.version} 적용 실패: ${(err as Error).message}`, { cause: err });
    }
  }
  await flush();
  return applied;
}
