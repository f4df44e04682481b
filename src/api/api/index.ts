import { Hono } from 'hono';
import { authenticate } from '../middleware/auth.ts';
import { csrfProtection } from '../middleware/csrf.ts';

/** `/api`: the shop's own routes (cookies, uploads, custom designs, brand member routes, admin). */
export function ownApi() {
  const app = new Hono();
  app.use('*', authenticate());
  app.use('*', csrfProtection());
  app.get('/health', (c) => c.json({ status: 'ok' }));
  return app;
}
