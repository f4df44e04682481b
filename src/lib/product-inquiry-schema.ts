import { z } from 'zod';
import {
  PRODUCT_INQUIRY_CONTENT_MAX,
  PRODUCT_INQUIRY_TITLE_MAX,
  PRODUCT_INQUIRY_TYPES,
  type ProductInquiryType,
} from './product-inquiry-rules.ts';

/**
 * A product question's fields as zod rules, for the `/products/{productNo}/inquiries` routes. Apart
 * from product-inquiry-rules.ts so the product page's Q&A island ships no zod (issue 16).
 */

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
