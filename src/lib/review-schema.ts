import { z } from 'zod';
import { REVIEW_CONTENT_MAX, REVIEW_CONTENT_MIN, REVIEW_PHOTOS_MAX } from './review-rules.ts';

/**
 * The review fields' zod rules, for the `/product-reviews` routes and anything that validates a
 * review. Apart from review-rules.ts so the islands that show reviews ship no zod (issue 16).
 */

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
