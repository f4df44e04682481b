/**
 * The support board's numbers and limits, without the field rules (zod) of board-rules.ts: what
 * the pages that only display and the upload messages need, so they ship no validation library.
 * Client-safe.
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
