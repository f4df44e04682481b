import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client, ORIGIN } from '../../../tests/fixtures/members.ts';
import { ACCESS_TOKEN_COOKIE } from '../../server/auth/cookies.ts';
import { resetEnvForTests } from '../../server/platform/env.ts';
import { createApiApp } from '../app.ts';
import { UNREADABLE_BODY_MESSAGE } from './untyped-json.ts';

/**
 * `@shopby/shop-sdk`'s default client sends JSON bodies without a Content-Type (decision 023):
 * /shop-api reads them as JSON when the request carries a Shopby header, answers a Korean 400 when
 * the body is not JSON, and keeps the CSRF protection of cookie-authenticated requests.
 */

const SKIN = 'https://skin.example.com';
const SDK_HEADERS = { Origin: SKIN, 'Sec-Fetch-Site': 'cross-site', Version: '1.0', clientId: 'skin-a' };
const previous = process.env.API_CLIENTS;
let t: TestDb;

beforeAll(async () => {
  process.env.API_CLIENTS = JSON.stringify([{ clientId: 'skin-a', origins: [SKIN] }]);
  resetEnvForTests();
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => {
  t.close();
  if (previous === undefined) delete process.env.API_CLIENTS;
  else process.env.API_CLIENTS = previous;
  resetEnvForTests();
});

/** A request whose body has no Content-Type at all (bytes, not a string, so none is added). */
function untyped(path: string, body: string, headers: Record<string, string>, method = 'POST') {
  return createApiApp().request(
    new Request(`http://localhost${path}`, { method, headers, body: new TextEncoder().encode(body) }),
  );
}

async function member() {
  const own = new Client();
  const { body } = await own.join();
  return { own, body };
}

describe('JSON bodies without a Content-Type on /shop-api', () => {
  it('signs in a Shopby client whose body has no Content-Type', async () => {
    const { body } = await member();
    const req = new Request('http://localhost/shop-api/oauth/token', {
      method: 'POST',
      headers: SDK_HEADERS,
      body: new TextEncoder().encode(JSON.stringify({ memberId: body.memberId, password: body.password })),
    });
    expect(req.headers.get('Content-Type')).toBeNull();
    const res = await createApiApp().request(req);
    expect(res.status).toBe(200);
    expect((await res.json()).accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('reads text/plain (what fetch says of a string body) as JSON too', async () => {
    const { body } = await member();
    const res = await createApiApp().request('/shop-api/oauth/token', {
      method: 'POST',
      headers: { ...SDK_HEADERS, 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ memberId: body.memberId, password: body.password }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('acts for a member authenticated by the accessToken header', async () => {
    const { body } = await member();
    const login = await untyped(
      '/shop-api/oauth/token',
      JSON.stringify({ memberId: body.memberId, password: body.password }),
      SDK_HEADERS,
    );
    const { accessToken } = await login.json();
    const res = await untyped(
      '/shop-api/profile/shipping-addresses',
      JSON.stringify({
        addressName: '집',
        receiverName: '홍길동',
        receiverZipCd: '06236',
        receiverAddress: '서울특별시 강남구 테헤란로 152',
        receiverJibunAddress: '서울특별시 강남구 역삼동 737',
        receiverDetailAddress: '10층',
        receiverContact1: '010-1234-5678',
        defaultYn: 'Y',
      }),
      { ...SDK_HEADERS, accessToken },
    );
    expect(res.status).toBeLessThan(300);
    const list = await createApiApp().request('/shop-api/profile/shipping-addresses', {
      headers: { ...SDK_HEADERS, accessToken },
    });
    expect(JSON.stringify(await list.json())).toContain('테헤란로 152');
  });

  it('answers a body that is not JSON with a Korean 400, not a 500', async () => {
    for (const headers of [SDK_HEADERS, { ...SDK_HEADERS, 'Content-Type': 'text/plain' }]) {
      const res = await untyped('/shop-api/oauth/token', 'memberId=a&password=b', headers);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 'INVALID_INPUT', message: UNREADABLE_BODY_MESSAGE });
    }
  });

  it('leaves a cross-site form post alone: a text/plain JSON body cannot sign anyone in', async () => {
    const { body } = await member();
    const res = await createApiApp().request('/shop-api/oauth/token', {
      method: 'POST',
      headers: {
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
        'Content-Type': 'text/plain',
      },
      body: JSON.stringify({ memberId: body.memberId, password: body.password }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.getSetCookie().some((l) => l.startsWith(`${ACCESS_TOKEN_COOKIE}=`))).toBe(false);
  });

  it('keeps refusing text/plain bodies on cookie-authenticated requests, even with Shopby headers', async () => {
    const shopper = new Client();
    await shopper.joinAndLogin();
    const cookie = shopper.jar.header();
    expect(cookie).toContain(ACCESS_TOKEN_COOKIE);
    const crossSite = await createApiApp().request('/shop-api/profile/shipping-addresses', {
      method: 'POST',
      headers: {
        Origin: 'https://evil.example',
        'Content-Type': 'text/plain',
        Version: '1.0',
        Cookie: cookie!,
      },
      body: JSON.stringify({ addressName: '집' }),
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await createApiApp().request('/shop-api/profile/shipping-addresses', {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'text/plain', Version: '1.0', Cookie: cookie! },
      body: JSON.stringify({ addressName: '집' }),
    });
    expect(sameSite.status).toBe(415);
  });
});
