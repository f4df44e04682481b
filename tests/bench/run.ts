/**
 * `npm run bench`: builds when needed, starts the built server on a fresh seeded database, and
 * measures each bench of `routes.ts`: HTTP routes with autocannon at a fixed concurrency (next to
 * the trivial endpoint on the same server), flows (a sequence of calls, e.g. a whole order) with a
 * few concurrent workers, and one-off figures (the editor's JavaScript size, the 300 DPI render
 * time). Prints one table; writes `tests/bench/results/latest.json`.
 *
 * Settings (environment): BENCH_CONNECTIONS (16), BENCH_DURATION seconds per route (10),
 * BENCH_WARMUP requests per route before measuring (200), BENCH_NODE_ENV for the server
 * (production: React's production build, as a deployment runs it), BENCH_DIST: measure the build in
 * this directory instead of `dist/` (as built by `astro build --outDir <dir>`; it is not rebuilt),
 * BENCH_SERVER_FLAGS: V8 flags for the servers (space-separated; none by default, as `npm start`).
 *
 * `npm run bench -- --products 1000,10000,100000` measures the catalogue at each size instead
 * (`sizes.ts`: a fresh database grown to that many products, 10 connections, 5 s per route); with
 * `--nodes 1,2` on one and then two app processes behind nginx (decision 070).
 *
 * `npm run bench -- --nodes 2` measures the same benches on two app processes behind nginx on one
 * database (`nodes.ts`); `--nodes 1,2` measures one process and then two in the same run and prints
 * them side by side. BENCH_ONLY=<words> keeps only the benches whose name contains one of these
 * comma-separated words (and the trivial route). A page's row says whether it came from the page
 * cache (`X-Page-Cache`, decision 043); `BENCH_ONLY='under orders'` measures the cache's hit rate
 * while orders run (`cache-under-orders.ts`, decision 053). Server CPU ms per request (per order for flows) is read from /proc.
 * `npm run bench -- --vendure` measures Podo side by side with Vendure 3.7.3 (`vendure.ts`).
 * `npm run bench -- --lighthouse [--runs 3] [--only home,editor]` runs Lighthouse (mobile) on the
 * storefront's pages and the editor instead (`lighthouse.ts`), on the built server as it is: it
 * does not build.
 */
import { createClient, type InValue } from '@libsql/client';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureBuilt, ROOT, SERVER_ENTRY } from '../../scripts/start.mjs';
import {
  BENCHES,
  TRIVIAL,
  type BenchContext,
  type FlowBench,
  type HttpBench,
  type PreparedRequest,
} from './routes.ts';
import { cpuMsOf, nodeCounts, startCluster, type Cluster } from './nodes.ts';
import { orderSteps, pooledOrders } from './orders.ts';
import { pageCacheUnderOrders } from './cache-under-orders.ts';
import { freePort, keepAlive, measureHttp, plainRequest, startServer } from './server.ts';
import { lighthouseOptions, printLighthouse, runLighthouse, writeLighthouse } from './lighthouse.ts';
import { runSizes } from './sizes.ts';
import { runVendure } from './vendure.ts';

const CONNECTIONS = intSetting('BENCH_CONNECTIONS', 16);
const DURATION_S = intSetting('BENCH_DURATION', 10);
const WARMUP_REQUESTS = intSetting('BENCH_WARMUP', 200);
const NODE_ENV = process.env.BENCH_NODE_ENV ?? 'production';
const RESULTS = join(ROOT, 'tests', 'bench', 'results', 'latest.json');
const BENCH_DIST = process.env.BENCH_DIST;
const ENTRY = BENCH_DIST ? join(resolve(BENCH_DIST), 'server', 'entry.mjs') : SERVER_ENTRY;

interface Measured {
  name: string;
  kind: 'http' | 'flow' | 'figure';
  /** The request path (http), or nothing. */
  path?: string;
  value: number;
  /** req/s, orders/s, KB, ms … */
  unit: string;
  /** Kept for readers of older results: the same as `value` for http rows. */
  rps?: number;
  p50Ms?: number;
  p99Ms?: number;
  /** Requests per second relative to the trivial endpoint (http rows). */
  ratio?: number;
  non2xx?: number;
  errors?: number;
  /** The app processes' CPU time per request (per iteration for flows), all processes together. */
  cpuMs?: number;
  detail?: string;
}

function intSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer (got ${raw})`);
  return n;
}

async function prepare(bench: HttpBench, ctx: BenchContext): Promise<PreparedRequest | { skip: string }> {
  if (bench.request) return bench.request(ctx);
  const path = typeof bench.path === 'function' ? await bench.path(ctx) : bench.path;
  if (path === undefined) return { skip: 'no path' };
  return typeof path === 'string' ? { path, headers: bench.headers } : path;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A flow run by `workers` loops for the duration (after a few warm-up iterations). */
async function measureFlow(bench: FlowBench, iteration: () => Promise<void>, pids: readonly number[]) {
  const workers = bench.workers ?? 4;
  for (let i = 0; i < workers; i++) await iteration();
  const times: number[] = [];
  const cpuBefore = cpuMsOf(pids);
  let errors = 0;
  let firstError: unknown;
  const start = performance.now();
  const end = start + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await iteration();
          times.push(performance.now() - t0);
        } catch (err) {
          errors++;
          firstError ??= err;
        }
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const cpuAfter = cpuMsOf(pids);
  times.sort((a, b) => a - b);
  if (firstError)
    console.log(`  first failure: ${firstError instanceof Error ? firstError.message : String(firstError)}`);
  return {
    rate: times.length / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    errors,
    workers,
    cpuMs:
      cpuBefore !== undefined && cpuAfter !== undefined && times.length > 0
        ? (cpuAfter - cpuBefore) / times.length
        : undefined,
  };
}

/** Columns in a terminal: Hangul and other wide characters take two. */
function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text)
    width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/u.test(ch) ? 2 : 1;
  return width;
}

function pad(text: string, width: number, left: boolean): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return left ? text + fill : fill + text;
}

function fmt(value: number, unit: string): string {
  const digits = unit === 'KB' || value < 10 ? 1 : 0;
  return `${value.toFixed(digits)} ${unit}`;
}

function printTable(rows: Measured[], skipped: { name: string; reason: string }[]) {
  const head = ['bench', 'value', 'p50 ms', 'p99 ms', 'CPU ms', 'vs trivial', 'errors', 'detail'];
  const body = rows.map((r) => [
    r.name,
    fmt(r.value, r.unit),
    r.p50Ms === undefined ? '' : r.p50Ms.toFixed(1),
    r.p99Ms === undefined ? '' : r.p99Ms.toFixed(1),
    r.cpuMs === undefined ? '' : r.cpuMs.toFixed(2),
    r.ratio === undefined ? '' : r.ratio.toFixed(2),
    r.kind === 'figure'
      ? ''
      : (r.non2xx ?? 0) + (r.errors ?? 0) > 0
        ? `${(r.non2xx ?? 0) + (r.errors ?? 0)} ⚠`
        : '0',
    r.detail ?? '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => displayWidth(row[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => pad(c, widths[i] ?? 0, i === 0 || i === cells.length - 1))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of body) console.log(line(row));
  for (const s of skipped) console.log(`skipped: ${s.name} (${s.reason})`);
  if (rows.some((r) => (r.non2xx ?? 0) + (r.errors ?? 0) > 0)) {
    console.log('⚠ some responses were not 2xx: those figures measure an error page, not the route.');
  }
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** `--products 1000 --products 100000` or `--products 1000,10000,100000`: catalogue sizes to measure. */
function productSizes(argv: readonly string[]): number[] {
  const sizes: number[] = [];
  argv.forEach((arg, i) => {
    const value = arg.startsWith('--products=')
      ? arg.slice('--products='.length)
      : arg === '--products'
        ? argv[i + 1]
        : undefined;
    for (const part of (value ?? '').split(',').filter(Boolean)) {
      const n = Number(part);
      if (!Number.isInteger(n) || n < 1 || n > 1_000_000)
        throw new Error(`--products: a number of products from 1 to 1,000,000 (got ${part})`);
      sizes.push(n);
    }
  });
  return sizes;
}

/** Every bench of `routes.ts` (and the pooled orders) against one running server or cluster. */
async function measureAll(
  cluster: Cluster,
): Promise<{ rows: Measured[]; skipped: { name: string; reason: string }[] }> {
  const { baseUrl } = cluster;
  const database = createClient({ url: `file:${cluster.dbFile}` });
  const shared = new Map<string, Promise<unknown>>();
  const ctx: BenchContext = {
    baseUrl,
    async getJson<T>(path: string, headers: Record<string, string> = {}) {
      const res = await fetch(baseUrl + path, { headers, signal: AbortSignal.timeout(180_000) });
      return res.ok ? ((await res.json()) as T) : undefined;
    },
    async call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      const { status, text } = await plainRequest(baseUrl + path, method, headers, body);
      if (status < 200 || status >= 300)
        throw new Error(`${method} ${path}: ${status} ${text.slice(0, 300)}`);
      return (text ? JSON.parse(text) : null) as T;
    },
    sql: (sql: string, args: InValue[] = []) => database.execute({ sql, args }),
    once<T>(key: string, make: () => Promise<T>) {
      if (!shared.has(key)) shared.set(key, make());
      return shared.get(key) as Promise<T>;
    },
    appPids: cluster.appPids,
  };
  // The first request that touches the database migrates and seeds it: never inside a measurement.
  await ctx.getJson('/shop-api/products/search?pageSize=1');
  await fetch(baseUrl + '/', { signal: AbortSignal.timeout(180_000) }).then((r) => r.arrayBuffer());

  const only = (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  const benches = [...BENCHES, pooledOrders, orderSteps, pageCacheUnderOrders].filter(
    (b) => only.length === 0 || only.some((w) => b.name.includes(w)),
  );
  const pids = cluster.appPids;
  const rows: Measured[] = [];
  const skipped: { name: string; reason: string }[] = [];
  const trivialRps = () => rows[0]?.value ?? 0;
  for (const bench of [TRIVIAL, ...benches]) {
    try {
      if (bench.kind === 'flow') {
        const iteration = await bench.setup(ctx);
        if (typeof iteration !== 'function') {
          skipped.push({ name: bench.name, reason: iteration.skip });
          continue;
        }
        process.stdout.write(`measuring ${bench.name} (${bench.workers ?? 4} workers)… `);
        const r = await measureFlow(bench, iteration, pids);
        rows.push({
          name: bench.name,
          kind: 'flow',
          value: r.rate,
          unit: bench.unit,
          p50Ms: r.p50,
          p99Ms: r.p99,
          errors: r.errors,
          ...(r.cpuMs === undefined ? {} : { cpuMs: r.cpuMs }),
          detail: `${r.workers} workers in sequence loops`,
        });
        console.log(fmt(r.rate, bench.unit));
        continue;
      }
      if (bench.kind === 'figure') {
        process.stdout.write(`measuring ${bench.name}… `);
        const figures = await bench.measure(ctx);
        if (!Array.isArray(figures)) {
          console.log('skipped');
          skipped.push({ name: bench.name, reason: figures.skip });
          continue;
        }
        for (const f of figures) rows.push({ kind: 'figure', ...f });
        console.log(figures.map((f) => fmt(f.value, f.unit)).join(', '));
        continue;
      }
      const req = await prepare(bench, ctx);
      if (!('path' in req)) {
        skipped.push({ name: bench.name, reason: req.skip });
        continue;
      }
      process.stdout.write(`measuring ${bench.name} (${req.method ?? 'GET'} ${req.path})… `);
      const cpuBefore = cpuMsOf(pids);
      const r = await measureHttp(baseUrl, req, {
        connections: CONNECTIONS,
        durationS: DURATION_S,
        warmup: WARMUP_REQUESTS,
      });
      const cpuAfter = cpuMsOf(pids);
      const rps = r.rps;
      // one more request as measured: did it come from the page cache?
      const cache =
        (req.method ?? 'GET') === 'GET'
          ? await fetch(baseUrl + req.path, {
              // fetch would ask for gzip itself: the same variant as measured, or none
              headers: { 'Accept-Encoding': 'identity', ...req.headers },
            }).then(async (res) => {
              await res.arrayBuffer();
              return res.headers.get('X-Page-Cache');
            })
          : null;
      rows.push({
        name: bench.name,
        kind: 'http',
        path: req.path,
        value: rps,
        unit: 'req/s',
        rps,
        p50Ms: r.p50,
        p99Ms: r.p99,
        ratio: rows.length === 0 ? 1 : rps / trivialRps(),
        non2xx: r.non2xx,
        errors: r.errors,
        // the warm-up is inside this window too: an estimate, close when the run is long
        ...(cpuBefore !== undefined && cpuAfter !== undefined && r.requests > 0
          ? { cpuMs: (cpuAfter - cpuBefore) / (r.requests + WARMUP_REQUESTS) }
          : {}),
        ...(cache ? { detail: `page cache: ${cache}` } : {}),
      });
      console.log(`${rps.toFixed(0)} req/s`);
    } catch (err) {
      console.log('failed');
      skipped.push({
        name: bench.name,
        reason: `failed: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
  }
  database.close();
  return { rows, skipped };
}

