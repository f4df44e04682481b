#!/usr/bin/env node
/**
 * `npm start`: one command from a fresh clone to a running shop. Checks Node (npm puts the project's
 * own Node 22, the `node` dependency, first on PATH, so this check only fails when the script is run
 * by hand with an old Node), builds when the build is missing or older than the sources, then serves
 * the built server in production mode (`NODE_ENV=production`, `SHOP_MODE=demo` unless set) and warms
 * it: the warm-up request has the server migrate and (demo mode, no products yet) seed the demo rows.
 *
 * One app process per core (decision 070): the built server runs in `node:cluster` workers, the
 * primary handing connections to them in turn. The first worker starts alone and serves the warm-up
 * request (it migrates and seeds) before the others are forked; a worker that dies is replaced after
 * a back-off; SIGTERM or Ctrl+C stops every worker, each finishing the requests it has. How many:
 * `WEB_CONCURRENCY` when set, else the cores (`os.availableParallelism()`) up to MAX_WORKERS;
 * `WEB_CONCURRENCY=1` serves in this process, with no cluster.
 *
 * `--build-only` stops after the build (`npm run test:e2e` uses it). Written in plain JavaScript on
 * purpose: it must run, and explain itself, on an old Node too. `tests/bench` imports `ensureBuilt`.
 */
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = join(ROOT, 'dist', 'server', 'entry.mjs');

const MIN_NODE = [22, 12];
/** What the build is made from: a change to any of these makes `dist/` stale. */
const BUILD_INPUTS = [
  'src',
  'public',
  'astro.config.mjs',
  'scripts/precompress.mjs', // the build step writing the .br/.gz copies (decision 035)
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

const require = createRequire(import.meta.url);

function log(message) {
  console.log(`[podo] ${message}`);
}

function fail(message) {
  console.error(`[podo] ${message}`);
  process.exit(1);
}

export function checkNode() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1])) return;
  fail(
    `Node.js ${MIN_NODE.join('.')} 이상이 필요합니다 (지금: v${process.versions.node}).\n` +
      `  npm install 뒤 npm start / npm test로 실행하면 프로젝트의 Node 22(node_modules/.bin/node)가 쓰입니다.\n` +
      `  Node.js ${MIN_NODE.join('.')}+ is required (found v${process.versions.node}). Run it through npm\n` +
      `  (npm start, npm test): npm puts the project's own Node 22 (the \`node\` dependency) first on PATH.`,
  );
}

