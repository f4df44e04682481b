import { Hono } from 'hono';

/** `/api`: the shop's own routes (cookies, uploads, custom designs, brand member routes, admin). */
export function ownApi() {
  const app = new Hono();
  app.get('/health', (c) => c.json({ status: 'ok' }));
  return app;
}
