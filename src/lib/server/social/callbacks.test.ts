import { describe, expect, it } from 'vitest';
import { maskEmail, maskMemberId, maskMobile, maskName } from '../verification/masking.ts';
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

describe('masking', () => {
  it('keeps enough to recognise, not enough to use', () => {
    expect(maskMemberId('podo123')).toBe('po***23');
    expect(maskMemberId('abcd')).toBe('a***');
    expect(maskEmail('hong.gildong@example.com')).toBe('ho**********@example.com');
    expect(maskEmail('ab@x.io')).toBe('a*@x.io');
    expect(maskMobile('01012345678')).toBe('010****5678');
    expect(maskMobile('0101234567')).toBe('010***4567');
    expect(maskName('홍길동')).toBe('홍*동');
    expect(maskName('남궁길동')).toBe('남**동');
    expect(maskName('홍길')).toBe('홍*');
  });
});
