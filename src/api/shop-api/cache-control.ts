import { createMiddleware } from 'hono/factory';

/**
 * Public catalogue reads may be cached briefly by browsers and shared caches: stock and prices
 * change, so a short lifetime, with stale copies served while one request refreshes them. Errors
 * are never cached.
 */
export const publicCache = (maxAgeSeconds = 30) =>
  createMiddleware(async (c, next) => {
    await next();
    if (c.res.status === 200) {
      c.header(
        'Cache-Control',
        `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${maxAgeSeconds * 4}`,
      );
    } else {
      c.header('Cache-Control', 'no-store');
    }
  });
