import {
  PHOTO_REVIEW_PAGE_SIZE,
  REVIEW_LIST_START_YMD,
  REVIEW_PAGE_SIZE,
  type ReviewSort,
} from '../../lib/review-rules.ts';
import { ReviewContentField, ReviewPhotoUrlsField, ReviewRatingField } from '../../lib/review-schema.ts';
import { catalogSteps, getProduct } from '../catalog/index.ts';
import type { Db, Executor } from '../db/client.ts';
import { appError } from '../platform/errors.ts';
import type { ErrorCode } from '../../lib/errors/index.ts';
import {
  findReviewableOption,
  listReviewableOptions,
  optionTitleOf,
  type ReviewableOption,
} from '../order/index.ts';
import { writeTx } from '../db/write-tx.ts';
import * as repo from './repo.ts';
import { checkReviewPhotos, thumbnailOf } from './photos.ts';

/**
 * Product reviews: the buyer of a delivered (or confirmed) line writes one review of it, with a
 * rating 5 to 1, text and up to 5 of their own uploaded photos; changes or deletes it; anyone
 * reads a product's reviews; other members recommend a review once. The product's review count
 * and average move in the same write transaction as the review (repo.ts).
 *
 * Review text is stored as typed and handed out as text: nothing here produces HTML, and every
 *  page renders it escaped, line by line (`reviewLines`, `src/islands/review/ReviewText.tsx`).
 */

export type Viewer = { memberNo: number } | null;

export interface OrderedOptionView {
  orderOptionNo: number;
  orderNo: string;
  optionName: string;
  optionValue: string;
  /** "색상: 보라 / 두께: 6mm"; '' for a product without options. */
  optionTitle: string;
  inputs: { inputLabel: string; inputValue: string }[];
  orderCnt: number;
}

export interface ReviewView {
  reviewNo: number;
  productNo: number;
  productName: string;
  imageUrl: string;
  rating: number;
  /** Plain text with '\n' line breaks. */
  content: string;
  fileUrls: string[];
  /** The `_small` (100 px wide) thumbnail of each photo, in the same order. */
  thumbnailUrls: string[];
  recommendCnt: number;
  mine: boolean;
  /** The viewer recommends it. */
  recommended: boolean;
  /** The viewer may recommend it: a member, not the author, not yet. */
  recommendable: boolean;
  /** The author, masked for everybody but the author ("김**"). */
  registerName: string;
  memberId: string;
  orderedOption: OrderedOptionView;
  createdAt: string;
  updatedAt: string;
}

export interface RatingSummary {
  totalCount: number;
  /** Average of the ratings, one decimal; 0 without reviews. */
  average: number;
  /** 5 to 1, each with its count. */
  counts: { rating: number; count: number }[];
}

export interface ReviewPage<T = ReviewView> {
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  pageCount: number;
  items: T[];
}

export type ProductReviewPage = ReviewPage & { summary: RatingSummary };

const reviewError = (code: ErrorCode, message?: string) => appError(code, message);
const reviewNotFound = () => reviewError('REVIEW_NOT_FOUND', '상품 후기를 찾을 수 없습니다.');
const productNotFound = () => reviewError('NOT_FOUND', '상품을 찾을 수 없습니다.');

const maskName = (name: string | null) =>
  name ? `${name.slice(0, 1)}${'*'.repeat(Math.max(name.length - 1, 1))}` : '탈퇴한 회원';
const maskId = (id: string | null) =>
  id ? `${id.slice(0, 3)}${'*'.repeat(Math.max(id.length - 3, 3))}` : '';

export { optionTitleOf };

