#!/usr/bin/env node
/**
 * `npm start`: one command from a fresh clone to a running shop. Checks Node (npm puts the project's
 * own Node 22, the `node` dependency, first on PATH, so this check only fails when the script is run
 * by hand with an old Node), builds when the build is missing or older than the sources, then serves
 * the built server in production mode (`NODE_ENV=production`, `SHOP_MODE=demo` unless set) and warms
 * it: the warm-up request has the server migrate and (demo mode, no products yet) seed the demo rows.
 *
 * `--build-only` stops after the build (`npm run test:e2e` uses it). Written in plain JavaScript on
 * purpose: it must run, and explain itself, on an old Node too. `tests/bench` imports `ensureBuilt`.
 */
import { spawnSync } from 'node:child_process';
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

  ensureBuilt();
  if (process.argv.includes('--build-only')) return; // `npm run test:e2e` and the bench
  // The server migrates and, in demo mode, seeds the demo rows when the database is first opened
  // (the warm-up request below does it, so the first visitor never waits); the demo image files
  // follow in the background (decision 038). No separate `scripts/db.ts` run: starting tsx costs
  // seconds of a cold start.
  await import(pathToFileURL(SERVER_ENTRY).href); // the standalone entry listens on import

  const status = await waitUntilServing(
    `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}/`,
    120_000,
  );
  if (status >= 500) log(`첫 요청이 ${status}로 끝났습니다. 서버 로그를 확인해 주세요.`);
  const mode = process.env.SHOP_MODE === 'live' ? '운영' : '데모';
  log(`포도 쇼핑몰이 열렸습니다 (${mode}): ${process.env.PUBLIC_BASE_URL}  (끝내려면 Ctrl+C)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err) => fail(err instanceof Error ? (err.stack ?? err.message) : String(err)));
}
