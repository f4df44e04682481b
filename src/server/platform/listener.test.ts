import { Hono } from 'hono';
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_CLIENT_FILE } from './client-files.ts';
import { createListener, writeAnswer } from './listener.ts';
import { markWhole, wholeResponse } from './whole-body.ts';

/**
 * The built server's request listener (node-server.ts, decision 060): API paths go straight to the
 * server app, never through the file servers (the adapter's `send` stat of dist/client cost ~16 % of
 * an order request's CPU for a file that is never there); everything else as before.
 */

const seen: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  const app = new Hono();
  app.get('/api/cookies', (c) => {
    c.header('Set-Cookie', 'a=1; Path=/; HttpOnly', { append: true });
    c.header('Set-Cookie', 'b=2; Path=/', { append: true });
    return c.json({ ok: '방진패드' }, 201);
  });
  // bytes known whole (the API's `c.json`, decision 082) against what its stream would give
  const known = new TextEncoder().encode('{"from":"known bytes"}');
  const jsonHeaders = { 'Content-Type': 'application/json' };
  app.get('/api/known', () =>
    markWhole(new Response('{"from":"the stream"}', { headers: jsonHeaders }), known),
  );
  app.get('/api/known-other-length', () =>
    markWhole(
      new Response('{"from":"the stream"}', {
        headers: { ...jsonHeaders, 'Content-Length': String('{"from":"the stream"}'.length) },
      }),
      known,
    ),
  );
  app.get('/api/stream', () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('a,b\n'));
        controller.enqueue(new TextEncoder().encode('1,2\n'));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
  });
  app.all('*', async (c) => {
    const peer = Reflect.get(c.req.raw, Symbol.for('astro.clientAddress')) as unknown;
    return c.json({
      method: c.req.method,
      path: c.req.path,
      query: c.req.query('q') ?? null,
      host: new URL(c.req.url).host,
      peer: typeof peer === 'string' ? peer : null,
      body: c.req.method === 'GET' ? null : await c.req.text(),
    });
  });
  const listener = createListener({
    mayBeFile: (url) => url === '/' || url.startsWith('/_astro/') || url.startsWith('/api/x.js'),
    files: (req, _res, next) => {
      seen.push(`files ${req.url}`);
      next();
    },
    adapter: (req, res) => {
      seen.push(`adapter ${req.url}${Reflect.get(req, NOT_A_CLIENT_FILE) === true ? ' (no file)' : ''}`);
      res.end('page');
    },
    api: app,
    port: () => 4321,
    bodySizeLimit: 1024 * 1024,
  });
  server = createServer(listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => server.close());

