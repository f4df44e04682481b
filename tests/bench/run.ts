/**
 * `npm run bench`: builds when needed, starts the built server on a fresh seeded database, and
 * measures each route of `routes.ts` with autocannon at a fixed concurrency, next to the trivial
 * endpoint on the same server. Prints a table; writes `tests/bench/results/latest.json`.
 *
 * Settings (environment): BENCH_CONNECTIONS (16), BENCH_DURATION seconds per route (10),
 * BENCH_WARMUP requests per route before measuring (200), BENCH_NODE_ENV for the server
 * (production: React's production build, as a deployment runs it), BENCH_DIST: measure the build in
 * this directory instead of `dist/` (as built by `astro build --outDir <dir>`; it is not rebuilt).
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureBuilt, ROOT, SERVER_ENTRY } from '../../scripts/start.mjs';
import { ROUTES, TRIVIAL, type BenchContext, type BenchRoute } from './routes.ts';

const CONNECTIONS = intSetting('BENCH_CONNECTIONS', 16);
const DURATION_S = intSetting('BENCH_DURATION', 10);
const WARMUP_REQUESTS = intSetting('BENCH_WARMUP', 200);
const NODE_ENV = process.env.BENCH_NODE_ENV ?? 'production';
const RESULTS = join(ROOT, 'tests', 'bench', 'results', 'latest.json');
const BENCH_DIST = process.env.BENCH_DIST;
const ENTRY = BENCH_DIST ? join(resolve(BENCH_DIST), 'server', 'entry.mjs') : SERVER_ENTRY;

interface Measured {
  name: string;
  path: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  ratio: number;
  non2xx: number;
  errors: number;
}

function intSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer (got ${raw})`);
  return n;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The built server on its own database; its output is kept (last lines) to show if it fails. */
async function startServer(
  dir: string,
  port: number,
): Promise<{ child: ChildProcess; logTail: () => string }> {
  const lines: string[] = [];
  const child = spawn(process.execPath, [ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `file:${join(dir, 'shop.db')}`,
      STORAGE_DIR: join(dir, 'uploads'),
      SEED_ON_START: 'true',
      // production refuses to start without it; a fixed value is fine for a throwaway database
      PAYMENT_SIGNING_SECRET: process.env.PAYMENT_SIGNING_SECRET ?? 'bench-only-payment-signing-secret-0123456789',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const logTail = () => lines.join('\n');

  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${logTail()}`))),
  );
  const deadline = Date.now() + 60_000;
  const ready = (async () => {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}${TRIVIAL.path as string}`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not answer in 60 s:\n${logTail()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  await Promise.race([ready, exited]);
  exited.catch(() => undefined); // from now on an exit is reported by the failing requests
  return { child, logTail };
}

async function resolvePath(route: BenchRoute, ctx: BenchContext): Promise<string | { skip: string }> {
  return typeof route.path === 'string' ? route.path : route.path(ctx);
}

async function measure(baseUrl: string, route: BenchRoute, path: string) {
  const url = baseUrl + path;
  const headers = route.headers ?? {};
  await autocannon({ url, headers, connections: CONNECTIONS, amount: WARMUP_REQUESTS });
  return autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
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

function printTable(rows: Measured[], skipped: { name: string; reason: string }[]) {
  const head = ['route', 'req/s', 'p99 ms', 'vs trivial', 'non-2xx'];
  const body = rows.map((r) => [
    r.name,
    r.rps.toFixed(0),
    r.p99Ms.toFixed(1),
    r === rows[0] ? '1.00' : r.ratio.toFixed(2),
    r.non2xx + r.errors > 0 ? `${r.non2xx + r.errors} ⚠` : '0',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => displayWidth(row[i] ?? ''))));
  const line = (cells: string[]) => cells.map((c, i) => pad(c, widths[i] ?? 0, i === 0)).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of body) console.log(line(row));
  for (const s of skipped) console.log(`skipped: ${s.name} (${s.reason})`);
  if (rows.some((r) => r.non2xx + r.errors > 0)) {
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

async function main() {
  if (BENCH_DIST) {
    if (!existsSync(ENTRY)) throw new Error(`BENCH_DIST: ${ENTRY} is missing`);
  } else ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'podo-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { child, logTail } = await startServer(dir, port);
  try {
    const ctx: BenchContext = {
      baseUrl,
      async getJson<T>(path: string) {
        const res = await fetch(baseUrl + path, { signal: AbortSignal.timeout(180_000) });
        return res.ok ? ((await res.json()) as T) : undefined;
      },
    };
    // The first request that touches the database migrates and seeds it: never inside a measurement.
    await ctx.getJson('/shop-api/products/search?pageSize=1');
    await fetch(baseUrl + '/', { signal: AbortSignal.timeout(180_000) }).then((r) => r.arrayBuffer());

    console.log(
      `podo bench: ${CONNECTIONS} connections, ${DURATION_S} s per route, NODE_ENV=${NODE_ENV}, ` +
        `${availableParallelism()} cores, server and load generator on this machine`,
    );
    const rows: Measured[] = [];
    const skipped: { name: string; reason: string }[] = [];
    for (const route of [TRIVIAL, ...ROUTES]) {
      const path = await resolvePath(route, ctx);
      if (typeof path !== 'string') {
        skipped.push({ name: route.name, reason: path.skip });
        continue;
      }
      process.stdout.write(`measuring ${route.name} (${path})… `);
      const r = await measure(baseUrl, route, path);
      const rps = r.requests.average;
      rows.push({
        name: route.name,
        path,
        rps,
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        ratio: rows[0] ? rps / rows[0].rps : 1,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      });
      console.log(`${rps.toFixed(0)} req/s`);
    }
    printTable(rows, skipped);
    if (rows.some((r) => r.errors > 0)) console.log(`\nlast server output:\n${logTail()}`);

    mkdirSync(join(RESULTS, '..'), { recursive: true });
    const report = {
      date: new Date().toISOString(),
      commit: gitCommit(),
      node: process.version,
      cores: availableParallelism(),
      nodeEnv: NODE_ENV,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      warmupRequests: WARMUP_REQUESTS,
      trivial: TRIVIAL.path,
      results: rows,
      skipped,
    };
    writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwritten: ${RESULTS}`);
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
