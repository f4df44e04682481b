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
