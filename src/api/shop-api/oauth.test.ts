import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client, consent } from '../../../tests/fixtures/members.ts';
import { useOAuthProviderForTests } from '../../server/adapters/oauth/index.ts';
import { createKakaoProvider } from '../../server/adapters/oauth/kakao.ts';
import { startStandIn } from '../../server/adapters/oauth/stand-in.test-helper.ts';
import { resetEnvForTests } from '../../server/platform/env.ts';
import { issuePartnerLoginTicket } from '../../server/social/partner.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetEnvForTests();
  useOAuthProviderForTests('kakao', undefined);
  useOAuthProviderForTests('naver', undefined);
  t.close();
});

const TERMS = ['USE', 'PI_COLLECTION_AND_USE_REQUIRED', 'PI_14_AGE'];
type Provider = 'naver' | 'kakao';

async function loginUrl(
  client: Client,
  provider: Provider,
  redirectUri = '/callback/auth-callback',
): Promise<URL> {
  const res = await client.call(
    `/shop-api/oauth/login-url?${new URLSearchParams({ provider, redirectUri })}`,
  );
  expect(res.status).toBe(200);
  return new URL((await res.json()).loginUrl);
}

function openid(client: Client, provider: Provider, callback: URL, redirectUri = '/callback/auth-callback') {
  const q = new URLSearchParams({
    provider,
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
    redirectUri,
  });
  return client.call(`/shop-api/oauth/openid?${q}`);
}

/** A social identity all the way to "sign-up": returns the openid answer. */
async function socialArrival(client: Client, provider: Provider, fields: Record<string, string> = {}) {
  const callback = await consent(client, await loginUrl(client, provider), fields);
  const res = await openid(client, provider, callback);
  return { res, body: await res.json() };
}

async function signUp(client: Client, provider: Provider, fields: Record<string, string> = {}) {
  const { body } = await socialArrival(client, provider, fields);
  expect(body.result).toBe('sign-up');
  const res = await client.call('/shop-api/profile/openid', {
    body: { socialSignUpToken: body.socialSignUpToken, joinTermsAgreements: TERMS },
  });
  expect(res.status).toBe(201);
  return res.json();
}

