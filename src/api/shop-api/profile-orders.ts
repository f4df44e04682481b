import { Hono } from 'hono';
import { db } from '../../lib/server/db/client.ts';
import { getMypageOrder } from '../../lib/server/order/mypage.ts';
import { OrderNoParam } from '../../lib/server/order/schema.ts';
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
