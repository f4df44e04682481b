import { zValidator } from '@hono/zod-validator';
import { Hono, type ValidationTargets } from 'hono';
import type { z } from 'zod';
import * as apiClients from '../../server/api-client/index.ts';
import { fieldProblems } from '../../server/catalog/index.ts';
import { db } from '../../server/db/client.ts';
import { fieldsError } from '../../server/platform/errors.ts';
import { noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * The registered API clients under /api/manager/api-clients (administrators only: 401 signed out,
 * 403 otherwise; decision 032). A bad body is a 400 API_CLIENT_INVALID whose `fields` list every
 * field's problem in Korean; an edit names the version it read (409 VERSION_CONFLICT when stale).
 *
 * - GET / — the configuration's clients (read-only) and the back office's
 * - POST / {clientId, name?, origins} — registers a client (in use at once)
 * - PUT /{clientId} {version, name, origins, active} — changes it, stops or resumes it
 */

function body<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw fieldsError('API_CLIENT_INVALID', fieldProblems(result.error));
  });
}

export const managerApiClientRoutes = new Hono<AuthEnv>()
  .use(requireAdmin(), noStore())
  .get('/', async (c) => c.json({ items: await apiClients.listApiClients(await db()) }))
  .post('/', body('json', apiClients.ApiClientCreate), async (c) =>
    c.json(await apiClients.createApiClient(await db(), c.req.valid('json')), 201),
  )
  .put(
    '/:clientId',
    validate('param', apiClients.ClientIdParam),
    body('json', apiClients.ApiClientPut),
    async (c) =>
      c.json(
        await apiClients.updateApiClient(await db(), c.req.valid('param').clientId, c.req.valid('json')),
      ),
  );

export type ManagerApiClientRoutes = typeof managerApiClientRoutes;
