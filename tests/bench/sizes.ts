/**
 * `npm run bench -- --products 1000,10000,100000`: for each size, the built server on a fresh
 * database grown to that many products (catalogue.ts), every route of CATALOGUE_BENCHES measured
 * next to the trivial route; then one table per size and the growth of each route's p95 from the
 * smallest size to the largest. Results go to `tests/bench/results/catalogue.json`.
 *
 * BENCH_KEEP_DB=<folder>: each grown database is kept there (`catalogue-<size>.db`) and a later run
 * starts from a copy of it instead of growing the catalogue again (a 100k catalogue takes minutes;
 * the server migrates the copy as it starts, so a build with newer migrations can use it).
 * BENCH_ONLY=<words>: only the routes whose name holds one of these comma-separated words (and the
 * trivial route).
 */
import { createClient } from '@libsql/client';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { growCatalogue } from './catalogue.ts';
import { CATALOGUE_BENCHES, SHOP_API_HEADERS, TRIVIAL, type BenchContext, type HttpBench } from './routes.ts';
import { freePort, measureHttp, startServer, type HttpMeasure } from './server.ts';

export interface SizesOptions {
  entry: string;
  nodeEnv: string;
  sizes: number[];
  connections: number;
  durationS: number;
  warmup: number;
  resultsFile: string;
  commit: string | undefined;
}

interface Row extends Partial<HttpMeasure> {
  name: string;
  path?: string;
  /** req/s relative to the trivial route. */
  ratio?: number;
  skipped?: string;
}

const f1 = (n: number | undefined) => (n === undefined ? '' : n < 10 ? n.toFixed(1) : n.toFixed(0));

/** Columns in a terminal: Hangul and other wide characters take two. */
function width(text: string): number {
  let w = 0;
  for (const ch of text)
    w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/u.test(ch) ? 2 : 1;
  return w;
}

