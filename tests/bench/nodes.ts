/**
 * `npm run bench -- --nodes 2` (issue 16, decision 045): the built server as several app processes
 * on one database file, behind Debian's nginx as the load balancer, so the scale-out is measured
 * rather than assumed. nginx runs as the current user from a generated configuration in the run's
 * folder (`-p <dir> -c <conf>`, pid, logs and temporary files inside it, `daemon off`) as a child
 * of the bench. `--nodes 1,2` measures one process (direct, as `npm run bench`) and then two
 * behind nginx in the same run and prints them side by side.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuMs, freePort, startServer } from './server.ts';

export const NGINX = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';

export interface Cluster {
  /** Where the load generator sends requests: nginx, or the one process itself. */
  baseUrl: string;
  /** The app processes. */
  appPids: number[];
  /** nginx's master and workers (none for one direct process). */
  balancerPids: () => number[];
  dbFile: string;
  logTail(): string;
  stop(): Promise<void>;
}

/** `--nodes 2` or `--nodes 1,2`: how many app processes to measure, in order. */
export function nodeCounts(argv: readonly string[]): number[] {
  const counts: number[] = [];
  argv.forEach((arg, i) => {
    const value = arg.startsWith('--nodes=')
      ? arg.slice('--nodes='.length)
      : arg === '--nodes'
        ? argv[i + 1]
        : undefined;
    for (const part of (value ?? '').split(',').filter(Boolean)) {
      const n = Number(part);
      if (!Number.isInteger(n) || n < 1 || n > 8)
        throw new Error(`--nodes: 1 to 8 app processes (got ${part})`);
      counts.push(n);
    }
  });
  return counts;
}

/** The balancer's configuration: everything it writes stays in `dir`. */
export function nginxConfig(dir: string, listenPort: number, appPorts: number[]): string {
  const p = (name: string) => join(dir, name);
  return `daemon off;
worker_processes 1;
pid ${p('nginx.pid')};
error_log ${p('error.log')} warn;
events { worker_connections 4096; }
http {
    access_log off;
    # the load generator sends thousands of requests on each of its connections; nginx's default
    # closes one after 1,000, and autocannon now and then sent the next request into that close
    # (ECONNRESET, ~1 in 90,000 requests, counted as the route's error): browsers do not keep one
    # connection that long, and retry such a request
    keepalive_requests 1000000;
    client_body_temp_path ${p('client_body')};
    proxy_temp_path ${p('proxy')};
    fastcgi_temp_path ${p('fastcgi')};
    uwsgi_temp_path ${p('uwsgi')};
    scgi_temp_path ${p('scgi')};
    client_max_body_size 25m;
    upstream podo {
        least_conn;
${appPorts.map((port) => `        server 127.0.0.1:${port} max_fails=3 fail_timeout=10s;`).join('\n')}
        keepalive 64;
        keepalive_timeout 60s;
    }
    server {
        listen 127.0.0.1:${listenPort};
        location / {
            proxy_pass http://podo;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_next_upstream error timeout http_503;
        }
    }
}
`;
}

/** The last lines of nginx's error log (where it writes what went wrong with an upstream or a client). */
export function errorLogTail(file: string, count = 20): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).slice(-count);
  } catch {
    return [];
  }
}

