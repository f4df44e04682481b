import type {
  GetProductsProductNoProductReviewsResponse,
  ProductPhotoReview,
  ProductReview,
  ProfileOrderOptionsProductReviewableItem,
  ProfileProductReviewsItem,
} from '@shopby/shop-sdk/build/types/domain/display';
import { toShopbyYmdt } from '../../lib/dates.ts';
import type { ReviewableOption } from '../order/index.ts';
import { type ProductReviewPage, type RatingSummary, type ReviewPage, type ReviewView } from './service.ts';

/** Reviews in Shopby's shapes (`/products/{no}/product-reviews`, `/photo-reviews`, `/profile/…`). */

/** Podo's additions, for the islands: thumbnails, whether the viewer recommends it, the option title. */
export interface ReviewExtra {
  thumbnailUrls: string[];
  recommended: boolean;
  optionTitle: string;
}

export type ShopbyProductReview = Omit<ProductReview, 'platformType' | 'providerType'> & {
  platformType: string;
  providerType: string;
  extra: ReviewExtra;
};

export function toShopbyReview(r: ReviewView, productRate = 0): ShopbyProductReview {
  return {
    reviewNo: r.reviewNo,
    productNo: r.productNo,
    productName: r.productName,
    productNameEn: '',
    brandName: '',
    brandNameEn: '',
    imageUrl: r.imageUrl,
    rate: r.rating,
    productRate,
    productTotalCount: 0,
    productDiscountPrice: 0,
    content: r.content,
    fileUrls: r.fileUrls,
    recommendCnt: r.recommendCnt,
    recommendable: r.recommendable,
    myReview: r.mine,
    memberName: r.registerName,
    memberId: r.memberId,
    nickname: r.registerName,
    registerName: r.registerName,
    // member numbers are not for everyone's eyes: only the author gets theirs
    registerNo: 0,
    platformType: 'PC',
    providerType: 'NCPSTORE',
    bestReviewYn: 'N',
    blindReportCnt: 0,
    reportCnt: 0,
    reportable: false,
    expelled: false,
    externalReview: false,
    commentCount: 0,
    isDeletedProductReview: false,
    givenAccumulationYn: 'N',
    extraJson: '',
    orderedOption: {
      optionType: 'NORMAL_OPTION',
      optionTitle: r.orderedOption.optionTitle,
      optionName: r.orderedOption.optionName,
      optionValue: r.orderedOption.optionValue,
      optionUsed: r.orderedOption.optionName !== '',
      inputs: r.orderedOption.inputs,
      orderCnt: r.orderedOption.orderCnt,
      addPrice: 0,
      orderOptionNo: r.orderedOption.orderOptionNo,
      orderStatusType: 'DELIVERY_DONE',
    },
    registerYmdt: toShopbyYmdt(r.createdAt),
    updateYmdt: toShopbyYmdt(r.updatedAt),
    extra: {
      thumbnailUrls: r.thumbnailUrls,
      recommended: r.recommended,
      optionTitle: r.orderedOption.optionTitle,
    },
  };
}

export type ShopbyProductReviewPage = Omit<GetProductsProductNoProductReviewsResponse, 'items'> & {
  items: ShopbyProductReview[];
  pageNumber: number;
  pageSize: number;
  pageCount: number;
};

function toShopbyRatingSummary(s: RatingSummary) {
  return {
    rate: s.average,
    reviewRatingResponses: s.counts.map((c) => ({ rating: c.rating, countOfRating: c.count })),
  };
}

export function toShopbyReviewPage(page: ProductReviewPage): ShopbyProductReviewPage {
  return {
    ...toShopbyRatingSummary(page.summary),
    totalCount: page.totalCount,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    pageCount: page.pageCount,
    items: page.items.map((r) => toShopbyReview(r, page.summary.average)),
  };
}

export type ShopbyPhotoReview = ProductPhotoReview & {
  rate: number;
  content: string;
  registerName: string;
  registerYmdt: string;
  thumbnailUrls: string[];
};

