import { profileClaimApi, profileOrderClaimApi } from '../../../lib/clients/profile-claims.ts';
import { mypageOrderApi } from '../../../lib/clients/profile-orders-mypage.ts';
import { param, unwrap, type ResponseOf } from '../../../lib/shop-api-client.ts';

/**
 * What the my-page order islands send to the claim and order routes (Shopby's paths and bodies),
 * through the typed clients; the answers' types are the routes' own.
 */

export interface ClaimItem {
  orderOptionNo: number;
  cnt: number;
}

/** The refund the server works out for the chosen units (POST /profile/claims/estimate). */
export type Estimate = ResponseOf<typeof profileClaimApi.estimate.$post>;

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
): Promise<Estimate> {
  return unwrap(
    profileClaimApi.estimate.$post({
      json: { claimType, claimedProductOptions: options(items), claimReasonType },
    }),
  );
}

export function cancelWhole(orderNo: string, claimReasonType: string, claimReasonDetail: string) {
  return unwrap(
    profileOrderClaimApi[':orderNo'].claims.cancel.$post({
      param: param({ orderNo }),
      json: {
        claimType: 'CANCEL',
        claimReasonType,
        claimReasonDetail,
        refundsImmediately: true,
        saveBankAccountInfo: false,
      },
    }),
  );
}

export function cancelLines(items: readonly ClaimItem[], claimReasonType: string, claimReasonDetail: string) {
  return unwrap(
    profileClaimApi.cancel.$post({
      json: {
        claimType: 'CANCEL',
        claimReasonType,
        claimReasonDetail,
        claimedProductOptions: options(items),
        refundsImmediately: true,
        saveBankAccountInfo: false,
      },
    }),
  );
}

export function requestReturn(body: {
  items: readonly ClaimItem[];
  claimReasonType: string;
  claimReasonDetail: string;
  claimImageUrls: string[];
  returnAddress: ReturnAddressInput;
  returnWayType: 'SELLER_COLLECT' | 'BUYER_DIRECT_RETURN';
}) {
  return unwrap(
    profileClaimApi.return.$post({
      json: {
        claimType: 'RETURN',
        claimReasonType: body.claimReasonType,
        claimReasonDetail: body.claimReasonDetail,
        claimImageUrls: body.claimImageUrls,
        returnAddress: body.returnAddress,
        returnWayType: body.returnWayType,
        claimedProductOptions: options(body.items),
      },
    }),
  );
}

export function confirmOrder(orderNo: string) {
  return unwrap(mypageOrderApi[':orderNo'].confirm.$put({ param: param({ orderNo }) }));
}

export function withdrawClaim(claimNo: number) {
  return unwrap(
    profileClaimApi[':claimNo{[0-9]{1,15}}'].withdraw.$put({ param: param({ claimNo: String(claimNo) }) }),
  );
}
