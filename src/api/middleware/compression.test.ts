import { Hono } from 'hono';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { wholeBodyOf, wholeResponse } from '../../server/platform/whole-body.ts';
import { chooseEncoding, compression, isCompressible } from './compression.ts';

const page = `<!doctype html><html lang="ko"><title>포도</title><body>${'<p>방진패드 12,900원</p>'.repeat(200)}</body></html>`;
const json = JSON.stringify({
  items: Array.from({ length: 100 }, (_, i) => ({ no: i, name: '세탁기 방진패드' })),
});

function app() {
  const a = new Hono();
  a.use('*', compression());
  a.get('/page', (c) => c.html(page));
  a.get('/json', (c) => c.json(JSON.parse(json)));
  a.get('/small', (c) => c.json({ ok: true }));
  a.get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  a.get('/no-transform', (c) =>
    c.body(page, 200, { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-transform' }),
  );
  a.get('/range', (c) =>
    c.body(page.slice(0, 2000), 206, {
      'Content-Type': 'text/html; charset=UTF-8',
      'Content-Range': `bytes 0-1999/${page.length}`,
    }),
  );
  a.get('/not-modified', (c) => c.body(null, 304, { ETag: '"abc"' }));
  a.get('/stream', (c) => {
    // an SSR page arrives in pieces of unknown total length
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (let i = 0; i < 5; i++) {
          controller.enqueue(encoder.encode(`<section>${'조각 '.repeat(300)}${i}</section>`));
          await new Promise((r) => setTimeout(r, 5));
        }
        controller.close();
      },
    });
    return c.body(body, 200, { 'Content-Type': 'text/html; charset=UTF-8' });
  });
  a.get('/etag', (c) => c.body(json, 200, { 'Content-Type': 'application/json', ETag: '"v1"' }));
  // a page rendered whole (decision 074) and the same bytes as a body not known whole
  const pageBytes = new TextEncoder().encode(page);
  const pageHeaders = () => ({
    'Content-Type': 'text/html',
    'Content-Length': String(pageBytes.byteLength),
    ETag: '"p1"',
  });
  a.get('/whole', () =>
    wholeResponse(pageBytes, { status: 404, statusText: 'Not Found', headers: pageHeaders() }),
  );
  a.get(
    '/whole-as-stream',
    () => new Response(pageBytes, { status: 404, statusText: 'Not Found', headers: pageHeaders() }),
  );
  return a;
}

const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  app().request(path, { method, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });

describe('compression middleware', () => {
  it('sends HTML as Brotli when the browser accepts it, with Vary: Accept-Encoding', async () => {
    const res = await get('/page', 'gzip, deflate, br, zstd');
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(res.headers.get('Content-Length')).toBeNull();
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(Buffer.byteLength(page) / 5);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });

  it('sends JSON as gzip when the client accepts only gzip', async () => {
    const res = await get('/json', 'gzip');
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(json);
  });

  it('sends the body as it is (identity) to a client that accepts no encoding, still with Vary', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/page', accept);
      expect(res.headers.get('Content-Encoding')).toBeNull();
      expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
      expect(await res.text()).toBe(page);
    }
  });

  it('leaves bodies under 1 KB alone', async () => {
    const res = await get('/small', 'br, gzip');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.json()).toEqual({ ok: true });
  });

  it('never compresses an already compressed type (an image)', async () => {
    const res = await get('/png', 'br, gzip');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBeNull();
    expect((await res.arrayBuffer()).byteLength).toBe(4096);
  });

  it('respects Cache-Control: no-transform and never compresses a range', async () => {
    for (const path of ['/no-transform', '/range']) {
      const res = await get(path, 'br, gzip');
      expect(res.headers.get('Content-Encoding'), path).toBeNull();
    }
  });

  it('answers HEAD without a body and without an encoding, with Vary', async () => {
    const res = await get('/page', 'br, gzip', 'HEAD');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(await res.text()).toBe('');
  });

  it('passes a 304 through untouched', async () => {
    const res = await get('/not-modified', 'br, gzip');
    expect(res.status).toBe(304);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('ETag')).toBe('"abc"');
  });

  it('compresses a streamed page of unknown length, every piece arriving', async () => {
    const res = await get('/stream', 'br');
    expect(res.headers.get('Content-Encoding')).toBe('br');
    const text = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(text).toContain('</section>');
    expect(text.match(/<section>/g)).toHaveLength(5);
  });

  it('compresses a page rendered whole in one call into bytes known whole, as the stream would', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const whole = await get('/whole', encoding);
      const stream = await get('/whole-as-stream', encoding);
      const bytes = wholeBodyOf(whole);
      expect(bytes).toBeDefined();
      expect(wholeBodyOf(stream)).toBeUndefined();
      expect([...whole.headers]).toEqual([...stream.headers]);
      expect(whole.headers.get('Content-Encoding')).toBe(encoding);
      expect(whole.headers.get('Content-Length')).toBeNull();
      expect(whole.headers.get('ETag')).toBe('W/"p1"');
      expect([whole.status, whole.statusText]).toEqual([404, 'Not Found']);
      const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;
      expect(decode(Buffer.from(await whole.arrayBuffer())).toString()).toBe(page);
      expect(decode(Buffer.from(await stream.arrayBuffer())).toString()).toBe(page);
      expect(decode(bytes!).toString()).toBe(page);
    }
    // not for a client that takes no encoding, nor for HEAD: the page is left as it is
    expect(wholeBodyOf(await get('/whole'))).toBeDefined();
    expect((await get('/whole', 'br', 'HEAD')).headers.get('Content-Encoding')).toBeNull();
  });

  it('makes a strong ETag weak on the compressed variant', async () => {
    const res = await get('/etag', 'gzip');
    expect(res.headers.get('ETag')).toBe('W/"v1"');
  });
});

describe('choosing an encoding', () => {
  it('prefers br, then gzip, honouring q=0 and *', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(null)).toBeNull();
  });

  it('knows text types from binary ones', () => {
    for (const t of [
      'text/html; charset=utf-8',
      'application/json',
      'text/javascript',
      'text/css',
      'image/svg+xml',
      'application/xml',
      'text/csv',
      'application/manifest+json',
    ])
      expect(isCompressible(t), t).toBe(true);
    for (const t of [
      'image/png',
      'image/webp',
      'font/woff2',
      'application/zip',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/event-stream',
      '',
    ])
      expect(isCompressible(t), t).toBe(false);
  });
});

describe('the server', () => {
  it('compresses pages and API answers, outermost, after the security headers', async () => {
    const { createServerApp } = await import('../../server-app.ts');
    const server = createServerApp((c) => c.html(page));
    const res = await server.request('/board/notice', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(page);
  });
});
