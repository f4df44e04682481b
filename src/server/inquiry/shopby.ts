import type {
  GetInquiriesInquiryNoResponse,
  InquiriesItem,
} from '@shopby/shop-sdk/build/types/domain/manage';
import { toShopbyYmdt } from '../../lib/dates.ts';
import type { Inquiry, InquiryPage } from './service.ts';

/** 1:1 inquiries in Shopby's shapes (`GET /inquiries`, `GET /inquiries/{inquiryNo}`). */

export function toShopbyInquiry(q: Inquiry): InquiriesItem & GetInquiriesInquiryNoResponse {
  const urls = q.images.map((i) => i.url);
  return {
    inquiryNo: q.inquiryNo,
    inquiryTitle: q.title,
    inquiryContent: q.content,
    ...(q.orderNo ? { orderNo: q.orderNo } : {}),
    answerSmsSend: q.answerSms,
    answerEmailSend: q.answerEmail,
    registerNo: q.memberNo,
    registerYmdt: toShopbyYmdt(q.createdAt),
    inquiryStatus: q.status,
    inquiryType: {
      inquiryTypeNo: q.inquiryTypeNo,
      inquiryTypeName: q.inquiryTypeName,
      inquiryTypeDescription: q.inquiryTypeDescription,
    },
    answer:
      q.status === 'ANSWERED' && q.answerContent !== null
        ? {
            answerNo: q.inquiryNo,
            answerContent: q.answerContent,
            answerRegisterYmdt: q.answeredAt ? toShopbyYmdt(q.answeredAt) : '',
          }
        : {},
    imageUrls: urls,
    originalImageUrls: urls,
    issuerName: q.memberName,
  };
}

export function toShopbyInquiryPage(page: InquiryPage): { totalCount: number; items: InquiriesItem[] } {
  return { totalCount: page.totalCount, items: page.items.map(toShopbyInquiry) };
}