/** `--nodes 1,2`: each bench's figure per number of processes, and the last against the first. */
function printScaleOut(runs: { count: number; rows: Measured[] }[]) {
  const first = runs[0];
  const last = runs[runs.length - 1];
  if (!first || !last || runs.length < 2) return;
  const head = [
    'bench',
    ...runs.map((r) => `${r.count} node${r.count > 1 ? 's' : ''}`),
    `×${last.count}/${first.count}`,
  ];
  const body = first.rows
    .filter((row) => row.kind !== 'figure')
    .map((row) => {
      const values = runs.map((r) => r.rows.find((x) => x.name === row.name));
      const a = values[0]?.value;
      const b = values[values.length - 1]?.value;
      return [
        row.name,
        ...values.map((v) =>
          v ? `${fmt(v.value, v.unit)}${v.cpuMs === undefined ? '' : ` (${v.cpuMs.toFixed(2)} CPU ms)`}` : '',
        ),
        a && b ? (b / a).toFixed(2) : '',
      ];
    });
  const widths = head.map((h, i) =>
    Math.max(displayWidth(h), ...body.map((row) => displayWidth(row[i] ?? ''))),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => pad(c, widths[i] ?? 0, i === 0))
      .join('  ')
      .trimEnd();
  console.log(
    `\nscale-out (same run, same machine)\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`,
  );
  for (const row of body) console.log(line(row));
}