/** A process's children (nginx's workers), from /proc. */
function childPids(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** CPU ms so far of several processes together (undefined if one cannot be read). */
export function cpuMsOf(pids: readonly number[]): number | undefined {
  let sum = 0;
  for (const pid of pids) {
    const ms = cpuMs(pid);
    if (ms === undefined) return undefined;
    sum += ms;
  }
  return sum;
}

async function waitFor(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer in 30 s:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * `count` app processes on one database in `dir`. One process is reached directly; two or more
 * through nginx, each node trusting it (`PODO_TRUSTED_PROXIES=127.0.0.1`, decision 045). The first
 * node migrates and seeds before the others start, as a rolling deploy's first node would.
 */
export async function startCluster(o: {
  entry: string;
  nodeEnv: string;
  dir: string;
  count: number;
  readyPath: string;
  /** Where files go (default `<dir>/uploads`): the catalogue bench shares one across sizes. */
  storageDir?: string;
  /** More environment for every app process (the catalogue bench turns the page cache off). */
  env?: Record<string, string>;
  /** The path whose first request opens (migrates, seeds) the database (default: the search API). */
  firstPath?: string;
  /** Headers of that first request. */
  firstHeaders?: Record<string, string>;
}): Promise<Cluster> {
  const dbFile = join(o.dir, 'shop.db');
  if (o.count === 1) {
    const port = await freePort();
    const one = await startServer({
      entry: o.entry,
      nodeEnv: o.nodeEnv,
      dir: o.dir,
      port,
      readyPath: o.readyPath,
      ...(o.storageDir === undefined ? {} : { storageDir: o.storageDir }),
      ...(o.env === undefined ? {} : { env: o.env }),
    });
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      appPids: [one.child.pid!],
      balancerPids: () => [],
      dbFile,
      logTail: one.logTail,
      stop: one.stop,
    };
  }
  if (!existsSync(NGINX)) throw new Error(`--nodes needs nginx at ${NGINX} (Debian: apt-get install nginx)`);
  const balancerPort = await freePort();
  const baseUrl = `http://127.0.0.1:${balancerPort}`;
  const env = { ...o.env, PUBLIC_BASE_URL: baseUrl, PODO_TRUSTED_PROXIES: '127.0.0.1' };
  const ports: number[] = [];
  for (let i = 0; i < o.count; i++) ports.push(await freePort());
  const start = (port: number) =>
    startServer({
      entry: o.entry,
      nodeEnv: o.nodeEnv,
      dir: o.dir,
      port,
      readyPath: o.readyPath,
      env,
      ...(o.storageDir === undefined ? {} : { storageDir: o.storageDir }),
    });
  const nodes = [await start(ports[0]!)];
  try {
    // the first node opened (migrated, seeded) the database; the rest start together
    await fetch(`http://127.0.0.1:${ports[0]}${o.firstPath ?? '/shop-api/products/search?pageSize=1'}`, {
      headers: o.firstHeaders ?? {},
      signal: AbortSignal.timeout(180_000),
    }).then((r) => r.arrayBuffer());
    nodes.push(...(await Promise.all(ports.slice(1).map(start))));
  } catch (err) {
    await Promise.all(nodes.map((n) => n.stop()));
    throw err;
  }
  const ngDir = join(o.dir, 'nginx');
  mkdirSync(ngDir, { recursive: true });
  const conf = join(ngDir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(ngDir, balancerPort, ports));
  const lines: string[] = [];
  const nginx = spawn(NGINX, ['-p', `${ngDir}/`, '-c', conf, '-e', join(ngDir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 20));
  };
  nginx.stdout?.on('data', keep);
  nginx.stderr?.on('data', keep);
  const stopNginx = async () => {
    if (nginx.exitCode !== null) return;
    const gone = new Promise((r) => nginx.once('exit', r));
    nginx.kill('SIGQUIT');
    await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
    if (nginx.exitCode === null) nginx.kill('SIGKILL');
  };
  try {
    await waitFor(baseUrl + o.readyPath, nginx, () => lines.join('\n'));
  } catch (err) {
    await stopNginx();
    await Promise.all(nodes.map((n) => n.stop()));
    throw err;
  }
  return {
    baseUrl,
    appPids: nodes.map((n) => n.child.pid!),
    balancerPids: () => (nginx.pid === undefined ? [] : [nginx.pid, ...childPids(nginx.pid)]),
    dbFile,
    logTail: () =>
      [
        ...nodes.map((n, i) => `--- node ${i + 1}\n${n.logTail()}`),
        `--- nginx\n${[...lines, ...errorLogTail(join(ngDir, 'error.log'))].join('\n')}`,
      ].join('\n'),
    async stop() {
      await stopNginx();
      await Promise.all(nodes.map((n) => n.stop()));
    },
  };
}
