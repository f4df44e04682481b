import { josa } from 'es-hangul';
import { z } from 'zod';

/**
 * Limits and field rules of the support board and 1:1 inquiries, once, for the forms (islands)
 * and the server routes alike.
 */

/** Board numbers from the specification (section 9). */
export const BOARD_NO = { notice: 272902, faq: 272925, bugReport: 280047 } as const;

/** Inquiry page size (spec section 9). */
export const INQUIRY_PAGE_SIZE = 10;
export const NOTICE_PAGE_SIZE = 10;
export const BOARD_MAX_PAGE_SIZE = 100;
export const TITLE_MAX = 100;
export const ARTICLE_CONTENT_MAX = 20_000;
export const INQUIRY_CONTENT_MAX = 3_000;
export const ANSWER_CONTENT_MAX = 5_000;
/** Photos per 1:1 inquiry or bug report. */
export const IMAGES_MAX = 5;
export const KEYWORD_MAX = 50;

export const UPLOAD_FAILED_MESSAGE = '파일 업로드에 실패했습니다. 다시 시도해 주세요.';

const required = (what: string) => `${josa(what, '을/를')} 입력해 주세요.`;

export const ArticleTitle = z
  .string({ error: required('제목') })
  .trim()
  .min(1, { error: required('제목') })
  .max(TITLE_MAX, { error: `제목은 ${TITLE_MAX}자까지 입력할 수 있습니다.` });

export const ArticleContent = z
  .string({ error: required('내용') })
  .refine((s) => s.trim() !== '', { error: required('내용') })
  .refine((s) => s.length <= ARTICLE_CONTENT_MAX, {
    error: `내용은 ${ARTICLE_CONTENT_MAX.toLocaleString('ko-KR')}자까지 입력할 수 있습니다.`,
  });

export const InquiryTitle = ArticleTitle;

export const InquiryContent = z
  .string({ error: required('문의 내용') })
  .trim()
  .min(1, { error: required('문의 내용') })
  .max(INQUIRY_CONTENT_MAX, {
    error: `문의 내용은 ${INQUIRY_CONTENT_MAX.toLocaleString('ko-KR')}자까지 입력할 수 있습니다.`,
  });

export const AnswerContent = z
  .string({ error: required('답변') })
  .trim()
  .min(1, { error: required('답변') })
  .max(ANSWER_CONTENT_MAX, {
    error: `답변은 ${ANSWER_CONTENT_MAX.toLocaleString('ko-KR')}자까지 입력할 수 있습니다.`,
  });

/** The answer status of a 1:1 inquiry, in the member's words. */
export const INQUIRY_STATUS_LABEL = { ASKED: '답변 대기', ANSWERED: '답변 완료' } as const;
export type InquiryStatus = keyof typeof INQUIRY_STATUS_LABEL;
