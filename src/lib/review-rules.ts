import { z } from 'zod';

/**
 * Product review rules, once, for the review modal (islands) and the `/product-reviews` routes
 * alike. Client-safe.
 */

/** Spec section 3: rating options 5 to 1, with what each means to the shopper. */
export const RATING_LABELS = {
  5: '아주 좋아요',
  4: '좋아요',
  3: '보통이에요',
  2: '그저 그래요',
  1: '별로예요',
} as const;
export type Rating = keyof typeof RATING_LABELS;
/** 5 first, as the modal offers them. */
export const RATINGS: readonly Rating[] = [5, 4, 3, 2, 1];

export const REVIEW_CONTENT_MIN = 10;
export const REVIEW_CONTENT_MAX = 2000;
export const REVIEW_PHOTOS_MAX = 5;
export const REVIEW_PAGE_SIZE = 10;
export const PHOTO_REVIEW_PAGE_SIZE = 12;
/** Spec section 9: the member's review list starts at 2024-03-01 (Seoul dates). */
export const REVIEW_LIST_START_YMD = '2024-03-01';
/** Where review photos go inside the member's upload folder. */
export const REVIEW_UPLOAD_FOLDER = 'review';

/** Shopby's ReviewOrderByType (BEST_REVIEW sorts as RECOMMEND: Podo has no best-review picks). */
export const REVIEW_SORTS = {
  REGISTER_YMDT: '최신순',
  RECOMMEND: '추천순',
  RATING: '평점순',
} as const;
export type ReviewSort = keyof typeof REVIEW_SORTS | 'BEST_REVIEW';

export const ReviewRatingField = z
  .number({ error: '평점을 선택해 주세요.' })
  .int({ error: '평점은 1점부터 5점까지의 정수입니다.' })
  .min(1, { error: '평점은 1점부터 5점까지 선택할 수 있습니다.' })
  .max(5, { error: '평점은 1점부터 5점까지 선택할 수 있습니다.' });

export const ReviewContentField = z
  .string({ error: '후기 내용을 입력해 주세요.' })
  .transform((s) => s.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(REVIEW_CONTENT_MIN, { error: `후기 내용은 ${REVIEW_CONTENT_MIN}자 이상 입력해 주세요.` })
      .max(REVIEW_CONTENT_MAX, {
        error: `후기 내용은 ${REVIEW_CONTENT_MAX.toLocaleString('ko-KR')}자까지 입력할 수 있습니다.`,
      }),
  );

export const ReviewPhotoUrlsField = z
  .array(z.string({ error: '사진 주소가 올바르지 않습니다.' }).min(1).max(1000), {
    error: '사진 목록(urls)이 올바르지 않습니다.',
  })
  .max(REVIEW_PHOTOS_MAX, { error: `사진은 ${REVIEW_PHOTOS_MAX}장까지 올릴 수 있습니다.` });

/** "5점 아주 좋아요": the radio's accessible name and the list's rating text. */
export const ratingText = (rating: number): string =>
  `${rating}점 ${RATING_LABELS[rating as Rating] ?? ''}`.trim();

/**
 * The lines of a review's text, for rendering as text with a line break between lines (React and
 * Astro escape each line; nothing is ever parsed as HTML). Runs of blank lines shrink to one.
 */
export function reviewLines(content: string): string[] {
  return content
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .split('\n');
}