/** The one place a review becomes what a viewer sees. */
export function viewOf(row: repo.ReviewRow, viewer: Viewer, recommendedByViewer: boolean): ReviewView {
  const mine = viewer !== null && viewer.memberNo === row.memberNo;
  return {
    reviewNo: row.reviewNo,
    productNo: row.productNo,
    productName: row.productName,
    imageUrl: row.imageUrl,
    rating: row.rating,
    content: row.content,
    fileUrls: row.fileUrls,
    thumbnailUrls: row.fileUrls.map(thumbnailOf),
    recommendCnt: row.recommendCnt,
    mine,
    recommended: recommendedByViewer,
    recommendable: viewer !== null && !mine && !recommendedByViewer,
    registerName: mine ? (row.memberName ?? '') : maskName(row.memberName),
    memberId: mine ? (row.memberId ?? '') : maskId(row.memberId),
    orderedOption: {
      orderOptionNo: row.orderOptionNo,
      orderNo: row.orderNo,
      optionName: row.optionName,
      optionValue: row.optionValue,
      optionTitle: optionTitleOf(row.optionName, row.optionValue),
      inputs: row.optionInputs,
      orderCnt: row.orderCnt,
    },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function viewsOf(db: Db, rows: repo.ReviewRow[], viewer: Viewer): Promise<ReviewView[]> {
  const recommended = viewer
    ? await repo.selectRecommendedAmong(
        db,
        viewer.memberNo,
        rows.map((r) => r.reviewNo),
      )
    : new Set<number>();
  return rows.map((r) => viewOf(r, viewer, recommended.has(r.reviewNo)));
}

function pageOf(query: { pageNumber?: number | undefined; pageSize?: number | undefined }, fallback: number) {
  const pageSize = Math.min(Math.max(query.pageSize ?? fallback, 1), 100);
  const pageNumber = Math.max(query.pageNumber ?? 1, 1);
  return { pageSize, pageNumber, offset: (pageNumber - 1) * pageSize };
}

const pageCountOf = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

async function mustBeShownProduct(db: Db, productNo: number): Promise<void> {
  if (!(await getProduct(db, productNo))) throw productNotFound();
}

/** Count per rating and the average of a product's reviews (the product page's summary). */
async function reviewSummary(db: Db, productNo: number): Promise<RatingSummary> {
  const counts = await repo.selectRatingCounts(db, productNo);
  let total = 0;
  let sum = 0;
  for (const [rating, n] of counts) {
    total += n;
    sum += rating * n;
  }
  return {
    totalCount: total,
    average: total ? Math.round((sum / total) * 10) / 10 : 0,
    counts: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: counts.get(rating) ?? 0 })),
  };
}

export interface ProductReviewQuery {
  orderBy?: ReviewSort | undefined;
  direction?: 'ASC' | 'DESC' | undefined;
  pageNumber?: number | undefined;
  pageSize?: number | undefined;
  /** Only reviews with photos (Shopby's `hasAttachmentFile`). */
  photoOnly?: boolean | undefined;
  /** The caller has just read the product (the product page): skip checking that it is shown. */
  productKnown?: boolean | undefined;
}

/** A product's reviews with its rating summary, newest first unless asked otherwise. */
export async function listProductReviews(
  db: Db,
  productNo: number,
  viewer: Viewer,
  query: ProductReviewQuery = {},
): Promise<ProductReviewPage> {
  if (!query.productKnown) await mustBeShownProduct(db, productNo);
  const { pageSize, pageNumber, offset } = pageOf(query, REVIEW_PAGE_SIZE);
  const by: repo.ReviewOrder =
    query.orderBy === 'RECOMMEND' || query.orderBy === 'BEST_REVIEW'
      ? 'RECOMMEND'
      : query.orderBy === 'RATING'
        ? 'RATING'
        : 'REGISTER_YMDT';
  const filter: repo.ReviewFilter = { productNo, photoOnly: query.photoOnly };
  const [totalCount, rows, summary] = await Promise.all([
    repo.countReviews(db, filter),
    repo.selectReviews(db, filter, { by, direction: query.direction ?? 'DESC' }, { offset, limit: pageSize }),
    reviewSummary(db, productNo),
  ]);
  return {
    totalCount,
    pageNumber,
    pageSize,
    pageCount: pageCountOf(totalCount, pageSize),
    items: await viewsOf(db, rows, viewer),
    summary,
  };
}

/** A product's reviews with photos, newest first (the photo strip and the gallery). */
export async function listPhotoReviews(
  db: Db,
  productNo: number,
  viewer: Viewer,
  query: { pageNumber?: number | undefined; pageSize?: number | undefined; productKnown?: boolean } = {},
): Promise<ReviewPage> {
  if (!query.productKnown) await mustBeShownProduct(db, productNo);
  const { pageSize, pageNumber, offset } = pageOf(query, PHOTO_REVIEW_PAGE_SIZE);
  const filter: repo.ReviewFilter = { productNo, photoOnly: true };
  const [totalCount, rows] = await Promise.all([
    repo.countReviews(db, filter),
    repo.selectReviews(db, filter, { by: 'REGISTER_YMDT', direction: 'DESC' }, { offset, limit: pageSize }),
  ]);
  return {
    totalCount,
    pageNumber,
    pageSize,
    pageCount: pageCountOf(totalCount, pageSize),
    items: await viewsOf(db, rows, viewer),
  };
}

/**
 * The shop-wide feed of reviews (/community): newest first, optionally only those with photos, of
 * products a shopper can open.
 */
