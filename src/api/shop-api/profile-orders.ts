import { Hono } from 'hono';
import { db } from '../../server/db/client.ts';
import { OrderNoParam, getMypageOrder } from '../../server/order/index.ts';

import { memberOf, noStore, requireMember, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * `GET /profile/orders/{orderNo}` (member): the member's own order (404 otherwise), with shipping,
 * claims and next actions (order/mypage.ts).
 */
export const profileOrderRoutes = new Hono<AuthEnv>()
  .use(requireMember(), noStore())
  .get('/:orderNo', validate('param', OrderNoParam), async (c) => {
    return c.json(await getMypageOrder(await db(), memberOf(c).memberNo, c.req.valid('param').orderNo));
  });

/** For the islands' typed client (src/lib/clients/profile-orders.ts). */
export type ProfileOrderRoutes = typeof profileOrderRoutes;
