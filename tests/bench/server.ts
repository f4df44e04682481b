/**
 * The bench's server: the built entry started on its own database, and the one measurement both
 * modes of `run.ts` share (autocannon with every response's latency kept, and the server's CPU time).
 */
import autocannon, { type Options, type Result } from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

/** The built server on its own database; its output is kept (last lines) to show if it fails. */
export async function startServer(
  o: StartOptions,
): Promise<{ child: ChildProcess; logTail: () => string; stop: () => Promise<void> }> {
  const lines: string[] = [];
  const child = spawn(process.execPath, [o.entry], {
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
  /** Server CPU ms per request, when the server's process can be read. */
  cpuMsPerRequest?: number;
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
    /** A cheap path: the measurement starts once it answers fast (see `quiet`). */
    quietPath?: string;
  },
): Promise<HttpMeasure> {
  const headers = req.headers ?? {};
  const bodies = req.bodies ?? [];
  let next = 0;
  // one request shape, its body taken in turn: autocannon calls setupRequest before each request
  const requests = [
    {
      method: req.method ?? 'GET',
      path: req.path,
      headers,
      ...(bodies.length > 0
        ? {
            setupRequest: (r: Record<string, unknown>) => ({ ...r, body: bodies[next++ % bodies.length] }),
          }
        : {}),
    },
  ];
  const options = { url: baseUrl + req.path, headers, connections: o.connections, requests };
  await quiet(baseUrl, o.quietPath);
  await run({ ...options, amount: o.warmup });
  const times: number[] = [];
  const cpuBefore = cpuMs(o.serverPid);
  const r = await run({ ...options, duration: o.durationS }, (ms) => times.push(ms));
  const cpuAfter = cpuMs(o.serverPid);
  times.sort((a, b) => a - b);
  const requests_ = times.length;
  return {
    rps: r.requests.average,
    requests: requests_,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    ...(cpuBefore !== undefined && cpuAfter !== undefined && requests_ > 0
      ? { cpuMsPerRequest: (cpuAfter - cpuBefore) / requests_ }
      : {}),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