describe('dev provider: new member', () => {
  it('Naver: state without PKCE → consent page → sign-up token → terms → member, logged in', async () => {
    const client = new Client();
    const url = await loginUrl(client, 'naver');
    expect(url.origin + url.pathname).toBe('http://localhost:4321/api/dev-oauth/authorize');
    expect(url.searchParams.get('state')).toMatch(/.{20,}/);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:4321/callback/auth-callback');
    expect(url.searchParams.has('code_challenge')).toBe(false);
    expect(client.jar.cookies.get('podo_oauth_binding')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const page = await (await client.call(url.pathname + url.search)).text();
    expect(page).toContain('<html lang="ko">');
    expect(page).toMatch(/<label for="dev-oauth-name">이름<\/label>/);
    expect(page).toMatch(/<label for="dev-oauth-email">이메일<\/label>/);
    expect(page).toMatch(/<label for="dev-oauth-mobile">휴대폰 번호<\/label>/);
    expect(page).toContain('동의하고 계속하기');
    expect(page).toContain('취소');
    expect(page).toContain('value="naver.tester@example.com"');

    const callback = await consent(client, url, {
      email: 'new.naver@example.com',
      mobile: '01077778888',
      name: '최네이버',
    });
    expect(callback.origin + callback.pathname).toBe('http://localhost:4321/callback/auth-callback');
    expect(callback.searchParams.get('state')).toBe(url.searchParams.get('state'));
    const arrival = await openid(client, 'naver', callback);
    expect(arrival.status).toBe(200);
    const body = await arrival.json();
    expect(body).toMatchObject({
      provider: 'naver',
      result: 'sign-up',
      signUpExpireIn: 1800,
      profile: { memberName: '최네이버', email: 'new.naver@example.com', mobileNo: '01077778888' },
    });

    const denied = await client.call('/shop-api/profile/openid', {
      body: { socialSignUpToken: body.socialSignUpToken, joinTermsAgreements: ['USE'] },
    });
    expect(denied.status).toBe(400);
    expect((await denied.json()).code).toBe('denied-sns-agreement');

    const created = await client.call('/shop-api/profile/openid', {
      body: { socialSignUpToken: body.socialSignUpToken, joinTermsAgreements: TERMS, smsAgreed: true },
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      memberId: null,
      memberName: '최네이버',
      memberType: 'OPEN_ID',
      providerTypes: ['naver'],
      accessToken: '',
    });
    const profile = await client.call('/shop-api/profile');
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ memberName: '최네이버', email: 'new.naver@example.com' });
    expect(await (await client.call('/shop-api/oauth/openid/list')).json()).toEqual([
      expect.objectContaining({ provider: 'naver', email: 'new.naver@example.com' }),
    ]);

    const reuse = await client.call('/shop-api/profile/openid', {
      body: { socialSignUpToken: body.socialSignUpToken, joinTermsAgreements: TERMS },
    });
    expect((await reuse.json()).code).toBe('invalid-token');

    // the next social login of the same identity logs straight in
    const again = new Client();
    const { res, body: second } = await socialArrival(again, 'naver', {
      email: 'new.naver@example.com',
      mobile: '01077778888',
    });
    expect(res.status).toBe(200);
    expect(second).toMatchObject({
      provider: 'naver',
      result: 'logged-in',
      accessToken: '',
      expireIn: 43200,
    });
    expect((await again.call('/shop-api/profile')).status).toBe(200);
  });

  it('Kakao: the dev page plays PKCE; an API client gets the access token in the body', async () => {
    const client = new Client();
    const url = await loginUrl(client, 'kakao');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await signUp(client, 'kakao', { email: 'kakao.new@example.com', mobile: '01012120000' });
    const api = new Client();
    const callback = await consent(api, await loginUrl(api, 'kakao'), {
      email: 'kakao.new@example.com',
      mobile: '01012120000',
    });
    const q = new URLSearchParams({
      provider: 'kakao',
      code: callback.searchParams.get('code')!,
      state: callback.searchParams.get('state')!,
    });
    const res = await api.call(`/shop-api/oauth/openid?${q}`, {
      browser: false,
      headers: { Cookie: `podo_oauth_binding=${api.jar.cookies.get('podo_oauth_binding')}` },
    });
    const body = await res.json();
    expect(body.result).toBe('logged-in');
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('the sign-up token expires after 30 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
    const client = new Client();
    const { body } = await socialArrival(client, 'naver', {
      email: 'late@example.com',
      mobile: '01033334444',
    });
    vi.setSystemTime(new Date('2026-03-01T00:30:01Z'));
    const res = await client.call('/shop-api/profile/openid', {
      body: { socialSignUpToken: body.socialSignUpToken, joinTermsAgreements: TERMS },
    });
    expect(res.status).toBe(410);
    expect((await res.json()).code).toBe('sign-up-expired');
  });

  it('cancel on the consent page sends error=access_denied back', async () => {
    const client = new Client();
    const url = await loginUrl(client, 'naver');
    const callback = await consent(client, url, {}, 'cancel');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(url.searchParams.get('state'));
    expect(callback.searchParams.has('code')).toBe(false);
  });
});

