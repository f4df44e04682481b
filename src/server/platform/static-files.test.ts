import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress.mjs';
import { IMMUTABLE, REVALIDATE, createStaticFiles } from './static-files.ts';

const js = `export const items = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `방진패드 ${i}`))};\n`;
let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'podo-static-'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'app.AbC123.js'), js);
  writeFileSync(join(dir, 'robots.txt'), `User-agent: *\n${'Disallow: /manager\n'.repeat(80)}`);
  writeFileSync(join(dir, 'tiny.css'), 'a{color:red}');
  writeFileSync(join(dir, 'photo.png'), Buffer.alloc(4096, 1));
  expect(await precompressDir(dir)).toBe(4); // .br and .gz of the two large text files
  const files = createStaticFiles(dir);
  server = createServer((req, res) =>
    files(req, res, () => {
      res.setHeader('X-Fallback', 'adapter');
      res.end('fallback');
    }),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('built files with their precompressed copies', () => {
  it('sends the Brotli copy of a hashed asset, cached for a year as immutable', async () => {
    const res = await get('/_astro/app.AbC123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(res.body).toString()).toBe(js);
  });

  it('sends the gzip copy to a client that accepts only gzip; a public file is revalidated', async () => {
    const res = await get('/robots.txt', { 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(gunzipSync(res.body).toString()).toMatch(/^User-agent/);
  });

  it('leaves identity, ranges, small files and images to the adapter (with Vary on text files)', async () => {
    const identity = await get('/_astro/app.AbC123.js');
    expect(identity.headers['x-fallback']).toBe('adapter');
    expect(identity.headers.vary).toBe('Accept-Encoding');
    const range = await get('/_astro/app.AbC123.js', { 'Accept-Encoding': 'br', Range: 'bytes=0-10' });
    expect(range.headers['x-fallback']).toBe('adapter');
    const tiny = await get('/tiny.css', { 'Accept-Encoding': 'br' });
    expect(tiny.headers['x-fallback']).toBe('adapter');
    const png = await get('/photo.png', { 'Accept-Encoding': 'br' });
    expect(png.headers['x-fallback']).toBe('adapter');
    expect(png.headers.vary).toBeUndefined();
    expect((await get('/missing.js', { 'Accept-Encoding': 'br' })).headers['x-fallback']).toBe('adapter');
    expect((await get('/../etc/passwd.txt', { 'Accept-Encoding': 'br' })).headers['x-fallback']).toBe(
      'adapter',
    );
  });

  it('answers HEAD with the headers only, and a matching ETag with 304', async () => {
    const head = await get('/_astro/app.AbC123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
    const etag = String(head.headers.etag);
    const again = await get('/_astro/app.AbC123.js', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
  });
});
