import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { resetEnvForTests } from '../../server/platform/env.ts';
import { createServerApp } from '../../server-app.ts';
import { BODY_LIMIT_BYTES, securityHeaderValues, usesCamera } from './security.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  t.close();
});

/** The server as src/fetch.ts builds it, with a stand-in for Astro's pages. */
const server = () =>
  createServerApp((c) =>
    c.req.path === '/missing'
      ? c.html('<!doctype html><title>없음</title>', 404)
      : c.html('<!doctype html><title>페이지</title>'),
  );

function expectSecureHeaders(res: Response) {
  expect(res.headers.get('Content-Security-Policy')).toMatch(/frame-ancestors 'none'/);
  expect(res.headers.get('X-Frame-Options')).toBe('DENY');
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('Permissions-Policy')).toMatch(/camera=\(\)/);
}

describe('security headers', () => {
  it('are on a page, an API answer, an API 404 and a page 404', async () => {
    const app = server();
    for (const [path, status] of [
      ['/', 200],
      ['/api/health', 200],
      ['/shop-api/nothing-here', 404],
      ['/missing', 404],
    ] as const) {
      const res = await app.request(path);
      expect(res.status, path).toBe(status);
      expectSecureHeaders(res);
      expect(res.headers.get('Strict-Transport-Security'), path).toBeNull(); // demo over http
    }
    // data is never a document: the API's policy allows nothing to load
    expect((await app.request('/api/health')).headers.get('Content-Security-Policy')).toMatch(
      /^default-src 'none'/,
    );
  });

  it('add HSTS in live mode', async () => {
    vi.stubEnv('SHOP_MODE', 'live');
    resetEnvForTests();
    const res = await server().request('/api/health');
    expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains');
  });

  it('allow the camera on the point-of-sale pages only', () => {
    expect(usesCamera('/test/pos')).toBe(true);
    expect(usesCamera('/test/pos/stock')).toBe(true);
    expect(usesCamera('/test/pos-order')).toBe(true);
    expect(usesCamera('/test/post')).toBe(false);
    expect(usesCamera('/product/1')).toBe(false);
    expect(securityHeaderValues('/test/pos', 'text/html', false)['Permissions-Policy']).toMatch(
      /camera=\(self\)/,
    );
  });

  it("keep the page's own policy (Astro's script hashes) and add frame-ancestors to it", async () => {
    const app = createServerApp((c) => {
      c.header(
        'Content-Security-Policy',
        "default-src 'self'; object-src 'none'; script-src 'self' 'sha256-abc';",
      );
      return c.html('<!doctype html><title>페이지</title>');
    });
    const policy = (await app.request('/')).headers.get('Content-Security-Policy');
    expect(policy).toBe(
      "default-src 'self'; object-src 'none'; script-src 'self' 'sha256-abc'; frame-ancestors 'none'; base-uri 'self'",
    );
  });

  it('serve stored files sandboxed', () => {
    expect(securityHeaderValues('/uploads/a.png', 'image/png', false)['Content-Security-Policy']).toMatch(
      /sandbox/,
    );
  });
});

describe('body limit', () => {
  const big = 'x'.repeat(BODY_LIMIT_BYTES + 1);

  it('refuses an oversized JSON body with 413 and a Korean message', async () => {
    const res = await server().request('/shop-api/guest/cart', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Version: '1.0', clientId: 'podo-local', platform: 'PC' },
      body: JSON.stringify({ pad: big }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: '요청 내용이 너무 큽니다. 256KB 이하로 보내 주세요.',
    });
    expectSecureHeaders(res);
  });

  it('stops reading a body without Content-Length once it passes the limit', async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(120);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // an endless body: only a reader that stops early lets this test end
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await server().request(
      new Request('http://localhost/api/custom/dampener', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(BODY_LIMIT_BYTES * 2);
  });

  it('refuses oversized page posts too', async () => {
    const res = await server().request('/login', { method: 'POST', body: big });
    expect(res.status).toBe(413);
  });

  it('leaves signed uploads their own, larger limit', async () => {
    const res = await server().request('/api/upload/put/members/1/review/a.png?expires=1&signature=x', {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: new Uint8Array(BODY_LIMIT_BYTES * 2),
    });
    // past the general limit, the upload route itself answers (a bad signature here), not 413
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });
});