describe('state', () => {
  it('a wrong state, a reused state, another browser and another provider are refused', async () => {
    const client = new Client();
    const callback = await consent(client, await loginUrl(client, 'naver'), { email: 's1@example.com' });
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'not-the-state');
    const bad = await openid(client, 'naver', tampered);
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('invalid-state');

    expect((await openid(client, 'naver', callback)).status).toBe(200);
    const reused = await openid(client, 'naver', callback);
    expect((await reused.json()).code).toBe('invalid-state');

    // a state started in one browser cannot be finished in another (no binding cookie)
    const callback2 = await consent(client, await loginUrl(client, 'naver'), { email: 's2@example.com' });
    const attacker = new Client();
    expect((await (await openid(attacker, 'naver', callback2)).json()).code).toBe('invalid-state');
    // ... and that attempt burnt it for the victim too
    expect((await (await openid(client, 'naver', callback2)).json()).code).toBe('invalid-state');

    const callback3 = await consent(client, await loginUrl(client, 'naver'), { email: 's3@example.com' });
    expect((await (await openid(client, 'kakao', callback3)).json()).code).toBe('invalid-state');
  });

  it('expires after 10 minutes; the callback must be the one it started with', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
    const client = new Client();
    const callback = await consent(client, await loginUrl(client, 'naver'), { email: 'slow@example.com' });
    vi.setSystemTime(new Date('2026-03-01T00:10:01Z'));
    expect((await (await openid(client, 'naver', callback)).json()).code).toBe('invalid-state');

    vi.setSystemTime(new Date('2026-03-01T01:00:00Z'));
    const callback2 = await consent(client, await loginUrl(client, 'naver'), { email: 'slow@example.com' });
    expect((await (await openid(client, 'naver', callback2, '/mypage/info/callback')).json()).code).toBe(
      'invalid-state',
    );
  });

  it('refuses callbacks off the site or outside the list', async () => {
    const client = new Client();
    for (const redirectUri of [
      'https://evil.example/callback/auth-callback',
      '/somewhere',
      '//evil.example/x',
      '/callback/auth-callback?next=x',
    ]) {
      const res = await client.call(
        `/shop-api/oauth/login-url?${new URLSearchParams({ provider: 'naver', redirectUri })}`,
      );
      expect(res.status, redirectUri).toBe(400);
    }
    const absolute = await client.call(
      `/shop-api/oauth/login-url?${new URLSearchParams({ provider: 'naver', redirectUri: 'http://localhost:4321/callback/auth-callback' })}`,
    );
    expect(absolute.status).toBe(200);
  });
});

describe('existing account', () => {
  it('no link but the e-mail has a member → 409 existing-account with the masked id', async () => {
    const client = new Client();
    const { body: joined } = await client.join({ memberId: 'podo123', email: 'taken@example.com' });
    const { res, body } = await socialArrival(new Client(), 'naver', {
      email: 'taken@example.com',
      mobile: '01000001111',
    });
    expect(res.status).toBe(409);
    expect(body).toMatchObject({
      code: 'existing-account',
      provider: 'naver',
      existingAccount: { memberId: 'po***23', matchedBy: 'email', providerTypes: [] },
    });
    expect(body.message).toMatch(/이미 가입된 계정/);
    expect(body.existingAccount.joinYmdt).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(JSON.stringify(body)).not.toContain(joined.mobileNo.replace(/\D/g, ''));
  });

  it('matches on the phone number too', async () => {
    const client = new Client();
    await client.join({ mobileNo: '010-4444-5555' });
    const { res, body } = await socialArrival(new Client(), 'kakao', {
      email: 'other@example.com',
      mobile: '01044445555',
    });
    expect(res.status).toBe(409);
    expect(body.existingAccount.matchedBy).toBe('mobileNo');
  });
});

