import { createMiddleware } from 'hono/factory';
import { promisify } from 'node:util';
import {
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  type BrotliCompress,
  type BrotliOptions,
  type Gzip,
} from 'node:zlib';
import { wholeBodyOf, wholeResponse } from '../../server/platform/whole-body.ts';

/**
 * Brotli or gzip for every text answer of the server (pages, API JSON, CSV…), decision 035.
 * Built files under dist/client are compressed once at build time (scripts/precompress.mjs) and
 * served by src/server/platform/static-files.ts; this handles what is made per request.
 *
 * Left alone: HEAD, bodiless answers (204, 304), ranges, `Cache-Control: no-transform`, an answer
 * already encoded, types that are compressed already (images, fonts, zip/xlsx) and bodies known to
 * be under 1 KB. A streamed page stays streamed: what arrives in one turn of the event loop is
 * flushed together, so the browser still gets the head of the page before its slow parts.
 */

export type Encoding = 'br' | 'gzip';

/** Below this a compressed answer saves less than its headers and framing cost. */
export const MIN_COMPRESS_BYTES = 1024;
/** Per-request Brotli: quality 4 is about gzip's speed at a smaller size; 11 is for build time. */
const DYNAMIC_BROTLI_QUALITY = 4;

const TEXT_TYPE =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|ecmascript|xml|xhtml\+xml|rss\+xml|atom\+xml|ld\+json|manifest\+json|problem\+json|geo\+json|x-ndjson|graphql-response\+json|wasm|x-javascript)|image\/(?:svg\+xml|x-icon|vnd\.microsoft\.icon|bmp)|font\/(?:ttf|otf)|application\/vnd\.ms-fontobject)\s*(?:;|$)/i;

export function isCompressible(contentType: string | null): boolean {
  return !!contentType && TEXT_TYPE.test(contentType.trim());
}

/** The encoding to use for an `Accept-Encoding` header: Brotli first, then gzip, or none. */
export function chooseEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || (q.get('x-gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/** Adds `Accept-Encoding` to a Vary header value (kept as it is when already there or `*`). */
export function varyWithAcceptEncoding(vary: string | null): string {
  if (!vary) return 'Accept-Encoding';
  const names = vary.split(',').map((v) => v.trim().toLowerCase());
  return names.includes('accept-encoding') || names.includes('*') ? vary : `${vary}, Accept-Encoding`;
}

const GZIP_LEVEL = 6;

function brotliOptions(sizeHint: number | null): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      ...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
    },
  };
}

function compressor(encoding: Encoding, sizeHint: number | null): BrotliCompress | Gzip {
  if (encoding === 'gzip') return createGzip({ level: GZIP_LEVEL });
  return createBrotliCompress(brotliOptions(sizeHint));
}

const brotliWhole = promisify(brotliCompress);
const gzipWhole = promisify(gzip);

/**
 * Bytes known whole compressed in one call (one job of zlib's thread pool, decision 074), with the
 * settings `compressStream` uses: the same encoder over the same input, ended at once.
 */
export async function compressWhole(bytes: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  const out =
    encoding === 'gzip'
      ? await gzipWhole(bytes, { level: GZIP_LEVEL })
      : await brotliWhole(bytes, brotliOptions(bytes.byteLength));
  return out as Uint8Array<ArrayBuffer>;
}

/**
 * `body` compressed as it streams, with backpressure on the source; pieces that arrive within one
 * turn of the event loop are flushed together (a streamed page keeps arriving in parts).
 */