/** `GET /products/{no}/photo-reviews`: `{ contents, totalPage, totalCount }`. */
export function toShopbyPhotoReviewPage(page: ReviewPage): {
  contents: ShopbyPhotoReview[];
  totalPage: number;
  totalCount: number;
} {
  return {
    totalCount: page.totalCount,
    totalPage: page.pageCount,
    contents: page.items.map((r) => ({
      reviewNo: r.reviewNo,
      registerNo: 0,
      tagValueNos: [],
      attachedFileCount: r.fileUrls.length,
      urls: r.fileUrls,
      thumbnailUrls: r.thumbnailUrls,
      rate: r.rating,
      content: r.content,
      registerName: r.registerName,
      registerYmdt: toShopbyYmdt(r.createdAt),
    })),
  };
}

export type ShopbyProfileReview = ProfileProductReviewsItem & { extra: ReviewExtra };

/** `GET /profile/product-reviews`: the member's own reviews. */
export function toShopbyProfileReviewPage(page: ReviewPage) {
  return {
    totalCount: page.totalCount,
    items: page.items.map(
      (r) =>
        ({
          reviewNo: r.reviewNo,
          productNo: r.productNo,
          productName: r.productName,
          imageUrl: r.imageUrl,
          orderNo: r.orderedOption.orderNo,
          rate: r.rating,
          content: r.content,
          fileUrls: r.fileUrls,
          recommendCnt: r.recommendCnt,
          bestReviewYn: 'N',
          isDeletedProductReview: false,
          externalReview: false,
          reportCnt: 0,
          blindReportCnt: 0,
          platformType: 'PC',
          extraJson: '',
          tagValueNos: [],
          orderedOption: {
            orderOptionNo: r.orderedOption.orderOptionNo,
            optionName: r.orderedOption.optionName,
            optionValue: r.orderedOption.optionValue,
            optionTitle: r.orderedOption.optionTitle,
            optionUsed: r.orderedOption.optionName !== '',
            optionType: r.orderedOption.optionName ? 'NORMAL_OPTION' : 'PRODUCT_ONLY',
            inputs: r.orderedOption.inputs,
            orderCnt: r.orderedOption.orderCnt,
            addPrice: 0,
          },
          registerYmdt: toShopbyYmdt(r.createdAt),
          updateYmdt: toShopbyYmdt(r.updatedAt),
          extra: {
            thumbnailUrls: r.thumbnailUrls,
            recommended: false,
            optionTitle: r.orderedOption.optionTitle,
          },
        }) satisfies ShopbyProfileReview,
    ),
  };
}

/** `GET /profile/order-options/product-reviewable`: lines waiting for a review. */
export function toShopbyReviewablePage(page: ReviewPage<ReviewableOption>) {
  return {
    totalCount: page.totalCount,
    items: page.items.map(
      (l) =>
        ({
          orderNo: l.orderNo,
          orderOptionNo: l.orderOptionNo,
          productNo: l.productNo,
          optionNo: l.optionNo,
          productName: l.productName,
          productNameEn: '',
          brandName: '',
          brandNameEn: '',
          imageUrl: l.imageUrl,
          optionName: l.optionName,
          optionValue: l.optionValue,
          optionTitle: l.optionTitle,
          optionUsed: l.optionName !== '',
          optionType: 'NORMAL_OPTION',
          inputs: l.optionInputs,
          orderCnt: l.orderCnt,
          orderStatusType: l.orderStatusType,
          orderStatusDate: {
            registerYmdt: l.orderYmdt,
            ...(l.deliveredYmdt ? { reviewableYmdt: l.deliveredYmdt } : {}),
            ...(l.buyConfirmYmdt ? { buyConfirmYmdt: l.buyConfirmYmdt } : {}),
          },
          accumulationAmt: 0,
          photoReviewAccumulationAmt: 0,
          reservation: false,
          refundable: false,
          deliverable: false,
          deliveryInternationalYn: false,
          exchangeYn: 'N',
          nextActions: [{ nextActionType: 'WRITE_REVIEW', uri: '' }],
        }) satisfies ProfileOrderOptionsProductReviewableItem,
    ),
  };
}
