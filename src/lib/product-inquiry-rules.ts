import { z } from 'zod';
import { INQUIRY_CONTENT_MAX, INQUIRY_PAGE_SIZE, TITLE_MAX } from './board-rules.ts';

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
const TYPE_KEYS = Object.keys(PRODUCT_INQUIRY_TYPES) as [ProductInquiryType, ...ProductInquiryType[]];

const ProductInquiryTypeField = z.enum(TYPE_KEYS, { error: '문의 유형을 선택해 주세요.' });

/** The title is optional (Shopby's `title?`); blank means none. */
const ProductInquiryTitle = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .string()
    .trim()
    .max(PRODUCT_INQUIRY_TITLE_MAX, {
      error: `제목은 ${PRODUCT_INQUIRY_TITLE_MAX}자까지 입력할 수 있습니다.`,
    })
    .optional(),
);

const ProductInquiryContent = z
  .string({ error: '문의 내용을 입력해 주세요.' })
  .trim()
  .min(1, { error: '문의 내용을 입력해 주세요.' })
  .max(PRODUCT_INQUIRY_CONTENT_MAX, {
    error: `문의 내용은 ${PRODUCT_INQUIRY_CONTENT_MAX.toLocaleString('ko-KR')}자까지 입력할 수 있습니다.`,
  });

export const ProductInquiryFields = z.object({
  type: ProductInquiryTypeField.default('PRODUCT'),
  title: ProductInquiryTitle,
  content: ProductInquiryContent,
  secreted: z.boolean({ error: '비밀글 여부(secreted)는 true 또는 false입니다.' }).default(false),
});
export type ProductInquiryFields = z.output<typeof ProductInquiryFields>;

/** What a list shows as the question's headline: its title, else the start of its text. */
export function inquiryHeadline(title: string, content: string): string {
  if (title.trim()) return title.trim();
  const line = content.trim().split('\n')[0] ?? '';
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}
