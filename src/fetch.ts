import { Hono } from 'hono';
import { astro } from 'astro/hono';
import { createApiApp } from './api/app.ts';
import { serveStorage } from './api/storage-files.ts';
import { startBackgroundJobs } from './lib/server/jobs.ts';

/**
 * The server's entry: API paths go straight to Hono (no page pipeline in between); everything
 * else is Astro's pages.
 */
startBackgroundJobs();

const api = createApiApp();
const app = new Hono();
app.all('/shop-api/*', (c) => api.fetch(c.req.raw));
app.all('/api/*', (c) => api.fetch(c.req.raw));
app.get('/uploads/*', serveStorage);
app.all('*', astro());

export default app;
