import type {
  ClaimAddress,
  ClaimOption,
  ClaimPriceInfo,
  ClaimReasonType,
  ClaimResult,
  ProfileClaim,
  RefundType,
} from '@shopby/shop-sdk/build/types/domain/claim';
import type { DateYmdt } from '@shopby/shop-sdk/build/types/common';
import type { PayType } from '@shopby/shop-sdk/build/types/domain/order';
import { toShopbyYmdt } from '../../lib/dates.ts';
import { CLAIM_STATUS_LABELS, claimReasonOf, type ClaimStatus } from '../../lib/order-claims.ts';
import type { ClaimAmounts } from './amounts.ts';
import { ORDER_STATUS_LABELS, optionTitleOf, orderSteps, REFUND_TYPE_LABELS } from '../order/index.ts';

import type { ClaimOptionRow, ClaimRow } from './repo.ts';

/** Claims in Shopby's shapes (@shopby/shop-sdk claim types), with Podo's own facts in `extra`. */

type PriceSource = Pick<
  ClaimRow,
  | 'claimType'
  | 'responsibleObjectType'
  | 'productAmt'
  | 'productCouponAmt'
  | 'cartCouponAmt'
  | 'deliveryRefundAmt'
  | 'returnDeliveryAmt'
  | 'refundPayAmt'
  | 'refundSubPayAmt'
  | 'refundType'
>;

function priceInfoOf(c: PriceSource, payType: string): ClaimPriceInfo {
  return {
    productAmtInfo: {
      standardPrice: c.productAmt,
      immediateDiscountAmt: 0,
      immediateDiscountedPrice: c.productAmt,
      productCouponDiscountAmt: c.productCouponAmt,
      additionalDiscountAmt: 0,
      discountAmt: c.productCouponAmt,
      totalAmt: c.productAmt - c.productCouponAmt,
      exchangeImmediateDiscountedPrice: 0,
      exchangeAdjustAmt: 0,
      exchangeDiscountAmt: 0,
      returnImmediateDiscountedPrice: c.claimType === 'RETURN' ? c.productAmt : 0,
    },
    subtractionAmtInfo: {
      cartCouponAmt: c.cartCouponAmt,
      deliveryCouponAmt: 0,
      refundAdjustAmt: 0,
      refundAdjustReason: '',
      totalAmt: c.cartCouponAmt,
    },
    deliveryAmtInfo: {
      beforeDeliveryAmt: 0,
      afterDeliveryAmt: 0,
      refundDeliveryAmt: c.deliveryRefundAmt,
      returnDeliveryAmt: c.returnDeliveryAmt,
      totalAmt: c.deliveryRefundAmt - c.returnDeliveryAmt,
      buyerReturn: c.claimType === 'RETURN' && c.responsibleObjectType === 'BUYER',
      sellerFault: c.responsibleObjectType === 'SELLER',
      payOnDelivery: false,
      exchangeDeliveryAmt: 0,
      exchangeAdjustAmt: 0,
      returnAdjustAmt: 0,
    },
    refundType: c.refundType as RefundType,
    refundTypeLabel: REFUND_TYPE_LABELS[c.refundType as keyof typeof REFUND_TYPE_LABELS] ?? c.refundType,
    refundPayType: payType as PayType,
    refundMainPayAmt: c.refundPayAmt,
    refundSubPayAmt: c.refundSubPayAmt,
    refundPayAmt: c.refundPayAmt + c.refundSubPayAmt,
    additionalPayAmt: 0,
  };
}

