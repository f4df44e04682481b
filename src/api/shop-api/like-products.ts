import { Hono } from 'hono';
import { z } from 'zod';
import { db } from '../../server/db/client.ts';
import {
  LIKE_PAGE_SIZE,
  LIKE_PRODUCTS_MAX,
  listLikedProducts,
  toggleLikes,
} from '../../server/like/index.ts';
import { memberOf, noStore, requireMember, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { Flag, PageNumber, pageSize } from './query-params.ts';

const LikeListQuery = z.object({
  pageNumber: PageNumber,
  pageSize: pageSize(LIKE_PRODUCTS_MAX),
  hasTotalCount: Flag,
  hasMaxCouponAmt: Flag,
});

const LikeToggleBody = z.object({
  productNos: z
    .array(
      z
        .number({ error: '상품 번호는 숫자여야 합니다.' })
        .int({ error: '상품 번호가 올바르지 않습니다.' })
        .positive({ error: '상품 번호가 올바르지 않습니다.' })
        .max(Number.MAX_SAFE_INTEGER, { error: '상품 번호가 올바르지 않습니다.' }),
      { error: '찜할 상품 번호(productNos)를 보내 주세요.' },
    )
    .min(1, { error: '찜할 상품을 선택해 주세요.' })
    .max(LIKE_PRODUCTS_MAX, { error: `한 번에 ${LIKE_PRODUCTS_MAX}개까지 찜할 수 있습니다.` }),
});

/**
 * `/profile/like-products`: the member's wishlist. POST toggles each product (liked ones are
 * unliked) and answers Shopby's `[{ productNo, result }]`, `result` being "liked now".
 */
export const likeProductRoutes = new Hono<AuthEnv>()
  .use(requireMember(), noStore())
  .get('/', validate('query', LikeListQuery), async (c) => {
    const q = c.req.valid('query');
    const page = await listLikedProducts(await db(), memberOf(c).memberNo, {
      pageNumber: q.pageNumber,
      pageSize: q.pageSize ?? LIKE_PAGE_SIZE,
    });
    return c.json({
      displayableStock: page.displayableStock,
      totalCount: page.totalCount,
      items: page.items,
    });
  })
  .post('/', validate('json', LikeToggleBody), async (c) => {
    return c.json(await toggleLikes(await db(), memberOf(c).memberNo, c.req.valid('json').productNos));
  });

/** For the islands' typed client (src/lib/clients/like-products.ts). */
export type LikeProductRoutes = typeof likeProductRoutes;
