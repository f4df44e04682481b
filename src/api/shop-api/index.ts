import { Hono } from 'hono';
import { shopHeaders } from '../middleware/shop-headers.ts';

/** `/shop-api`: the Shopby-compatible shop engine. One sub-app per resource. */
export function shopApi() {
  const app = new Hono();
  app.use('*', shopHeaders());
  return app;
}