function send(path: string, method = 'GET', body?: string) {
  return new Promise<{ status: number; text: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const req = request(`${base}${path}`, { method }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the built server’s listener', () => {
  it('hands API requests to the server app without the file servers, address and body intact', async () => {
    seen.length = 0;
    const post = await send('/shop-api/order-sheets?q=%EB%B0%A9%EC%A7%84', 'POST', '{"a":"방진패드"}');
    expect(post.status).toBe(200);
    expect(JSON.parse(post.text)).toMatchObject({
      method: 'POST',
      path: '/shop-api/order-sheets',
      query: '방진',
      host: base.slice('http://'.length),
      peer: '127.0.0.1',
      body: '{"a":"방진패드"}',
    });
    expect(JSON.parse((await send('/api/health')).text)).toMatchObject({ path: '/api/health' });
    expect(seen).toEqual([]);
  });

  it('writes a JSON answer in one piece with its length, every cookie kept; other bodies stream', async () => {
    const json = await send('/api/cookies');
    expect(json.status).toBe(201);
    expect(JSON.parse(json.text)).toEqual({ ok: '방진패드' });
    expect(json.headers['content-length']).toBe(String(Buffer.byteLength(json.text)));
    expect(json.headers['transfer-encoding']).toBeUndefined();
    expect(json.headers['set-cookie']).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/']);
    const csv = await send('/api/stream');
    expect(csv.text).toBe('a,b\n1,2\n');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('writes JSON bytes known whole as they are, without reading the body; one of another length from its body', async () => {
    const known = await send('/api/known');
    expect(JSON.parse(known.text)).toEqual({ from: 'known bytes' });
    expect(known.headers['content-length']).toBe(String(Buffer.byteLength(known.text)));
    const other = await send('/api/known-other-length');
    expect(JSON.parse(other.text)).toEqual({ from: 'the stream' });
    expect(other.headers['content-length']).toBe(String(Buffer.byteLength(other.text)));
  });

  it('leaves no listener behind on a kept-alive connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets: Socket[] = [];
    const onConnection = (socket: Socket) => sockets.push(socket);
    server.on('connection', onConnection);
    const get = (path: string) =>
      new Promise<void>((resolve, reject) => {
        const req = request(`${base}${path}`, { agent }, (res) => {
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', reject);
        req.end();
      });
    try {
      await get('/api/cookies');
      const before = sockets[0]!.listenerCount('close');
      for (let i = 0; i < 20; i++) await get(i % 2 ? '/api/cookies' : '/api/stream');
      expect(sockets).toHaveLength(1);
      expect(sockets[0]!.listenerCount('close')).toBeLessThanOrEqual(before);
    } finally {
      server.off('connection', onConnection);
      agent.destroy();
    }
  });

  it('looks for built files only at the addresses of the listing; pages go to the adapter marked as no file', async () => {
    seen.length = 0;
    for (const path of ['/', '/_astro/app.js', '/apis', '/shop-apix/1', '/product/1', '/search?q=%EB%B0%A9'])
      expect((await send(path)).text).toBe('page');
    expect(seen).toEqual([
      'files /',
      'adapter /',
      'files /_astro/app.js',
      'adapter /_astro/app.js',
      'adapter /apis (no file)',
      'adapter /shop-apix/1 (no file)',
      'adapter /product/1 (no file)',
      'adapter /search?q=%EB%B0%A9 (no file)',
    ]);
  });

  it('refuses an address that cannot be decoded, as the adapter does', async () => {
    seen.length = 0;
    const bad = await send('/api/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(seen).toEqual([]);
  });
});

describe('writeAnswer (decision 074)', () => {
  const page = new TextEncoder().encode(
    `<!doctype html><title>포도</title>${'<p>방진패드 12,900원</p>'.repeat(100)}`,
  );
  const answers: Record<string, () => Response> = {
    // a page rendered whole, with a session's two cookies
    '/whole': () =>
      wholeResponse(page, {
        status: 404,
        statusText: 'Not Found',
        headers: [
          ['Content-Type', 'text/html'],
          ['Content-Length', String(page.byteLength)],
          ['Set-Cookie', 'a=1; Path=/; HttpOnly'],
          ['Set-Cookie', 'b=2; Path=/'],
        ],
      }),
    // bytes known whole without a declared length (a compressed page)
    '/unsized': () =>
      wholeResponse(page, { headers: { 'Content-Type': 'text/html', 'Content-Encoding': 'br' } }),
    // a declared length that is not the bytes': written from the stream as before
    '/mismatch': () =>
      wholeResponse(page, {
        headers: { 'Content-Type': 'text/html', 'Content-Length': String(page.byteLength - 1) },
      }),
    // bytes not known whole
    '/stream': () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(page.subarray(0, 100));
            controller.enqueue(page.subarray(100));
            controller.close();
          },
        }),
        { headers: { 'Content-Type': 'text/html' } },
      ),
    '/redirect': () =>
      new Response(null, { status: 302, headers: { Location: '/login?returnUrl=%2Fmypage' } }),
  };
  let pageServer: Server;
  let pageBase: string;
  const calls: string[] = [];

  beforeAll(async () => {
    pageServer = createServer((req, res) => {
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      res.write = ((...args: Parameters<typeof write>) => {
        calls.push('write');
        return write(...args);
      }) as typeof res.write;
      res.end = ((...args: Parameters<typeof end>) => {
        calls.push(
          args[0] === undefined || typeof args[0] === 'function' ? 'end' : `end ${String(args[0].length)}`,
        );
        return end(...args);
      }) as typeof res.end;
      void writeAnswer(answers[req.url ?? '']!(), res);
    });
    await new Promise<void>((r) => pageServer.listen(0, '127.0.0.1', r));
    const address = pageServer.address();
    pageBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => pageServer.close());

  const fetchRaw = (path: string, method = 'GET') =>
    new Promise<{ status: number; message: string; body: Buffer; headers: IncomingHttpHeaders }>(
      (resolve, reject) => {
        const req = request(`${pageBase}${path}`, { method, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              message: res.statusMessage!,
              body: Buffer.concat(chunks),
              headers: res.headers,
            }),
          );
        });
        req.on('error', reject);
        req.end();
      },
    );

  it('writes bytes known whole with one end and their length, the status text and every cookie kept', async () => {
    calls.length = 0;
    const res = await fetchRaw('/whole');
    expect(calls).toEqual([`end ${page.byteLength}`]);
    expect(res.status).toBe(404);
    expect(res.message).toBe('Not Found');
    expect(res.body.equals(Buffer.from(page))).toBe(true);
    expect(res.headers['content-length']).toBe(String(page.byteLength));
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/']);
    calls.length = 0;
    const unsized = await fetchRaw('/unsized');
    expect(calls).toEqual([`end ${page.byteLength}`]);
    expect(unsized.headers['content-length']).toBe(String(page.byteLength));
    expect(unsized.headers['content-encoding']).toBe('br');
    // HEAD: the same headers, no body
    const head = await fetchRaw('/whole', 'HEAD');
    expect(head.headers['content-length']).toBe(String(page.byteLength));
    expect(head.body.length).toBe(0);
  });

  it('writes any other answer from its stream as Astro’s writeResponse does', async () => {
    calls.length = 0;
    const stream = await fetchRaw('/stream');
    expect(stream.body.equals(Buffer.from(page))).toBe(true);
    expect(stream.headers['transfer-encoding']).toBe('chunked');
    expect(calls).toEqual(['write', 'write', 'end']);
    calls.length = 0;
    await fetchRaw('/mismatch').catch(() => undefined); // the client refuses the extra byte
    expect(calls).toEqual(['write', 'end']);
    const redirect = await fetchRaw('/redirect');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe('/login?returnUrl=%2Fmypage');
  });
});