export async function listReviewFeed(
  db: Db,
  viewer: Viewer,
  query: {
    photoOnly?: boolean | undefined;
    pageNumber?: number | undefined;
    pageSize?: number | undefined;
  } = {},
): Promise<ReviewPage> {
  const { pageSize, pageNumber, offset } = pageOf(query, REVIEW_PAGE_SIZE);
  const filter: repo.ReviewFilter = { photoOnly: query.photoOnly, shownProductsOnly: true };
  const [totalCount, rows] = await Promise.all([
    repo.countReviews(db, filter),
    repo.selectReviews(db, filter, { by: 'REGISTER_YMDT', direction: 'DESC' }, { offset, limit: pageSize }),
  ]);
  return {
    totalCount,
    pageNumber,
    pageSize,
    pageCount: pageCountOf(totalCount, pageSize),
    items: await viewsOf(db, rows, viewer),
  };
}

/** One live review of this product; 404 otherwise. */
export async function getProductReview(
  db: Db,
  productNo: number,
  reviewNo: number,
  viewer: Viewer,
): Promise<ReviewView> {
  const row = await repo.selectReview(db, reviewNo);
  if (!row || row.deletedAt !== null || row.productNo !== productNo) throw reviewNotFound();
  return (await viewsOf(db, [row], viewer))[0]!;
}

// ------------------------------------------------------------------------------------ writing

export interface ReviewInput {
  rating: number;
  content: string;
  urls?: readonly string[] | undefined;
}

export interface NewReviewInput extends ReviewInput {
  orderOptionNo: number;
  /** Shopby sends it; when sent it must be the line's option. */
  optionNo?: number | undefined;
}

function fieldsOf(
  memberNo: number,
  input: ReviewInput,
): { rating: number; content: string; fileUrls: string[] } {
  const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues[0]?.message ?? '후기 내용을 확인해 주세요.';
  const rating = ReviewRatingField.safeParse(input.rating);
  if (!rating.success) throw reviewError('INVALID_INPUT', first(rating));
  const content = ReviewContentField.safeParse(input.content);
  if (!content.success) throw reviewError('INVALID_INPUT', first(content));
  const urls = ReviewPhotoUrlsField.safeParse(input.urls ?? []);
  if (!urls.success) throw reviewError('INVALID_INPUT', first(urls));
  return { rating: rating.data, content: content.data, fileUrls: checkReviewPhotos(memberNo, urls.data) };
}

/**
 * Why this line cannot be reviewed by this member, as the error to answer. The order module only
 * answers lines the member may review (theirs, delivered or confirmed, not all sent back), so
 * "not bought" and "not delivered yet" are one answer.
 */
function lineProblem(line: ReviewableOption | null, productNo: number, optionNo: number | undefined) {
  if (!line)
    return reviewError('REVIEW_NOT_REVIEWABLE', '배송이 완료된 내 주문 상품에만 후기를 작성할 수 있습니다.');
  if (line.productNo !== productNo || (optionNo !== undefined && optionNo !== line.optionNo))
    return reviewError('REVIEW_ORDER_OPTION_MISMATCH', '주문하신 상품과 후기를 쓰려는 상품이 다릅니다.');
  return null;
}

/** The buyer writes the one review of a delivered line (403 not theirs or not delivered, 409 twice). */
export async function createReview(
  db: Db,
  memberNo: number,
  productNo: number,
  input: NewReviewInput,
  now: Date = new Date(),
): Promise<number> {
  const fields = fieldsOf(memberNo, input);
  const at = now.toISOString();
  return writeTx(db, async (tx) => {
    // checked in the write transaction: the status cannot change between the check and the insert
    const line = await findReviewableOption(tx, memberNo, input.orderOptionNo);
    const problem = lineProblem(line, productNo, input.optionNo);
    if (problem || !line) throw problem;
    const reviewNo = await repo.insertReview(
      tx,
      {
        productNo,
        optionNo: line.optionNo,
        orderOptionNo: line.orderOptionNo,
        orderNo: line.orderNo,
        memberNo,
        ...fields,
        productName: line.productName,
        optionName: line.optionName,
        optionValue: line.optionValue,
        optionInputs: line.optionInputs,
        orderCnt: line.orderCnt,
        imageUrl: line.imageUrl,
      },
      at,
    );
    if (reviewNo === null) throw reviewError('REVIEW_ALREADY_WRITTEN', '이미 후기를 작성한 주문 상품입니다.');
    if (!(await catalogSteps.countReviewAdded(tx, productNo, fields.rating))) throw productNotFound();
    return reviewNo;
  });
}