export function compressStream(
  body: ReadableStream<Uint8Array>,
  encoding: Encoding,
  sizeHint: number | null = null,
): ReadableStream<Uint8Array> {
  const zlib = compressor(encoding, sizeHint);
  const reader = body.getReader();
  let ended = false;
  let flushScheduled = false;

  const scheduleFlush = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      if (!ended && !zlib.destroyed) zlib.flush();
    });
  };

  return new ReadableStream<Uint8Array>({
    start(controller) {
      zlib.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      zlib.once('end', () => controller.close());
      zlib.once('error', (err) => controller.error(err));
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            if (!zlib.write(value)) await new Promise((r) => zlib.once('drain', r));
            scheduleFlush();
          }
          ended = true;
          zlib.end();
        } catch (err) {
          ended = true;
          zlib.destroy(err instanceof Error ? err : new Error(String(err)));
        }
      })();
    },
    cancel(reason) {
      ended = true;
      zlib.destroy();
      return reader.cancel(reason);
    },
  });
}

/**
 * Reads `body` until `limit` bytes or its end; `rest` replays what was read, then the remainder.
 */
async function peek(body: ReadableStream<Uint8Array>, limit: number) {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let head = 0;
  let complete = false;
  while (head < limit) {
    const { done, value } = await reader.read();
    if (done) {
      complete = true;
      break;
    }
    chunks.push(value);
    head += value.byteLength;
  }
  const rest = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = chunks.shift();
      if (next) return controller.enqueue(next);
      if (complete) return controller.close();
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, rest, complete };
}

export const compression = () =>
  createMiddleware(async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type');
    if (!isCompressible(type)) return;
    if (res.status === 204 || res.status === 304 || res.status === 206) return;
    if (res.headers.has('Content-Range') || res.headers.has('Content-Encoding')) return;

    if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const length = res.headers.get('Content-Length');
    const size = length === null ? null : Number(length);
    const small = size !== null && size < MIN_COMPRESS_BYTES;
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (c.req.method === 'HEAD' || !res.body || !encoding || small) {
      // the answer would be compressed for another client: caches must keep the two apart
      if (!small) {
        try {
          res.headers.set('Vary', varyWithAcceptEncoding(res.headers.get('Vary')));
        } catch {
          // immutable headers (Response.redirect, a fetched answer): copy it
          const copy = new Response(res.body, res);
          copy.headers.set('Vary', varyWithAcceptEncoding(copy.headers.get('Vary')));
          c.res = undefined;
          c.res = copy;
        }
      }
      return;
    }

    const whole = wholeBodyOf(res);
    if (whole && (size === null || size === whole.byteLength)) {
      // under 1 KB: left as it is, as an answer that declares so small a length
      if (whole.byteLength < MIN_COMPRESS_BYTES) return;
      // a page rendered whole (decision 074) or the API's JSON (082): compressed in one call, written
      // in one piece
      const compressed = await compressWhole(whole, encoding);
      c.res = undefined; // Hono merges headers into a replaced response otherwise
      c.res = wholeResponse(compressed, {
        status: res.status,
        statusText: res.statusText,
        headers: compressedHeaders(res.headers, encoding),
      });
      return;
    }

    // a length the answer does not declare (a streamed page, a body not known whole): read up to 1 KB first
    let body: ReadableStream<Uint8Array> = res.body;
    if (size === null) {
      const { head, rest, complete } = await peek(res.body, MIN_COMPRESS_BYTES);
      body = rest;
      if (complete && head < MIN_COMPRESS_BYTES) {
        c.res = undefined;
        c.res = new Response(rest, res);
        return;
      }
    }

    c.res = undefined; // Hono merges headers into a replaced response otherwise
    c.res = new Response(compressStream(body, encoding, size), {
      status: res.status,
      statusText: res.statusText,
      headers: compressedHeaders(res.headers, encoding),
    });
  });

/** The headers of an answer once compressed: its encoding, Vary, no length, a weak ETag. */
function compressedHeaders(original: Headers, encoding: Encoding): Headers {
  const headers = new Headers(original);
  headers.set('Vary', varyWithAcceptEncoding(headers.get('Vary')));
  headers.set('Content-Encoding', encoding);
  headers.delete('Content-Length');
  const etag = headers.get('ETag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  return headers;
}
