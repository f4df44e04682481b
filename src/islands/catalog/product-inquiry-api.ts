import { productInquiryApi, profileProductInquiryApi } from '../../lib/clients/product-inquiries.ts';
import { param, query, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';
import type { ProductInquiryType } from '../../lib/product-inquiry-rules.ts';

const byProduct = productInquiryApi[':productNo{[0-9]{1,15}}'].inquiries;
const byInquiry = productInquiryApi.inquiries[':inquiryNo{[0-9]{1,15}}'];

/** A page of Shopby's product inquiries (the server redacts secrets). */
export type QaPage = ResponseOf<typeof byProduct.$get>;
export type QaItem = QaPage['items'][number];

export interface QaInput {
  type: ProductInquiryType;
  title: string;
  content: string;
  secreted: boolean;
}

export function fetchProductQa(
  productNo: number,
  pageNumber: number,
  pageSize: number,
  mine: boolean,
): Promise<QaPage> {
  return unwrap(
    byProduct.$get({
      param: param({ productNo: String(productNo) }),
      query: query({ isMyInquiries: mine, hasTotalCount: true, pageSize, pageNumber }),
    }),
  );
}

export function fetchMyProductQa(pageNumber: number, pageSize: number): Promise<QaPage> {
  return unwrap(
    profileProductInquiryApi.index.$get({ query: query({ hasTotalCount: true, pageSize, pageNumber }) }),
  );
}

export function saveProductQa(target: { productNo: number } | { inquiryNo: number }, input: QaInput) {
  return 'inquiryNo' in target
    ? unwrap(byInquiry.$put({ param: param({ inquiryNo: String(target.inquiryNo) }), json: input }))
    : unwrap(
        byProduct.$post({
          param: param({ productNo: String(target.productNo) }),
          json: { ...input, productNo: target.productNo },
        }),
      );
}

export function deleteProductQa(inquiryNo: number) {
  return unwrap(byInquiry.$delete({ param: param({ inquiryNo: String(inquiryNo) }) }));
}

/** "2026-11-22 14:05:09" (Shopby's Seoul time) → "2026.11.22". */
export const shopbyDate = (ymdt: string) => ymdt.slice(0, 10).replace(/-/g, '.');
