import { Hono } from 'hono';
import { z } from 'zod';
import { db } from '../../server/db/client.ts';
import { chooseStore, openShiftOf, resolveCounterStore } from '../../server/pos/index.ts';
import { memberOf, noStore, requireStaff, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { chosenStore, rememberStore } from './pos-cashier.ts';

/**
 * The counter's store choice (decision 018), for staff and administrators (401 signed out, 403
 * for everyone else). These two routes read the remembered choice without refusing it, so a
 * counter whose store was taken away can still list its stores and pick another.
 * - GET /api/pos/stores — the stores the caller may sell at, and the one the counter uses now
 * - PUT /api/pos/store {storeNo} — choose a store (remembered in the httpOnly `podo_pos_store` cookie)
 */

const ChooseBody = z.strictObject({
  storeNo: z
    .number({ error: '매장을 골라 주세요.' })
    .int({ error: '매장을 골라 주세요.' })
    .positive({ error: '매장을 골라 주세요.' }),
});

export const posStoreRoutes = new Hono<AuthEnv>()
  .get('/stores', requireStaff(), noStore(), async (c) => {
    const resolved = await resolveCounterStore(await db(), memberOf(c), chosenStore(c));
    return c.json({
      stores: resolved.stores,
      /** The store the counter sells at now; null when it may sell nowhere or the choice is refused. */
      current: resolved.cashier?.storeNo ?? null,
      refused: resolved.refused,
    });
  })
  .put('/store', requireStaff(), noStore(), validate('json', ChooseBody), async (c) => {
    const conn = await db();
    const store = await chooseStore(conn, memberOf(c), c.req.valid('json').storeNo);
    rememberStore(c, store.storeNo);
    return c.json({ store, shift: await openShiftOf(conn, store.storeNo) });
  });

export type PosStoreRoutes = typeof posStoreRoutes;
