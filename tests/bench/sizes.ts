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
 * `--nodes 1,2` (or `--nodes 2`): each size on one app process (direct) and then on two behind nginx
 * on one database file (`startCluster` of nodes.ts, decisions 045 and 070), each on its own copy of
 * the same grown database; the app processes' CPU is summed, nginx's is shown apart, and the counts
 * are printed side by side.
 */
import { createClient } from '@libsql/client';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { growCatalogue } from './catalogue.ts';
import { CATALOGUE_BENCHES, SHOP_API_HEADERS, TRIVIAL, type BenchContext, type HttpBench } from './routes.ts';
import { startCluster } from './nodes.ts';
import { measureHttp, type HttpMeasure } from './server.ts';

export interface SizesOptions {
  entry: string;
  nodeEnv: string;
  sizes: number[];
  connections: number;
  durationS: number;
  warmup: number;
  resultsFile: string;
  commit: string | undefined;
  /** `--nodes 1,2`: app processes per run, in order (one direct process when empty). */
  nodes: number[];
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

/**
 * One size on `count` app processes (`startCluster`: one direct, two or more behind nginx), on a copy
 * of `source` when there is one, else on a fresh database grown here and then kept at `keepAt` (a
 * consistent copy, `VACUUM INTO`) for the next count or a later run.
 */
async function measureSize(
  o: SizesOptions,
  size: number,
  count: number,
  storageDir: string,
  source: string | undefined,
  keepAt: string | undefined,
): Promise<{ rows: Row[]; growMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), `podo-bench-${size}-`));
  if (source !== undefined) copyFileSync(source, join(dir, 'shop.db'));
  const cluster = await startCluster({
    entry: o.entry,
    nodeEnv: o.nodeEnv,
    dir,
    count,
    storageDir,
    readyPath: TRIVIAL.path as string,
    // the growth table measures what a page costs to make at each size, not the page cache's
    // memory (decision 043): the pages are rendered for every request here
    env: { PAGE_CACHE_MB: '0' },
    firstPath: '/shop-api/products/search?pageSize=1',
    firstHeaders: SHOP_API_HEADERS,
  });
  const { baseUrl } = cluster;
  const database = createClient({ url: `file:${join(dir, 'shop.db')}` });
  try {
    // the first request migrates and seeds: then the catalogue is grown beside the running server
    await fetch(`${baseUrl}/shop-api/products/search?pageSize=1`, {
      headers: SHOP_API_HEADERS,
      signal: AbortSignal.timeout(180_000),
    });
    const growMs = source !== undefined ? 0 : await growCatalogue(database, size);
    if (source === undefined && keepAt !== undefined) {
      // a consistent copy while the server runs
      mkdirSync(join(keepAt, '..'), { recursive: true });
      rmSync(keepAt, { force: true });
      await database.execute({ sql: 'VACUUM INTO ?', args: [keepAt] });
    }
    const processes = count === 1 ? 'one app process' : `${count} app processes behind nginx`;
    console.log(
      `\n${size.toLocaleString('en')} products, ${processes} (${source !== undefined ? `from ${source}` : `grown in ${(growMs / 1000).toFixed(1)} s`})`,
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
          serverPids: cluster.appPids,
          balancerPids: cluster.balancerPids(),
          quietPath: TRIVIAL.path as string,
        },
      );
      const trivial = rows[0]?.rps;
      rows.push({ name: bench.name, path, ...m, ratio: trivial ? m.rps / trivial : 1 });
      console.log(
        m.requests === 0
          ? `no answer during the ${o.durationS} s run (${m.errors} timeouts or errors)`
          : `p95 ${f1(m.p95)} ms, ${f1(m.cpuMsPerRequest)} ms CPU` +
              (m.balancerCpuMsPerRequest === undefined ? '' : ` (+ nginx ${f1(m.balancerCpuMsPerRequest)})`),
      );
    }
    if (rows.some((r) => (r.errors ?? 0) > 0 || (r.non2xx ?? 0) > 0))
      console.log(`\nlast server output:\n${cluster.logTail()}`);
    return { rows, growMs };
  } finally {
    database.close();
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runSizes(o: SizesOptions): Promise<void> {
  const sizes = [...new Set(o.sizes)].sort((a, b) => a - b);
  const counts = o.nodes.length > 0 ? o.nodes : [1];
  console.log(
    `podo catalogue bench: ${sizes.map((s) => s.toLocaleString('en')).join(', ')} products, ` +
      `${counts.join(' then ')} app process${counts.length > 1 || counts[0] !== 1 ? 'es' : ''}, ` +
      `${o.connections} connections, ${o.durationS} s per route, NODE_ENV=${o.nodeEnv}, ` +
      `${availableParallelism()} cores, server and load generator on this machine`,
  );
  const storageDir = mkdtempSync(join(tmpdir(), 'podo-bench-files-'));
  // a grown catalogue not kept (no BENCH_KEEP_DB) is still copied for the next process count
  const scratch = mkdtempSync(join(tmpdir(), 'podo-bench-grown-'));
  const results: { size: number; nodes: number; growMs: number; rows: Row[] }[] = [];
  try {
    for (const size of sizes) {
      const kept = keptDatabase(size);
      let source = kept !== undefined && existsSync(kept) ? kept : undefined;
      for (const [i, count] of counts.entries()) {
        const keepAt =
          source !== undefined
            ? undefined
            : (kept ?? (i < counts.length - 1 ? join(scratch, `catalogue-${size}.db`) : undefined));
        results.push({
          size,
          nodes: count,
          ...(await measureSize(o, size, count, storageDir, source, keepAt)),
        });
        source ??= keepAt;
      }
    }
  } finally {
    rmSync(storageDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }

  // a route that answered nothing during its run took longer than the run
  const slow = `>${o.durationS * 1000}`;
  const processes = (n: number) => (n === 1 ? 'one app process' : `${n} app processes behind nginx`);
  for (const { size, nodes, rows } of results) {
    console.log(`\n${size.toLocaleString('en')} products, ${processes(nodes)}`);
    console.log(
      table(
        [
          'route',
          'req/s',
          'p50 ms',
          'p95 ms',
          'p99 ms',
          'CPU ms/req',
          ...(nodes > 1 ? ['nginx ms/req'] : []),
          'vs trivial',
          'errors',
        ],
        rows.map((r) =>
          r.skipped
            ? [r.name, `skipped: ${r.skipped}`, '', '', '', '', ...(nodes > 1 ? [''] : []), '', '']
            : r.requests === 0
              ? [
                  r.name,
                  '0',
                  slow,
                  slow,
                  slow,
                  '',
                  ...(nodes > 1 ? [''] : []),
                  '0',
                  String((r.non2xx ?? 0) + (r.errors ?? 0)),
                ]
              : [
                  r.name,
                  f1(r.rps),
                  f1(r.p50),
                  f1(r.p95),
                  f1(r.p99),
                  f1(r.cpuMsPerRequest),
                  ...(nodes > 1 ? [f1(r.balancerCpuMsPerRequest)] : []),
                  r.ratio === undefined ? '' : r.ratio.toFixed(3),
                  String((r.non2xx ?? 0) + (r.errors ?? 0)),
                ],
        ),
      ),
    );
  }
  // --nodes 1,2: each size's routes on every process count side by side (p95, then CPU ms per
  // request summed over the app processes, nginx's apart), and the p95 of the last against the first
  if (counts.length > 1)
    for (const size of sizes) {
      const runs = results.filter((r) => r.size === size);
      const first = runs[0];
      if (!first) continue;
      const p95 = (row: Row | undefined) =>
        row === undefined || row.skipped ? undefined : row.requests === 0 ? Infinity : row.p95;
      console.log(
        `\n${size.toLocaleString('en')} products by app processes: p95 ms / app CPU ms per request (+ nginx)`,
      );
      console.log(
        table(
          ['route', ...runs.map((r) => processes(r.nodes).replace(' behind nginx', '')), 'p95 ×'],
          first.rows.map((row) => {
            const cells = runs.map((r) => r.rows.find((x) => x.name === row.name));
            const show = (c: Row | undefined) => {
              const p = p95(c);
              if (p === undefined) return '';
              if (p === Infinity) return slow;
              const nginx = c?.balancerCpuMsPerRequest;
              return `${f1(p)} / ${f1(c?.cpuMsPerRequest)}${nginx === undefined ? '' : ` (+${f1(nginx)})`}`;
            };
            const a = p95(cells[0]);
            const b = p95(cells[cells.length - 1]);
            return [
              row.name,
              ...cells.map(show),
              a && b && a !== Infinity && b !== Infinity ? (b / a).toFixed(2) : '',
            ];
          }),
        ),
      );
    }
  for (const count of counts) {
    const bySize = results.filter((r) => r.nodes === count);
    const first = bySize[0];
    const last = bySize[bySize.length - 1];
    if (!first || !last || bySize.length < 2) continue;
    console.log(
      `\np95 ms by catalogue size (${processes(count)}), and its growth from the smallest to the largest`,
    );
    console.log(
      table(
        ['route', ...bySize.map((r) => r.size.toLocaleString('en')), 'growth'],
        first.rows.map((r, i) => {
          const p95s = bySize.map((s) => {
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
