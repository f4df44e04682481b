import { josa } from 'es-hangul';
import { z } from 'zod';

/**
 * Limits and field rules of the support board and 1:1 inquiries, once, for the forms (islands)
 * and the server routes alike.
 */

export * from './board-limits.ts';
import { ANSWER_CONTENT_MAX, ARTICLE_CONTENT_MAX, INQUIRY_CONTENT_MAX, TITLE_MAX } from './board-limits.ts';

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
