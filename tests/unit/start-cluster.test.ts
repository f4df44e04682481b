/**
 * `npm start` on every core (scripts/start.mjs, decision 070): the primary's own code — one worker
 * first until it answers, then the rest; a dead worker replaced after a back-off; SIGTERM ending
 * every process — run as a real `node:cluster` primary in a child process. The workers run a small
 * HTTP server written here instead of the built shop (a unit test must not need `npm run build`):
 * it answers with its pid, which the shop itself never shows, and notes when it listened and
 * answered. The built shop under the cluster is measured by `npm run bench` and decision 070.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WORKERS, workerCount } from '../../scripts/start.mjs';

const START = pathToFileURL(resolve('scripts/start.mjs')).href;

const FIXTURE = `
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
const note = (line) => appendFileSync(process.env.FIXTURE_NOTES, line + '\\n');
const server = createServer((req, res) => {
  note('answer ' + process.pid + ' ' + Date.now());
  res.end(process.pid + ' ' + (process.env.PODO_DEMO_IMAGES ?? '-'));
});
const later = process.env.PODO_DEMO_IMAGES === 'on-miss';
// FIXTURE_SLOW_OTHERS: every worker but the first takes a second to listen
setTimeout(() => server.listen(Number(process.env.PORT), process.env.HOST, () => {
  note('listen ' + process.pid + ' ' + Date.now());
  // FIXTURE_CRASH: every worker but the first dies soon after it starts
  if (process.env.FIXTURE_CRASH && later) setTimeout(() => process.exit(3), 100);
}), process.env.FIXTURE_SLOW_OTHERS && later ? 1000 : 0);
`;

let dir: string;
let running: ChildProcess | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'podo-start-'));
  writeFileSync(join(dir, 'server.mjs'), FIXTURE);
  return () => rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  if (running && running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
  running = undefined;
});

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

interface Primary {
  child: ChildProcess;
  output: () => string;
  notes: () => string[];
  waitFor: (pattern: RegExp, ms?: number) => Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

/**
 * This process's environment but NODE_UNIQUE_ID: Vitest's worker may itself be a `node:cluster`
 * worker, and a child holding it would believe it is one too.
 */
function inherited(): NodeJS.ProcessEnv {
  const { NODE_UNIQUE_ID: _, ...rest } = process.env;
  return rest;
}

/** scripts/start.mjs's `serve` as a primary of its own, on the fixture server. */
async function startPrimary(env: Record<string, string>): Promise<Primary> {
  const port = await freePort();
  const notesFile = join(dir, `notes-${port}.txt`);
  writeFileSync(notesFile, '');
  const code = `
    import { serve, workerCount } from ${JSON.stringify(START)};
    await serve({
      entry: ${JSON.stringify(join(dir, 'server.mjs'))},
      workers: workerCount(),
      url: 'http://127.0.0.1:${port}/',
      opened: () => '열렸습니다',
    });`;
  // a file, not `node -e`: a worker is started with the primary's Node flags, `-e` included
  const runner = join(dir, `primary-${port}.mjs`);
  writeFileSync(runner, code);
  const child = spawn(process.execPath, [runner], {
    env: { ...inherited(), ...env, HOST: '127.0.0.1', PORT: String(port), FIXTURE_NOTES: notesFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
  const waitFor = async (pattern: RegExp, ms = 15_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const m = out.match(pattern);
      if (m) return m;
      if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return {
    child,
    output: () => out,
    notes: () => readFileSync(notesFile, 'utf8').split('\n').filter(Boolean),
    waitFor,
    exited,
    // the port, for `ask`
    ...{ port },
  } as Primary & { port: number };
}

/** One request on a connection of its own (the primary hands connections out in turn). */
function ask(port: number): Promise<{ pid: number; images: string }> {
  return new Promise((done, reject) => {
    get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        const [pid, images] = body.split(' ');
        done({ pid: Number(pid), images: images ?? '' });
      });
    }).on('error', reject);
  });
}

async function askMany(port: number, n: number) {
  const answers = [];
  for (let i = 0; i < n; i++) answers.push(await ask(port));
  return answers;
}

/** The primary's children (`/proc`), as `ps --ppid` would list them. */
function children(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
}

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

const portOf = (p: Primary) => (p as Primary & { port: number }).port;
const WORKERS = /나눠 받습니다: pid (\d+), (\d+)/;

