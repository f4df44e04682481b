import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Client } from '@libsql/client';

export interface Migration {
  version: string;
  sql: string;
}

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

/**
 * Applies every migration not yet recorded, each in its own write transaction together with its
 * record, so two processes starting at once apply each migration exactly once.
 */
export async function migrate(client: Client, migrations = loadMigrations()): Promise<string[]> {
  await client.execute(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)',
  );
  const applied: string[] = [];
  for (const m of migrations) {
    const tx = await client.transaction('write');
    try {
      const seen = await tx.execute({
        sql: 'SELECT 1 FROM schema_migrations WHERE version = ?',
        args: [m.version],
      });
      if (seen.rows.length > 0) {
        await tx.rollback();
        continue;
      }
      await tx.executeMultiple(m.sql);
      await tx.execute({
        sql: 'INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)',
        args: [m.version, new Date().toISOString()],
      });
      await tx.commit();
      applied.push(m.version);
    } catch (err) {
      await tx.rollback().catch(() => undefined);
      throw new Error(`마이그레이션 ${m.version} 적용 실패: ${(err as Error).message}`, { cause: err });
    } finally {
      tx.close();
    }
  }
  return applied;
}