/** An estimate (nothing recorded yet) in the same shape. */
export function estimateOf(
  kind: 'CANCEL' | 'RETURN',
  a: ClaimAmounts,
  responsible: 'BUYER' | 'SELLER',
  payType: string,
  beforeDeposit: boolean,
) {
  const refundPayAmt = a.refundPayAmt;
  return {
    ...priceInfoOf(
      {
        claimType: kind,
        responsibleObjectType: responsible,
        productAmt: a.productAmt,
        productCouponAmt: a.productCouponAmt,
        cartCouponAmt: a.cartCouponAmt,
        deliveryRefundAmt: a.deliveryRefundAmt,
        returnDeliveryAmt: a.returnDeliveryAmt,
        refundPayAmt,
        refundSubPayAmt: a.refundSubPayAmt,
        refundType: beforeDeposit ? 'CANCEL_DEPOSIT' : 'PG',
      },
      payType,
    ),
    extra: { pointsShareAmt: a.pointsShareAmt, closesOrder: a.closesOrder, nothingPaid: beforeDeposit },
  };
}

export type ClaimOptionView = Pick<
  ClaimOption,
  | 'claimNo'
  | 'orderNo'
  | 'orderOptionNo'
  | 'productNo'
  | 'optionNo'
  | 'productName'
  | 'optionName'
  | 'optionValue'
  | 'optionTitle'
  | 'optionManagementCd'
  | 'imageUrl'
  | 'orderCnt'
  | 'inputs'
  | 'claimStatusType'
  | 'claimStatusTypeLabel'
  | 'claimReasonType'
  | 'claimReasonDetail'
  | 'orderStatusType'
  | 'optionUsed'
  | 'member'
  | 'refundable'
> & { extra: { claimStatus: ClaimStatus; claimStatusLabel: string; paidAmt: number } };

function optionView(
  claim: ClaimRow,
  o: ClaimOptionRow,
  line: orderSteps.OrderOptionRow | undefined,
  order: orderSteps.OrderRow,
): ClaimOptionView {
  // Shopby has no "rejected" or "withdrawn" status: those show as the request they were
  const shopbyStatus =
    claim.claimStatus === 'RETURN_REJECT' || claim.claimStatus === 'RETURN_WITHDRAWN'
      ? 'RETURN_REJECT_REQUEST'
      : claim.claimStatus;
  return {
    claimNo: claim.claimNo,
    orderNo: claim.orderNo,
    orderOptionNo: o.orderOptionNo,
    productNo: line?.productNo ?? 0,
    optionNo: line?.optionNo ?? 0,
    productName: line?.productName ?? '',
    optionName: line?.optionName ?? '',
    optionValue: line?.optionValue ?? '',
    optionTitle: line ? optionTitleOf(line.optionName, line.optionValue) : '',
    optionManagementCd: line?.optionManagementCd ?? '',
    imageUrl: line?.imageUrl ?? '',
    orderCnt: o.cnt,
    inputs: (line?.optionInputs ?? []).map((i) => ({ inputLabel: i.inputLabel, inputValue: i.inputValue })),
    claimStatusType: shopbyStatus as ClaimOption['claimStatusType'],
    claimStatusTypeLabel: CLAIM_STATUS_LABELS[claim.claimStatus] as ClaimOption['claimStatusTypeLabel'],
    claimReasonType: claim.claimReasonType as ClaimReasonType,
    claimReasonDetail: claim.claimReasonDetail,
    orderStatusType: order.orderStatus as ClaimOption['orderStatusType'],
    optionUsed: Boolean(line?.optionName),
    member: order.memberNo !== null,
    refundable: true,
    extra: {
      claimStatus: claim.claimStatus,
      claimStatusLabel: CLAIM_STATUS_LABELS[claim.claimStatus],
      paidAmt: o.paidAmt,
    },
  };
}

function addressView(a: ClaimRow['returnAddress']): ClaimAddress | null {
  if (!a) return null;
  return {
    name: a.name,
    contact1: a.contact1,
    contact2: a.contact2,
    zipCd: a.zipCd,
    address: a.address,
    detailAddress: a.detailAddress,
    jibunAddress: '',
    note: a.note,
    addressStr: `(${a.zipCd}) ${a.address} ${a.detailAddress}`.trim(),
  };
}

