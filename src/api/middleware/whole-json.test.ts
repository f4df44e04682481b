import { Hono, type Context } from 'hono';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { wholeBodyOf } from '../../server/platform/whole-body.ts';
import { compression } from './compression.ts';
import { wholeJson } from './whole-json.ts';

/**
 * The API's `c.json` answers bytes known whole (decision 082): the same answer as Hono's own for
 * anyone who reads it, with its bytes remembered for the listener and the compression middleware.
 */

const items = {
  items: Array.from({ length: 60 }, (_, i) => ({ no: i, name: '세탁기 방진패드', price: 12900 })),
};

/** The same routes with Hono's `c.json` and with the whole one. */
function apps() {
  const routes = (app: Hono) => {
    app.get('/plain', (c) => c.json({ ok: '방진패드' }));
    app.get('/status', (c) => c.json({ code: 'NOT_FOUND' }, 404));
    app.get('/prepared', (c) => {
      c.status(202);
      c.header('X-Podo', '1');
      c.header('Set-Cookie', 'a=1; Path=/', { append: true });
      c.header('Set-Cookie', 'b=2; Path=/', { append: true });
      return c.json(items);
    });
    app.get('/init', (c) => c.json({ ok: true }, { status: 201, headers: { 'Cache-Control': 'no-store' } }));
    app.get('/own-type', (c) =>
      c.json({ type: 'about:blank' }, 400, { 'Content-Type': 'application/problem+json' }),
    );
    app.get('/undefined', (c) => c.json(undefined));
    return app;
  };
  const hono = routes(new Hono());
  const whole = new Hono();
  whole.use('*', wholeJson());
  return { hono, whole: routes(whole) };
}

describe('the API’s JSON answers made whole (decision 082)', () => {
  it('answers as Hono’s c.json does: status, headers, cookies and body, the bytes known whole', async () => {
    const { hono, whole } = apps();
    for (const path of ['/plain', '/status', '/prepared', '/init', '/own-type']) {
      const a = await hono.request(path);
      const b = await whole.request(path);
      expect([b.status, b.statusText], path).toEqual([a.status, a.statusText]);
      expect([...b.headers], path).toEqual([...a.headers]);
      expect(b.headers.getSetCookie(), path).toEqual(a.headers.getSetCookie());
      const bytes = wholeBodyOf(b);
      expect(bytes, path).toBeDefined();
      const text = await a.text();
      expect(Buffer.from(bytes!).toString(), path).toBe(text);
      expect(await b.text(), path).toBe(text);
      expect(wholeBodyOf(a), path).toBeUndefined();
    }
    // no JSON text: Hono's own empty answer
    const none = await whole.request('/undefined');
    expect(none.body).toBeNull();
    expect(none.headers.get('Content-Type')).toBe('application/json');
  });

  it('is compressed in one call into bytes known whole; under 1 KB it is left as it is', async () => {
    const app = new Hono();
    app.use('*', compression());
    app.use('*', wholeJson());
    app.get('/items', (c) => c.json(items));
    app.get('/small', (c: Context) => c.json({ ok: true }));
    const big = await app.request('/items', { headers: { 'Accept-Encoding': 'br' } });
    expect(big.headers.get('Content-Encoding')).toBe('br');
    const compressed = wholeBodyOf(big);
    expect(compressed).toBeDefined();
    expect(JSON.parse(brotliDecompressSync(compressed!).toString())).toEqual(items);
    const small = await app.request('/small', { headers: { 'Accept-Encoding': 'br' } });
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(Buffer.from(wholeBodyOf(small)!).toString()).toBe('{"ok":true}');
  });
});
