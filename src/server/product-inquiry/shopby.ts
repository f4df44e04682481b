import type {
  ProductsProductNoInquiresAnswer,
  ProductsProductNoInquiresItem,
  ProfileProductInquiriesItem,
} from '@shopby/shop-sdk/build/types/domain/display';
import { toShopbyYmdt } from '../../lib/dates.ts';
import type { ProductInquiryPage, ProductInquiryView, ProductSummary } from './service.ts';

/** Product Q&A in Shopby's shapes (`GET /products/{productNo}/inquiries`, `/profile/product-inquiries`). */

export type ShopbyProductInquiry = ProductsProductNoInquiresItem &
  Pick<ProfileProductInquiriesItem, 'productNameEn'> & {
    /** Podo: whether the text was shown to this viewer, and the product's address part. */
    extra: { readable: boolean; slug: string | null };
  };

function answerOf(q: ProductInquiryView): ProductsProductNoInquiresAnswer[] {
  if (!q.answer) return [];
  return [
    {
      inquiryNo: q.inquiryNo,
      administrator: true,
      adminType: 'SERVICE',
      partnerName: '',
      nickName: '',
      memberId: '',
      title: '',
      secreted: q.secreted,
      content: q.answer.content,
      registerYmdt: toShopbyYmdt(q.answer.answeredAt),
      updateYmdt: toShopbyYmdt(q.answer.updatedAt),
    },
  ];
}

function toShopbyProductInquiry(
  q: ProductInquiryView,
  product: ProductSummary | null = null,
): ShopbyProductInquiry {
  return {
    inquiryNo: q.inquiryNo,
    productNo: q.productNo,
    productName: product?.productName ?? '',
    productNameEn: product?.productNameEn ?? '',
    productManagementCd: '',
    imageUrl: product?.imageUrl ?? '',
    brandName: product?.brandName ?? '',
    brandNameEn: product?.brandNameEn ?? '',
    type: q.type,
    title: q.title,
    content: q.content,
    secreted: q.secreted,
    replied: q.replied,
    answers: answerOf(q),
    myInquiry: q.mine,
    modifiable: q.modifiable,
    administrator: false,
    providerType: 'NCPSTORE',
    memberId: q.memberId,
    nickName: q.registerName,
    registerName: q.registerName,
    gradeLabel: '',
    orderNo: 0,
    expelled: false,
    blocked: false,
    displayStatusType: 'DISPLAY',
    tagValueNos: [],
    registerYmdt: toShopbyYmdt(q.createdAt),
    updateYmdt: toShopbyYmdt(q.updatedAt),
    extra: { readable: q.readable, slug: product?.slug ?? null },
  };
}

export function toShopbyProductInquiryPage(
  page: ProductInquiryPage<ProductInquiryView & { product?: ProductSummary | null }>,
): { totalCount: number; items: ShopbyProductInquiry[] } {
  return {
    totalCount: page.totalCount,
    items: page.items.map((q) => toShopbyProductInquiry(q, q.product ?? null)),
  };
}