/** The author's live review of this product, read in the write transaction. */
async function ownReview(tx: Executor, memberNo: number, productNo: number, reviewNo: number) {
  const row = await repo.selectReview(tx, reviewNo);
  if (!row || row.deletedAt !== null || row.productNo !== productNo) throw reviewNotFound();
  if (row.memberNo !== memberNo)
    throw reviewError('REVIEW_NOT_MINE', '내가 작성한 후기만 수정하거나 삭제할 수 있습니다.');
  return row;
}

/** The author changes rating, text and photos; the product's average follows the rating. */
export async function updateMyReview(
  db: Db,
  memberNo: number,
  productNo: number,
  reviewNo: number,
  input: ReviewInput,
  now: Date = new Date(),
): Promise<void> {
  const fields = fieldsOf(memberNo, input);
  await writeTx(db, async (tx) => {
    const row = await ownReview(tx, memberNo, productNo, reviewNo);
    if (!(await repo.updateReview(tx, reviewNo, memberNo, fields, now.toISOString()))) throw reviewNotFound();
    if (row.rating !== fields.rating)
      await catalogSteps.countReviewEdited(tx, productNo, row.rating, fields.rating);
  });
}

/** The author deletes their review; the line cannot be reviewed again. */
export async function deleteMyReview(
  db: Db,
  memberNo: number,
  productNo: number,
  reviewNo: number,
  now: Date = new Date(),
): Promise<void> {
  await writeTx(db, async (tx) => {
    await ownReview(tx, memberNo, productNo, reviewNo);
    const gone = await repo.softDeleteReview(tx, reviewNo, memberNo, now.toISOString());
    if (!gone) throw reviewNotFound();
    await catalogSteps.countReviewRemoved(tx, gone.productNo, gone.rating);
  });
}

/**
 * Recommends (`on`) or withdraws the recommendation of another member's review, once each way:
 * recommending twice is 409 REVIEW_ALREADY_RECOMMENDED, withdrawing one that is not there 409
 * REVIEW_NOT_RECOMMENDED; the count moves only with a row.
 */
export async function setRecommendation(
  db: Db,
  memberNo: number,
  productNo: number,
  reviewNo: number,
  on: boolean,
  now: Date = new Date(),
): Promise<{ recommendCnt: number; recommended: boolean }> {
  return writeTx(db, async (tx) => {
    const row = await repo.selectReview(tx, reviewNo);
    if (!row || row.deletedAt !== null || row.productNo !== productNo) throw reviewNotFound();
    if (row.memberNo === memberNo)
      throw reviewError('REVIEW_OWN_RECOMMEND', '내가 작성한 후기는 추천할 수 없습니다.');
    if (on) {
      if (!(await repo.insertRecommendation(tx, reviewNo, memberNo, now.toISOString())))
        throw reviewError('REVIEW_ALREADY_RECOMMENDED', '이미 추천한 후기입니다.');
    } else if (!(await repo.deleteRecommendation(tx, reviewNo, memberNo))) {
      throw reviewError('REVIEW_NOT_RECOMMENDED', '추천하지 않은 후기입니다.');
    }
    const recommendCnt = await repo.addToRecommendCount(tx, reviewNo, on ? 1 : -1);
    return { recommendCnt: recommendCnt ?? 0, recommended: on };
  });
}

// ------------------------------------------------------------------------------------ my page

/** Seoul midnight of a YYYY-MM-DD as a UTC ISO string (Seoul has no daylight saving). */
const seoulMidnight = (ymd: string, addDays = 0) =>
  new Date(Date.parse(`${ymd}T00:00:00+09:00`) + addDays * 86_400_000).toISOString();

/** Spec section 9: the list starts at 2024-03-01; an earlier (or no) start is moved up to it. */
function clampStartYmd(startYmd: string | undefined): string {
  return !startYmd || startYmd < REVIEW_LIST_START_YMD ? REVIEW_LIST_START_YMD : startYmd;
}

export interface MyReviewQuery {
  pageNumber?: number | undefined;
  pageSize?: number | undefined;
  /** YYYY-MM-DD, Seoul dates, inclusive. */
  startYmd?: string | undefined;
  endYmd?: string | undefined;
}

