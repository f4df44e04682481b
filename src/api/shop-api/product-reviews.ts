import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { PHOTO_REVIEW_PAGE_SIZE, REVIEW_PAGE_SIZE } from '../../lib/review-rules.ts';
import { ReviewContentField, ReviewPhotoUrlsField, ReviewRatingField } from '../../lib/review-schema.ts';
import { db } from '../../server/db/client.ts';
import {
  toShopbyPhotoReviewPage,
  toShopbyReview,
  toShopbyReviewPage,
  createReview,
  deleteMyReview,
  getProductReview,
  listPhotoReviews,
  listProductReviews,
  setRecommendation,
  updateMyReview,
} from '../../server/review/index.ts';

import { memberOf, noStore, requireMember, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { Flag, NO, PageNumber, pageSize } from './query-params.ts';

const empty = (v: unknown) => (v === '' ? undefined : v);

const ProductReviewListQuery = z.object({
  'order.by': z.preprocess(
    empty,
    z
      .enum(['REGISTER_YMDT', 'RECOMMEND', 'RATING', 'BEST_REVIEW'], {
        error: '정렬 기준(order.by)은 REGISTER_YMDT, RECOMMEND, RATING 중 하나입니다.',
      })
      .optional(),
  ),
  'order.direction': z.preprocess(
    empty,
    z.enum(['ASC', 'DESC'], { error: '정렬 방향(order.direction)은 ASC 또는 DESC입니다.' }).optional(),
  ),
  pageNumber: PageNumber,
  pageSize: pageSize(100),
  hasTotalCount: Flag,
  hasAttachmentFile: Flag,
});

const PhotoReviewListQuery = z.object({
  pageNumber: PageNumber,
  pageSize: pageSize(100),
  hasTotalCount: Flag,
});

/** Shopby's `rate`; `rating` is accepted too. Tags and `extraJson` are accepted and not used. */
const ReviewFields = z.object({
  rate: ReviewRatingField.optional(),
  rating: ReviewRatingField.optional(),
  content: ReviewContentField,
  urls: ReviewPhotoUrlsField.optional(),
  extraJson: z.string().max(2000).optional(),
  tagValueNos: z
    .array(z.union([z.boolean(), z.string(), z.number()]))
    .max(20)
    .optional(),
});
const ratingOf = (b: { rate?: number | undefined; rating?: number | undefined }) => b.rate ?? b.rating ?? 0;
const hasRating = (b: { rate?: number | undefined; rating?: number | undefined }) =>
  b.rate !== undefined || b.rating !== undefined;

const ReviewBody = ReviewFields.refine(hasRating, { error: '평점을 선택해 주세요.', path: ['rate'] });

const NewReviewBody = ReviewFields.extend({
  orderOptionNo: z
    .number({ error: '후기를 쓸 주문 상품(orderOptionNo)을 선택해 주세요.' })
    .int({ error: '주문 상품 번호가 올바르지 않습니다.' })
    .positive({ error: '주문 상품 번호가 올바르지 않습니다.' }),
  optionNo: z.number().int().positive().optional(),
}).refine(hasRating, { error: '평점을 선택해 주세요.', path: ['rate'] });

const productNoOf = (c: Context) => Number(c.req.param('productNo'));
const reviewNoOf = (c: Context) => Number(c.req.param('reviewNo'));
const viewerOf = (c: Context<AuthEnv>) => {
  const member = c.get('member');
  return member ? { memberNo: member.memberNo } : null;
};

const REVIEW = `/:productNo${NO}/product-reviews/:reviewNo${NO}`;

/**
 * Product reviews under `/products`: anyone reads; the buyer of a delivered line writes one review
 * of it and changes or deletes their own; other members recommend a review once. Items say whether
 * they are the viewer's and whether the viewer recommends them, so nothing here is cached. Mounted
 * before the catalogue's `/products` routes, whose public cache must not apply here.
 */
export const productReviewRoutes = new Hono<AuthEnv>()
  // per route: a `.use()` here would reach every /products path, the catalogue's too
  .get(
    `/:productNo${NO}/product-reviews`,
    noStore(),
    validate('query', ProductReviewListQuery),
    async (c) => {
      const q = c.req.valid('query');
      const page = await listProductReviews(await db(), productNoOf(c), viewerOf(c), {
        orderBy: q['order.by'],
        direction: q['order.direction'],
        pageNumber: q.pageNumber,
        pageSize: q.pageSize ?? REVIEW_PAGE_SIZE,
        photoOnly: q.hasAttachmentFile,
      });
      return c.json(toShopbyReviewPage(page));
    },
  )
  .get(`/:productNo${NO}/photo-reviews`, noStore(), validate('query', PhotoReviewListQuery), async (c) => {
    const q = c.req.valid('query');
    const page = await listPhotoReviews(await db(), productNoOf(c), viewerOf(c), {
      pageNumber: q.pageNumber,
      pageSize: q.pageSize ?? PHOTO_REVIEW_PAGE_SIZE,
    });
    return c.json(toShopbyPhotoReviewPage(page));
  })
  .get(REVIEW, noStore(), async (c) => {
    const review = await getProductReview(await db(), productNoOf(c), reviewNoOf(c), viewerOf(c));
    return c.json(toShopbyReview(review));
  })
  .post(
    `/:productNo${NO}/product-reviews`,
    noStore(),
    requireMember(),
    validate('json', NewReviewBody),
    async (c) => {
      const body = c.req.valid('json');
      const reviewNo = await createReview(await db(), memberOf(c).memberNo, productNoOf(c), {
        orderOptionNo: body.orderOptionNo,
        optionNo: body.optionNo,
        rating: ratingOf(body),
        content: body.content,
        urls: body.urls,
      });
      return c.json({ reviewNo }, 201);
    },
  )
  .put(REVIEW, noStore(), requireMember(), validate('json', ReviewBody), async (c) => {
    const body = c.req.valid('json');
    await updateMyReview(await db(), memberOf(c).memberNo, productNoOf(c), reviewNoOf(c), {
      rating: ratingOf(body),
      content: body.content,
      urls: body.urls,
    });
    return c.body(null, 204);
  })
  .delete(REVIEW, noStore(), requireMember(), async (c) => {
    await deleteMyReview(await db(), memberOf(c).memberNo, productNoOf(c), reviewNoOf(c));
    return c.body(null, 204);
  })
  .post(`${REVIEW}/recommend`, noStore(), requireMember(), async (c) => {
    const result = await setRecommendation(
      await db(),
      memberOf(c).memberNo,
      productNoOf(c),
      reviewNoOf(c),
      true,
    );
    return c.json(result);
  })
  .delete(`${REVIEW}/recommend`, noStore(), requireMember(), async (c) => {
    const result = await setRecommendation(
      await db(),
      memberOf(c).memberNo,
      productNoOf(c),
      reviewNoOf(c),
      false,
    );
    return c.json(result);
  });

/** For the islands' typed client (src/lib/clients/product-reviews.ts). */
export type ProductReviewRoutes = typeof productReviewRoutes;