function table(head: string[], body: string[][]): string {
  const widths = head.map((h, i) => Math.max(width(h), ...body.map((r) => width(r[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => {
        const fill = ' '.repeat(Math.max(0, (widths[i] ?? 0) - width(c)));
        return i === 0 ? c + fill : fill + c;
      })
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** BENCH_KEEP_DB's copy of the grown database of this size, or undefined when not asked. */
function keptDatabase(size: number): string | undefined {
  const folder = process.env.BENCH_KEEP_DB;
  return folder ? join(resolve(folder), `catalogue-${size}.db`) : undefined;
}

/** The routes BENCH_ONLY keeps (all when unset). */
function chosenBenches(): HttpBench[] {
  const only = (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  return CATALOGUE_BENCHES.filter((b) => only.length === 0 || only.some((w) => b.name.includes(w)));
}

async function measureSize(
  o: SizesOptions,
  size: number,
  storageDir: string,
): Promise<{ rows: Row[]; growMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), `podo-bench-${size}-`));
  const kept = keptDatabase(size);
  const reuse = kept !== undefined && existsSync(kept);
  if (reuse) copyFileSync(kept, join(dir, 'shop.db'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServer({
    entry: o.entry,
    nodeEnv: o.nodeEnv,
    dir,
    port,
    storageDir,
    readyPath: TRIVIAL.path as string,
    // the growth table measures what a page costs to make at each size, not the page cache's
    // memory (decision 043): the pages are rendered for every request here
    env: { PAGE_CACHE_MB: '0' },
  });
  const database = createClient({ url: `file:${join(dir, 'shop.db')}` });
  try {
    // the first request migrates and seeds: then the catalogue is grown beside the running server
    await fetch(`${baseUrl}/shop-api/products/search?pageSize=1`, {
      headers: SHOP_API_HEADERS,
      signal: AbortSignal.timeout(180_000),
    });
    const growMs = reuse ? 0 : await growCatalogue(database, size);
    if (kept !== undefined && !reuse) {
      // a consistent copy while the server runs
      mkdirSync(join(kept, '..'), { recursive: true });
      rmSync(kept, { force: true });
      await database.execute({ sql: 'VACUUM INTO ?', args: [kept] });
    }
    console.log(
      `\n${size.toLocaleString('en')} products (${reuse ? `from ${kept}` : `grown in ${(growMs / 1000).toFixed(1)} s`})`,
    );
    const ctx: BenchContext = {
      baseUrl,
      async getJson<T>(path: string, headers: Record<string, string> = {}) {
        const res = await fetch(baseUrl + path, { headers, signal: AbortSignal.timeout(180_000) });
        return res.ok ? ((await res.json()) as T) : undefined;
      },
      call: () => Promise.reject(new Error('not in catalogue mode')),
      sql: (sql, args = []) => database.execute({ sql, args }),
      once: (_key, make) => make(),
    };
    const rows: Row[] = [];
    for (const bench of [TRIVIAL, ...chosenBenches()]) {
      const path = typeof bench.path === 'function' ? await bench.path(ctx) : bench.path;
      if (path === undefined || typeof path !== 'string') {
        rows.push({ name: bench.name, skipped: path?.skip ?? 'no path' });
        continue;
      }
      process.stdout.write(`  ${bench.name}… `);
      const m = await measureHttp(
        baseUrl,
        { path, headers: bench.headers },
        {
          connections: o.connections,
          durationS: o.durationS,
          warmup: o.warmup,
          serverPid: server.child.pid,
          quietPath: TRIVIAL.path as string,
        },
      );
      const trivial = rows[0]?.rps;
      rows.push({ name: bench.name, path, ...m, ratio: trivial ? m.rps / trivial : 1 });
      console.log(
        m.requests === 0
          ? `no answer during the ${o.durationS} s run (${m.errors} timeouts or errors)`
          : `p95 ${f1(m.p95)} ms, ${f1(m.cpuMsPerRequest)} ms CPU`,
      );
    }
    return { rows, growMs };
  } finally {
    database.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runSizes(o: SizesOptions): Promise<void> {
  const sizes = [...new Set(o.sizes)].sort((a, b) => a - b);
  console.log(
    `podo catalogue bench: ${sizes.map((s) => s.toLocaleString('en')).join(', ')} products, ` +
      `${o.connections} connections, ${o.durationS} s per route, NODE_ENV=${o.nodeEnv}, ` +
      `${availableParallelism()} cores, server and load generator on this machine`,
  );
  const storageDir = mkdtempSync(join(tmpdir(), 'podo-bench-files-'));
  const results: { size: number; growMs: number; rows: Row[] }[] = [];
  try {
    for (const size of sizes) results.push({ size, ...(await measureSize(o, size, storageDir)) });
  } finally {
    rmSync(storageDir, { recursive: true, force: true });
  }

  // a route that answered nothing during its run took longer than the run
  const slow = `>${o.durationS * 1000}`;
  for (const { size, rows } of results) {
    console.log(`\n${size.toLocaleString('en')} products`);
    console.log(
      table(
        ['route', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'CPU ms/req', 'vs trivial', 'errors'],
        rows.map((r) =>
          r.skipped
            ? [r.name, `skipped: ${r.skipped}`, '', '', '', '', '', '']
            : r.requests === 0
              ? [r.name, '0', slow, slow, slow, '', '0', String((r.non2xx ?? 0) + (r.errors ?? 0))]
              : [
                  r.name,
                  f1(r.rps),
                  f1(r.p50),
                  f1(r.p95),
                  f1(r.p99),
                  f1(r.cpuMsPerRequest),
                  r.ratio === undefined ? '' : r.ratio.toFixed(3),
                  String((r.non2xx ?? 0) + (r.errors ?? 0)),
                ],
        ),
      ),
    );
  }
  const first = results[0];
  const last = results[results.length - 1];
  if (first && last && results.length > 1) {
    console.log('\np95 ms by catalogue size, and its growth from the smallest to the largest');
    console.log(
      table(
        ['route', ...results.map((r) => r.size.toLocaleString('en')), 'growth'],
        first.rows.map((r, i) => {
          const p95s = results.map((s) => {
            const row = s.rows[i];
            return row?.requests === 0 ? Infinity : row?.p95;
          });
          const a = p95s[0];
          const b = p95s[p95s.length - 1];
          const show = (n: number | undefined) => (n === Infinity ? slow : f1(n));
          return [
            r.name,
            ...p95s.map(show),
            a && b ? (b === Infinity ? 'timeouts' : `×${(b / a).toFixed(1)}`) : '',
          ];
        }),
      ),
    );
  }
  mkdirSync(join(o.resultsFile, '..'), { recursive: true });
  writeFileSync(
    o.resultsFile,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        commit: o.commit,
        node: process.version,
        cores: availableParallelism(),
        nodeEnv: o.nodeEnv,
        connections: o.connections,
        durationSeconds: o.durationS,
        sizes: results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwritten: ${o.resultsFile}`);
}