/** The member's own reviews, newest first, from 2024-03-01 (`/profile/product-reviews`). */
export async function listMyReviews(
  db: Db,
  memberNo: number,
  query: MyReviewQuery = {},
): Promise<ReviewPage & { startYmd: string; endYmd: string | null }> {
  if (query.startYmd && query.endYmd && query.startYmd > query.endYmd)
    throw reviewError('INVALID_INPUT', '조회 시작일은 종료일보다 늦을 수 없습니다.');
  const startYmd = clampStartYmd(query.startYmd);
  const { pageSize, pageNumber, offset } = pageOf(query, REVIEW_PAGE_SIZE);
  const filter: repo.ReviewFilter = {
    memberNo,
    from: seoulMidnight(startYmd),
    to: query.endYmd ? seoulMidnight(query.endYmd, 1) : undefined,
  };
  const [totalCount, rows] = await Promise.all([
    repo.countReviews(db, filter),
    repo.selectReviews(db, filter, { by: 'REGISTER_YMDT', direction: 'DESC' }, { offset, limit: pageSize }),
  ]);
  return {
    totalCount,
    pageNumber,
    pageSize,
    pageCount: pageCountOf(totalCount, pageSize),
    items: await viewsOf(db, rows, { memberNo }),
    startYmd,
    endYmd: query.endYmd ?? null,
  };
}

export interface ReviewableQuery {
  pageNumber?: number | undefined;
  pageSize?: number | undefined;
  productNo?: number | undefined;
  orderNo?: string | undefined;
  productName?: string | undefined;
  /** YYYY-MM-DD, Seoul dates of the order, inclusive. */
  startYmd?: string | undefined;
  endYmd?: string | undefined;
}

/** The order lines among `orderOptionNos` that have a review (deleted ones too: a line is reviewed once). */
const reviewedAmong = (db: Db, memberNo: number) => async (orderOptionNos: readonly number[]) => {
  const found = await repo.selectReviewsOfOrderOptions(db, memberNo, orderOptionNos);
  return new Set(found.keys());
};

/** The member's delivered lines without a review yet, newest delivery first. */
export async function listReviewableLines(
  db: Db,
  memberNo: number,
  query: ReviewableQuery = {},
): Promise<ReviewPage<ReviewableOption>> {
  if (query.startYmd && query.endYmd && query.startYmd > query.endYmd)
    throw reviewError('INVALID_INPUT', '조회 시작일은 종료일보다 늦을 수 없습니다.');
  const { pageSize, pageNumber, offset } = pageOf(query, REVIEW_PAGE_SIZE);
  const lines = await listReviewableOptions(db, memberNo, {
    reviewed: reviewedAmong(db, memberNo),
    onlyUnreviewed: true,
    ...(query.productNo !== undefined ? { productNo: query.productNo } : {}),
  });
  const name = query.productName?.trim().toLowerCase();
  // orderYmdt is Seoul time "yyyy-MM-dd HH:mm:ss": its first 10 characters are the Seoul date
  const open = lines.filter(
    (l) =>
      (!query.orderNo || l.orderNo === query.orderNo) &&
      (!name || l.productName.toLowerCase().includes(name)) &&
      (!query.startYmd || l.orderYmdt.slice(0, 10) >= query.startYmd) &&
      (!query.endYmd || l.orderYmdt.slice(0, 10) <= query.endYmd),
  );
  return {
    totalCount: open.length,
    pageNumber,
    pageSize,
    pageCount: pageCountOf(open.length, pageSize),
    items: open.slice(offset, offset + pageSize),
  };
}

export type LineReviewState =
  { state: 'reviewable' } | { state: 'written'; reviewNo: number } | { state: 'deleted' };

/**
 * For the order detail page: what each of the member's lines allows — write a review, see the one
 * written, or nothing more (its review was deleted). Lines that cannot be reviewed (not the
 * member's, not delivered yet, all sent back) are left out.
 */
export async function reviewStateOfOrderOptions(
  db: Db,
  memberNo: number,
  orderOptionNos: readonly number[],
): Promise<Map<number, LineReviewState>> {
  const nos = [...new Set(orderOptionNos)].filter((n) => Number.isSafeInteger(n) && n > 0).slice(0, 200);
  const [reviews, lines] = await Promise.all([
    repo.selectReviewsOfOrderOptions(db, memberNo, nos),
    Promise.all(nos.map((n) => findReviewableOption(db, memberNo, n))),
  ]);
  const out = new Map<number, LineReviewState>();
  for (const line of lines) {
    if (!line) continue;
    const review = reviews.get(line.orderOptionNo);
    out.set(
      line.orderOptionNo,
      review
        ? review.deleted
          ? { state: 'deleted' }
          : { state: 'written', reviewNo: review.reviewNo }
        : { state: 'reviewable' },
    );
  }
  return out;
}
