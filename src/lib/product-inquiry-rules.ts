import { INQUIRY_CONTENT_MAX, INQUIRY_PAGE_SIZE, TITLE_MAX } from './board-limits.ts';

/**
 * Product Q&A rules, once, for the product page's modals (islands) and the
 * `/products/{productNo}/inquiries` routes alike.
 */

/** Spec section 9: inquiry page size 10. */
export const PRODUCT_INQUIRY_PAGE_SIZE = INQUIRY_PAGE_SIZE;
export const PRODUCT_INQUIRY_CONTENT_MAX = INQUIRY_CONTENT_MAX;
export const PRODUCT_INQUIRY_TITLE_MAX = TITLE_MAX;

/** What everybody but the author and managers sees of a secret question (and its answer). */
export const SECRET_PLACEHOLDER = '비밀글입니다';

/** Shopby's ProductInquiryType with its Korean label. */
export const PRODUCT_INQUIRY_TYPES = {
  PRODUCT: '상품',
  DELIVERY: '배송',
  CANCEL: '취소',
  RETURN: '반품',
  EXCHANGE: '교환',
  REFUND: '환불',
  OTHER: '기타',
} as const;
export type ProductInquiryType = keyof typeof PRODUCT_INQUIRY_TYPES;
/** What a list shows as the question's headline: its title, else the start of its text. */
export function inquiryHeadline(title: string, content: string): string {
  if (title.trim()) return title.trim();
  const line = content.trim().split('\n')[0] ?? '';
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}
