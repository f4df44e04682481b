/**
 * Prepared statements once per connection (decision 047), measured in-process: CPU ms per call of
 * the product detail service and of the search API, with `@libsql/client` as it comes (every
 * execute prepares) and with the statement cache, each in its own child process, alternating, on
 * one database grown to BENCH_PRODUCTS products (10,000).
 *
 *   npx tsx tests/bench/statements.ts            # prints the table
 */
import { createClient } from '@libsql/client';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiApp } from '../../src/api/app.ts';
import { useDbForTests } from '../../src/server/db/client.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedIfEmpty } from '../../src/server/db/seed/index.ts';
import { installStatementCache, statementCacheStats } from '../../src/server/db/statement-cache.ts';
import { getProduct } from '../../src/server/catalog/service.ts';
import { growCatalogue } from './catalogue.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 400);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HEADERS = { Version: '1.0', clientId: 'podo-local', platform: 'MOBILE_WEB' };
const SEARCHES = ['방진', '방진패드', '매트', 'mat', '쿠션'].map(
  (k) => `/shop-api/products/search?filter.keywords=${encodeURIComponent(k)}&pageSize=20`,
);

function cpuMs(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}

async function measure(url: string, cached: boolean): Promise<Record<string, number>> {
  if (cached) installStatementCache();
  const db = createClient({ url, intMode: 'number' });
  useDbForTests(db);
  const app = createApiApp();
  const ids = (
    await db.execute({ sql: 'SELECT product_no FROM products ORDER BY product_no LIMIT 50' })
  ).rows.map((r) => Number(r.product_no));
  const detail = async (i: number) => getProduct(db, ids[i % ids.length] ?? 0);
  const search = async (i: number) => {
    const res = await app.request(SEARCHES[i % SEARCHES.length] ?? '', { headers: HEADERS });
    if (res.status !== 200) throw new Error(`search ${res.status}`);
    await res.arrayBuffer();
  };
  const out: Record<string, number> = {};
  for (const [name, fn] of [
    ['product detail (service)', detail],
    ['search API (20 items)', search],
  ] as const) {
    for (let i = 0; i < 50; i++) await fn(i); // warm up (and fill the cache)
    const start = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) await fn(i);
    out[name] = cpuMs(start) / CALLS;
  }
  const s = statementCacheStats();
  out['statements reused'] = s.reused;
  out['statements prepared'] = s.prepared;
  db.close();
  return out;
}

async function main(): Promise<void> {
  const [mode, url] = process.argv.slice(2);
  if (mode === 'cached' || mode === 'uncached') {
    console.log(JSON.stringify(await measure(url ?? '', mode === 'cached')));
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'podo-stmt-bench-'));
  try {
    const url = `file:${join(dir, 'shop.db')}`;
    const db = createClient({ url, intMode: 'number' });
    await db.execute('PRAGMA journal_mode = WAL');
    await migrate(db);
    await seedIfEmpty(db, { images: false });
    await growCatalogue(db, PRODUCTS);
    db.close();
    const runs: Record<string, Record<string, number>[]> = { uncached: [], cached: [] };
    for (let r = 0; r < ROUNDS; r++) {
      for (const m of ['uncached', 'cached'] as const) {
        const out = execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, m, url], {
          encoding: 'utf8',
        });
        runs[m]?.push(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Record<string, number>);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
    console.log(`${PRODUCTS} products, ${CALLS} calls per route, ${ROUNDS} rounds (median), CPU ms per call`);
    for (const name of ['product detail (service)', 'search API (20 items)']) {
      const u = median(runs.uncached?.map((x) => x[name] ?? NaN) ?? []);
      const c = median(runs.cached?.map((x) => x[name] ?? NaN) ?? []);
      console.log(`${name}: uncached ${u.toFixed(3)} · cached ${c.toFixed(3)} · ratio ${(c / u).toFixed(2)}`);
    }
    const last = runs.cached?.at(-1) ?? {};
    console.log(`cached run: ${last['statements prepared']} prepared, ${last['statements reused']} reused`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
