import { Hono } from 'hono';
import { CartQuery, GuestCartBody, priceGuestCart } from '../../server/cart/index.ts';

import { db } from '../../server/db/client.ts';
import { maybeOwner } from '../../server/order/index.ts';
import type { AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * `POST /guest/cart[?divideInvalidProducts=true]`: prices the browser's guest cart. Only
 * productNo, optionNo, orderCnt, optionInputs (and the line's own cartNo, echoed) are read;
 * prices, stock and fees in the body are ignored. → { deliveryGroups, price, invalidProducts }
 * Design lines are checked against the `guestToken` header's identity (or the signed-in member).
 */
export const guestCartRoutes = new Hono<AuthEnv>().post(
  '/',
  validate('query', CartQuery),
  validate('json', GuestCartBody),
  async (c) => {
    const view = await priceGuestCart(await db(), c.req.valid('json'), {
      divideInvalid: c.req.valid('query').divideInvalidProducts,
      // design lines are the guest identity's (or, signed in, the member's: designs move at login)
      owner: maybeOwner(c.get('member'), c.get('guestToken')),
    });
    c.header('Cache-Control', 'private, no-store');
    return c.json(view);
  },
);

/** For the islands' typed client (src/lib/clients/guest-cart.ts). */
export type GuestCartRoutes = typeof guestCartRoutes;
