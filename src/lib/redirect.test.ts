import { describe, expect, it } from 'vitest';
import {
  isLoginFlowPath,
  loginUrlFor,
  loginUrlForPage,
  normalisePath,
  redirectAfterLogin,
  sameSitePath,
} from './redirect.ts';

describe('sameSitePath', () => {
  it.each([
    '/',
    '/mypage/info',
    '/search?keyword=%EC%BF%A0%EC%85%98&page=2',
    '/search?keyword=a%20b',
    '/product/12#reviews',
    '/categories/529105',
  ])('keeps the same-site path %s', (target) => {
    expect(sameSitePath(target)).toBe(target);
  });

  it('re-serialises what it keeps (Hangul is percent-encoded, dot segments resolved)', () => {
    expect(sameSitePath('/search?keyword=쿠션')).toBe('/search?keyword=%EC%BF%A0%EC%85%98');
    expect(sameSitePath('/a/../mypage')).toBe('/mypage');
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/mypage'],
    ['backslash', '/\\evil.com'],
    ['double backslash', '\\\\evil.com'],
    ['backslash later in the path', '/foo\\..\\..\\evil.com'],
    ['absolute https', 'https://evil.com'],
    ['absolute http to this host name', 'http://localhost:4321/mypage'],
    ['scheme without slashes', 'https:evil.com'],
    ['javascript', 'javascript:alert(1)'],
    ['javascript mixed case', 'JaVaScRiPt:alert(document.cookie)'],
    ['javascript with trailing slashes', 'javascript:alert(1)//'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'mypage/info'],
    ['dot relative', './mypage'],
    ['leading space', ' /mypage'],
    ['leading space before protocol-relative', ' //evil.com'],
    ['tab inside', '/\t/evil.com'],
    ['newline inside', '/\n/evil.com'],
    ['encoded double slash', '%2F%2Fevil.com'],
    ['encoded slash after slash', '/%2Fevil.com'],
    ['encoded backslash', '/%5Cevil.com'],
    ['encoded backslash (lower case)', '/%5cevil.com'],
    ['double-encoded slash', '/%252Fevil.com'],
    ['double-encoded backslash', '/%255Cevil.com'],
    ['encoded tab', '/%09/evil.com'],
    ['encoded scheme', 'https%3A%2F%2Fevil.com'],
    ['encoded javascript', 'javascript%3Aalert(1)'],
    ['malformed escape', '/%E0%A4%A'],
    ['empty', ''],
    ['too long', `/${'a'.repeat(2100)}`],
  ])('refuses %s', (_, target) => {
    expect(sameSitePath(target)).toBeNull();
  });

  it.each([null, undefined, 42, {}, ['/mypage']])('refuses a non-string %j', (target) => {
    expect(sameSitePath(target)).toBeNull();
  });

  it('refuses what URLSearchParams decodes from an encoded query', () => {
    const params = new URLSearchParams('redirect=%2F%2Fevil.com&b=%2F%5Cevil.com&c=https%3A%2F%2Fevil.com');
    expect(sameSitePath(params.get('redirect'))).toBeNull();
    expect(sameSitePath(params.get('b'))).toBeNull();
    expect(sameSitePath(params.get('c'))).toBeNull();
  });
});

describe('redirectAfterLogin', () => {
  it('goes to the first safe target', () => {
    expect(redirectAfterLogin('/mypage/info')).toBe('/mypage/info');
    expect(redirectAfterLogin(['//evil.com', '/cart'])).toBe('/cart');
    expect(redirectAfterLogin([null, undefined, '/cart'])).toBe('/cart');
  });

  it.each([
    '/login',
    '/login?redirect=%2Fmypage',
    '/sns/login',
    '/join',
    '/JOIN/',
    '/member/member-register-agreement',
    '/member/member-register-agreement?mode=social',
    '/callback/auth-callback?code=x&state=y',
    '/callback/link-callback',
    '/mypage/info/callback',
  ])('goes home instead of %s', (target) => {
    expect(redirectAfterLogin(target)).toBe('/');
  });

  it('goes home (or to the fallback) when nothing is safe', () => {
    expect(redirectAfterLogin('https://evil.com')).toBe('/');
    expect(redirectAfterLogin(undefined)).toBe('/');
    expect(redirectAfterLogin('//evil.com', '/mypage/order')).toBe('/mypage/order');
  });
});

describe('loginUrlFor', () => {
  it('carries the page to come back to', () => {
    expect(loginUrlFor('/mypage/info')).toBe('/login?redirect=%2Fmypage%2Finfo');
    expect(loginUrlFor('/cart?x=1&y=2')).toBe('/login?redirect=%2Fcart%3Fx%3D1%26y%3D2');
  });

  it('leaves out home, login pages and unsafe targets', () => {
    expect(loginUrlFor('/')).toBe('/login');
    expect(loginUrlFor('/login')).toBe('/login');
    expect(loginUrlFor('//evil.com')).toBe('/login');
    expect(loginUrlFor(null)).toBe('/login');
  });
});

describe('paths', () => {
  it('normalises case, repeated and trailing slashes and escapes', () => {
    expect(normalisePath('/MyPage//Info/')).toBe('/mypage/info');
    expect(normalisePath('/%6Dypage/info')).toBe('/mypage/info');
    expect(normalisePath('/')).toBe('/');
  });

  it('knows the login flow pages', () => {
    expect(isLoginFlowPath('/callback/anything')).toBe(true);
    expect(isLoginFlowPath('/find')).toBe(false);
  });
});

describe('loginUrlForPage', () => {
  it("is loginUrlFor of the page's address, worked out once per request", () => {
    const request = {};
    const url = new URL('https://shop.example/categories/529105?sort=price-asc');
    const href = loginUrlForPage(request, url);
    expect(href).toBe(loginUrlFor('/categories/529105?sort=price-asc'));
    expect(href).toBe('/login?redirect=%2Fcategories%2F529105%3Fsort%3Dprice-asc');
    // the same request is the same page: its first answer is kept for every heart
    expect(loginUrlForPage(request, new URL('https://shop.example/search'))).toBe(href);
    expect(loginUrlForPage({}, new URL('https://shop.example/search'))).toBe('/login?redirect=%2Fsearch');
    expect(loginUrlForPage({}, new URL('https://shop.example/login'))).toBe('/login');
  });
});