describe('npm start on every core (decision 070)', () => {
  it('counts one worker per core up to MAX_WORKERS unless WEB_CONCURRENCY says', () => {
    expect(workerCount({}, 2)).toBe(2);
    expect(workerCount({}, 1)).toBe(1);
    expect(workerCount({}, 64)).toBe(MAX_WORKERS);
    expect(workerCount({ WEB_CONCURRENCY: '' }, 2)).toBe(2);
    expect(workerCount({ WEB_CONCURRENCY: '1' }, 8)).toBe(1);
    expect(workerCount({ WEB_CONCURRENCY: '6' }, 2)).toBe(6);
    expect(workerCount({ WEB_CONCURRENCY: 'two' }, 2)).toMatch(/WEB_CONCURRENCY는 1부터 64까지의 정수/);
    expect(workerCount({ WEB_CONCURRENCY: '0' }, 2)).toMatch(/WEB_CONCURRENCY/);
    expect(workerCount({ WEB_CONCURRENCY: '1.5' }, 2)).toMatch(/WEB_CONCURRENCY/);
  });

  it('WEB_CONCURRENCY=1 serves in the process itself, with no worker', async () => {
    const p = await startPrimary({ WEB_CONCURRENCY: '1' });
    await p.waitFor(/열렸습니다/);
    const answers = await askMany(portOf(p), 4);
    expect(new Set(answers.map((a) => a.pid))).toEqual(new Set([p.child.pid]));
    expect(children(p.child.pid!)).toEqual([]);
  });

  it('with WEB_CONCURRENCY=2, two workers answer; the second starts once the first has answered', async () => {
    const p = await startPrimary({ WEB_CONCURRENCY: '2' });
    const [, a, b] = await p.waitFor(WORKERS);
    const pids = [Number(a), Number(b)];
    expect(new Set(children(p.child.pid!))).toEqual(new Set(pids));
    expect(pids).not.toContain(p.child.pid);

    const answers = await askMany(portOf(p), 12);
    expect(new Set(answers.map((x) => x.pid))).toEqual(new Set(pids));
    // the demo images are written by the first worker only
    expect(answers.find((x) => x.pid === pids[0])?.images).toBe('-');
    expect(answers.find((x) => x.pid === pids[1])?.images).toBe('on-miss');

    // the warm-up request (migrate, seed) reached the first worker before the second existed
    const notes = p.notes().map((l) => l.split(' '));
    const firstAnswer = notes.find(([what, pid]) => what === 'answer' && Number(pid) === pids[0]);
    const secondListen = notes.find(([what, pid]) => what === 'listen' && Number(pid) === pids[1]);
    expect(Number(secondListen![2])).toBeGreaterThanOrEqual(Number(firstAnswer![2]));
  });

  it('replaces a worker that dies, and SIGTERM ends every process', async () => {
    const p = await startPrimary({ WEB_CONCURRENCY: '2' });
    const [, a, b] = await p.waitFor(WORKERS);
    const [first, second] = [Number(a), Number(b)];
    process.kill(second, 'SIGKILL');
    const [, replaced] = await p.waitFor(/새 작업 프로세스\(pid (\d+)\)가 요청을 받습니다/);
    const third = Number(replaced);
    expect(p.output()).toMatch(new RegExp(`pid ${second}\\)가 끝났습니다 \\(신호 SIGKILL\\)`));
    expect(new Set(children(p.child.pid!))).toEqual(new Set([first, third]));
    const answers = await askMany(portOf(p), 12);
    expect(new Set(answers.map((x) => x.pid))).toEqual(new Set([first, third]));

    process.kill(p.child.pid!, 'SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).toMatch(/SIGTERM: 작업 프로세스를 멈춥니다/);
    expect(p.output()).toMatch(/멈췄습니다/);
    expect([first, third].filter(alive)).toEqual([]);
  });

  it('SIGTERM while the other workers start stops them too, and reports no worker count', async () => {
    const p = await startPrimary({ WEB_CONCURRENCY: '2', FIXTURE_SLOW_OTHERS: '1' });
    await p.waitFor(/열렸습니다/);
    const forked = children(p.child.pid!);
    process.kill(p.child.pid!, 'SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).toMatch(/멈췄습니다/);
    // the count of workers sharing requests was printed once they had all started, even stopped
    // ("작업 프로세스 0개가 …")
    expect(p.output()).not.toMatch(/나눠 받습니다/);
    expect(forked.filter(alive)).toEqual([]);
  });

  it('waits longer each time a worker keeps dying soon after its start', async () => {
    const p = await startPrimary({ WEB_CONCURRENCY: '2', FIXTURE_CRASH: '1' });
    await p.waitFor(/1초 뒤에 새로 띄웁니다/);
    await p.waitFor(/2초 뒤에 새로 띄웁니다/);
    // the first worker, steady, still answers
    const answers = await askMany(portOf(p), 3);
    expect(answers.every((x) => x.images === '-')).toBe(true);
    process.kill(p.child.pid!, 'SIGTERM');
    expect(await p.exited).toBe(0);
  });
});
