import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { resetEnvForTests } from '../../server/platform/env.ts';
import { clientIp } from './auth.ts';
import { rateLimit } from './rate-limit.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());
afterEach(() => {
  delete process.env.PODO_TRUSTED_PROXIES;
  resetEnvForTests();
});

let scope = 0;
/** A route allowing 2 requests per client address per minute, answering the address it saw. */
function limitedApp() {
  const limit = { scope: `proxy-test-${++scope}`, max: 2, windowMs: 60_000 };
  return new Hono().get('/limited', rateLimit(limit), (c) => c.json({ ip: clientIp(c) }));
}

/** One request as Astro's Node adapter hands it over: the TCP peer in the clientAddress symbol. */
async function call(app: Hono, peer: string, forwardedFor?: string) {
  const request = new Request('http://localhost/limited', {
    headers: forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor },
  });
  Reflect.set(request, Symbol.for('astro.clientAddress'), peer);
  const res = await app.request(request);
  return { status: res.status, body: (await res.json()) as { ip?: string; code?: string } };
}

function trust(value: string) {
  process.env.PODO_TRUSTED_PROXIES = value;
  resetEnvForTests();
}

describe('per-address rate limits behind a load balancer', () => {
  it('behind a trusted proxy, two clients get separate limits', async () => {
    trust('127.0.0.1,10.0.0.0/8');
    const app = limitedApp();
    for (let i = 0; i < 2; i++) {
      expect(await call(app, '127.0.0.1', '198.51.100.1')).toMatchObject({
        status: 200,
        body: { ip: '198.51.100.1' },
      });
    }
    expect((await call(app, '127.0.0.1', '198.51.100.1')).status).toBe(429);
    // another shopper through the same balancer still has their own two requests
    expect(await call(app, '127.0.0.1', '198.51.100.2')).toMatchObject({
      status: 200,
      body: { ip: '198.51.100.2' },
    });
    expect((await call(app, '10.0.0.12', '198.51.100.2')).status).toBe(200);
    expect((await call(app, '127.0.0.1', '198.51.100.2')).status).toBe(429);
  });

  it('a client cannot escape its limit by writing X-Forwarded-For itself through the proxy', async () => {
    trust('127.0.0.1');
    const app = limitedApp();
    // nginx appends the real address after whatever the client sent
    for (const spoof of ['1.1.1.1', '2.2.2.2']) {
      expect((await call(app, '127.0.0.1', `${spoof}, 198.51.100.9`)).body.ip).toBe('198.51.100.9');
    }
    expect((await call(app, '127.0.0.1', '3.3.3.3, 198.51.100.9')).status).toBe(429);
  });

  it('ignores a spoofed header from a peer that is not a trusted proxy', async () => {
    trust('127.0.0.1');
    const app = limitedApp();
    for (const spoof of ['192.0.2.1', '192.0.2.2']) {
      expect(await call(app, '203.0.113.5', spoof)).toMatchObject({
        status: 200,
        body: { ip: '203.0.113.5' },
      });
    }
    expect((await call(app, '203.0.113.5', '192.0.2.3')).status).toBe(429);
  });

  it('with no trusted proxy configured (the default), the header is ignored even from 127.0.0.1', async () => {
    const app = limitedApp();
    expect((await call(app, '127.0.0.1', '198.51.100.1')).body.ip).toBe('127.0.0.1');
    expect((await call(app, '127.0.0.1', '198.51.100.2')).status).toBe(200);
    expect((await call(app, '127.0.0.1', '198.51.100.3')).status).toBe(429);
  });
});
