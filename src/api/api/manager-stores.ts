import { zValidator } from '@hono/zod-validator';
import { Hono, type ValidationTargets } from 'hono';
import type { z } from 'zod';
import { fieldProblems } from '../../server/catalog/index.ts';
import { db } from '../../server/db/client.ts';
import { fieldsError } from '../../server/platform/errors.ts';
import * as stores from '../../server/pos/index.ts';
import { noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * The back office's stores under /api/manager/stores (administrators only: 401 signed out, 403
 * otherwise; decision 018). Every store write names the version it read; a stale one is a 409
 * VERSION_CONFLICT and changes nothing. A bad body is a 400 STORE_INVALID whose `fields` list every
 * field's problem in Korean.
 *
 * - GET / · POST / {storeName, businessNo?, representative?, address?, phone?, receiptFooter?, pointRate?}
 * - GET /{storeNo} · PUT /{storeNo} {version, …every field}
 * - PUT /{storeNo}/active {version, active} — stop (not while its shift is open) or resume a store
 * - GET /staff · PUT /staff/{memberNo}/stores {storeNos, previous} — where each staff member may sell
 */

/** A body checked field by field: every problem in `fields`. */
function body<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw fieldsError('STORE_INVALID', fieldProblems(result.error));
  });
}

export const managerStoreRoutes = new Hono<AuthEnv>()
  .use(requireAdmin(), noStore())
  .get('/', async (c) => c.json({ items: await stores.listStores(await db()) }))
  .post('/', body('json', stores.StoreCreate), async (c) =>
    c.json(await stores.createStore(await db(), c.req.valid('json')), 201),
  )
  // before /:storeNo
  .get('/staff', async (c) => c.json({ items: await stores.listStaff(await db()) }))
  .put(
    '/staff/:memberNo/stores',
    validate('param', stores.StaffNoParam),
    body('json', stores.StaffStoresBody),
    async (c) =>
      c.json(await stores.setStaffStores(await db(), c.req.valid('param').memberNo, c.req.valid('json'))),
  )
  .get('/:storeNo', validate('param', stores.StoreNoParam), async (c) =>
    c.json(await stores.getStore(await db(), c.req.valid('param').storeNo)),
  )
  .put('/:storeNo', validate('param', stores.StoreNoParam), body('json', stores.StorePut), async (c) =>
    c.json(await stores.updateStore(await db(), c.req.valid('param').storeNo, c.req.valid('json'))),
  )
  .put(
    '/:storeNo/active',
    validate('param', stores.StoreNoParam),
    body('json', stores.StoreActiveBody),
    async (c) =>
      c.json(await stores.setStoreActive(await db(), c.req.valid('param').storeNo, c.req.valid('json'))),
  );

export type ManagerStoreRoutes = typeof managerStoreRoutes;
