import { describe, expect, it } from 'vitest';
import { resolveCallback } from './callbacks.ts';

const BASE = 'http://localhost:4321';

describe('resolveCallback', () => {
  it('knows the three callback pages and what each is for', () => {
    expect(resolveCallback(undefined, BASE)).toEqual({
      path: '/callback/auth-callback',
      absolute: 'http://localhost:4321/callback/auth-callback',
      purpose: 'login',
    });
    expect(resolveCallback('/callback/link-callback', BASE).purpose).toBe('link');
    expect(resolveCallback('http://localhost:4321/mypage/info/callback', BASE).purpose).toBe('link');
  });

  it("takes the integration checks' pages back as login callbacks (decision 028)", () => {
    expect(resolveCallback('/test/sns-login', BASE)).toEqual({
      path: '/test/sns-login',
      absolute: 'http://localhost:4321/test/sns-login',
      purpose: 'login',
    });
    expect(resolveCallback('/test/kakao-login', BASE).purpose).toBe('login');
  });

  it.each([
    'https://evil.example/callback/auth-callback',
    '//evil.example/callback/auth-callback',
    '/callback/auth-callback?next=/x',
    '/callback/auth-callback#x',
    '/login',
    'javascript:alert(1)',
  ])('refuses %s', (uri) => {
    expect(() => resolveCallback(uri, BASE)).toThrow(/허용되지 않은/);
  });
});