describe('link and unlink', () => {
  it('a member links Naver from /mypage/info, lists it, and unlinks it', async () => {
    const client = new Client();
    await client.joinAndLogin({ email: 'linker@example.com' });
    const anonymous = await new Client().call(
      `/shop-api/oauth/login-url?provider=naver&redirectUri=/callback/link-callback`,
    );
    expect(anonymous.status).toBe(401);

    const url = await loginUrl(client, 'naver', '/mypage/info/callback');
    const callback = await consent(client, url, { email: 'linker@example.com', user_id: 'naver-linker' });
    const q = new URLSearchParams({
      provider: 'naver',
      code: callback.searchParams.get('code')!,
      state: callback.searchParams.get('state')!,
      redirectUri: '/mypage/info/callback',
    });
    const linked = await client.call(`/shop-api/oauth/openid/link?${q}`);
    expect(linked.status).toBe(200);
    expect(await linked.json()).toMatchObject({ provider: 'naver', linked: true });
    expect(
      (await (await client.call('/shop-api/oauth/openid/list')).json()).map(
        (l: { provider: string }) => l.provider,
      ),
    ).toEqual(['naver']);
    expect(await (await client.call('/shop-api/profile')).json()).toMatchObject({
      memberType: 'MALL',
      providerType: 'naver',
      providerTypes: ['naver'],
    });

    // now Naver logs this member in
    const { body } = await socialArrival(new Client(), 'naver', { user_id: 'naver-linker' });
    expect(body.result).toBe('logged-in');

    const del = await client.call('/shop-api/oauth/openid?provider=naver', { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await (await client.call('/shop-api/oauth/openid/list')).json()).toEqual([]);
    expect(await (await client.call('/shop-api/profile')).json()).toMatchObject({
      providerType: '',
      providerTypes: [],
    });
    const none = await client.call('/shop-api/oauth/openid?provider=naver', { method: 'DELETE' });
    expect((await none.json()).code).toBe('no-exist-sns-user');
  });

  it('a login state cannot finish a link, nor a link state started by another member', async () => {
    const a = new Client();
    await a.joinAndLogin();
    const callback = await consent(a, await loginUrl(a, 'naver'), { user_id: 'x-1' });
    const q = new URLSearchParams({
      provider: 'naver',
      code: callback.searchParams.get('code')!,
      state: callback.searchParams.get('state')!,
    });
    expect((await (await a.call(`/shop-api/oauth/openid/link?${q}`)).json()).code).toBe('invalid-state');
  });

  it('an identity linked to another member is refused', async () => {
    const owner = new Client();
    await signUp(owner, 'naver', {
      user_id: 'shared-naver',
      email: 'owner@example.com',
      mobile: '01020203030',
    });
    const other = new Client();
    await other.joinAndLogin();
    const callback = await consent(other, await loginUrl(other, 'naver', '/callback/link-callback'), {
      user_id: 'shared-naver',
    });
    const q = new URLSearchParams({
      provider: 'naver',
      code: callback.searchParams.get('code')!,
      state: callback.searchParams.get('state')!,
    });
    const res = await other.call(`/shop-api/oauth/openid/link?${q}`);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('linked-to-other-member');
  });

  it('a social-only member cannot unlink the last login method (need-to-register), but can unlink one of two', async () => {
    const client = new Client();
    await signUp(client, 'naver', {
      user_id: 'solo-naver',
      email: 'solo@example.com',
      mobile: '01090901010',
    });
    const last = await client.call('/shop-api/oauth/openid?provider=naver', { method: 'DELETE' });
    expect(last.status).toBe(409);
    const body = await last.json();
    expect(body.code).toBe('need-to-register');
    expect(body.message).toContain('아이디와 비밀번호를 먼저 등록해 주세요');

    const callback = await consent(client, await loginUrl(client, 'kakao', '/callback/link-callback'), {
      user_id: 'solo-kakao',
    });
    const q = new URLSearchParams({
      provider: 'kakao',
      code: callback.searchParams.get('code')!,
      state: callback.searchParams.get('state')!,
    });
    expect((await client.call(`/shop-api/oauth/openid/link?${q}`)).status).toBe(200);
    // GET /profile names the social logins, oldest first: the one it joined with is providerType
    expect(await (await client.call('/shop-api/profile')).json()).toMatchObject({
      memberId: '',
      memberType: 'OPEN_ID',
      providerType: 'naver',
      providerTypes: ['naver', 'kakao'],
    });
    expect((await client.call('/shop-api/oauth/openid?provider=naver', { method: 'DELETE' })).status).toBe(
      204,
    );
    expect(await (await client.call('/shop-api/profile')).json()).toMatchObject({
      providerType: 'kakao',
      providerTypes: ['kakao'],
    });
    expect(
      (await (await client.call('/shop-api/oauth/openid?provider=kakao', { method: 'DELETE' })).json()).code,
    ).toBe('need-to-register');
  });
});

describe('POST /shop-api/profile/id-password (register before unlinking the last login)', () => {
  it('a social-only member registers an id and password, then may unlink its only social login', async () => {
    const client = new Client();
    await signUp(client, 'naver', { user_id: 'reg-naver', email: 'reg@example.com', mobile: '01070701010' });
    const blocked = await client.call('/shop-api/oauth/openid?provider=naver', { method: 'DELETE' });
    expect((await blocked.json()).code).toBe('need-to-register');
    // no password yet: nothing to re-check, so no profile edit either
    const noPassword = await client.call('/shop-api/profile/check-password', {
      body: { password: 'grape-2024!' },
    });
    expect((await noPassword.json()).code).toBe('wrong-password');

    // ids taken by a member, or reserved by a former member, are refused
    const holder = new Client();
    await holder.join({ memberId: 'takenid1' });
    const leaver = new Client();
    const left = await leaver.joinAndLogin({ memberId: 'formerid1' });
    expect((await leaver.call('/shop-api/profile', { method: 'DELETE' })).status).toBe(204);
    for (const memberId of ['takenid1', 'FormerId1']) {
      const res = await client.call('/shop-api/profile/id-password', {
        body: { memberId, password: left.password },
      });
      expect(res.status, memberId).toBe(409);
      expect((await res.json()).code).toBe('duplication-id');
    }
    // the join rules: strict password, id pattern
    for (const body of [
      { memberId: 'newid01', password: 'simple1234' },
      { memberId: 'no way', password: 'grape-2024!' },
      { memberId: 'newid01' },
    ]) {
      const res = await client.call('/shop-api/profile/id-password', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }

    const ok = await client.call('/shop-api/profile/id-password', {
      body: { memberId: 'NewId01', password: 'grape-2024!' },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      memberId: 'newid01',
      memberType: 'MALL',
      providerTypes: ['naver'],
    });
    // the password re-check and the profile edit work from now on
    const recheck = await client.call('/shop-api/profile/check-password', {
      body: { password: 'grape-2024!' },
    });
    expect(recheck.status).toBe(200);
    const edit = await client.call('/shop-api/profile', { method: 'PUT', body: { sex: 'F' } });
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({ memberId: 'newid01', sex: 'F' });
    const twice = await client.call('/shop-api/profile/id-password', {
      body: { memberId: 'newid02', password: 'grape-2024!' },
    });
    expect(twice.status).toBe(409);
    expect((await twice.json()).code).toBe('already-registered');

    // the session goes on; now the last social login can go, and the id logs in
    expect((await client.call('/shop-api/oauth/openid?provider=naver', { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await new Client().login('newid01', 'grape-2024!')).status).toBe(200);
  });

  it('needs a signed-in member; a member with an id is already registered', async () => {
    const anonymous = await new Client().call('/shop-api/profile/id-password', {
      body: { memberId: 'someid01', password: 'grape-2024!' },
    });
    expect(anonymous.status).toBe(401);
    const client = new Client();
    await client.joinAndLogin();
    const res = await client.call('/shop-api/profile/id-password', {
      body: { memberId: 'someid01', password: 'grape-2024!' },
    });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('already-registered');
  });
});

describe('leaving (DELETE /shop-api/profile)', () => {
  it("deletes the member's links: its Naver identity starts fresh as a stranger", async () => {
    const client = new Client();
    const fields = { user_id: 'naver-leaver', email: 'leaver@example.com', mobile: '01080801010' };
    const created = await signUp(client, 'naver', fields);
    const left = await client.call('/shop-api/profile?reason=bye', { method: 'DELETE' });
    expect(left.status).toBe(204);
    const links = await t.db.execute({
      sql: 'SELECT COUNT(*) AS n FROM social_links WHERE member_no = ?',
      args: [created.memberNo],
    });
    expect(links.rows[0]?.n).toBe(0);

    // same Naver account again: not the withdrawn member, not "existing account", a new sign-up
    const again = new Client();
    const { res, body } = await socialArrival(again, 'naver', fields);
    expect(res.status).toBe(200);
    expect(body.result).toBe('sign-up');
    const reborn = await again.call('/shop-api/profile/openid', {
      body: { socialSignUpToken: body.socialSignUpToken, joinTermsAgreements: TERMS },
    });
    expect(reborn.status).toBe(201);
    expect((await reborn.json()).memberNo).not.toBe(created.memberNo);
  });

  it('a stale link of a withdrawn member (written before this rule) is still dropped on sight', async () => {
    const client = new Client();
    const fields = { user_id: 'naver-stale', email: 'stale@example.com', mobile: '01080802020' };
    const created = await signUp(client, 'naver', fields);
    // withdrawn the old way: the member row only, the link left behind
    await t.db.execute({
      sql: `UPDATE members SET member_status = 'WITHDRAWN', withdrawn_at = ?, email = NULL, mobile_no = NULL
            WHERE member_no = ?`,
      args: [new Date().toISOString(), created.memberNo],
    });
    const { body } = await socialArrival(new Client(), 'naver', fields);
    expect(body.result).toBe('sign-up');
    const links = await t.db.execute({
      sql: 'SELECT COUNT(*) AS n FROM social_links WHERE member_no = ?',
      args: [created.memberNo],
    });
    expect(links.rows[0]?.n).toBe(0);
  });
});

describe('POST /shop-api/oauth/openid', () => {
  it('ncpstore: a partner login ticket becomes a session, once', async () => {
    const client = new Client();
    const { body: joined } = await client.join();
    const r = await t.db.execute({
      sql: 'SELECT member_no FROM members WHERE member_id = ?',
      args: [joined.memberId],
    });
    const { ticket } = await issuePartnerLoginTicket(t.db, Number(r.rows[0]?.member_no));
    const res = await client.call('/shop-api/oauth/openid', {
      body: { provider: 'ncpstore', openAccessToken: ticket },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ provider: 'ncpstore', result: 'logged-in', expireIn: 43200 });
    expect((await client.call('/shop-api/profile')).status).toBe(200);
    const again = await new Client().call('/shop-api/oauth/openid', {
      body: { provider: 'ncpstore', openAccessToken: ticket },
    });
    expect(again.status).toBe(401);
    expect((await again.json()).code).toBe('invalid-token');
  });

  it('a real provider access token sent by the client is refused (token substitution)', async () => {
    useOAuthProviderForTests('kakao', createKakaoProvider({ clientId: 'k' }));
    const res = await new Client().call('/shop-api/oauth/openid', {
      body: { provider: 'kakao', openAccessToken: 'from-elsewhere' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('invalid-request');
  });
});

describe('real Kakao adapter through the routes (local stand-in)', () => {
  it('sends the PKCE verifier that matches the challenge of the login URL', async () => {
    let challenge = '';
    const s = await startStandIn({
      'POST /oauth/token': (r) =>
        createHash('sha256')
          .update(r.form.get('code_verifier') ?? '')
          .digest('base64url') === challenge && r.form.get('code') === 'kakao-code'
          ? { json: { access_token: 'kakao-at', token_type: 'bearer', expires_in: 100 } }
          : { status: 400, json: { error: 'invalid_grant' } },
      'GET /v2/user/me': () => ({
        json: {
          id: 777,
          kakao_account: {
            email: 'real.kakao@example.com',
            is_email_verified: true,
            profile: { nickname: '실카카오' },
          },
        },
      }),
    });
    try {
      useOAuthProviderForTests(
        'kakao',
        createKakaoProvider({
          clientId: 'rest-key',
          tokenEndpoint: s.url('/oauth/token'),
          profileEndpoint: s.url('/v2/user/me'),
        }),
      );
      const client = new Client();
      const url = await loginUrl(client, 'kakao');
      expect(url.origin).toBe('https://kauth.kakao.com');
      challenge = url.searchParams.get('code_challenge')!;
      const state = url.searchParams.get('state')!;
      const res = await client.call(
        `/shop-api/oauth/openid?${new URLSearchParams({ provider: 'kakao', code: 'kakao-code', state })}`,
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        result: 'sign-up',
        profile: { email: 'real.kakao@example.com', memberName: '실카카오' },
      });

      const url2 = await loginUrl(client, 'kakao');
      const bad = await client.call(
        `/shop-api/oauth/openid?${new URLSearchParams({ provider: 'kakao', code: 'wrong', state: url2.searchParams.get('state')! })}`,
      );
      expect(bad.status).toBe(400);
      expect((await bad.json()).code).toBe('bad-sns_id');
    } finally {
      await s.close();
    }
  });
});

describe('live mode', () => {
  it('refuses the dev provider: no login URL, and the consent page is a 404', async () => {
    const client = new Client();
    const url = await loginUrl(client, 'naver');
    vi.stubEnv('SHOP_MODE', 'live');
    resetEnvForTests();
    const res = await client.call('/shop-api/oauth/login-url?provider=naver');
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('provider-unavailable');
    const page = await client.call(url.pathname + url.search);
    expect(page.status).toBe(404);
    expect(page.headers.get('Content-Type')).toMatch(/text\/html/);
    expect((await client.call('/api/manager/outbox')).status).toBe(404);
  });
});
