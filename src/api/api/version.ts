import { Hono } from 'hono';
import { buildId } from '../../lib/build-id.ts';

/**
 * `GET /api/version`: the build the server runs, for the pages' hourly build check (decision 034).
 * Never cached: an answer kept by a cache would hide a deploy.
 */
export const versionRoutes = new Hono().get('/', (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json({ version: buildId() });
});
