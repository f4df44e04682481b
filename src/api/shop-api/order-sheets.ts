import { Hono } from 'hono';
import { db } from '../../server/db/client.ts';
import {
  calculateOrderSheet,
  createOrderSheet,
  getOrderSheet,
  orderSheetCoupons,
  CalculateBody,
  OrderSheetNoParam,
  OrderSheetUsedError,
  PostOrderSheetBody,
  maybeOwner,
  ownerOf,
} from '../../server/order/index.ts';

import { noStore, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * `/order-sheets` (a member's session, or a guest's `guestToken` header; anyone else: 401/404):
 * - POST /order-sheets { products, productCoupons, cartNos }          → { orderSheetNo }
 * - GET  /order-sheets/{no}                                            → the sheet (Shopby's shape);
 *   409 { code: ORDER_SHEET_USED, message, orderNo } once it bought its order
 * - POST /order-sheets/{no}/calculate { addressRequest, couponRequest, accumulationUseAmt } → amounts
 * - GET  /order-sheets/{no}/coupons                                    → the member's coupons for it
 */
export const orderSheetRoutes = new Hono<AuthEnv>()
  .use(noStore())
  .post('/', validate('json', PostOrderSheetBody), async (c) => {
    const owner = ownerOf(c.get('member'), c.get('guestToken'));
    return c.json(await createOrderSheet(await db(), owner, c.req.valid('json')));
  })
  .get('/:orderSheetNo', validate('param', OrderSheetNoParam), async (c) => {
    const owner = maybeOwner(c.get('member'), c.get('guestToken'));
    try {
      return c.json(await getOrderSheet(await db(), owner, c.req.valid('param').orderSheetNo));
    } catch (err) {
      // paid already (Back after paying): say so, with the order it bought
      if (err instanceof OrderSheetUsedError)
        return c.json({ code: err.code, message: err.message, orderNo: err.orderNo }, 409);
      throw err;
    }
  })
  .post(
    '/:orderSheetNo/calculate',
    validate('param', OrderSheetNoParam),
    validate('json', CalculateBody),
    async (c) => {
      const owner = maybeOwner(c.get('member'), c.get('guestToken'));
      return c.json(
        await calculateOrderSheet(await db(), owner, c.req.valid('param').orderSheetNo, c.req.valid('json')),
      );
    },
  )
  .get('/:orderSheetNo/coupons', validate('param', OrderSheetNoParam), async (c) => {
    const owner = maybeOwner(c.get('member'), c.get('guestToken'));
    return c.json(await orderSheetCoupons(await db(), owner, c.req.valid('param').orderSheetNo));
  });

/** For the islands' typed client (src/lib/clients/order-sheets.ts). */
export type OrderSheetRoutes = typeof orderSheetRoutes;
