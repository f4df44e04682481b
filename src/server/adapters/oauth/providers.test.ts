import { createHash } from 'node:crypto';
import { generateCodeVerifier } from 'arctic';
import { afterEach, describe, expect, it } from 'vitest';
import { createKakaoProvider } from './kakao.ts';
import { createNaverProvider } from './naver.ts';
import { OAuthProviderError } from './port.ts';
import { startStandIn } from './stand-in.test-helper.ts';

const REDIRECT = 'http://localhost:4321/callback/auth-callback';
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('naver (real adapter against a local stand-in)', () => {
  it('puts state (and no PKCE) in the authorization URL', async () => {
    const naver = createNaverProvider({ clientId: 'naver-id', clientSecret: 'naver-secret' });
    const url = await naver.authorizationUrl({ state: 'st-123', codeVerifier: null, redirectUri: REDIRECT });
    expect(url.origin + url.pathname).toBe('https://nid.naver.com/oauth2.0/authorize');
    expect(url.searchParams.get('state')).toBe('st-123');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('naver-id');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.has('code_challenge')).toBe(false);
    expect(naver.usesPkce).toBe(false);
  });

  it('exchanges the code (secret and state in the body) and normalises the profile', async () => {
    const s = await startStandIn({
      'POST /oauth2.0/token': (r) =>
        r.form.get('code') === 'good-code'
          ? {
              json: {
                access_token: 'naver-at',
                refresh_token: 'rt',
                token_type: 'bearer',
                expires_in: '3600',
              },
            }
          : // Naver answers errors with status 200
            { json: { error: 'invalid_request', error_description: 'no valid data in session' } },
      'GET /v1/nid/me': (r) =>
        r.headers.authorization === 'Bearer naver-at'
          ? {
              json: {
                resultcode: '00',
                message: 'success',
                response: {
                  id: 'NAVER-UID-1',
                  email: 'Hong@Naver.com',
                  name: '홍길동',
                  mobile: '010-1234-5678',
                  mobile_e164: '+821012345678',
                  birthyear: '1990',
                  birthday: '03-15',
                  gender: 'M',
                },
              },
            }
          : { status: 401, json: { resultcode: '024', message: 'Authentication failed' } },
    });
    close = s.close;
    const naver = createNaverProvider({
      clientId: 'naver-id',
      clientSecret: 'naver-secret',
      tokenEndpoint: s.url('/oauth2.0/token'),
      profileEndpoint: s.url('/v1/nid/me'),
    });
    const token = await naver.exchangeCode({
      code: 'good-code',
      state: 'st-1',
      codeVerifier: null,
      redirectUri: REDIRECT,
    });
    expect(token).toBe('naver-at');
    const form = s.requests[0]?.form;
    expect(Object.fromEntries(form ?? [])).toEqual({
      grant_type: 'authorization_code',
      client_id: 'naver-id',
      client_secret: 'naver-secret',
      code: 'good-code',
      state: 'st-1',
      redirect_uri: REDIRECT,
    });
    expect(await naver.fetchProfile(token)).toEqual({
      providerUserId: 'NAVER-UID-1',
      email: 'hong@naver.com',
      name: '홍길동',
      mobileNo: '01012345678',
      birthday: '19900315',
      sex: 'M',
    });
    await expect(
      naver.exchangeCode({ code: 'bad', state: 'st-1', codeVerifier: null, redirectUri: REDIRECT }),
    ).rejects.toBeInstanceOf(OAuthProviderError);
    await expect(naver.fetchProfile('other')).rejects.toBeInstanceOf(OAuthProviderError);
  });

  it('an unreachable provider is an OAuthProviderError', async () => {
    const naver = createNaverProvider({
      clientId: 'a',
      clientSecret: 'b',
      tokenEndpoint: 'http://127.0.0.1:9/token',
    });
    await expect(
      naver.exchangeCode({ code: 'c', state: 's', codeVerifier: null, redirectUri: REDIRECT }),
    ).rejects.toBeInstanceOf(OAuthProviderError);
  });
});

describe('kakao (real adapter against a local stand-in)', () => {
  it('puts state and an S256 PKCE challenge in the authorization URL', async () => {
    const kakao = createKakaoProvider({ clientId: 'kakao-rest-key' });
    const verifier = generateCodeVerifier();
    const url = await kakao.authorizationUrl({
      state: 'st-k',
      codeVerifier: verifier,
      redirectUri: REDIRECT,
    });
    expect(url.origin + url.pathname).toBe('https://kauth.kakao.com/oauth/authorize');
    expect(url.searchParams.get('state')).toBe('st-k');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBe(
      createHash('sha256').update(verifier).digest('base64url'),
    );
    expect(url.searchParams.get('client_id')).toBe('kakao-rest-key');
    expect(kakao.usesPkce).toBe(true);
    await expect(
      kakao.authorizationUrl({ state: 's', codeVerifier: null, redirectUri: REDIRECT }),
    ).rejects.toThrow();
  });

  it('exchanges the code with the PKCE verifier and normalises the profile', async () => {
    const verifier = generateCodeVerifier();
    const s = await startStandIn({
      'POST /oauth/token': (r) =>
        r.form.get('code_verifier') === verifier
          ? { json: { access_token: 'kakao-at', token_type: 'bearer', expires_in: 21599 } }
          : {
              status: 400,
              json: {
                error: 'invalid_grant',
                error_description: 'PKCE verification failed',
                error_code: 'KOE422',
              },
            },
      'GET /v2/user/me': () => ({
        json: {
          id: 4242424242,
          kakao_account: {
            profile: { nickname: '카카오친구' },
            email: 'friend@kakao.com',
            is_email_valid: true,
            is_email_verified: true,
            phone_number: '+82 10-9876-5432',
            birthyear: '1988',
            birthday: '1224',
            gender: 'female',
          },
        },
      }),
    });
    close = s.close;
    const kakao = createKakaoProvider({
      clientId: 'kakao-rest-key',
      clientSecret: 'kakao-secret',
      tokenEndpoint: s.url('/oauth/token'),
      profileEndpoint: s.url('/v2/user/me'),
    });
    const token = await kakao.exchangeCode({
      code: 'c1',
      state: 's',
      codeVerifier: verifier,
      redirectUri: REDIRECT,
    });
    expect(token).toBe('kakao-at');
    expect(Object.fromEntries(s.requests[0]?.form ?? [])).toEqual({
      grant_type: 'authorization_code',
      client_id: 'kakao-rest-key',
      client_secret: 'kakao-secret',
      code: 'c1',
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(await kakao.fetchProfile(token)).toEqual({
      providerUserId: '4242424242',
      email: 'friend@kakao.com',
      name: '카카오친구',
      mobileNo: '01098765432',
      birthday: '19881224',
      sex: 'F',
    });
    await expect(
      kakao.exchangeCode({ code: 'c1', state: 's', codeVerifier: 'wrong', redirectUri: REDIRECT }),
    ).rejects.toBeInstanceOf(OAuthProviderError);
  });

  it('ignores an e-mail Kakao has not verified', async () => {
    const s = await startStandIn({
      'GET /v2/user/me': () => ({
        json: { id: 1, kakao_account: { email: 'x@y.com', is_email_verified: false } },
      }),
    });
    close = s.close;
    const kakao = createKakaoProvider({ clientId: 'k', profileEndpoint: s.url('/v2/user/me') });
    expect((await kakao.fetchProfile('t')).email).toBeNull();
  });
});
