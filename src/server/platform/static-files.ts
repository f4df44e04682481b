import { createReadStream, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { chooseEncoding, varyWithAcceptEncoding } from '../../api/middleware/compression.ts';

/**
 * The built files of dist/client with their build-time Brotli and gzip copies (scripts/precompress.mjs,
 * decision 035), in front of the Node adapter's own file server: a browser that accepts `br` gets
 * `app.js.br` as `app.js`. What this does not answer (no copy, a range, a file that is not there)
 * goes on to `next`, the adapter (which serves the plain file or the page).
 *
 * Hashed assets (`/_astro/…`, a new name for every change) are cached for a year and never
 * revalidated; other public files (favicon, robots.txt) are revalidated with their ETag.
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.wasm': 'application/wasm',
};

export function cacheControlFor(pathname: string, assetsDir = '_astro'): string {
  return pathname.startsWith(`/${assetsDir}/`) ? IMMUTABLE : REVALIDATE;
}

type Next = () => void;

export function createStaticFiles(clientDir: string, assetsDir = '_astro') {
  const root = resolve(clientDir);
  // built files never change while the server runs: one stat per path and encoding
  const stats = new Map<string, Stats | null>();
  const statOf = (path: string) => {
    let found = stats.get(path);
    if (found === undefined) {
      try {
        const info = statSync(path);
        found = info.isFile() ? info : null;
      } catch {
        found = null;
      }
      if (stats.size < 50_000) stats.set(path, found);
    }
    return found;
  };

  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      return next();
    }
    const type = TYPES[extname(pathname).toLowerCase()];
    if (!type || pathname.includes('\0')) return next();
    const file = resolve(root, `.${pathname}`);
    if (!file.startsWith(root + sep) || /[/\\]\./.test(pathname)) return next();
    if (!statOf(file)) return next();

    // whatever is sent, it depends on Accept-Encoding
    res.setHeader('Vary', varyWithAcceptEncoding(res.getHeader('Vary')?.toString() ?? null));
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (!encoding || req.headers.range) return next();
    const variant = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    const info = statOf(variant);
    if (!info) return next();

    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}-${encoding}"`;
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', cacheControlFor(pathname, assetsDir));
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', info.mtime.toUTCString());
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', info.size);
    res.statusCode = 200;
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(variant);
    stream.once('error', () => res.destroy());
    stream.pipe(res);
  };
}
