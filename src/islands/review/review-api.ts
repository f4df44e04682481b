import { apiRequest } from '../../lib/shop-api-client.ts';
import type { ReviewSort } from '../../lib/review-rules.ts';

/**
 * What the review islands read and send: the Shopby review routes under `/shop-api`, through the
 * shared client (Shopby headers, session cookie, Korean errors). Only the fields the islands use.
 */

export interface ReviewItem {
  reviewNo: number;
  productNo: number;
  productName: string;
  imageUrl: string;
  rate: number;
  /** Plain text; rendered as text only (ReviewText). */
  content: string;
  fileUrls: string[];
  recommendCnt: number;
  recommendable: boolean;
  myReview: boolean;
  registerName: string;
  registerYmdt: string;
  orderedOption: {
    orderOptionNo: number;
    optionTitle: string;
    inputs: { inputLabel: string; inputValue: string }[];
  };
  extra: { thumbnailUrls: string[]; recommended: boolean; optionTitle: string };
}

export interface ReviewPage {
  totalCount: number;
  rate: number;
  reviewRatingResponses: { rating: number; countOfRating: number }[];
  pageNumber: number;
  pageSize: number;
  pageCount: number;
  items: ReviewItem[];
}

export interface PhotoReview {
  reviewNo: number;
  urls: string[];
  thumbnailUrls: string[];
  rate: number;
  content: string;
  registerName: string;
  registerYmdt: string;
}

export interface PhotoReviewPage {
  totalCount: number;
  totalPage: number;
  contents: PhotoReview[];
}

/** A line the member may review (from my page, the order detail page or the product page). */
export interface ReviewableLine {
  orderNo: string;
  orderOptionNo: number;
  productNo: number;
  optionNo: number;
  productName: string;
  optionTitle: string;
  imageUrl: string;
  orderCnt: number;
  orderStatusDate?: { registerYmdt?: string | undefined } | undefined;
}

export interface ReviewablePage {
  totalCount: number;
  items: ReviewableLine[];
}

export interface MyReview {
  reviewNo: number;
  productNo: number;
  productName: string;
  imageUrl: string;
  orderNo: string;
  rate: number;
  content: string;
  fileUrls: string[];
  recommendCnt: number;
  registerYmdt: string;
  orderedOption: { orderOptionNo: number; optionTitle: string };
  extra: { thumbnailUrls: string[] };
}

export interface MyReviewPage {
  totalCount: number;
  items: MyReview[];
}

export interface ReviewInput {
  rate: number;
  content: string;
  urls: string[];
}

const base = (productNo: number) => `/shop-api/products/${productNo}/product-reviews`;

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
  return apiRequest<ReviewPage>(base(productNo), {
    query: {
      'order.by': q.orderBy,
      'order.direction': q.direction,
      pageNumber: q.pageNumber,
      pageSize: q.pageSize,
      hasTotalCount: true,
      hasAttachmentFile: q.photoOnly ? true : undefined,
    },
  });
}

export function fetchPhotoReviews(
  productNo: number,
  pageNumber: number,
  pageSize: number,
): Promise<PhotoReviewPage> {
  return apiRequest<PhotoReviewPage>(`/shop-api/products/${productNo}/photo-reviews`, {
    query: { pageNumber, pageSize, hasTotalCount: true },
  });
}

export function fetchReview(productNo: number, reviewNo: number): Promise<ReviewItem> {
  return apiRequest<ReviewItem>(`${base(productNo)}/${reviewNo}`);
}

export function createReview(
  productNo: number,
  body: ReviewInput & { orderOptionNo: number; optionNo?: number | undefined },
): Promise<{ reviewNo: number }> {
  return apiRequest<{ reviewNo: number }>(base(productNo), { method: 'POST', body });
}

export function updateReview(productNo: number, reviewNo: number, body: ReviewInput): Promise<null> {
  return apiRequest<null>(`${base(productNo)}/${reviewNo}`, { method: 'PUT', body });
}

export function deleteReview(productNo: number, reviewNo: number): Promise<null> {
  return apiRequest<null>(`${base(productNo)}/${reviewNo}`, { method: 'DELETE' });
}

export function recommend(
  productNo: number,
  reviewNo: number,
  on: boolean,
): Promise<{ recommendCnt: number; recommended: boolean }> {
  return apiRequest(`${base(productNo)}/${reviewNo}/recommend`, { method: on ? 'POST' : 'DELETE' });
}

export function fetchReviewable(
  pageNumber: number,
  pageSize: number,
  productNo?: number,
): Promise<ReviewablePage> {
  return apiRequest<ReviewablePage>('/shop-api/profile/order-options/product-reviewable', {
    query: { pageNumber, pageSize, hasTotalCount: true, productNo },
  });
}

export function fetchMyReviews(
  pageNumber: number,
  pageSize: number,
  startYmd: string | undefined,
): Promise<MyReviewPage> {
  return apiRequest<MyReviewPage>('/shop-api/profile/product-reviews', {
    query: { pageNumber, pageSize, hasTotalCount: true, startYmd },
  });
}

/** "2026-11-22 14:05:00" → "2026.11.22". */
export const shopbyDate = (ymdt: string) => ymdt.slice(0, 10).replace(/-/g, '.');