export interface ClaimExtra {
  claimStatus: ClaimStatus;
  /** Cancelled before the deposit: nothing was paid, so no money (nor delivery fee) comes back. */
  nothingPaid: boolean;
  claimStatusLabel: string;
  claimReasonLabel: string;
  orderNo: string;
  orderStatusLabel: string;
  refundStatus: ClaimRow['refundStatus'];
  pointsShareAmt: number;
  restoredCouponIssueNos: number[];
  rejectReason: string | null;
  decidedYmdt: string | null;
  completedYmdt: string | null;
  refundedYmdt: string | null;
}

export type ClaimResultView = Pick<
  ClaimResult,
  | 'claimNo'
  | 'claimType'
  | 'claimClassType'
  | 'claimReasonType'
  | 'claimReasonDetail'
  | 'claimYmdt'
  | 'claimImageUrls'
  | 'refundType'
  | 'claimPriceInfo'
> & {
  returnWayType: ClaimResult['returnWayType'] | null;
  returnAddress: ClaimAddress | null;
  claimedOptions: ClaimOptionView[];
  extra: ClaimExtra;
};

const ymdt = (iso: string | null) => (iso ? toShopbyYmdt(iso) : null);

export function claimResultOf(
  claim: ClaimRow,
  options: readonly ClaimOptionRow[],
  lines: readonly orderSteps.OrderOptionRow[],
  order: orderSteps.OrderRow,
): ClaimResultView {
  return {
    claimNo: claim.claimNo,
    claimType: claim.claimType,
    claimClassType: claim.claimClassType,
    claimReasonType: claim.claimReasonType as ClaimReasonType,
    claimReasonDetail: claim.claimReasonDetail,
    claimYmdt: toShopbyYmdt(claim.createdAt) as DateYmdt,
    claimImageUrls: claim.claimImageUrls,
    refundType: claim.refundType as RefundType,
    claimPriceInfo: priceInfoOf(claim, order.payType),
    returnWayType: claim.returnWayType,
    returnAddress: addressView(claim.returnAddress),
    claimedOptions: options
      .filter((o) => o.claimNo === claim.claimNo)
      .map((o) =>
        optionView(
          claim,
          o,
          lines.find((l) => l.orderOptionNo === o.orderOptionNo),
          order,
        ),
      ),
    extra: {
      claimStatus: claim.claimStatus,
      nothingPaid: claim.refundType === 'CANCEL_DEPOSIT',
      claimStatusLabel: CLAIM_STATUS_LABELS[claim.claimStatus],
      claimReasonLabel: claimReasonOf(claim.claimType, claim.claimReasonType)?.label ?? claim.claimReasonType,
      orderNo: claim.orderNo,
      orderStatusLabel: ORDER_STATUS_LABELS[order.orderStatus],
      refundStatus: claim.refundStatus,
      pointsShareAmt: claim.pointsShareAmt,
      restoredCouponIssueNos: claim.restoredCoupons,
      rejectReason: claim.rejectReason,
      decidedYmdt: ymdt(claim.decidedAt),
      completedYmdt: ymdt(claim.completedAt),
      refundedYmdt: ymdt(claim.refundedAt),
    },
  };
}

export type ProfileClaimView = Pick<
  ProfileClaim,
  | 'claimType'
  | 'orderNo'
  | 'claimReasonType'
  | 'claimReasonDetail'
  | 'orderYmdt'
  | 'claimYmdt'
  | 'claimPriceInfo'
> & { claimNo: number; claimedOptions: ClaimOptionView[]; extra: ClaimExtra };

export function profileClaimOf(result: ClaimResultView, order: orderSteps.OrderRow): ProfileClaimView {
  return {
    claimNo: result.claimNo,
    claimType: result.claimType,
    orderNo: order.orderNo,
    claimReasonType: result.claimReasonType,
    claimReasonDetail: result.claimReasonDetail,
    orderYmdt: toShopbyYmdt(order.orderedAt) as DateYmdt,
    claimYmdt: result.claimYmdt,
    claimPriceInfo: result.claimPriceInfo,
    claimedOptions: result.claimedOptions,
    extra: result.extra,
  };
}
