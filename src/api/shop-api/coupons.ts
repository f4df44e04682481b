import { Hono } from 'hono';
import { db } from '../../server/db/client.ts';
import {
  couponSummary,
  issuableCoupons,
  issueCoupon,
  listMemberCoupons,
  CouponListQuery,
  CouponNoParam,
  ProductNoParam,
} from '../../server/promotion/index.ts';

import { memberOf, noStore, requireMember, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * `/coupons`:
 * - GET  /coupons?usable=true&pageNumber&pageSize            (member) → { totalCount, items }
 * - GET  /coupons/summary                                     (member) → { usableCouponCnt, expiringCouponCnt }
 * - GET  /coupons/issuable                                    → downloadable coupons (myIssuedCnt when signed in)
 * - GET  /coupons/products/{productNo}/issuable/coupons       → the same, for one product
 * - POST /coupons/{couponNo}/download                         (member) → { couponIssueNo, couponNo, couponName, useEndYmdt }
 */
export const couponRoutes = new Hono<AuthEnv>()
  .use(noStore())
  .get('/', requireMember(), validate('query', CouponListQuery), async (c) => {
    return c.json(await listMemberCoupons(await db(), memberOf(c).memberNo, c.req.valid('query')));
  })
  .get('/summary', requireMember(), async (c) => {
    return c.json(await couponSummary(await db(), memberOf(c).memberNo));
  })
  .get('/issuable', async (c) => {
    return c.json(await issuableCoupons(await db(), c.get('member')?.memberNo ?? null));
  })
  .get('/products/:productNo/issuable/coupons', validate('param', ProductNoParam), async (c) => {
    return c.json(
      await issuableCoupons(await db(), c.get('member')?.memberNo ?? null, c.req.valid('param').productNo),
    );
  })
  .post('/:couponNo/download', requireMember(), validate('param', CouponNoParam), async (c) => {
    return c.json(await issueCoupon(await db(), memberOf(c).memberNo, c.req.valid('param').couponNo));
  });

/** For the islands' typed client (src/lib/clients/coupons.ts). */
export type CouponRoutes = typeof couponRoutes;
