import { describe, expect, it } from 'vitest';
import { decideGuard, guardOf, isPagePath } from './route-guards.ts';

const url = (path: string) => new URL(path, 'http://127.0.0.1:4399');
const member = { isAdmin: false };
const admin = { isAdmin: true };

describe('guardOf (the guard table)', () => {
  it.each([
    ['/cart', 'auth'],
    ['/cart/', 'auth'],
    ['/mypage', 'auth'],
    ['/mypage/info', 'auth'],
    ['/mypage/info/modify', 'auth'],
    ['/mypage/info/callback', 'auth'],
    ['/mypage/leave', 'auth'],
    ['/mypage/order/123/shop', 'auth'],
    ['/MYPAGE/Info', 'auth'],
    ['//mypage//info', 'auth'],
    ['/%6Dypage/info', 'auth'],
    ['/test/coupon', 'admin'],
    ['/test/board', 'admin'],
    ['/test/dampener', 'admin'],
    ['/test/kakao-login', 'admin'],
    ['/test/login', 'admin'],
    ['/test/naverpay', 'admin'],
    ['/test/naverpay/button', 'admin'],
    ['/test/naverpay/product/best-seller', 'admin'],
    ['/test/point', 'admin'],
    ['/test/product', 'admin'],
    ['/test/s3', 'admin'],
    ['/test/sns-login', 'admin'],
    ['/test/user-update', 'admin'],
    ['/test/user-verification', 'admin'],
    ['/test/user', 'admin'],
    ['/custom/admin/list', 'admin'],
    ['/custom/admin/order/abc', 'admin'],
    ['/custom/admin', 'admin'],
    ['/manager', 'admin'],
    ['/manager/orders', 'admin'],
    ['/manager/orders/packing', 'admin'],
    ['/login', 'previous-path'],
    ['/sns/login', 'previous-path'],
  ] as const)('%s → %s', (path, guard) => {
    expect(guardOf(path)).toBe(guard);
  });

  it.each([
    '/',
    '/guest/cart',
    '/cartoon',
    '/mypages',
    '/join',
    '/find',
    '/sns/link',
    '/custom/dampener',
    '/managers',
    '/test/coupons',
    '/test/podo-pay',
    '/test/pos',
    '/test/pos/sales',
    '/test/users',
    '/loginx',
  ])('%s has no guard', (path) => {
    expect(guardOf(path)).toBeNull();
  });
});

describe('decideGuard', () => {
  it('sends visitors of member pages to login with the page as target', () => {
    expect(decideGuard(url('/mypage/info'), null)).toEqual({
      action: 'redirect',
      location: '/login?redirect=%2Fmypage%2Finfo',
    });
    expect(decideGuard(url('/cart?sel=1'), null)).toEqual({
      action: 'redirect',
      location: '/login?redirect=%2Fcart%3Fsel%3D1',
    });
  });

  it('integration check pages (/test/*): visitors log in, members get 403, administrators pass', () => {
    expect(decideGuard(url('/test/coupon'), null)).toEqual({
      action: 'redirect',
      location: '/login?redirect=%2Ftest%2Fcoupon',
    });
    expect(decideGuard(url('/test/s3'), member)).toEqual({ action: 'forbidden' });
    expect(decideGuard(url('/test/naverpay/button'), admin)).toEqual({ action: 'pass' });
  });

  it('lets members through member pages', () => {
    expect(decideGuard(url('/mypage/info'), member)).toEqual({ action: 'pass' });
    expect(decideGuard(url('/cart'), admin)).toEqual({ action: 'pass' });
  });

  it('admin pages: visitors log in, members get 403, administrators pass', () => {
    expect(decideGuard(url('/custom/admin/list'), null)).toEqual({
      action: 'redirect',
      location: '/login?redirect=%2Fcustom%2Fadmin%2Flist',
    });
    expect(decideGuard(url('/manager/orders/packing?orderNo=1'), null)).toEqual({
      action: 'redirect',
      location: '/login?redirect=%2Fmanager%2Forders%2Fpacking%3ForderNo%3D1',
    });
    expect(decideGuard(url('/manager'), member)).toEqual({ action: 'forbidden' });
    expect(decideGuard(url('/custom/admin/list'), admin)).toEqual({ action: 'pass' });
  });

  it('previous-path: members leave the login pages for their target or home', () => {
    expect(decideGuard(url('/login'), null)).toEqual({ action: 'pass' });
    expect(decideGuard(url('/login?redirect=%2Fmypage%2Finfo'), member)).toEqual({
      action: 'redirect',
      location: '/mypage/info',
    });
    expect(decideGuard(url('/sns/login'), member)).toEqual({ action: 'redirect', location: '/' });
    expect(decideGuard(url('/login?redirect=%2F%2Fevil.com'), member)).toEqual({
      action: 'redirect',
      location: '/',
    });
    expect(decideGuard(url('/login?redirect=%2Fjoin'), member)).toEqual({
      action: 'redirect',
      location: '/',
    });
  });

  it('leaves unguarded pages alone', () => {
    expect(decideGuard(url('/'), null)).toEqual({ action: 'pass' });
    expect(decideGuard(url('/product/1'), member)).toEqual({ action: 'pass' });
  });
});

describe('isPagePath', () => {
  it.each([
    '/api/health',
    '/shop-api/profile',
    '/_astro/client.js',
    '/uploads/a.webp',
    '/favicon.svg',
    '/robots.txt',
  ])('skips %s', (path) => {
    expect(isPagePath(path)).toBe(false);
  });

  it.each(['/', '/mypage/info', '/product/abc', '/apis', '/shop'])('handles the page %s', (path) => {
    expect(isPagePath(path)).toBe(true);
  });
});
