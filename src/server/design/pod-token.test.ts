import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createPodHttpAdapter } from '../adapters/pod/http.ts';
import type { PodPort } from '../adapters/pod/index.ts';
import { startPodStandIn, type PodStandIn } from '../adapters/pod/stand-in.test-helper.ts';
import { podTokenState, withPodToken } from './pod.ts';

/** The print service's token against the HTTP stand-in, on a fake clock. */

let t: TestDb;
let standIn: PodStandIn;
let clock: Date;
let pod: PodPort;

beforeEach(async () => {
  t = await createTestDb();
  standIn = await startPodStandIn({ tokenTtlSeconds: 3600 });
  clock = new Date('2026-11-26T01:00:00Z');
  pod = createPodHttpAdapter({
    baseUrl: standIn.baseUrl,
    clientId: 'podo-client',
    clientSecret: 'podo-secret',
    timeoutMs: 2000,
    now: () => clock,
  });
});
afterEach(async () => {
  await standIn.close();
  t.close();
});

const later = (seconds: number) => new Date(Date.parse('2026-11-26T01:00:00Z') + seconds * 1000);
const read = (now: Date) =>
  withPodToken(t.db, (token) => pod.catalogue(token, 'channel-products', {}), pod, now);

describe('print service token', () => {
  it('is fetched once, kept, and renewed 60 seconds before it ends', async () => {
    await read(clock);
    expect(standIn.tokensIssued()).toBe(1);
    await read(later(1800));
    await read(later(3600 - 61));
    expect(standIn.tokensIssued()).toBe(1);
    expect((await podTokenState(t.db, pod, later(3600 - 61))).expired).toBe(false);
    expect((await podTokenState(t.db, pod, later(3600 - 59))).expired).toBe(true);
    clock = later(3600 - 59);
    await read(clock);
    expect(standIn.tokensIssued()).toBe(2);
    // the renewed token is used from then on
    const last = standIn.requests.at(-1)!;
    expect(last.headers.authorization).toMatch(/^Bearer tok_2_/);
  });

  it('is renewed once for many callers that find it expired at the same moment (single flight)', async () => {
    standIn.trouble('POST /oauth/token', { kind: 'hang', ms: 80 });
    await Promise.all(Array.from({ length: 6 }, () => read(clock)));
    expect(standIn.tokensIssued()).toBe(1);
    const bearers = new Set(
      standIn.requests.filter((r) => r.path !== '/oauth/token').map((r) => r.headers.authorization),
    );
    expect(bearers.size).toBe(1);
    // and a second wave after the first renewal ended renews again only when due
    clock = later(3600 - 30);
    standIn.trouble('POST /oauth/token', { kind: 'hang', ms: 80 });
    await Promise.all(Array.from({ length: 4 }, () => read(clock)));
    expect(standIn.tokensIssued()).toBe(2);
  });

  it('is renewed once on a 401 and the call made again', async () => {
    await read(clock);
    standIn.trouble('GET /v1/channel-products', { kind: 'status', status: 401 });
    await expect(read(clock)).resolves.toMatchObject({ items: [{ product_no: 100005 }] });
    expect(standIn.tokensIssued()).toBe(2);
  });
});
