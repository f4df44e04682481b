import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { ACCESS_TOKEN_COOKIE, USER_UPDATE_COOKIE } from '../../server/auth/cookies.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => t.close());

describe('/api/*-cookie', () => {
  it('refuses to set the secret keys from a script', async () => {
    const client = new Client();
    for (const key of ['SHOP_KEY', 'CUSTOM_KEY', 'USER_UPDATE_KEY']) {
      const res = await client.call('/api/set-cookie', { body: { key, value: 'x'.repeat(43) } });
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('secret-cookie');
    }
    expect(client.jar.cookies.size).toBe(0);
    expect((await client.call('/api/set-cookie', { body: { key: 'NOPE', value: '1' } })).status).toBe(400);
  });

  it('sets, reads and deletes the plain keys', async () => {
    const client = new Client();
    const set = await client.call('/api/set-cookie', {
      body: { key: 'UID_KEY', value: 'grape0001', maxAge: 3600 },
    });
    expect(set.status).toBe(200);
    expect(set.headers.getSetCookie()[0]).toMatch(
      /^podo_uid=grape0001; Max-Age=3600; Path=\/; SameSite=Lax$/,
    );
    const get = await (await client.call('/api/get-cookie', { body: { key: 'UID_KEY' } })).json();
    expect(get).toMatchObject({ key: 'UID_KEY', value: 'grape0001', loggedIn: false, expiresIn: 0 });
    const del = await client.call('/api/del-cookie', { body: { key: 'UID_KEY' } });
    expect(await del.json()).toEqual({ deleted: ['UID_KEY'] });
    expect(client.jar.cookies.has('podo_uid')).toBe(false);
  });

  it('tells a script about the session without ever handing out the token', async () => {
    const client = new Client();
    const body = await client.joinAndLogin();
    await client.call('/shop-api/profile/check-password', { body: { password: body.password } });
    const token = client.jar.cookies.get(ACCESS_TOKEN_COOKIE)!;
    const updateToken = client.jar.cookies.get(USER_UPDATE_COOKIE)!;
    for (const key of ['SHOP_KEY', 'CUSTOM_KEY', 'USER_UPDATE_KEY']) {
      const res = await client.call('/api/get-cookie', { body: { key } });
      const text = await res.text();
      expect(text).not.toContain(token);
      expect(text).not.toContain(updateToken);
      const json = JSON.parse(text);
      expect(json).toMatchObject({
        key,
        value: null,
        loggedIn: true,
        expireIn: 43200,
        userUpdateValid: true,
      });
      expect(json.expiresIn).toBeGreaterThan(43200 - 60 - 5);
      expect(json.expiresIn).toBeLessThanOrEqual(43200 - 60);
      expect(json.userUpdateExpiresIn).toBeGreaterThan(1790);
      expect(json.values.EXPIRES_IN).toMatch(/^\d{13}\.43200$/);
    }
    const viaGet = await (await client.call('/api/get-cookie?key=SHOP_KEY')).json();
    expect(viaGet.loggedIn).toBe(true);
  });

  it('clears the httpOnly cookies and ends the session and update token on del-cookie', async () => {
    const client = new Client();
    const body = await client.joinAndLogin();
    await client.call('/shop-api/profile/check-password', { body: { password: body.password } });
    const token = client.jar.cookies.get(ACCESS_TOKEN_COOKIE)!;
    const res = await client.call('/api/del-cookie', { body: { keys: ['USER_UPDATE_KEY', 'SHOP_KEY'] } });
    expect(res.status).toBe(200);
    expect(client.jar.cookies.has(ACCESS_TOKEN_COOKIE)).toBe(false);
    expect(client.jar.cookies.has(USER_UPDATE_COOKIE)).toBe(false);
    const after = await client.call('/shop-api/profile', { browser: false, headers: { accessToken: token } });
    expect(after.status).toBe(401);
    const revoked = await t.db.execute(
      'SELECT COUNT(*) AS n FROM user_update_tokens WHERE revoked_at IS NOT NULL',
    );
    expect(revoked.rows[0]?.n).toBe(1);
  });

  it('deletes every key with an empty body', async () => {
    const client = new Client();
    await client.joinAndLogin();
    await client.call('/api/set-cookie', { body: { key: 'CUSTOM_KEY_TIME', value: '1700000000000' } });
    const res = await client.call('/api/del-cookie', { method: 'POST' });
    expect((await res.json()).deleted).toHaveLength(6);
    expect(client.jar.cookies.size).toBe(0);
  });
});
