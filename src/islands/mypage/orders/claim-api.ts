import { apiRequest } from '../../../lib/shop-api-client.ts';

/** What the my-page order islands send to the claim and order routes (Shopby's paths and bodies). */

export interface ClaimItem {
  orderOptionNo: number;
  cnt: number;
}

export interface Estimate {
  refundMainPayAmt: number;
  refundSubPayAmt: number;
  refundPayAmt: number;
  deliveryAmtInfo: { refundDeliveryAmt: number; returnDeliveryAmt: number };
  subtractionAmtInfo: { cartCouponAmt: number };
  productAmtInfo: { productCouponDiscountAmt: number; totalAmt: number };
}

export interface ReturnAddressInput {
  receiverName: string;
  receiverZipCd: string;
  receiverAddress: string;
  receiverDetailAddress: string;
  receiverContact1: string;
  deliveryMemo: string;
}

const options = (items: readonly ClaimItem[]) =>
  items.map((i) => ({ orderProductOptionNo: i.orderOptionNo, productCnt: i.cnt }));

export function estimate(
  claimType: 'CANCEL' | 'RETURN',
  items: readonly ClaimItem[],
  claimReasonType?: string,
) {
  return apiRequest<Estimate>('/shop-api/profile/claims/estimate', {
    method: 'POST',
    body: { claimType, claimedProductOptions: options(items), claimReasonType },
  });
}

export function cancelWhole(orderNo: string, claimReasonType: string, claimReasonDetail: string) {
  return apiRequest(`/shop-api/profile/orders/${encodeURIComponent(orderNo)}/claims/cancel`, {
    method: 'POST',
    body: {
      claimType: 'CANCEL',
      claimReasonType,
      claimReasonDetail,
      refundsImmediately: true,
      saveBankAccountInfo: false,
    },
  });
}

export function cancelLines(items: readonly ClaimItem[], claimReasonType: string, claimReasonDetail: string) {
  return apiRequest('/shop-api/profile/claims/cancel', {
    method: 'POST',
    body: {
      claimType: 'CANCEL',
      claimReasonType,
      claimReasonDetail,
      claimedProductOptions: options(items),
      refundsImmediately: true,
      saveBankAccountInfo: false,
    },
  });
}

export function requestReturn(body: {
  items: readonly ClaimItem[];
  claimReasonType: string;
  claimReasonDetail: string;
  claimImageUrls: string[];
  returnAddress: ReturnAddressInput;
  returnWayType: 'SELLER_COLLECT' | 'BUYER_DIRECT_RETURN';
}) {
  return apiRequest('/shop-api/profile/claims/return', {
    method: 'POST',
    body: {
      claimType: 'RETURN',
      claimReasonType: body.claimReasonType,
      claimReasonDetail: body.claimReasonDetail,
      claimImageUrls: body.claimImageUrls,
      returnAddress: body.returnAddress,
      returnWayType: body.returnWayType,
      claimedProductOptions: options(body.items),
    },
  });
}

export function confirmOrder(orderNo: string) {
  return apiRequest<{ accumulationAmt: number }>(
    `/shop-api/profile/orders/${encodeURIComponent(orderNo)}/confirm`,
    {
      method: 'PUT',
    },
  );
}

export function withdrawClaim(claimNo: number) {
  return apiRequest(`/shop-api/profile/claims/${claimNo}/withdraw`, { method: 'PUT' });
}
