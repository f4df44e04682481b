import { productReviewApi } from '../../lib/clients/product-reviews.ts';
import { profileReviewApi, profileReviewableApi } from '../../lib/clients/profile-reviews.ts';
import { param, query, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';
import type { ReviewSort } from '../../lib/review-rules.ts';

/**
 * What the review islands read and send: the Shopby review routes under `/shop-api`, through the
 * typed clients (Shopby headers, session cookie, Korean errors); the answers' types are the routes'.
 */

const product = productReviewApi[':productNo{[0-9]{1,15}}'];
const review = product['product-reviews'][':reviewNo{[0-9]{1,15}}'];

export type ReviewPage = ResponseOf<(typeof product)['product-reviews']['$get']>;
export type ReviewItem = ResponseOf<typeof review.$get>;
export type PhotoReviewPage = ResponseOf<(typeof product)['photo-reviews']['$get']>;
export type PhotoReview = PhotoReviewPage['contents'][number];
export type ReviewablePage = ResponseOf<(typeof profileReviewableApi)['product-reviewable']['$get']>;
/** A line the member may review (from my page, the order detail page or the product page). */
export type ReviewableLine = ReviewablePage['items'][number];
export type MyReviewPage = ResponseOf<typeof profileReviewApi.index.$get>;
export type MyReview = MyReviewPage['items'][number];

export interface ReviewInput {
  rate: number;
  content: string;
  urls: string[];
}

const ids = (productNo: number, reviewNo: number) =>
  param({ productNo: String(productNo), reviewNo: String(reviewNo) });

export function fetchReviews(
  productNo: number,
  q: {
    orderBy: ReviewSort;
    direction: 'ASC' | 'DESC';
    pageNumber: number;
    pageSize: number;
    photoOnly: boolean;
  },
): Promise<ReviewPage> {
  return unwrap(
    product['product-reviews'].$get({
      param: param({ productNo: String(productNo) }),
      query: query({
        'order.by': q.orderBy,
        'order.direction': q.direction,
        pageNumber: q.pageNumber,
        pageSize: q.pageSize,
        hasTotalCount: true,
        hasAttachmentFile: q.photoOnly ? true : undefined,
      }),
    }),
  );
}

export function fetchPhotoReviews(
  productNo: number,
  pageNumber: number,
  pageSize: number,
): Promise<PhotoReviewPage> {
  return unwrap(
    product['photo-reviews'].$get({
      param: param({ productNo: String(productNo) }),
      query: query({ pageNumber, pageSize, hasTotalCount: true }),
    }),
  );
}

export function fetchReview(productNo: number, reviewNo: number): Promise<ReviewItem> {
  return unwrap(review.$get({ param: ids(productNo, reviewNo) }));
}

export function createReview(
  productNo: number,
  body: ReviewInput & { orderOptionNo: number; optionNo?: number | undefined },
): Promise<{ reviewNo: number }> {
  return unwrap(
    product['product-reviews'].$post({ param: param({ productNo: String(productNo) }), json: body }),
  );
}

export function updateReview(productNo: number, reviewNo: number, body: ReviewInput): Promise<null> {
  return unwrap(review.$put({ param: ids(productNo, reviewNo), json: body }));
}

export function deleteReview(productNo: number, reviewNo: number): Promise<null> {
  return unwrap(review.$delete({ param: ids(productNo, reviewNo) }));
}

export function recommend(
  productNo: number,
  reviewNo: number,
  on: boolean,
): Promise<ResponseOf<typeof review.recommend.$post>> {
  const args = { param: ids(productNo, reviewNo) };
  return unwrap(on ? review.recommend.$post(args) : review.recommend.$delete(args));
}

export function fetchReviewable(
  pageNumber: number,
  pageSize: number,
  productNo?: number,
): Promise<ReviewablePage> {
  return unwrap(
    profileReviewableApi['product-reviewable'].$get({
      query: query({ pageNumber, pageSize, hasTotalCount: true, productNo }),
    }),
  );
}

export function fetchMyReviews(
  pageNumber: number,
  pageSize: number,
  startYmd: string | undefined,
): Promise<MyReviewPage> {
  return unwrap(
    profileReviewApi.index.$get({ query: query({ pageNumber, pageSize, hasTotalCount: true, startYmd }) }),
  );
}

/** "2026-11-22 14:05:00" → "2026.11.22". */
export const shopbyDate = (ymdt: string) => ymdt.slice(0, 10).replace(/-/g, '.');
