/**
 * The bench's scale-out helpers (`tests/bench/nodes.ts`, decision 045): the `--nodes` option and
 * the balancer's generated configuration. The bench itself runs only on demand (`npm run bench`),
 * so what it parses and generates is checked here.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpuMsOf, errorLogTail, nginxConfig, nodeCounts } from '../bench/nodes.ts';

describe('nodeCounts (--nodes)', () => {
  it('reads one count, a list, and the = form, in order', () => {
    expect(nodeCounts(['--nodes', '2'])).toEqual([2]);
    expect(nodeCounts(['--products', '1000', '--nodes', '1,2'])).toEqual([1, 2]);
    expect(nodeCounts(['--nodes=2,1'])).toEqual([2, 1]);
  });

  it('is empty when the option is absent', () => {
    expect(nodeCounts(['--vendure'])).toEqual([]);
  });

  it('refuses counts outside 1 to 8 and words', () => {
    expect(() => nodeCounts(['--nodes', '0'])).toThrow(/1 to 8/);
    expect(() => nodeCounts(['--nodes', '9'])).toThrow(/1 to 8/);
    expect(() => nodeCounts(['--nodes', 'two'])).toThrow(/got two/);
    expect(() => nodeCounts(['--nodes', '1.5'])).toThrow(/1 to 8/);
  });
});

describe('nginxConfig', () => {
  const conf = nginxConfig('/tmp/bench-x', 4500, [4501, 4502]);

  it('balances over every app port and listens on loopback only', () => {
    expect(conf).toContain('listen 127.0.0.1:4500;');
    expect(conf).toMatch(/upstream podo \{[^}]*server 127\.0\.0\.1:4501 [^}]*server 127\.0\.0\.1:4502 /s);
    expect(conf.match(/^\s*server 127\.0\.0\.1:\d+/gm)).toHaveLength(2);
  });

  it('keeps every file nginx writes inside its folder and stays in the foreground', () => {
    expect(conf).toMatch(/^daemon off;/);
    const paths = [...conf.matchAll(/^\s*(?:pid|error_log|\w+_temp_path) (\S+?);?(?:\s|$)/gm)].map(
      (m) => m[1],
    );
    expect(paths.length).toBeGreaterThanOrEqual(7);
    for (const path of paths) expect(path?.startsWith('/tmp/bench-x/')).toBe(true);
  });

  it('keeps the load generator’s connections open however many requests they carry', () => {
    // nginx's default (1,000 per connection) reset one of autocannon's requests now and then
    expect(conf).toMatch(/^\s*keepalive_requests 1000000;/m);
  });

  it('passes the client address on for the nodes that trust it (decision 045)', () => {
    expect(conf).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(conf).toContain('proxy_set_header Host $http_host;');
    // Keep-alive to the upstream needs HTTP/1.1 and an empty Connection header.
    expect(conf).toContain('proxy_http_version 1.1;');
    expect(conf).toContain('proxy_set_header Connection "";');
    // idle upstream connections closed by nginx before the app's 65 s (decision 087)
    expect(conf).toMatch(/upstream podo \{[^}]*keepalive_timeout 60s;/s);
  });
});

describe('cpuMsOf', () => {
  it('adds the CPU time of live processes and gives up on one that cannot be read', () => {
    const own = cpuMsOf([process.pid]);
    expect(own).toBeGreaterThan(0);
    expect(cpuMsOf([process.pid, process.pid])).toBeGreaterThanOrEqual(2 * own!);
    expect(cpuMsOf([process.pid, 2 ** 22 + 1])).toBeUndefined();
  });
});

describe('errorLogTail', () => {
  it('gives the last lines of nginx’s error log for the bench’s server output, none when there is no log', () => {
    const dir = mkdtempSync(join(tmpdir(), 'podo-nginx-log-'));
    try {
      const file = join(dir, 'error.log');
      expect(errorLogTail(file)).toEqual([]);
      const lines = Array.from(
        { length: 30 },
        (_, i) => `2026/11/28 00:00:${i} [error] upstream prematurely closed ${i}`,
      );
      writeFileSync(file, lines.join('\n') + '\n');
      expect(errorLogTail(file)).toEqual(lines.slice(-20));
      expect(errorLogTail(file, 2)).toEqual(lines.slice(-2));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
