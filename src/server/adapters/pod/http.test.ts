import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests } from '../../platform/env.ts';
import { createPodHttpAdapter, retryAfterSeconds } from './http.ts';
import { podBaseUrl, podService, usePodServiceForTests } from './index.ts';
import { PodError, type PodOrderPayload, type PodPort } from './port.ts';
import { startPodStandIn, type PodStandIn } from './stand-in.test-helper.ts';

const PAYLOAD: PodOrderPayload = {
  orders: [
    {
      orderCode: '202611260001',
      storeCustomerId: 'member-7',
      shippingAddress: {
        address: '서울특별시 강남구 테헤란로 1',
        addressDetail: '3층',
        nationCode: 'KR',
        phoneNumber: '01012345678',
        postcode: '06236',
        recipient: '김포도',
      },
      orderEntries: [{ projectId: 'd_abc', quantity: 2, productSellPrice: 12900 }],
    },
  ],
};

let standIn: PodStandIn;
let pod: PodPort;

beforeEach(async () => {
  standIn = await startPodStandIn({ clientId: 'cid', clientSecret: 'csecret' });
  pod = createPodHttpAdapter({
    baseUrl: standIn.baseUrl,
    clientId: 'cid',
    clientSecret: 'csecret',
    timeoutMs: 300,
  });
});
afterEach(async () => standIn.close());

describe('print service over HTTP', () => {
  it('gets a client-credentials token with HTTP Basic and keeps its lifetime', async () => {
    const token = await pod.issueToken();
    expect(token).toMatchObject({ expiresIn: 3600 });
    expect(token.accessToken).toMatch(/^tok_1_/);
    const [req] = standIn.requests;
    expect(req).toMatchObject({
      method: 'POST',
      path: '/oauth/token',
      body: 'grant_type=client_credentials',
    });
    expect(req!.headers.authorization).toBe(`Basic ${Buffer.from('cid:csecret').toString('base64')}`);
  });

  it('refuses wrong credentials with a 401 PodError', async () => {
    const wrong = createPodHttpAdapter({ baseUrl: standIn.baseUrl, clientId: 'cid', clientSecret: 'nope' });
    await expect(wrong.issueToken()).rejects.toMatchObject({ name: 'PodError', status: 401 });
  });

  it("submits the spec's payload as JSON with the bearer token, and reads the order back by its code", async () => {
    const { accessToken } = await pod.issueToken();
    const states = await pod.createOrders(accessToken, PAYLOAD);
    expect(states).toEqual([expect.objectContaining({ orderCode: '202611260001', status: 'RECEIVED' })]);
    const [submission] = standIn.submissions();
    expect(submission!.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(submission!.headers['content-type']).toBe('application/json');
    const sent = JSON.parse(submission!.body) as PodOrderPayload;
    expect(sent).toEqual(PAYLOAD);
    expect(Object.keys(sent.orders[0]!).sort()).toEqual([
      'orderCode',
      'orderEntries',
      'shippingAddress',
      'storeCustomerId',
    ]);
    expect(sent.orders[0]!.shippingAddress.nationCode).toBe('KR');
    expect(await pod.getOrder(accessToken, '202611260001')).toMatchObject({ status: 'RECEIVED' });
    expect(await pod.getOrder(accessToken, 'unknown')).toBeNull();
  });

  it('reads channel products, design templates, variants and options', async () => {
    const { accessToken } = await pod.issueToken();
    expect(await pod.catalogue(accessToken, 'channel-products', {})).toMatchObject({
      items: [{ product_no: 100005 }],
    });
    expect(await pod.catalogue(accessToken, 'design-templates', {})).toMatchObject({ items: [{}] });
    expect(await pod.catalogue(accessToken, 'options', { productNo: '100005' })).toMatchObject({
      items: [{ channel_product_id: '100005' }],
    });
    expect(await pod.catalogue(accessToken, 'variant', { productNo: '100005' })).toMatchObject({
      variant_id: '100005-round-dampener-100',
    });
    await expect(pod.catalogue(accessToken, 'variant', { productNo: '1' })).rejects.toMatchObject({
      status: 404,
    });
    expect(standIn.requests.at(-1)!.query.get('channel_product_id')).toBe('1');
  });

  it('turns a 429 into a PodError carrying Retry-After, a 5xx into its status', async () => {
    const { accessToken } = await pod.issueToken();
    standIn.trouble('POST /v1/orders', { kind: 'rate-limit', retryAfter: '17' });
    const limited = await pod.createOrders(accessToken, PAYLOAD).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(PodError);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 17 });
    standIn.trouble('POST /v1/orders', { kind: 'status', status: 502 });
    await expect(pod.createOrders(accessToken, PAYLOAD)).rejects.toMatchObject({
      status: 502,
      retryAfterSeconds: null,
    });
  });

  it('gives up after its timeout with status 0, while the stand-in still took the order', async () => {
    const { accessToken } = await pod.issueToken();
    standIn.trouble('POST /v1/orders', { kind: 'hang', ms: 1000 });
    await expect(pod.createOrders(accessToken, PAYLOAD)).rejects.toMatchObject({ status: 0 });
    expect(standIn.orders.has('202611260001')).toBe(true);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = new Date('2026-11-26T00:00:00Z');
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds('Thu, 26 Nov 2026 00:01:00 GMT', now)).toBe(60);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});

describe('the configured print service', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
    usePodServiceForTests(undefined);
  });

  const configure = (vars: Record<string, string>) => {
    for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v);
    resetEnvForTests();
    usePodServiceForTests(undefined);
  };

  it('is the simulator by default', () => {
    configure({});
    expect(podService().name).toBe('simulator');
    expect(podBaseUrl()).toBeNull();
  });

  it('is the HTTP adapter with its address and credentials, and names what is missing without them', () => {
    configure({ POD_PROVIDER: 'http', POD_API_URL: 'https://pod.example.com' });
    expect(() => podService()).toThrow(
      'POD_PROVIDER=http에는 POD_CLIENT_ID, POD_CLIENT_SECRET 설정이 필요합니다',
    );
    configure({ POD_CLIENT_ID: 'podo', POD_CLIENT_SECRET: 'secret' });
    expect(podService().name).toBe('http');
    expect(podBaseUrl()).toBe('https://pod.example.com');
  });
});
