import { Agent, createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MS, keepConnectionsAlive } from './keep-alive.ts';

/** Idle connections kept longer than a proxy in front keeps its own (decision 087). */

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('keepConnectionsAlive', () => {
  it('keeps an idle connection 65 s, over nginx’s 60, and tells the client so', async () => {
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    const server = keepConnectionsAlive(createServer((_req, res) => res.end('포도')));
    servers.push(server);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(server.headersTimeout).toBeGreaterThan(KEEP_ALIVE_MS);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = new Agent({ keepAlive: true });
    const header = await new Promise<string | string[] | undefined>((resolve, reject) => {
      get({ port: (server.address() as AddressInfo).port, host: '127.0.0.1', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers['keep-alive']));
      }).on('error', reject);
    });
    agent.destroy();
    // Node's default would say timeout=5
    expect(header).toBe('timeout=65');
  });
});
