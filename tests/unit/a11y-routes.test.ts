import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { A11Y_EXPLICIT_ROUTES } from '../e2e/support/a11y-explicit-routes.ts';
import { coverage, pagePatterns, patternOfPageFile, routeOf } from '../e2e/support/a11y-routes.ts';

/** The route patterns of the e2e accessibility check (issue 18) and its end-of-run comparison. */
const PATTERNS = pagePatterns(join(import.meta.dirname, '../../src/pages'));

describe('patternOfPageFile', () => {
  it('names parameters and drops index and layout files', () => {
    expect(patternOfPageFile('index.astro')).toBe('/');
    expect(patternOfPageFile('products/[slug]/index.astro')).toBe('/products/:slug');
    expect(patternOfPageFile('manager/board/[board]/[articleNo].astro')).toBe(
      '/manager/board/:board/:articleNo',
    );
    expect(patternOfPageFile('docs/[...path].astro')).toBe('/docs/:path*');
    expect(patternOfPageFile('manager/orders/_OrdersShell.astro')).toBeNull();
    expect(patternOfPageFile('robots.txt.ts')).toBeNull();
  });
});

describe('routeOf', () => {
  it('reduces ids, numbers and codes to the page that serves them', () => {
    expect(routeOf('http://127.0.0.1:4421/products/100030?x=1#top', PATTERNS)).toBe('/products/:slug');
    expect(routeOf('/products/100030/customize', PATTERNS)).toBe('/products/:slug/customize');
    expect(routeOf('/manager/orders/202611260001', PATTERNS)).toBe('/manager/orders/:orderNo');
    expect(routeOf('/mypage/order/20261126-AB12/', PATTERNS)).toBe('/mypage/order/:myOrderNumber');
    expect(routeOf('/order/7/checkout', PATTERNS)).toBe('/order/:orderSheetNo/checkout');
    expect(routeOf('/', PATTERNS)).toBe('/');
  });

  it('prefers a static segment to a parameter, as Astro routes', () => {
    expect(routeOf('/manager/orders/claims', PATTERNS)).toBe('/manager/orders/claims');
    expect(routeOf('/manager/board/inquiry', PATTERNS)).toBe('/manager/board/inquiry');
    expect(routeOf('/manager/board/notice', PATTERNS)).toBe('/manager/board/:board');
    expect(routeOf('/mypage/order/store/55', PATTERNS)).toBe('/mypage/order/store/:saleNo');
  });

  it('names error pages by their status and unknown paths by their words', () => {
    expect(routeOf('/products/999999', PATTERNS, 404)).toBe('(404)');
    expect(routeOf('/manager', PATTERNS, 403)).toBe('(403)');
    expect(routeOf('/boom', PATTERNS, 502)).toBe('(5xx)');
    expect(routeOf('/no/such/3/page', [])).toBe('/no/such/:n/page');
  });
});

describe('coverage', () => {
  it('lists visited patterns that were neither checked nor listed, and the failed ones', () => {
    const result = coverage(
      ['/', '/cart', '/cart', '/mypage/point', '/manager', '/login'],
      ['/'],
      ['/login'],
      ['/manager'],
    );
    expect(result).toEqual({ unchecked: ['/cart', '/mypage/point'], failed: ['/login'] });
    expect(coverage(['/'], ['/'], [], [])).toEqual({ unchecked: [], failed: [] });
  });
});

describe('A11Y_EXPLICIT_ROUTES', () => {
  it('gives each entry a url of its own pattern, once', () => {
    for (const entry of A11Y_EXPLICIT_ROUTES) {
      // a page of src/pages, an error page by its status, or an HTML page of the API (the dev provider)
      const known =
        PATTERNS.includes(entry.pattern) ||
        /^\((\d{3}|5xx)\)$/.test(entry.pattern) ||
        entry.pattern.startsWith('/api/');
      expect(known, entry.pattern).toBe(true);
      if (typeof entry.url === 'string' && !entry.pattern.startsWith('(')) {
        expect(routeOf(entry.url, PATTERNS), entry.url).toBe(entry.pattern);
      }
    }
    const patterns = A11Y_EXPLICIT_ROUTES.map((e) => e.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
