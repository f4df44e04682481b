import { Hono } from 'hono';
import { z } from 'zod';
import { db } from '../../server/db/client.ts';
import { Flag, PageNumber, PageSize, Ymd } from '../../server/claim/index.ts';
import {
  OrderNoParam,
  waitingPoints,
  listMemberOrders,
  orderStatusSummary,
  confirmPurchase,
  orderSteps,
} from '../../server/order/index.ts';

import { memberOf, noStore, requireMember, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * My page's orders (member):
 * - GET /profile/orders?startYmd&endYmd&orderRequestTypes&pageNumber&pageSize&hasTotalCount
 *   → { totalCount, items } (Seoul dates; default the last 3 months; bad dates → 400)
 * - GET /profile/orders/summary/status?startYmd&endYmd → Shopby's counts (+ extra.groups)
 * - PUT /profile/orders/{orderNo}/confirm → buy confirmation, points given once
 * - GET /profile/accumulations/waiting → { waitingAccumulation } (points of orders not confirmed yet)
 * The order detail (GET /profile/orders/{orderNo}) stays in profile-orders.ts.
 */

const RequestTypes = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .transform((s) => s.split(',').map((t) => t.trim()))
    .refine((ts) => ts.every((t) => (orderSteps.REQUEST_TYPES as readonly string[]).includes(t)), {
      error: '주문 상태(orderRequestTypes)를 확인해 주세요.',
    })
    .transform((ts) => ts as orderSteps.OrderRequestType[])
    .optional(),
);

export const OrderListQuery = z.object({
  startYmd: Ymd,
  endYmd: Ymd,
  orderRequestTypes: RequestTypes,
  pageNumber: PageNumber,
  pageSize: PageSize,
  hasTotalCount: Flag,
  searchType: z.string().max(40).optional(),
  keyword: z.string().max(100).optional(),
});

const SummaryQuery = z.object({ startYmd: Ymd, endYmd: Ymd });

export const mypageOrderRoutes = new Hono<AuthEnv>()
  .get('/', requireMember(), noStore(), validate('query', OrderListQuery), async (c) => {
    return c.json(await listMemberOrders(await db(), memberOf(c).memberNo, c.req.valid('query')));
  })
  .get('/summary/status', requireMember(), noStore(), validate('query', SummaryQuery), async (c) => {
    return c.json(await orderStatusSummary(await db(), memberOf(c).memberNo, c.req.valid('query')));
  })
  .put('/:orderNo/confirm', requireMember(), noStore(), validate('param', OrderNoParam), async (c) => {
    return c.json(await confirmPurchase(await db(), memberOf(c).memberNo, c.req.valid('param').orderNo));
  });

export const accumulationWaitingRoutes = new Hono<AuthEnv>().get(
  '/waiting',
  requireMember(),
  noStore(),
  async (c) => c.json(await waitingPoints(await db(), memberOf(c).memberNo)),
);

/** For the islands' typed client (src/lib/clients/profile-orders-mypage.ts). */
export type MypageOrderRoutes = typeof mypageOrderRoutes;