function newestMtime(path) {
  let info;
  try {
    info = statSync(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs; // a deleted file only shows in its folder's mtime
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** Why a build is needed, or `undefined` when `dist/` is up to date. */
export function buildReason() {
  if (!existsSync(SERVER_ENTRY)) return 'dist/가 없습니다';
  const built = statSync(SERVER_ENTRY).mtimeMs;
  const changed = BUILD_INPUTS.filter((p) => newestMtime(join(ROOT, p)) > built);
  return changed.length > 0 ? `바뀐 소스: ${changed.join(', ')}` : undefined;
}

/** Runs `astro build` with this same Node when `dist/` is missing or stale. */
export function ensureBuilt() {
  const reason = buildReason();
  if (!reason) return false;
  log(`빌드합니다 (${reason})…`);
  const astro = join(dirname(require.resolve('astro/package.json')), 'bin', 'astro.mjs');
  const r = spawnSync(process.execPath, [astro, 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) fail('빌드에 실패했습니다 (astro build). 위의 오류를 확인해 주세요.');
  return true;
}

/**
 * Workers without WEB_CONCURRENCY: one per core, at most this many (decision 070). Every worker is
 * a whole server (100–200 MB of memory) and all of them write to one SQLite file, one writer at a
 * time; past four, a bigger machine is better served by a number chosen for it.
 */
export const MAX_WORKERS = 4;
/** How long a stopping worker may take to finish its requests before it is killed. */
export const DRAIN_MS = 10_000;
/** A worker that lived this long before it died is restarted at once; sooner, after a back-off. */
const STEADY_MS = 30_000;
const MAX_BACKOFF_MS = 30_000;

/**
 * How many app processes to run: WEB_CONCURRENCY (1–64) when set, else the cores up to MAX_WORKERS.
 * Returns a Korean message instead when WEB_CONCURRENCY is not such a number.
 */
export function workerCount(env = process.env, cores = availableParallelism()) {
  const set = (env.WEB_CONCURRENCY ?? '').trim();
  if (set === '') return Math.max(1, Math.min(cores, MAX_WORKERS));
  const n = Number(set);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    return `WEB_CONCURRENCY는 1부터 64까지의 정수여야 합니다 (지금: ${env.WEB_CONCURRENCY}).`;
  return n;
}

async function waitUntilServing(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      return res.status;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function main() {
  checkNode();
  process.chdir(ROOT);
  if (existsSync('.env')) process.loadEnvFile('.env'); // never overrides variables already set
  // `npm start` serves the production build of everything (React's production server build too);
  // development is `npm run dev`. Demo or live is SHOP_MODE, not NODE_ENV (decision 013).
  process.env.NODE_ENV = 'production';
  process.env.SHOP_MODE ??= 'demo';
  // HOST is where the server listens: localhost unless told otherwise (HOST=0.0.0.0 for a LAN).
  process.env.HOST ??= 'localhost';
  process.env.PORT ??= '4321';
  const { HOST: host, PORT: port } = process.env;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  process.env.PUBLIC_BASE_URL ??= `http://${shown}:${port}`;

  const workers = workerCount();
  if (typeof workers === 'string') fail(workers);

  ensureBuilt();
  if (process.argv.includes('--build-only')) return; // `npm run test:e2e` and the bench
  await serve({
    entry: SERVER_ENTRY,
    workers,
    url: `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}/`,
    opened: () => {
      const mode = process.env.SHOP_MODE === 'live' ? '운영' : '데모';
      return `포도 쇼핑몰이 열렸습니다 (${mode}): ${process.env.PUBLIC_BASE_URL}`;
    },
  });
}

/**
 * Serves `entry` (the built server, which listens on HOST and PORT as it is imported) and resolves
 * once it answers `url`. With one worker, in this process, as before decision 070. With more, as a
 * `node:cluster` primary: the first worker alone until it has answered the warm-up request (the
 * server migrates and, in demo mode, seeds on its first request, decision 038: never two first
 * starts at once), then the others; the primary itself serves nothing. Exported for
 * tests/unit/start-cluster.test.ts, which runs it on a small server of its own.
 */
export async function serve({ entry, workers, url, opened, env = process.env }) {
  if (workers <= 1) {
    // the server migrates and, in demo mode, seeds the demo rows when the database is first opened
    // (the warm-up request below does it, so the first visitor never waits); the demo image files
    // follow in the background (decision 038). No separate `scripts/db.ts` run: starting tsx costs
    // seconds of a cold start.
    await import(pathToFileURL(entry).href); // the standalone entry listens on import
    const status = await waitUntilServing(url, 120_000);
    if (status >= 500) log(`첫 요청이 ${status}로 끝났습니다. 서버 로그를 확인해 주세요.`);
    log(`${opened()}  (끝내려면 Ctrl+C)`);
    return;
  }

  cluster.setupPrimary({ exec: entry, args: [] });
  /** One place per worker: its worker, when it started, how many quick deaths in a row. */
  const slots = Array.from({ length: workers }, (_, index) => ({
    index,
    worker: undefined,
    startedAt: 0,
    quickDeaths: 0,
    timer: undefined,
  }));
  let stopping = false;
  let ready = false;

  const fork = (slot) => {
    // the demo image files are written in the background by the first worker only; the others
    // render an image only when a page asks for one not written yet (decision 070)
    const extra = slot.index > 0 && env.PODO_DEMO_IMAGES === undefined ? { PODO_DEMO_IMAGES: 'on-miss' } : {};
    const worker = cluster.fork(extra);
    slot.worker = worker;
    slot.startedAt = Date.now();
    worker.once('exit', (code, signal) => {
      slot.worker = undefined;
      if (stopping) return;
      const how = signal ? `신호 ${signal}` : `코드 ${code}`;
      if (!ready) {
        fail(
          `작업 프로세스(pid ${worker.process.pid})가 첫 요청에 답하기 전에 끝났습니다 (${how}). 위의 오류를 확인해 주세요.`,
        );
      }
      const lived = Date.now() - slot.startedAt;
      slot.quickDeaths = lived >= STEADY_MS ? 0 : slot.quickDeaths + 1;
      // 0 s after a long life; 1, 2, 4 … up to 30 s when it keeps dying soon after its start
      const delay = slot.quickDeaths === 0 ? 0 : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (slot.quickDeaths - 1));
      log(
        `작업 프로세스(pid ${worker.process.pid})가 끝났습니다 (${how}). ` +
          (delay === 0 ? '새로 띄웁니다.' : `${delay / 1000}초 뒤에 새로 띄웁니다.`),
      );
      slot.timer = setTimeout(() => {
        slot.timer = undefined;
        if (stopping) return;
        const next = fork(slot);
        next.once('listening', () => log(`새 작업 프로세스(pid ${next.process.pid})가 요청을 받습니다.`));
      }, delay);
    });
    return worker;
  };

  const listening = (worker) =>
    new Promise((resolve) => {
      worker.once('listening', resolve);
      worker.once('exit', resolve); // reported by its exit handler
    });

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: 작업 프로세스를 멈춥니다 (처리 중인 요청은 마칩니다)…`);
    const live = [];
    for (const slot of slots) {
      clearTimeout(slot.timer);
      if (slot.worker && slot.worker.isConnected()) live.push(slot.worker);
    }
    const gone = live.map((w) => (w.isDead() ? Promise.resolve() : new Promise((r) => w.once('exit', r))));
    // disconnect: the worker's server stops accepting, its open requests end, then it exits
    for (const w of live) w.disconnect();
    const killer = setTimeout(() => {
      for (const w of live) if (!w.isDead()) w.process.kill('SIGKILL');
    }, DRAIN_MS);
    killer.unref();
    void Promise.all(gone).then(() => {
      log('멈췄습니다.');
      process.exit(0);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  // the first worker alone: it opens (migrates, seeds) the database on the warm-up request
  await listening(fork(slots[0]));
  const status = await waitUntilServing(url, 120_000);
  if (status >= 500) log(`첫 요청이 ${status}로 끝났습니다. 서버 로그를 확인해 주세요.`);
  ready = true;
  // the shop is open now (the cold start is the first worker's); the others join it
  log(`${opened()}  (끝내려면 Ctrl+C)`);
  await Promise.all(slots.slice(1).map((slot) => listening(fork(slot))));
  if (stopping) return; // stopped while the others started: stop() reports it
  const pids = slots.map((slot) => slot.worker?.process.pid).filter(Boolean);
  log(`작업 프로세스 ${pids.length}개가 요청을 나눠 받습니다: pid ${pids.join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err) => fail(err instanceof Error ? (err.stack ?? err.message) : String(err)));
}
