import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv, resetEnvForTests } from '../../server/platform/env.ts';
import { createServerApp } from '../../server-app.ts';

const SKIN = 'https://skin.example.com';
const previous = process.env.API_CLIENTS;

beforeAll(() => {
  process.env.API_CLIENTS = JSON.stringify([{ clientId: 'skin-a', origins: [SKIN] }]);
  resetEnvForTests();
});
afterAll(() => {
  if (previous === undefined) delete process.env.API_CLIENTS;
  else process.env.API_CLIENTS = previous;
  resetEnvForTests();
});

const app = () => createServerApp((c) => c.text('page'));

function preflight(origin: string, path = '/shop-api/oauth/token') {
  return app().request(path, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type,version,clientid,platform,accesstoken,guesttoken',
    },
  });
}

describe('CORS on /shop-api for registered API clients', () => {
  it('answers a preflight from a registered origin with 204 and the Shopby headers', async () => {
    const res = await preflight(SKIN);
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe(SKIN);
    expect(res.headers.get('Vary')).toMatch(/Origin/);
    expect(res.headers.get('Access-Control-Allow-Methods')).toMatch(/POST/);
    expect(res.headers.get('Access-Control-Allow-Methods')).toMatch(/PUT/);
    expect(res.headers.get('Access-Control-Allow-Methods')).toMatch(/DELETE/);
    const allowed = (res.headers.get('Access-Control-Allow-Headers') ?? '').toLowerCase().split(/,\s*/);
    for (const h of ['version', 'clientid', 'platform', 'accesstoken', 'guesttoken', 'content-type']) {
      expect(allowed).toContain(h);
    }
    expect(Number(res.headers.get('Access-Control-Max-Age'))).toBeGreaterThan(0);
    // tokens travel in headers: no credentials mode
    expect(res.headers.get('Access-Control-Allow-Credentials')).toBeNull();
  });

  it('gives an unregistered origin no CORS headers at all', async () => {
    const res = await preflight('https://evil.example');
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(res.headers.get('Access-Control-Allow-Methods')).toBeNull();
    expect(res.headers.get('Access-Control-Allow-Headers')).toBeNull();
    const get = await app().request('/shop-api/terms', { headers: { Origin: 'https://evil.example' } });
    expect(get.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('does not match an origin by prefix or scheme', async () => {
    for (const origin of ['http://skin.example.com', 'https://skin.example.com.evil.example', 'null']) {
      expect((await preflight(origin)).headers.get('Access-Control-Allow-Origin')).toBeNull();
    }
  });

  it('puts the exact origin on the real answer, exposes guestToken, and never allows credentials', async () => {
    const res = await app().request('/shop-api/no-such-route', {
      headers: { Origin: SKIN, Version: '1.0', clientId: 'skin-a' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe(SKIN);
    expect(res.headers.get('Access-Control-Expose-Headers')).toMatch(/guestToken/);
    expect(res.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    expect(res.headers.get('Vary')).toMatch(/Origin/);
  });

  it('leaves /api and the pages without CORS', async () => {
    const own = await app().request('/api/no-such-route', {
      method: 'OPTIONS',
      headers: { Origin: SKIN, 'Access-Control-Request-Method': 'POST' },
    });
    expect(own.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const page = await app().request('/', { headers: { Origin: SKIN } });
    expect(page.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('API_CLIENTS', () => {
  it('parses the registered clients, and none by default', () => {
    expect(loadEnv({}).API_CLIENTS).toEqual([]);
    expect(
      loadEnv({ API_CLIENTS: '[{"clientId":"skin-a","origins":["https://skin.example.com"]}]' }).API_CLIENTS,
    ).toEqual([{ clientId: 'skin-a', origins: ['https://skin.example.com'] }]);
  });

  it.each([
    ['not JSON', 'skin-a', /JSON 배열이어야/],
    ['not an array', '{}', /배열이어야/],
    ['an origin with a path', '[{"clientId":"a","origins":["https://a.example/x"]}]', /경로 없는 출처/],
    ['no origins', '[{"clientId":"a","origins":[]}]', /하나 이상/],
    ['a bad clientId', '[{"clientId":"a b","origins":["https://a.example"]}]', /clientId는 영문/],
    [
      'a duplicate clientId',
      '[{"clientId":"a","origins":["https://a.example"]},{"clientId":"a","origins":["https://b.example"]}]',
      /겹칩니다/,
    ],
    [
      "the shop's own clientId",
      '[{"clientId":"podo-local","origins":["https://a.example"]}]',
      /SHOP_CLIENT_ID/,
    ],
  ])('refuses %s with a Korean message', (_name, value, message) => {
    expect(() => loadEnv({ API_CLIENTS: value })).toThrow(message);
  });
});
