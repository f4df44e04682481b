import { Hono } from 'hono';
import {
  CartNosQuery,
  CartQuery,
  MergeCartBody,
  PostCartBody,
  PutCartBody,
  addToCart,
  countCart,
  deleteCart,
  getCart,
  getCartSubset,
  mergeGuestCart,
  updateCart,
} from '../../server/cart/index.ts';

import { db } from '../../server/db/client.ts';
import { memberOf, noStore, requireMember, type AuthEnv } from '../middleware/auth.ts';
import { adoptRequestGuestDesigns } from '../middleware/guest-designs.ts';
import { validate } from '../middleware/validate.ts';

/**
 * `/cart`: the member cart (auth). Bodies are Shopby's; see docs/commerce-api.md.
 *
 * - GET    /cart[?divideInvalidProducts=true]         → { deliveryGroups, price, invalidProducts }
 * - POST   /cart  [{ productNo, optionNo, orderCnt, optionInputs }]  → { count, extra: { lines } }
 * - POST   /cart/merge  guest cart lines (login; `guestToken` header: that guest's designs move
 *                       to the member first)           → { count, merged, added, skipped }
 * - PUT    /cart  { cartNo, orderCnt, optionInputs } or [...] → { count }
 * - DELETE /cart?cartNo=1,2                           → { count }
 * - GET    /cart/count                                → { count }
 * - GET    /cart/subset?cartNo=1,2                     → { deliveryGroups, price, invalidProducts }
 * - GET    /cart/calculate?cartNo=1,2                  → price fields + deliveryGroups
 */
export const cartRoutes = new Hono<AuthEnv>()
  // the header's count, asked in the background on every member page: it never ends the session
  .get('/count', requireMember({ keepDeadCookies: true }), noStore(), async (c) => {
    return c.json(await countCart(await db(), memberOf(c).memberNo));
  })
  .use(requireMember(), noStore())
  .get('/', validate('query', CartQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await getCart(await db(), memberOf(c).memberNo, { divideInvalid: q.divideInvalidProducts }),
    );
  })
  .post('/', validate('json', PostCartBody), async (c) => {
    return c.json(await addToCart(await db(), memberOf(c).memberNo, c.req.valid('json')));
  })
  .post('/merge', validate('json', MergeCartBody), async (c) => {
    const { memberNo } = memberOf(c);
    // the guest cart's design lines are that guest's designs: with its `guestToken`, they move first
    await adoptRequestGuestDesigns(c, memberNo);
    return c.json(await mergeGuestCart(await db(), memberNo, c.req.valid('json')));
  })
  .put('/', validate('json', PutCartBody), async (c) => {
    return c.json(await updateCart(await db(), memberOf(c).memberNo, c.req.valid('json')));
  })
  .delete('/', validate('query', CartNosQuery), async (c) => {
    return c.json(await deleteCart(await db(), memberOf(c).memberNo, c.req.valid('query').cartNo));
  })
  .get('/subset', validate('query', CartNosQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await getCartSubset(await db(), memberOf(c).memberNo, q.cartNo, {
        divideInvalid: q.divideInvalidProducts,
      }),
    );
  })
  .get('/calculate', validate('query', CartNosQuery), async (c) => {
    const q = c.req.valid('query');
    const view = await getCartSubset(await db(), memberOf(c).memberNo, q.cartNo, {
      divideInvalid: q.divideInvalidProducts,
    });
    return c.json({
      ...view.price,
      deliveryGroups: view.deliveryGroups,
      invalidProducts: view.invalidProducts,
    });
  });

/** For the islands' typed client (src/lib/clients/cart.ts). */
export type CartRoutes = typeof cartRoutes;
