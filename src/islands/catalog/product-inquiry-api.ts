import { apiRequest } from '../../lib/shop-api-client.ts';
import type { ProductInquiryType } from '../../lib/product-inquiry-rules.ts';

/** The fields of Shopby's product inquiry item the Q&A islands use (the server redacts secrets). */
export interface QaItem {
  inquiryNo: number;
  productNo: number;
  productName: string;
  imageUrl: string;
  type: ProductInquiryType;
  title: string;
  content: string;
  secreted: boolean;
  replied: boolean;
  myInquiry: boolean;
  modifiable: boolean;
  registerName: string;
  registerYmdt: string;
  answers?: { content: string; registerYmdt: string }[] | undefined;
  extra: { readable: boolean; slug: string | null };
}

export interface QaPage {
  totalCount: number;
  items: QaItem[];
}

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
  return apiRequest<QaPage>(`/shop-api/products/${productNo}/inquiries`, {
    query: { isMyInquiries: mine, hasTotalCount: true, pageSize, pageNumber },
  });
}

export function fetchMyProductQa(pageNumber: number, pageSize: number): Promise<QaPage> {
  return apiRequest<QaPage>('/shop-api/profile/product-inquiries', {
    query: { hasTotalCount: true, pageSize, pageNumber },
  });
}

export function saveProductQa(target: { productNo: number } | { inquiryNo: number }, input: QaInput) {
  return 'inquiryNo' in target
    ? apiRequest(`/shop-api/products/inquiries/${target.inquiryNo}`, { method: 'PUT', body: input })
    : apiRequest(`/shop-api/products/${target.productNo}/inquiries`, {
        method: 'POST',
        body: { ...input, productNo: target.productNo },
      });
}

export function deleteProductQa(inquiryNo: number) {
  return apiRequest(`/shop-api/products/inquiries/${inquiryNo}`, { method: 'DELETE' });
}

/** "2026-11-22 14:05:09" (Shopby's Seoul time) → "2026.11.22". */
export const shopbyDate = (ymdt: string) => ymdt.slice(0, 10).replace(/-/g, '.');
