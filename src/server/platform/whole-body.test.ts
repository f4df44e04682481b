import { Hono } from 'hono';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  WHOLE_ANSWER_REWRITES,
  markWhole,
  rewriteForWholeAnswer,
  wholeBodyOf,
  wholeResponse,
} from './whole-body.ts';

/** Answers whose bytes are known whole (decision 074). */

const bytes = () => new TextEncoder().encode('<!doctype html><title>포도</title><p>12,900원</p>');

describe('bytes known whole', () => {
  it('are found again through a Response made again around the same body', async () => {
    const body = bytes();
    const first = wholeResponse(body, { headers: { 'Content-Type': 'text/html' } });
    expect(wholeBodyOf(first)).toBe(body);
    const again = new Response(first.body, first);
    again.headers.set('X-Page-Cache', 'bypass');
    expect(wholeBodyOf(again)).toBe(body);
    // what Hono's `c.res` setter does when a middleware replaces the answer
    const app = new Hono();
    app.use('*', async (c, next) => {
      await next();
      c.res = new Response(c.res.body, { status: 404, headers: c.res.headers });
    });
    app.get('/', () => wholeResponse(body, { headers: { 'Content-Type': 'text/html' } }));
    const res = await app.request('/');
    expect(res.status).toBe(404);
    expect(wholeBodyOf(res)).toBe(body);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(body);
  });

  it('are forgotten once the body is read, locked or teed', async () => {
    const read = wholeResponse(bytes(), {});
    await read.arrayBuffer();
    expect(wholeBodyOf(read)).toBeUndefined();
    const locked = wholeResponse(bytes(), {});
    const reader = locked.body!.getReader();
    expect(wholeBodyOf(locked)).toBeUndefined();
    await reader.read();
    reader.releaseLock();
    expect(wholeBodyOf(locked)).toBeUndefined(); // disturbed
    const teed = wholeResponse(bytes(), {});
    const [a] = teed.body!.tee();
    expect(wholeBodyOf(teed)).toBeUndefined();
    expect(wholeBodyOf(new Response(a))).toBeUndefined();
  });

  it('are only ever bytes: a string, a stream or no body is not marked', () => {
    expect(wholeBodyOf(markWhole(new Response('포도'), '포도'))).toBeUndefined();
    const stream = new ReadableStream<Uint8Array>({ start: (c) => c.close() });
    expect(wholeBodyOf(markWhole(new Response(stream), stream))).toBeUndefined();
    expect(wholeBodyOf(markWhole(new Response(null, { status: 304 }), bytes()))).toBeUndefined();
    expect(wholeBodyOf(new Response(bytes()))).toBeUndefined();
  });
});

describe('rewriteForWholeAnswer on the installed Astro and Node adapter', () => {
  const require = createRequire(import.meta.url);
  const astroDist = dirname(require.resolve('astro/package.json')) + '/dist';
  const adapterDist = join(dirname(require.resolve('@astrojs/node/package.json')), 'dist');
  const runtime = { body: '/podo/whole-body.ts', writer: '/podo/listener.ts', text: '/podo/page-text.ts' };
  const page = join(astroDist, 'runtime', 'server', 'render', 'page.js');
  const render = join(astroDist, 'runtime', 'server', 'render', 'astro', 'render.js');
  const serveApp = join(adapterDist, 'serve-app.js');

  it('renders a page’s chunks into a PageText and hands renderPage its bytes (decision 086)', () => {
    const renderCode = rewriteForWholeAnswer(render, readFileSync(render, 'utf8'), runtime) ?? '';
    expect(renderCode).toContain('import { pageText as __podoPageText } from "/podo/page-text.ts";');
    expect(renderCode).toContain('const str = __podoPageText();');
    expect(renderCode).toContain('return isPage ? str.bytes() : str.text();');
    expect(renderCode).not.toMatch(/str \+=/);
    const pageCode = rewriteForWholeAnswer(page, readFileSync(page, 'utf8'), runtime) ?? '';
    // the bytes get their Content-Length as the encoded string did
    expect(pageCode).toContain(
      'if (!streaming && (typeof body === "string" || body instanceof Uint8Array)) {\n' +
        '    if (typeof body === "string") body = encoder.encode(body);\n' +
        '    headers.set("Content-Length", body.byteLength.toString());',
    );
  });

  it('marks the bytes of a page rendered whole and writes the adapter’s answers with writeAnswer', () => {
    const pageCode = rewriteForWholeAnswer(page, readFileSync(page, 'utf8'), runtime) ?? '';
    expect(pageCode).toContain('import { markWhole as __podoMarkWhole } from "/podo/whole-body.ts";');
    expect(pageCode).toContain('return __podoMarkWhole(');
    expect(pageCode).not.toContain('return new Response(body, { ...init, headers });');
    const appCode = rewriteForWholeAnswer(`${serveApp}?v=1`, readFileSync(serveApp, 'utf8'), runtime) ?? '';
    expect(appCode).toContain('import { writeAnswer as writeResponse } from "/podo/listener.ts";');
    expect(appCode).not.toMatch(/writeResponse,\s*getAbortControllerCleanup/);
    // both of the handler's writes go through it
    expect(appCode.split('await writeResponse(response, res);')).toHaveLength(3);
  });

  it('leaves other files alone and fails the build when a text it replaces moved', () => {
    expect(
      rewriteForWholeAnswer(join(astroDist, 'runtime', 'server', 'render', 'head.js'), 'x', runtime),
    ).toBeUndefined();
    const ids = [page, render, serveApp];
    for (const { file, decision } of WHOLE_ANSWER_REWRITES) {
      const id = ids.find((path) => file.test(path)) ?? '';
      expect(() => rewriteForWholeAnswer(id, 'export {}', runtime)).toThrow(`decision ${decision}`);
    }
    expect(WHOLE_ANSWER_REWRITES.map((r) => r.decision)).toEqual(['086', '074 and 086', '074']);
  });
});
