import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client, consent, joinBody } from '../../../tests/fixtures/members.ts';
import { ACCESS_TOKEN_COOKIE } from '../../server/auth/cookies.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => {
  vi.useRealTimers();
  t.close();
});

const TICKET = /^[A-Za-z0-9_-]{43}$/;

describe('/api/{brand}', () => {
  it('joins and logs in with { data } bodies; the session goes into the cookie, the answer has a ticket', async () => {
    const client = new Client();
    const body = joinBody();
    const join = await client.call('/api/podo?url=/join', { body: { data: body } });
    expect(join.status).toBe(201);
    expect(await join.json()).toEqual({
      data: { message: { memberNo: expect.any(Number), memberId: body.memberId } },
    });

    const login = await client.call('/api/podo?url=/login', {
      body: { data: { memberId: body.memberId, password: body.password } },
    });
    expect(login.status).toBe(200);
    const json = await login.json();
    expect(json.data.message).toMatchObject({
      memberId: body.memberId,
      memberName: '김포도',
      expireIn: 43200,
    });
    // data.message.token is a one-time partner ticket, never the session token of the cookie
    expect(json.data.message.token).toMatch(TICKET);
    expect(json.data.message.tokenExpireIn).toBe(60);
    const token = client.jar.cookies.get(ACCESS_TOKEN_COOKIE)!;
    expect(JSON.stringify(json)).not.toContain(token);
    expect((await client.call('/shop-api/profile')).status).toBe(200);
  });

  it('takes the command from the path too, and answers 404 for another brand', async () => {
    const client = new Client();
    const { body } = await client.join();
    const login = await client.call('/api/podo/login', {
      body: { data: { memberId: body.memberId, password: body.password } },
    });
    expect(login.status).toBe(200);
    const other = await client.call('/api/acme?url=/login', {
      body: { data: { memberId: body.memberId, password: body.password } },
    });
    expect(other.status).toBe(404);
    const unknown = await client.call('/api/podo?url=/no-such-command', { body: { data: {} } });
    expect(unknown.status).toBe(404);
    expect((await client.call('/api/health')).status).toBe(200);
  });

  it('answers a wrong password and a bad body with Korean messages', async () => {
    const client = new Client();
    const { body } = await client.join();
    const wrong = await client.call('/api/podo?url=/login', {
      body: { data: { memberId: body.memberId, password: 'nope-1234!' } },
    });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe('아이디 또는 비밀번호가 올바르지 않습니다.');
    const bad = await client.call('/api/podo?url=/login', { body: { memberId: body.memberId } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('invalid-request');
    const badJoin = await client.call('/api/podo?url=/join', {
      body: { data: joinBody({ birthday: '20251301' }) },
    });
    expect(await badJoin.json()).toMatchObject({
      code: 'invalid-request',
      message: expect.stringMatching(/2024년/),
    });
  });

  it('verifies the password, checks the update token and updates the own profile only', async () => {
    const client = new Client();
    const body = await client.joinAndLogin();
    const unverified = await client.call('/api/podo?url=/user/update', {
      body: { data: { memberName: '이포도' } },
    });
    expect(unverified.status).toBe(403);
    expect((await unverified.json()).code).toBe('update-token-required');

    const verify = await client.call('/api/podo?url=/user-verification', {
      body: { data: { password: body.password } },
    });
    expect(await verify.json()).toEqual({ data: { message: { valid: true, expireIn: 1800 } } });
    const check = await client.call('/api/podo?url=/user-verification', {
      body: { command: 'valid-update-token' },
    });
    expect((await check.json()).data.message.valid).toBe(true);

    const mismatch = await client.call('/api/podo?url=/user/update', {
      body: { data: { memberId: 'someone-else', memberName: '이포도' } },
    });
    expect(mismatch.status).toBe(403);
    expect((await mismatch.json()).code).toBe('mismatched-userid');
    const update = await client.call('/api/podo?url=/user/update', {
      body: { data: { memberId: body.memberId, memberName: '이포도' } },
    });
    expect(update.status).toBe(200);
    expect((await update.json()).data.message.memberName).toBe('이포도');
  });

  it('changes the password with the current one', async () => {
    const client = new Client();
    const body = await client.joinAndLogin();
    const wrong = await client.call('/api/podo?url=/password/update', {
      body: { data: { password: 'nope-1234!', newPassword: 'Purple-9876$' } },
    });
    expect((await wrong.json()).code).toBe('wrong-password');
    const weak = await client.call('/api/podo?url=/password/update', {
      body: { data: { password: body.password, newPassword: 'weak' } },
    });
    expect(weak.status).toBe(400);
    const ok = await client.call('/api/podo?url=/password/update', {
      body: { data: { password: body.password, newPassword: 'Purple-9876$' } },
    });
    expect(await ok.json()).toEqual({ data: { message: { changed: true } } });
    expect((await new Client().login(body.memberId, 'Purple-9876$')).status).toBe(200);
  });

  it("keeps another member's account out of reach unless the caller is an administrator", async () => {
    await seedMemberDemo(t.db, 'demo');
    const alice = new Client();
    const bob = new Client();
    const aliceBody = await alice.joinAndLogin();
    await bob.joinAndLogin();
    expect((await alice.call('/api/podo?url=/user/search')).status).toBe(200);
    const peek = await bob.call(`/api/podo?url=/user/search&memberId=${aliceBody.memberId}`);
    expect(peek.status).toBe(403);
    expect((await peek.json()).code).toBe('mismatched-userid');

    const admin = new Client();
    await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password);
    const found = await admin.call(`/api/podo?url=/user/search&memberId=${aliceBody.memberId}`);
    expect((await found.json()).data.message.email).toBe(aliceBody.email);
    const missing = await admin.call('/api/podo?url=/user/search&memberId=nobody1');
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe('no-account');
  });

  it('needs a session for member commands', async () => {
    const res = await new Client().call('/api/podo?url=/user/search');
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('login-required');
  });
});

describe('/api/{brand}?url=/login → ncpstore exchange (the spec two-step login)', () => {
  it('an API client: ticket, then POST /shop-api/oauth/openid, then the access token header', async () => {
    const { body } = await new Client().join();
    const api = new Client();
    const login = await api.call('/api/podo?url=/login', {
      browser: false,
      body: { data: { memberId: body.memberId, password: body.password } },
    });
    expect(login.status).toBe(200);
    // no session yet, so no session cookie: the ticket is the only thing handed out
    expect(login.headers.getSetCookie().join('\n')).not.toContain(ACCESS_TOKEN_COOKIE);
    const message = (await login.json()).data.message;
    expect(message).toMatchObject({ memberId: body.memberId, memberName: '김포도', tokenExpireIn: 60 });
    expect(message).not.toHaveProperty('expireIn');
    expect(message.token).toMatch(TICKET);

    const exchange = await api.call('/shop-api/oauth/openid', {
      browser: false,
      body: { provider: 'ncpstore', openAccessToken: message.token, keepLogin: true },
    });
    expect(exchange.status).toBe(200);
    const session = await exchange.json();
    expect(session).toMatchObject({ provider: 'ncpstore', result: 'logged-in', expireIn: 30 * 24 * 3600 });
    expect(session.accessToken).toMatch(TICKET);
    expect(session.accessToken).not.toBe(message.token);

    const profile = await api.call('/shop-api/profile', {
      browser: false,
      headers: { accessToken: session.accessToken },
    });
    expect(profile.status).toBe(200);
    // counted once: at the exchange, not at the ticket
    expect(await profile.json()).toMatchObject({ memberId: body.memberId, loginCount: 1 });

    const replay = await new Client().call('/shop-api/oauth/openid', {
      browser: false,
      body: { provider: 'ncpstore', openAccessToken: message.token },
    });
    expect(replay.status).toBe(401);
    expect((await replay.json()).code).toBe('invalid-token');
  });

  it('a browser may exchange its ticket too: the session rotates, the old cookie token ends', async () => {
    const client = new Client();
    const body = await client.joinAndLogin();
    const login = await client.call('/api/podo?url=/login', {
      body: { data: { memberId: body.memberId, password: body.password } },
    });
    const { token } = (await login.json()).data.message;
    const first = client.jar.cookies.get(ACCESS_TOKEN_COOKIE)!;
    const exchange = await client.call('/shop-api/oauth/openid', {
      body: { provider: 'ncpstore', openAccessToken: token },
    });
    expect(await exchange.json()).toMatchObject({ result: 'logged-in', accessToken: '' });
    const second = client.jar.cookies.get(ACCESS_TOKEN_COOKIE)!;
    expect(second).not.toBe(first);
    expect((await client.call('/shop-api/profile')).status).toBe(200);
    const old = await new Client().call('/shop-api/profile', {
      browser: false,
      headers: { accessToken: first },
    });
    expect(old.status).toBe(401);
  });

  it('a ticket is good for 60 seconds; a wrong password gets none', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T00:00:00Z'));
    const { body } = await new Client().join();
    const api = new Client();
    const wrong = await api.call('/api/podo?url=/login', {
      browser: false,
      body: { data: { memberId: body.memberId, password: 'nope-1234!' } },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('token');
    const login = await api.call('/api/podo?url=/login', {
      browser: false,
      body: { data: { memberId: body.memberId, password: body.password } },
    });
    const { token } = (await login.json()).data.message;
    vi.setSystemTime(new Date('2026-05-01T00:01:01Z'));
    const late = await api.call('/shop-api/oauth/openid', {
      browser: false,
      body: { provider: 'ncpstore', openAccessToken: token },
    });
    expect(late.status).toBe(401);
    expect((await late.json()).code).toBe('invalid-token');
  });
});

describe('/api/{brand}?url=/user/sns-login', () => {
  const snsLogin = (client: Client, body: unknown, browser = true) =>
    client.call('/api/podo?url=/user/sns-login', { body, browser });

  it('login-url: { message: { login_url } }, with the state and binding of GET /oauth/login-url', async () => {
    const client = new Client();
    const res = await snsLogin(client, {
      command: 'login-url',
      provider: 'naver',
      redirect_url: '/callback/auth-callback',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const json = await res.json();
    expect(Object.keys(json)).toEqual(['message']);
    const url = new URL(json.message.login_url);
    expect(url.origin + url.pathname).toBe('http://localhost:4321/api/dev-oauth/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:4321/callback/auth-callback');
    expect(url.searchParams.get('state')).toMatch(/.{20,}/);
    expect(res.headers.getSetCookie().find((l) => l.startsWith('podo_oauth_binding='))).toMatch(
      /Path=\/;.*HttpOnly/i,
    );

    // the callback finishes at the shop API like any social login
    const callback = await consent(client, url, { email: 'brand.sns@example.com', mobile: '01046461212' });
    const q = new URLSearchParams({
      provider: 'naver',
      code: callback.searchParams.get('code')!,
      state: callback.searchParams.get('state')!,
      redirectUri: '/callback/auth-callback',
    });
    const openid = await client.call(`/shop-api/oauth/openid?${q}`);
    expect(openid.status).toBe(200);
    expect((await openid.json()).result).toBe('sign-up');
  });

  it('Kakao gets PKCE; the default callback is the login one; one binding serves both entry points', async () => {
    const client = new Client();
    const viaShop = await client.call('/shop-api/oauth/login-url?provider=naver');
    const shopUrl = new URL((await viaShop.json()).loginUrl);
    const binding = client.jar.cookies.get('podo_oauth_binding');
    const res = await snsLogin(client, { command: 'login-url', provider: 'kakao' });
    const url = new URL((await res.json()).message.login_url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:4321/callback/auth-callback');
    expect(client.jar.cookies.get('podo_oauth_binding')).toBe(binding);

    // two tabs: both logins finish
    for (const [provider, started] of [
      ['naver', shopUrl],
      ['kakao', url],
    ] as const) {
      const callback = await consent(client, started, { email: `${provider}.tab@example.com` });
      const q = new URLSearchParams({
        provider,
        code: callback.searchParams.get('code')!,
        state: callback.searchParams.get('state')!,
      });
      expect((await client.call(`/shop-api/oauth/openid?${q}`)).status, provider).toBe(200);
    }
  });

  it('a link URL needs a signed-in member, and the link then works', async () => {
    const anonymous = await snsLogin(new Client(), {
      command: 'login-url',
      provider: 'naver',
      redirect_url: '/callback/link-callback',
    });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).code).toBe('login-required');

    const client = new Client();
    await client.joinAndLogin();
    const res = await snsLogin(client, {
      command: 'login-url',
      provider: 'naver',
      redirect_url: 'http://localhost:4321/mypage/info/callback',
    });
    const url = new URL((await res.json()).message.login_url);
    const callback = await consent(client, url, { user_id: 'brand-linker' });
    const q = new URLSearchParams({
      provider: 'naver',
      code: callback.searchParams.get('code')!,
      state: callback.searchParams.get('state')!,
    });
    const linked = await client.call(`/shop-api/oauth/openid/link?${q}`);
    expect(linked.status).toBe(200);
    expect(await (await client.call('/shop-api/profile')).json()).toMatchObject({ providerTypes: ['naver'] });
  });

  it('shares the login-url limit of GET /oauth/login-url: 60 per IP in 10 minutes', async () => {
    const client = new Client();
    for (let i = 0; i < 60; i += 1) {
      const res = await client.call('/shop-api/oauth/login-url?provider=naver', { ip: '198.51.100.7' });
      expect(res.status).toBe(200);
    }
    const blocked = await client.call('/api/podo?url=/user/sns-login', {
      body: { command: 'login-url', provider: 'naver' },
      ip: '198.51.100.7',
    });
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).code).toBe('too-many-requests');
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    const elsewhere = await client.call('/api/podo?url=/user/sns-login', {
      body: { command: 'login-url', provider: 'naver' },
      ip: '198.51.100.8',
    });
    expect(elsewhere.status).toBe(200);
  });

  it('refuses other providers, callbacks off the list, unknown commands and non-JSON bodies', async () => {
    const client = new Client();
    const cases: [unknown, number, string][] = [
      [{ command: 'login-url', provider: 'google' }, 400, 'invalid-request'],
      [
        { command: 'login-url', provider: 'naver', redirect_url: 'https://evil.example/cb' },
        400,
        'invalid-request',
      ],
      [{ command: 'login-url', provider: 'naver', redirect_url: '/login' }, 400, 'invalid-request'],
      [{ command: 'drop-tables' }, 400, 'command-error'],
      [{ provider: 'naver' }, 400, 'command-error'],
      [[], 400, 'command-error'],
    ];
    for (const [body, status, code] of cases) {
      const res = await snsLogin(client, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await res.json()).code, JSON.stringify(body)).toBe(code);
    }
    const text = await client.call('/api/podo?url=/user/sns-login', {
      body: 'command=login-url',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect((await text.json()).code).toBe('invalid-request');
  });

  it('valid-update-token: the cookies for a browser, the body tokens for an API client', async () => {
    const client = new Client();
    const body = await client.joinAndLogin();
    const none = await snsLogin(client, {
      command: 'valid-update-token',
      access_token: '',
      update_token: '',
    });
    expect(none.status).toBe(403);
    expect((await none.json()).code).toBe('update-token-required');
    await client.call('/shop-api/profile/check-password', { body: { password: body.password } });
    const ok = await snsLogin(client, { command: 'valid-update-token', access_token: '', update_token: '' });
    const okJson = await ok.json();
    expect(okJson).toEqual({ message: { valid: true, expireIn: expect.any(Number) } });
    expect(okJson.message.expireIn).toBeGreaterThan(1790);

    // API client: its own tokens in the body, no cookies, no headers
    const api = new Client();
    const login = await api.login(body.memberId, body.password, {}, { browser: false });
    const { accessToken } = await login.json();
    const check = await api.call('/shop-api/profile/check-password', {
      browser: false,
      headers: { accessToken },
      body: { password: body.password },
    });
    const { updateToken } = await check.json();
    const valid = await snsLogin(
      api,
      { command: 'valid-update-token', access_token: accessToken, update_token: updateToken },
      false,
    );
    expect((await valid.json()).message.valid).toBe(true);
    // same on /user-verification, in its { data: { message } } envelope
    const viaVerification = await api.call('/api/podo?url=/user-verification', {
      browser: false,
      body: { command: 'valid-update-token', access_token: accessToken, update_token: updateToken },
    });
    expect((await viaVerification.json()).data.message.valid).toBe(true);

    const badAccess = await snsLogin(
      api,
      { command: 'valid-update-token', access_token: 'x'.repeat(43), update_token: updateToken },
      false,
    );
    expect((await badAccess.json()).code).toBe('invalid-token');
    // another member's update token, or another member's session next to the cookie: refused
    const other = new Client();
    await other.joinAndLogin();
    const foreign = await snsLogin(other, { command: 'valid-update-token', update_token: updateToken });
    expect((await foreign.json()).code).toBe('update-token-required');
    const mixed = await snsLogin(other, {
      command: 'valid-update-token',
      access_token: accessToken,
      update_token: updateToken,
    });
    expect(mixed.status).toBe(403);
    expect((await mixed.json()).code).toBe('mismatched-userid');
  });

  it('valid-update-token tells the update token’s 30 minutes (403) from the session’s end (401)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-03-02T01:00:00Z');
    vi.setSystemTime(start);
    const client = new Client();
    const body = await client.joinAndLogin();
    await client.call('/shop-api/profile/check-password', { body: { password: body.password } });
    vi.setSystemTime(start.getTime() + 31 * 60 * 1000);
    const late = await snsLogin(client, { command: 'valid-update-token' });
    expect(late.status).toBe(403);
    expect((await late.json()).code).toBe('update-token-expired');
    const update = await client.call('/api/podo?url=/user/update', {
      body: { data: { memberName: '이포도' } },
    });
    expect((await update.json()).code).toBe('update-token-expired');

    vi.setSystemTime(start.getTime() + 12 * 60 * 60 * 1000);
    const ended = await snsLogin(client, { command: 'valid-update-token' });
    expect(ended.status).toBe(401);
    expect((await ended.json()).code).toBe('token-has-expired');
  });
});
