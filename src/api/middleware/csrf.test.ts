import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { ACCESS_TOKEN_COOKIE } from '../../server/auth/cookies.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => t.close());

/** A signed-in browser and its password, for state-changing calls. */
async function signedIn() {
  const client = new Client();
  const body = await client.joinAndLogin();
  return { client, password: body.password };
}

describe('CSRF protection of cookie-authenticated changes', () => {
  it('refuses a cross-origin POST that carries the session cookie', async () => {
    const { client, password } = await signedIn();
    const res = await client.call('/shop-api/profile/check-password', {
      body: { password },
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('csrf-origin');
  });

  it('refuses a cross-origin logout and leave', async () => {
    const { client } = await signedIn();
    const headers = { Origin: 'https://evil.example' };
    expect((await client.call('/shop-api/oauth/token', { method: 'DELETE', headers })).status).toBe(403);
    expect((await client.call('/shop-api/profile', { method: 'DELETE', headers })).status).toBe(403);
    expect((await client.call('/shop-api/profile')).status).toBe(200);
  });

  it('refuses a cookie POST without Origin or Sec-Fetch-Site', async () => {
    const { client, password } = await signedIn();
    const res = await client.api.request('/shop-api/profile/check-password', {
      method: 'POST',
      headers: { Cookie: client.jar.header(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ password }),
    });
    expect(res.status).toBe(403);
  });

  it('accepts Sec-Fetch-Site same-origin without Origin, and the own host as Origin', async () => {
    const { client, password } = await signedIn();
    const a = await client.call('/shop-api/profile/check-password', {
      body: { password },
      headers: { Origin: '', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(a.status).toBe(200);
    const b = await client.call('/shop-api/profile/check-password', {
      body: { password },
      headers: { Origin: 'http://localhost' },
    });
    expect(b.status).toBe(200);
  });

  it('refuses a JSON body sent as text/plain with 415', async () => {
    const { client, password } = await signedIn();
    const res = await client.call('/shop-api/profile/check-password', {
      body: JSON.stringify({ password }),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe('unsupported-media-type');
    const form = await client.call('/shop-api/profile/check-password', {
      body: `password=${password}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('exempts API clients that send the accessToken header', async () => {
    const { client, password } = await signedIn();
    const token = client.jar.cookies.get(ACCESS_TOKEN_COOKIE)!;
    const res = await client.api.request('/shop-api/profile/check-password', {
      method: 'POST',
      headers: { accessToken: token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password }),
    });
    expect(res.status).toBe(200);
  });

  it('a text/plain login without cookies gets no session (400)', async () => {
    const client = new Client();
    const { body } = await client.join();
    const res = await client.call('/shop-api/oauth/token', {
      body: JSON.stringify({ memberId: body.memberId, password: body.password }),
      headers: {
        'Content-Type': 'text/plain',
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
      },
    });
    expect(res.status).toBe(400);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('lets reads through from anywhere', async () => {
    const { client } = await signedIn();
    const res = await client.call('/shop-api/profile', { headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });

  it('guards /api as well', async () => {
    const { client } = await signedIn();
    const res = await client.call('/api/del-cookie', {
      body: { key: 'SHOP_KEY' },
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await client.call('/shop-api/profile')).status).toBe(200);
  });
});
