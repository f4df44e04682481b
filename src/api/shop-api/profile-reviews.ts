import { Hono } from 'hono';
import { z } from 'zod';
import { REVIEW_PAGE_SIZE } from '../../lib/review-rules.ts';
import { db } from '../../server/db/client.ts';
import {
  toShopbyProfileReviewPage,
  toShopbyReviewablePage,
  listMyReviews,
  listReviewableLines,
} from '../../server/review/index.ts';

import { memberOf, noStore, requireMember, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { Flag, Keyword, PageNumber, PositiveNo, Ymd, pageSize } from './query-params.ts';

/** `startYmd` before 2024-03-01 (or none) is moved up to it by the service (spec section 9). */
export const MyReviewQuery = z.object({
  pageNumber: PageNumber,
  pageSize: pageSize(100),
  hasTotalCount: Flag,
  startYmd: Ymd,
  endYmd: Ymd,
});

export const ReviewableQuery = z.object({
  pageNumber: PageNumber,
  pageSize: pageSize(100),
  hasTotalCount: Flag,
  startDate: Ymd,
  endDate: Ymd,
  productNo: PositiveNo('상품 번호'),
  orderNo: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9-]{1,40}$/, { error: '주문 번호가 올바르지 않습니다.' })
      .optional(),
  ),
  productName: Keyword(100),
});

/** `GET /profile/product-reviews`: the member's own reviews, newest first. */
export const profileReviewRoutes = new Hono<AuthEnv>()
  .use(requireMember(), noStore())
  .get('/', validate('query', MyReviewQuery), async (c) => {
    const q = c.req.valid('query');
    const page = await listMyReviews(await db(), memberOf(c).memberNo, {
      pageNumber: q.pageNumber,
      pageSize: q.pageSize ?? REVIEW_PAGE_SIZE,
      startYmd: q.startYmd,
      endYmd: q.endYmd,
    });
    return c.json(toShopbyProfileReviewPage(page));
  });

/** `GET /profile/order-options/product-reviewable`: delivered lines still waiting for a review. */
export const profileReviewableRoutes = new Hono<AuthEnv>()
  .use(requireMember(), noStore())
  .get('/product-reviewable', validate('query', ReviewableQuery), async (c) => {
    const q = c.req.valid('query');
    const page = await listReviewableLines(await db(), memberOf(c).memberNo, {
      pageNumber: q.pageNumber,
      pageSize: q.pageSize ?? REVIEW_PAGE_SIZE,
      productNo: q.productNo,
      orderNo: q.orderNo,
      productName: q.productName,
      startYmd: q.startDate,
      endYmd: q.endDate,
    });
    return c.json(toShopbyReviewablePage(page));
  });

/** For the islands' typed client (src/lib/clients/profile-reviews.ts). */
export type ProfileReviewRoutes = typeof profileReviewRoutes;
export type ProfileReviewableRoutes = typeof profileReviewableRoutes;
