import { Hono } from 'hono';
import { db } from '../../server/db/client.ts';
import {
  GuestOrderBody,
  OrderNoParam,
  getGuestOrder,
  issueGuestOrderToken,
} from '../../server/order/index.ts';

import { clientIp, noStore, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * `/guest/orders/{orderNo}`:
 * - POST { password } → { guestToken, expireIn }   (wrong passwords limited per order and IP: 429)
 * - GET with header `guestToken` (that token, or the guest identity that ordered) → order detail
 */
export const guestOrderRoutes = new Hono<AuthEnv>()
  .use(noStore())
  .post('/:orderNo', validate('param', OrderNoParam), validate('json', GuestOrderBody), async (c) => {
    return c.json(
      await issueGuestOrderToken(
        await db(),
        c.req.valid('param').orderNo,
        c.req.valid('json').password,
        clientIp(c),
      ),
    );
  })
  .get('/:orderNo', validate('param', OrderNoParam), async (c) => {
    return c.json(await getGuestOrder(await db(), c.req.valid('param').orderNo, c.get('guestToken')));
  });

/** For the islands' typed client (src/lib/clients/guest-orders.ts). */
export type GuestOrderRoutes = typeof guestOrderRoutes;
