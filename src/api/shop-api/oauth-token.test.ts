import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client, STRONG_PASSWORD } from '../../../tests/fixtures/members.ts';
import { createApiApp } from '../app.ts';
import { setMemberLocked } from '../../server/member/service.ts';
import { ACCESS_TOKEN_COOKIE, TOKEN_EXPIRY_COOKIE } from '../../server/auth/cookies.ts';
import { useLoginSleepForTests } from '../../server/auth/login.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => {
  vi.useRealTimers();
  t.close();
});

async function memberNoOf(memberId: string): Promise<number> {
  const r = await t.db.execute({
    sql: 'SELECT member_no FROM members WHERE member_id = ?',
    args: [memberId],
  });
  return Number(r.rows[0]?.member_no);
}

describe('POST /shop-api/oauth/token (login)', () => {
  it('sets the token only in an httpOnly, SameSite=Lax cookie for a browser', async () => {
    const client = new Client();
    const { body } = await client.join();
    const res = await client.login(body.memberId, body.password);
    expect(res.status).toBe(200);
    const json = await res.json();
    expect(json).toEqual({
      accessToken: '',
      expireIn: 43200,
      daysFromLastPasswordChange: 0,
      passwordChangeRequired: false,
    });
    const setCookies = res.headers.getSetCookie();
    const tokenCookie = setCookies.find((l) => l.startsWith(`${ACCESS_TOKEN_COOKIE}=`))!;
    expect(tokenCookie).toMatch(/; HttpOnly/);
    expect(tokenCookie).toMatch(/; SameSite=Lax/);
    expect(tokenCookie).toMatch(/; Path=\//);
    expect(tokenCookie).not.toMatch(/Secure/); // NODE_ENV=test
    expect(tokenCookie).not.toMatch(/Max-Age/); // a browser-session cookie without keepLogin
    const token = client.jar.cookies.get(ACCESS_TOKEN_COOKIE)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    const expiry = setCookies.find((l) => l.startsWith(`${TOKEN_EXPIRY_COOKIE}=`))!;
    expect(expiry).not.toMatch(/HttpOnly/);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');

    const profile = await client.call('/shop-api/profile');
    expect(profile.status).toBe(200);
    expect((await profile.json()).memberId).toBe(body.memberId);
  });

  it('stores only the SHA-256 of the token, and keepLogin makes a 30-day persistent cookie', async () => {
    const client = new Client();
    const { body } = await client.join();
    const res = await client.login(body.memberId, body.password, { keepLogin: true });
    expect((await res.json()).expireIn).toBe(30 * 24 * 3600);
    expect(res.headers.getSetCookie().find((l) => l.startsWith(`${ACCESS_TOKEN_COOKIE}=`))).toMatch(
      /Max-Age=2592000/,
    );
    const token = client.jar.cookies.get(ACCESS_TOKEN_COOKIE)!;
    const rows = await t.db.execute('SELECT token_hash FROM sessions');
    expect(rows.rows.map((r) => r.token_hash)).toEqual([createHash('sha256').update(token).digest('hex')]);
  });

  it('gives an API client the token in the body, and the accessToken header works', async () => {
    const browser = new Client();
    const { body } = await browser.join();
    const apiClient = new Client();
    const res = await apiClient.login(body.memberId, body.password, {}, { browser: false });
    const { accessToken } = await res.json();
    expect(accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers.getSetCookie().length).toBeGreaterThan(0);
    const profile = await apiClient.call('/shop-api/profile', { browser: false, headers: { accessToken } });
    expect(profile.status).toBe(200);
    expect((await profile.json()).email).toBe(body.email);
  });

  it('rotates the token at every login and ends the previous session of that browser', async () => {
    const client = new Client();
    const { body } = await client.join();
    await client.login(body.memberId, body.password);
    const first = client.jar.cookies.get(ACCESS_TOKEN_COOKIE)!;
    await client.login(body.memberId, body.password);
    const second = client.jar.cookies.get(ACCESS_TOKEN_COOKIE)!;
    expect(second).not.toBe(first);
    const old = await client.call('/shop-api/profile', { browser: false, headers: { accessToken: first } });
    expect(old.status).toBe(401);
    expect((await old.json()).code).toBe('invalid-token');
  });

  it('answers a wrong password and an unknown id with the same Korean message', async () => {
    const client = new Client();
    const { body } = await client.join();
    const wrong = await client.login(body.memberId, 'not-the-password1!');
    const unknown = await client.login('nobody-here', 'not-the-password1!');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await wrong.json();
    const b = await unknown.json();
    expect(a).toEqual({ code: 'login-failed', message: '아이디 또는 비밀번호가 올바르지 않습니다.' });
    expect(b).toEqual(a);
    expect(wrong.headers.getSetCookie().some((l) => l.startsWith(`${ACCESS_TOKEN_COOKIE}=`))).toBe(false);
  });

  it('refuses a bad body with 400', async () => {
    const client = new Client();
    const res = await client.call('/shop-api/oauth/token', { body: { memberId: '', password: '' } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/아이디/);
  });

  it('names a locked account only after the right password', async () => {
    const client = new Client();
    const { body } = await client.join();
    await setMemberLocked(t.db, await memberNoOf(body.memberId), true);
    const wrong = await client.login(body.memberId, 'wrong-password1!');
    expect((await wrong.json()).code).toBe('login-failed');
    const right = await client.login(body.memberId, body.password);
    expect(right.status).toBe(403);
    expect(await right.json()).toEqual({
      code: 'locked-account',
      message: '이용이 제한된 계정입니다. 고객센터로 문의해 주세요.',
    });
  });

  it('ends the sessions of a member who gets locked', async () => {
    const client = new Client();
    const body = await client.joinAndLogin();
    await setMemberLocked(t.db, await memberNoOf(body.memberId), true);
    const res = await client.call('/shop-api/profile');
    expect(res.status).toBe(401);
  });

  it('rate-limits per id in the database: the 6th try in 10 minutes is 429 even with the right password', async () => {
    const client = new Client();
    const { body } = await client.join();
    for (let i = 0; i < 5; i++) {
      expect((await client.login(body.memberId, `wrong-${i}-pass!`)).status).toBe(401);
    }
    // Another app instance (another process in production) sees the same counter.
    const other = new Client(createApiApp());
    const blocked = await other.login(body.memberId, body.password);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).code).toBe('too-many-attempts');
    const counter = await t.db.execute("SELECT failures FROM login_attempts WHERE scope = 'login-id'");
    expect(Number(counter.rows[0]?.failures)).toBeGreaterThanOrEqual(6);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
    expect((await other.login(body.memberId, body.password)).status).toBe(200);
  });

  it('clears the per-id count after a successful login', async () => {
    const client = new Client();
    const { body } = await client.join();
    for (let i = 0; i < 4; i++) await client.login(body.memberId, `wrong-${i}-pass!`);
    expect((await client.login(body.memberId, body.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) await client.login(body.memberId, `wrong-${i}-pass!`);
    expect((await client.login(body.memberId, body.password)).status).toBe(200);
  });

  it('slows an IP after 30 failures over many ids, never locks the members behind it out', async () => {
    const waits: number[] = [];
    useLoginSleepForTests(async (ms) => {
      waits.push(ms);
    });
    try {
      const client = new Client();
      const { body } = await client.join();
      for (let i = 0; i < 30; i++) {
        const res = await client.login(`guess${i}`, 'wrong-pass-1!', {}, { ip: '203.0.113.7' });
        expect(res.status).toBe(401);
      }
      expect(waits).toEqual([]);
      // one NAT, many members: the next login from that address waits first, then goes through
      const slowed = await client.login(body.memberId, body.password, {}, { ip: '203.0.113.7' });
      expect(slowed.status).toBe(200);
      expect(waits).toHaveLength(1);
      expect(waits[0]).toBeGreaterThanOrEqual(1000);
      const elsewhere = await client.login(body.memberId, body.password, {}, { ip: '198.51.100.2' });
      expect(elsewhere.status).toBe(200);
      expect(waits).toHaveLength(1);
    } finally {
      useLoginSleepForTests();
    }
  });
});

describe('expired tokens', () => {
  it('answers 401 token-has-expired from 60 s before the end, and clears the cookies', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-03-02T01:00:00Z');
    vi.setSystemTime(start);
    const client = new Client();
    await client.joinAndLogin();
    vi.setSystemTime(start.getTime() + 12 * 3600 * 1000 - 61 * 1000);
    expect((await client.call('/shop-api/profile')).status).toBe(200);
    vi.setSystemTime(start.getTime() + 12 * 3600 * 1000 - 59 * 1000);
    const res = await client.call('/shop-api/profile');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: 'token-has-expired',
      message: '로그인 시간이 만료되었습니다. 다시 로그인해 주세요.',
    });
    expect(
      res.headers.getSetCookie().some((l) => l.startsWith(`${ACCESS_TOKEN_COOKIE}=;`) && /Max-Age=0/.test(l)),
    ).toBe(true);
    expect(client.jar.cookies.has(ACCESS_TOKEN_COOKIE)).toBe(false);
  });

  it('answers 401 login-required without a token and invalid-token for a made-up one', async () => {
    const client = new Client();
    const none = await client.call('/shop-api/profile');
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe('login-required');
    const fake = await client.call('/shop-api/profile', {
      browser: false,
      headers: { accessToken: 'x'.repeat(43) },
    });
    expect((await fake.json()).code).toBe('invalid-token');
  });
});

describe('DELETE /shop-api/oauth/token (logout)', () => {
  it('revokes the session and clears the cookies', async () => {
    const client = new Client();
    await client.joinAndLogin();
    const token = client.jar.cookies.get(ACCESS_TOKEN_COOKIE)!;
    const res = await client.call('/shop-api/oauth/token', { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(client.jar.cookies.has(ACCESS_TOKEN_COOKIE)).toBe(false);
    const after = await client.call('/shop-api/profile', { browser: false, headers: { accessToken: token } });
    expect(after.status).toBe(401);
    const row = await t.db.execute('SELECT revoked_at FROM sessions');
    expect(row.rows[0]?.revoked_at).not.toBeNull();
  });

  it('password is never echoed', async () => {
    const client = new Client();
    const { res } = await client.join({ password: STRONG_PASSWORD });
    expect(await res.text()).not.toContain(STRONG_PASSWORD);
  });
});
