/**
 * The bench's server: the built entry started on its own database, and the one measurement both
 * modes of `run.ts` share (autocannon with every response's latency kept, and the server's CPU time).
 */
import autocannon, { type Options, type Result } from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from '../../scripts/start.mjs';
import type { PreparedRequest } from './routes.ts';

export function freePort(): Promise<number> {
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

/** One keep-alive agent for the bench's own setup calls. */
export const keepAlive = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * A JSON request the way an API client sends it: node:http, not fetch — fetch adds
 * `Sec-Fetch-Mode`, and the server treats such a request as a browser's (token only as a cookie).
 */
export function plainRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        agent: keepAlive,
        timeout: 60_000,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export interface StartOptions {
  entry: string;
  nodeEnv: string;
  /** The database file's folder. */
  dir: string;
  port: number;
  /** Where files go (default `<dir>/uploads`); sizes share one so the demo images are made once. */
  storageDir?: string;
  /** The path that answers 200 once the server is up. */
  readyPath: string;
  /** More environment for this server (last, so it wins): the balancer's address, trusted proxies. */
  env?: Record<string, string>;
}

/**
 * V8 flags for the bench's servers, from BENCH_SERVER_FLAGS (space-separated; none by default, as
 * `npm start` runs): to compare e.g. a young generation's size on the same build (decision 066).
 */
export function serverNodeFlags(setting = process.env.BENCH_SERVER_FLAGS): string[] {
  return (setting ?? '').split(/\s+/).filter(Boolean);
}

/** The built server on its own database; its output is kept (last lines) to show if it fails. */
export async function startServer(
  o: StartOptions,
): Promise<{ child: ChildProcess; logTail: () => string; stop: () => Promise<void> }> {
  const lines: string[] = [];
  const child = spawn(process.execPath, [...serverNodeFlags(), o.entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: o.nodeEnv,
      HOST: '127.0.0.1',
      PORT: String(o.port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${o.port}`,
      DATABASE_URL: `file:${join(o.dir, 'shop.db')}`,
      STORAGE_DIR: o.storageDir ?? join(o.dir, 'uploads'),
      SEED_ON_START: 'true',
      // the demo images before the first page, not in the background during the measurements (decision 038)
      PODO_DEMO_IMAGES: 'before-first-page',
      // production refuses to start without it; a fixed value is fine for a throwaway database
      PAYMENT_SIGNING_SECRET:
        process.env.PAYMENT_SIGNING_SECRET ?? 'bench-only-payment-signing-secret-0123456789',
      // every shopper of a run joins from 127.0.0.1, each with an SMS code: dozens in one whole run
      // (the cart and order benches' members), over the per-address limits a shop keeps
      JOIN_LIMIT_PER_HOUR: process.env.JOIN_LIMIT_PER_HOUR ?? '10000',
      SMS_SENDS_PER_IP: process.env.SMS_SENDS_PER_IP ?? '10000',
      ...o.env,
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
        const res = await fetch(`http://127.0.0.1:${o.port}${o.readyPath}`);
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
  const stop = async () => {
    if (child.exitCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
  };
  return { child, logTail, stop };
}

/** User plus system CPU time of a process so far, in milliseconds (Linux `/proc`), or undefined. */
export function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command may hold spaces: fields are counted after its closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

export interface HttpMeasure {
  rps: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  /** Server CPU ms per request (summed over the app processes), when they can be read. */
  cpuMsPerRequest?: number;
  /** The balancer's (nginx's) CPU ms per request, apart from the app's, behind one. */
  balancerCpuMsPerRequest?: number;
  non2xx: number;
  errors: number;
}

/**
 * Waits (up to a minute) until the cheap path answers within 50 ms: requests a slow route left
 * behind when its run ended (the client gave up, the server did not) must not weigh on the next.
 */
async function quiet(baseUrl: string, path: string | undefined): Promise<void> {
  if (!path) return;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const start = performance.now();
    try {
      await (await fetch(baseUrl + path, { signal: AbortSignal.timeout(10_000) })).arrayBuffer();
    } catch {
      // busy: try again
    }
    if (performance.now() - start < 50) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function run(options: Options, onResponse?: (ms: number) => void): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
    if (onResponse) instance.on('response', (_client, _status, _bytes, ms) => onResponse(ms));
  });
}

/**
 * One request measured at `connections` for `durationS` seconds after `warmup` requests: the
 * latency of every response (p50/p95/p99) and the server's CPU time over the measured part.
 */
export async function measureHttp(
  baseUrl: string,
  req: PreparedRequest,
  o: {
    connections: number;
    durationS: number;
    warmup: number;
    serverPid?: number | undefined;
    /** Several app processes (`--nodes`): their CPU is summed; `serverPid` is then not needed. */
    serverPids?: readonly number[];
    /** The balancer's processes (nginx): their CPU is reported apart, per request. */
    balancerPids?: readonly number[];
    /** A cheap path: the measurement starts once it answers fast (see `quiet`). */
    quietPath?: string;
  },
): Promise<HttpMeasure> {
  const headers = req.headers ?? {};
  const bodies = req.bodies ?? [];
  let next = 0;
  // one request shape, its body taken in turn: autocannon calls setupRequest before each request
  const options = (extra: Record<string, string>, connections: number) => {
    const all = { ...headers, ...extra };
    return {
      url: baseUrl + req.path,
      headers: all,
      connections,
      requests: [
        {
          method: req.method ?? 'GET',
          path: req.path,
          headers: all,
          ...(bodies.length > 0
            ? {
                setupRequest: (r: Record<string, unknown>) => ({
                  ...r,
                  body: bodies[next++ % bodies.length],
                }),
              }
            : {}),
        },
      ],
    };
  };
  // a session per connection: one single-connection client per entry, run together
  const clients = req.connectionHeaders?.map((h) => options(h, 1)) ?? [options({}, o.connections)];
  const runAll = async (extra: Partial<Options>, onResponse?: (ms: number) => void) => {
    const results = await Promise.all(clients.map((c) => run({ ...c, ...extra }, onResponse)));
    return {
      rps: results.reduce((n, r) => n + r.requests.average, 0),
      non2xx: results.reduce((n, r) => n + r.non2xx, 0),
      errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
    };
  };
  await quiet(baseUrl, o.quietPath);
  await runAll({ amount: Math.max(1, Math.ceil(o.warmup / clients.length)) });
  const times: number[] = [];
  const appPids = o.serverPids ?? (o.serverPid === undefined ? [] : [o.serverPid]);
  const cpuOf = (pids: readonly number[]) => {
    let sum = 0;
    for (const pid of pids) {
      const ms = cpuMs(pid);
      if (ms === undefined) return undefined;
      sum += ms;
    }
    return pids.length > 0 ? sum : undefined;
  };
  const cpuBefore = cpuOf(appPids);
  const balancerBefore = cpuOf(o.balancerPids ?? []);
  const r = await runAll({ duration: o.durationS }, (ms) => times.push(ms));
  const cpuAfter = cpuOf(appPids);
  const balancerAfter = cpuOf(o.balancerPids ?? []);
  times.sort((a, b) => a - b);
  const requests_ = times.length;
  return {
    rps: r.rps,
    requests: requests_,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    ...(cpuBefore !== undefined && cpuAfter !== undefined && requests_ > 0
      ? { cpuMsPerRequest: (cpuAfter - cpuBefore) / requests_ }
      : {}),
    ...(balancerBefore !== undefined && balancerAfter !== undefined && requests_ > 0
      ? { balancerCpuMsPerRequest: (balancerAfter - balancerBefore) / requests_ }
      : {}),
    non2xx: r.non2xx,
    errors: r.errors,
  };
}
