import { Hono, type Handler } from 'hono';
import { createApiApp } from './api/app.ts';
import { compression } from './api/middleware/compression.ts';
import { shopApiCors } from './api/middleware/cors.ts';
import { pageCache, type PageCacheOptions } from './api/middleware/page-cache.ts';
import { requestBodyLimit, securityHeaders } from './api/middleware/security.ts';
import { serveStorage } from './api/storage-files.ts';
import { isLive } from './server/platform/mode.ts';

/**
 * The whole server but its pages: anonymous catalogue pages from memory (decision 043), Brotli/gzip for text answers, security headers and the body limit on every response, API
 * paths straight to Hono (`/shop-api` with CORS for registered clients) (no page pipeline in between), stored files, and `pages` for the rest
 * (Astro in `src/fetch.ts`; a stand-in in tests).
 */
export function createServerApp(pages: Handler, options: { pageCache?: PageCacheOptions } = {}) {
  const api = createApiApp();
  const app = new Hono();
  // outermost: a hit is the final answer's bytes, compressed already (decision 043); on in
  // src/fetch.ts, and in tests that ask for it
  if (options.pageCache) app.use('*', pageCache(options.pageCache));
  // it compresses the final answer, headers and all (decision 035)
  app.use('*', compression());
  app.use('*', securityHeaders(isLive));
  app.use('*', requestBodyLimit());
  // CORS for the registered API clients' origins only (docs/decisions/017-shopby-clients.md)
  app.use('/shop-api/*', shopApiCors());
  app.all('/shop-api/*', (c) => api.fetch(c.req.raw));
  app.all('/api/*', (c) => api.fetch(c.req.raw));
  app.get('/uploads/*', serveStorage);
  app.all('*', pages);
  return app;
}