/** `--lighthouse`: the built server on a fresh demo database, audited page by page; nothing is built. */
async function mainLighthouse(argv: readonly string[]) {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: build first (npm run build)`);
  const dir = mkdtempSync(join(tmpdir(), 'podo-lighthouse-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { stop } = await startServer({
    entry: ENTRY,
    nodeEnv: NODE_ENV,
    dir,
    port,
    readyPath: TRIVIAL.path as string,
  });
  try {
    // the first request migrates and seeds: never inside an audit
    await fetch(baseUrl + '/', { signal: AbortSignal.timeout(180_000) }).then((r) => r.arrayBuffer());
    const rows = await runLighthouse(baseUrl, lighthouseOptions(argv));
    printLighthouse(rows);
    writeLighthouse(rows, { commit: gitCommit(), cores: availableParallelism(), nodeEnv: NODE_ENV });
  } finally {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (process.argv.includes('--lighthouse')) return mainLighthouse(process.argv.slice(2));
  if (BENCH_DIST) {
    if (!existsSync(ENTRY)) throw new Error(`BENCH_DIST: ${ENTRY} is missing`);
  } else ensureBuilt();
  if (process.argv.includes('--vendure')) {
    await runVendure({
      entry: ENTRY,
      nodeEnv: NODE_ENV,
      durationS: DURATION_S,
      warmup: WARMUP_REQUESTS,
      resultsFile: join(ROOT, 'tests', 'bench', 'results', 'vendure.json'),
      commit: gitCommit(),
    });
    return;
  }
  const sizes = productSizes(process.argv.slice(2));
  if (sizes.length > 0) {
    await runSizes({
      entry: ENTRY,
      nodeEnv: NODE_ENV,
      sizes,
      connections: intSetting('BENCH_CONNECTIONS', 10),
      durationS: intSetting('BENCH_DURATION', 5),
      warmup: WARMUP_REQUESTS,
      resultsFile: join(ROOT, 'tests', 'bench', 'results', 'catalogue.json'),
      commit: gitCommit(),
      nodes: nodeCounts(process.argv.slice(2)),
    });
    return;
  }
  const counts = nodeCounts(process.argv.slice(2));
  const runs: { count: number; rows: Measured[]; skipped: { name: string; reason: string }[] }[] = [];
  for (const count of counts.length > 0 ? counts : [1]) {
    const dir = mkdtempSync(join(tmpdir(), 'podo-bench-'));
    const cluster = await startCluster({
      entry: ENTRY,
      nodeEnv: NODE_ENV,
      dir,
      count,
      readyPath: TRIVIAL.path as string,
    });
    try {
      console.log(
        `podo bench: ${count === 1 ? 'one app process' : `${count} app processes behind nginx, one database`}, ` +
          `${CONNECTIONS} connections, ${DURATION_S} s per route, NODE_ENV=${NODE_ENV}, ` +
          `${availableParallelism()} cores, server and load generator on this machine`,
      );
      const balancerBefore = cpuMsOf(cluster.balancerPids());
      const { rows, skipped } = await measureAll(cluster);
      const balancerAfter = cpuMsOf(cluster.balancerPids());
      printTable(rows, skipped);
      if (count > 1 && balancerBefore !== undefined && balancerAfter !== undefined)
        console.log(
          `nginx CPU over the whole run: ${((balancerAfter - balancerBefore) / 1000).toFixed(1)} s`,
        );
      if (rows.some((r) => (r.errors ?? 0) > 0)) console.log(`\nlast server output:\n${cluster.logTail()}`);
      runs.push({ count, rows, skipped });
    } finally {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  keepAlive.destroy();
  printScaleOut(runs);

  const results = counts.length > 0 ? join(ROOT, 'tests', 'bench', 'results', 'nodes.json') : RESULTS;
  mkdirSync(join(results, '..'), { recursive: true });
  const common = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    cores: availableParallelism(),
    nodeEnv: NODE_ENV,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    warmupRequests: WARMUP_REQUESTS,
    trivial: TRIVIAL.path,
  };
  const report =
    counts.length > 0
      ? { ...common, runs: runs.map((r) => ({ nodes: r.count, results: r.rows, skipped: r.skipped })) }
      : { ...common, results: runs[0]?.rows ?? [], skipped: runs[0]?.skipped ?? [] };
  writeFileSync(results, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwritten: ${results}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
