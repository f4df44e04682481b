import { createHash } from 'node:crypto';
import { generateCodeVerifier } from 'arctic';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../../../tests/fixtures/db.ts';
import { resetEnvForTests } from '../../platform/env.ts';
import { createDevGrant, createDevProvider } from './dev.ts';
import { oauthProvider } from './index.ts';
import { OAuthProviderError, type SocialProfile } from './port.ts';

const REDIRECT = 'http://localhost:4321/callback/auth-callback';
const PROFILE: SocialProfile = {
  providerUserId: 'dev-kakao-1',
  email: 'dev@example.com',
  name: '개발자',
  mobileNo: '01055550002',
  birthday: null,
  sex: null,
};
let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetEnvForTests();
  t.close();
});

describe('dev provider', () => {
  it('plays Kakao: PKCE challenge in the URL, the code maps to the consented profile once', async () => {
    const kakao = createDevProvider('kakao', { baseUrl: 'http://localhost:4321' });
    const verifier = generateCodeVerifier();
    const url = await kakao.authorizationUrl({ state: 'st', codeVerifier: verifier, redirectUri: REDIRECT });
    expect(url.pathname).toBe('/api/dev-oauth/authorize');
    expect(url.searchParams.get('provider')).toBe('kakao');
    const challenge = url.searchParams.get('code_challenge');
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));

    const code = await createDevGrant(t.db, {
      provider: 'kakao',
      profile: PROFILE,
      redirectUri: REDIRECT,
      codeChallenge: challenge,
    });
    await expect(
      kakao.exchangeCode({ code, state: 'st', codeVerifier: 'wrong-verifier', redirectUri: REDIRECT }),
    ).rejects.toBeInstanceOf(OAuthProviderError);
    const code2 = await createDevGrant(t.db, {
      provider: 'kakao',
      profile: PROFILE,
      redirectUri: REDIRECT,
      codeChallenge: challenge,
    });
    const token = await kakao.exchangeCode({
      code: code2,
      state: 'st',
      codeVerifier: verifier,
      redirectUri: REDIRECT,
    });
    expect(await kakao.fetchProfile(token)).toEqual(PROFILE);
    await expect(
      kakao.exchangeCode({ code: code2, state: 'st', codeVerifier: verifier, redirectUri: REDIRECT }),
    ).rejects.toThrow('invalid_grant');
  });

  it('plays Naver: state only; codes expire after 2 minutes and belong to their callback', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
    const naver = createDevProvider('naver', { baseUrl: 'http://localhost:4321' });
    const url = await naver.authorizationUrl({ state: 'st', codeVerifier: null, redirectUri: REDIRECT });
    expect(url.searchParams.get('state')).toBe('st');
    expect(url.searchParams.has('code_challenge')).toBe(false);
    const profile = { ...PROFILE, providerUserId: 'dev-naver-1' };
    const code = await createDevGrant(t.db, {
      provider: 'naver',
      profile,
      redirectUri: REDIRECT,
      codeChallenge: null,
    });
    await expect(
      naver.exchangeCode({
        code,
        state: 'st',
        codeVerifier: null,
        redirectUri: 'http://localhost:4321/elsewhere',
      }),
    ).rejects.toThrow('invalid_grant');
    vi.setSystemTime(new Date('2026-03-01T00:02:01Z'));
    await expect(
      naver.exchangeCode({ code, state: 'st', codeVerifier: null, redirectUri: REDIRECT }),
    ).rejects.toThrow('invalid_grant');
  });

  it('is refused in live mode', () => {
    vi.stubEnv('SHOP_MODE', 'live');
    resetEnvForTests();
    expect(() => createDevProvider('naver')).toThrow(/live mode/);
    expect(oauthProvider('naver')).toBeUndefined();
    vi.stubEnv('NAVER_CLIENT_ID', 'id');
    vi.stubEnv('NAVER_CLIENT_SECRET', 'secret');
    resetEnvForTests();
    expect(oauthProvider('naver')?.kind).toBe('oauth');
  });
});
