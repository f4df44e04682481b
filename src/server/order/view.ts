import type { Bank, OrderAmt } from '@shopby/shop-sdk/build/types/domain/order';
import { toShopbyYmdt } from '../../lib/dates.ts';
import { orderGroupOf } from '../../lib/order-claims.ts';
import { ORDER_STATUS_LABELS } from '../../lib/order-status.ts';
import { PAY_TYPE_LABELS, type PayType } from '../adapters/payment/index.ts';
import type { Db } from '../db/client.ts';
import { designSummaries, type DesignSummary, designIdOfLine } from '../design/index.ts';

import type { PaymentRow } from '../payment/index.ts';
import * as repo from './repo.ts';
import { REFUND_TYPE_LABELS, refundTypeOf, shopbyPgType } from './shopby-extras.ts';
import { paymentSteps } from '../payment/index.ts';

/** Orders as the result page, the guest order page and my page read them. */

export { ORDER_STATUS_LABELS };

/** The spec's display groups (section 4), each named after its statuses: what the order list groups by. */
export function displayGroup(status: repo.OrderStatus): string {
  return orderGroupOf(status)?.label ?? ORDER_STATUS_LABELS[status];
}

export interface VirtualAccountView {
  bankCode: string;
  bankName: string;
  account: string;
  holderName: string;
  /** Shopby time, Seoul. */
  dueYmdt: string;
}

function virtualAccount(p: PaymentRow | null): VirtualAccountView | null {
  if (!p?.vbankAccount) return null;
  return {
    bankCode: p.vbankCode ?? '',
    bankName: p.vbankName ?? '',
    account: p.vbankAccount,
    holderName: p.vbankHolder ?? '',
    dueYmdt: p.vbankDueAt ? toShopbyYmdt(p.vbankDueAt) : '',
  };
}

export type PaymentResult = 'PAID' | 'DEPOSIT_WAIT' | 'PENDING' | 'FAILED' | 'CANCELLED' | 'REFUNDED';

/** What the payment came to, for the result page. */
export interface OrderOutcome {
  orderNo: string;
  orderStatus: repo.OrderStatus;
  orderStatusLabel: string;
  result: PaymentResult;
  /** A sentence for the shopper. */
  message: string;
  payType: PayType;
  payTypeLabel: string;
  /** Shopby's name of the payment gateway (`DUMMY` for the sandbox, `KCP` …): what Shopby clients read. */
  pgType: string;
  /** Podo's payment adapter that took the payment (`sandbox`, `portone`): what Podo's own pages read. */
  provider: string;
  payAmt: number;
  member: boolean;
  virtualAccount: VirtualAccountView | null;
  /** Why the order did not go through (SOLD_OUT, COUPON_USED, POINTS_SHORT, AMOUNT_MISMATCH, declined …). */
  failure: { code: string; message: string } | null;
  /** REQUIRED: money is being given back; DONE: given back. */
  refundStatus: 'REQUIRED' | 'DONE' | null;
}

/** Failures after the money moved: the confirm route answers them with 409. */
export const AFTER_PAYMENT_FAILURES = new Set(['SOLD_OUT', 'COUPON_USED', 'POINTS_SHORT', 'AMOUNT_MISMATCH']);

export function outcomeOf(order: repo.OrderRow, payment: PaymentRow | null): OrderOutcome {
  const s = order.orderStatus;
  let result: PaymentResult;
  let message: string;
  if (s === 'PAY_WAIT') {
    result = 'PENDING';
    message = '결제를 확인하고 있습니다.';
  } else if (s === 'DEPOSIT_WAIT') {
    result = 'DEPOSIT_WAIT';
    message = '가상계좌가 발급되었습니다. 입금 기한까지 입금해 주세요.';
  } else if (s === 'PAY_FAIL') {
    result = 'FAILED';
    message = order.failureMessage ?? '결제에 실패했습니다.';
  } else if (s === 'PAY_CANCEL') {
    result = 'CANCELLED';
    message = order.failureMessage ?? '결제를 취소했습니다.';
  } else if (s === 'CANCEL_DONE') {
    result = 'REFUNDED';
    message = order.failureMessage ?? '주문이 취소되었습니다.';
  } else {
    result = 'PAID';
    message = '주문이 완료되었습니다.';
  }
  return {
    orderNo: order.orderNo,
    orderStatus: s,
    orderStatusLabel: ORDER_STATUS_LABELS[s],
    result,
    message,
    payType: order.payType,
    payTypeLabel: PAY_TYPE_LABELS[order.payType],
    pgType: shopbyPgType(order.pgType, order.payType),
    provider: order.pgType,
    payAmt: order.payAmt,
    member: order.memberNo !== null,
    virtualAccount: virtualAccount(payment),
    failure: order.failureCode ? { code: order.failureCode, message: order.failureMessage ?? '' } : null,
    refundStatus: order.refundStatus,
  };
}

/** Shopby's amounts of an order (the detail's and the my-page list's `first`/`lastOrderAmt`). */
export function amounts(
  o: Pick<
    repo.OrderRow,
    | 'standardAmt'
    | 'immediateDiscountAmt'
    | 'productCouponDiscountAmt'
    | 'cartCouponDiscountAmt'
    | 'deliveryAmt'
    | 'remoteDeliveryAmt'
    | 'usedAccumulationAmt'
    | 'payAmt'
  >,
): OrderAmt {
  return {
    standardAmt: o.standardAmt,
    totalProductAmt: o.standardAmt - o.immediateDiscountAmt,
    immediateDiscountAmt: o.immediateDiscountAmt,
    additionalDiscountAmt: 0,
    productCouponDiscountAmt: o.productCouponDiscountAmt,
    cartCouponDiscountAmt: o.cartCouponDiscountAmt,
    deliveryCouponDiscountAmt: 0,
    deliveryAmt: o.deliveryAmt,
    remoteDeliveryAmt: o.remoteDeliveryAmt,
    subPayAmt: o.usedAccumulationAmt,
    chargeAmt: o.payAmt,
    payAmt: o.payAmt,
  };
}

/**
 * GET /profile/orders/{orderNo} and /guest/orders/{orderNo}: Shopby's order detail, the fields a
 * result or detail page needs, plus `extra` with Podo's summary (status label, display group,
 * virtual account, failure, refund). Steps: the order's parts read (lines, delivery groups, latest
 * payment, design summaries) → the orderer and addresses → the payment → the lines grouped by
 * partner and delivery → Podo's summary.
 */
export async function orderDetail(db: Db, order: repo.OrderRow) {
  const { options, groups, payment, designs } = await detailParts(db, order.orderNo);
  const address = addressOf(order);
  const refundType = refundTypeOf({
    beforeDeposit: order.orderStatus === 'DEPOSIT_WAIT',
    refundPayAmt: order.payAmt,
    refundSubPayAmt: order.usedAccumulationAmt,
    provider: payment?.provider ?? null,
  });
  return {
    orderNo: order.orderNo,
    orderYmdt: toShopbyYmdt(order.orderedAt),
    member: order.memberNo !== null,
    payType: order.payType,
    payTypeLabel: PAY_TYPE_LABELS[order.payType],
    pgType: shopbyPgType(order.pgType, order.payType),
    pgMallKey: '',
    defaultOrderStatusType: order.orderStatus,
    orderer: {
      ordererName: order.ordererName,
      ordererContact1: order.ordererContact1,
      ordererContact2: order.ordererContact2,
      ordererEmail: order.ordererEmail,
    },
    shippingAddress: address,
    billingAddress: address,
    deliveryMemo: order.deliveryMemo,
    memo: '',
    accumulationAmtWhenBuyConfirm: order.accumulationAmtWhenBuyConfirm,
    firstOrderAmount: amounts(order),
    lastOrderAmount: amounts(order),
    payInfo: payInfoOf(order, payment),
    refundType,
    refundTypeLabel: REFUND_TYPE_LABELS[refundType],
    // the SDK types it as a RefundType too: the same way back
    refundPayType: refundType,
    orderOptionsGroupByPartner: partnerGroups(order, groups, options, designs),
    nextActions: [],
    refundInfos: [],
    additionalPayInfos: [],
    exchangePayInfos: [],
    receiptInfos: [],
    claimReasonTypes: [],
    availableBanks: [],
    escrow: false,
    requireCustomsIdNumber: false,
    extra: {
      ...outcomeOf(order, payment),
      displayGroup: displayGroup(order.orderStatus),
      usedAccumulationAmt: order.usedAccumulationAmt,
      paidYmdt: order.paidAt ? toShopbyYmdt(order.paidAt) : null,
      canceledYmdt: order.canceledAt ? toShopbyYmdt(order.canceledAt) : null,
    },
  };
}

/** The order's lines, delivery groups and latest payment, and the designs of its design lines. */
async function detailParts(db: Db, orderNo: string) {
  const [options, groups, payment] = await Promise.all([
    repo.selectOptions(db, orderNo),
    repo.selectGroups(db, orderNo),
    paymentSteps.selectLatestOfOrder(db, orderNo),
  ]);
  const designIds = options.map((o) => designIdOfLine(o.optionInputs));
  const designs = designIds.some((id) => id !== null)
    ? await designSummaries(
        db,
        designIds.filter((id): id is string => id !== null),
      )
    : new Map<string, DesignSummary>();
  return { options, groups, payment, designs };
}

function addressOf(order: repo.OrderRow) {
  return {
    addressNo: 0,
    receiverName: order.receiverName,
    receiverZipCd: order.receiverZipCd,
    receiverAddress: order.receiverAddress,
    receiverJibunAddress: order.receiverJibunAddress,
    receiverDetailAddress: order.receiverDetailAddress,
    receiverContact1: order.receiverContact1,
    receiverContact2: order.receiverContact2,
    countryCd: 'KR' as const,
  };
}

/** Shopby's bank codes of the banks Podo's payment providers name (by the provider's Korean name). */
const SHOPBY_BANKS: Readonly<Record<string, Bank>> = {
  국민은행: 'KB',
  신한은행: 'SHINHAN',
  우리은행: 'WOORI',
  하나은행: 'KEBHANA',
  NH농협은행: 'NH',
  기업은행: 'IBK',
  카카오뱅크: 'KAKAO',
  토스뱅크: 'TOSS',
  케이뱅크: 'KBANK',
  SC제일은행: 'SC',
  한국씨티은행: 'CITY',
  부산은행: 'PUSAN',
  대구은행: 'DAEGU',
  광주은행: 'GWANGJU',
  제주은행: 'JEJU',
  전북은행: 'JEONBUK',
  경남은행: 'GYEONGNAM',
  우체국: 'EPOST',
  새마을금고: 'KFCC',
  수협은행: 'SUHYUP',
};

/**
 * Shopby's `payInfo`: the card payment's amount and approval time from the payment, a virtual
 * account's bank from the provider; what Podo's providers do not report (card company and number,
 * approval number, phone carrier, Naver Pay's breakdown, cash receipts) is the type's empty value,
 * null for its closed lists of words (card company, bank of a non-bank payment, Naver Pay's place).
 */
function payInfoOf(order: repo.OrderRow, payment: PaymentRow | null) {
  const va = virtualAccount(payment);
  const card = order.payType === 'CREDIT_CARD' && payment?.status === 'PAID';
  return {
    payType: order.payType,
    payAmt: order.payAmt,
    pointAmt: order.usedAccumulationAmt,
    escrowYn: 'N' as const,
    bankInfo: va
      ? {
          bank: SHOPBY_BANKS[va.bankName] ?? null,
          bankCode: va.bankCode,
          bankName: va.bankName,
          account: va.account,
          depositorName: va.holderName,
          depositAmt: order.payAmt,
          bankAmt: order.payAmt,
          paymentExpirationYmdt: va.dueYmdt,
          depositYmdt: order.paidAt ? toShopbyYmdt(order.paidAt) : '',
          remitterName: order.ordererName,
        }
      : {
          bank: null,
          bankCode: '',
          bankName: null,
          account: '',
          depositorName: '',
          depositAmt: 0,
          bankAmt: 0,
          paymentExpirationYmdt: '',
          depositYmdt: '',
          remitterName: '',
        },
    cardInfo: {
      cardCompany: null,
      cardCode: '',
      cardName: '',
      cardNo: '',
      cardApprovalNumber: '',
      installmentPeriod: 0,
      noInterest: false,
      cardAmt: card ? order.payAmt : 0,
      approveYmdt: card && payment.approvedAt ? toShopbyYmdt(payment.approvedAt) : '',
    },
    mobileInfo: { mobileCompany: '', mobileNo: '' },
    naverPayInfo: {
      orderType: '',
      paymentDueDate: '',
      paymentMeans: '',
      paymentCoreType: '',
      payLocationType: null,
      generalPaymentAmount: 0,
      neverMileagePaymentAmount: 0,
      chargeAmountPaymentAmount: 0,
      checkoutAccumulationPaymentAmount: 0,
      orderDiscountAmount: 0,
    },
    cashNo: '',
    cashAuthNo: '',
  };
}

/** The lines grouped by partner, then by delivery template (Shopby's nesting). */
function partnerGroups(
  order: repo.OrderRow,
  groups: readonly repo.OrderGroupRow[],
  options: readonly repo.OrderOptionRow[],
  designs: ReadonlyMap<string, DesignSummary>,
) {
  const partners = [...new Set(groups.map((g) => g.partnerNo))];
  return partners.map((partnerNo) => {
    const mine = groups.filter((g) => g.partnerNo === partnerNo);
    return {
      partnerNo,
      partnerName: mine[0]!.partnerName,
      orderOptionsGroupByDelivery: mine.map((g) => ({
        partnerNo,
        partnerName: g.partnerName,
        deliveryNo: g.deliveryTemplateNo,
        deliveryPayType: 'PREPAID_DELIVERY' as const,
        deliveryAmt: g.deliveryAmt,
        remoteDeliveryAmt: g.remoteDeliveryAmt,
        returnDeliveryAmt: 0,
        invoiceNo: '',
        receiverName: order.receiverName,
        receiverZipCd: order.receiverZipCd,
        receiverAddress: order.receiverAddress,
        receiverDetailAddress: order.receiverDetailAddress,
        receiverContact1: order.receiverContact1,
        receiverContact2: order.receiverContact2,
        deliveryMemo: order.deliveryMemo,
        shippingAreaType: 'MALL_SHIPPING_AREA' as const,
        baseProductNo: null,
        baseProductName: null,
        orderOptions: options
          .filter((o) => o.partnerNo === partnerNo && o.deliveryTemplateNo === g.deliveryTemplateNo)
          .map((o) => orderOptionView(order, o, designs)),
      })),
    };
  });
}

/** One order line in Shopby's `OrderOption` shape (the order detail's, and my page's list). */
export function orderOptionView(
  order: Pick<repo.OrderRow, 'orderNo' | 'orderStatus' | 'memberNo' | 'orderedAt'>,
  o: repo.OrderOptionRow,
  designs: ReadonlyMap<string, DesignSummary>,
) {
  return {
    orderNo: order.orderNo,
    orderOptionNo: o.orderOptionNo,
    productNo: o.productNo,
    optionNo: o.optionNo,
    productName: o.productName,
    optionName: o.optionName,
    optionValue: o.optionValue,
    optionTitle: o.optionName
      ? o.optionName
          .split('|')
          .map((label, i) => `${label}: ${o.optionValue.split('|')[i] ?? ''}`)
          .join(' / ')
      : '',
    optionManagementCd: o.optionManagementCd,
    optionType: o.optionName ? ('NORMAL_OPTION' as const) : ('PRODUCT_ONLY' as const),
    imageUrl: o.imageUrl,
    orderCnt: o.orderCnt,
    orderStatusType: order.orderStatus,
    orderStatusTypeLabel: ORDER_STATUS_LABELS[order.orderStatus],
    inputs: o.optionInputs.map((i) => ({ inputLabel: i.inputLabel, inputValue: i.inputValue })),
    price: linePrice(o),
    accumulationAmt: 0,
    member: order.memberNo !== null,
    isFreeGift: false,
    deliverable: true,
    optionUsed: Boolean(o.optionName),
    refundable: true,
    reservation: false,
    setOptions: [],
    nextActions: [],
    exchangeYn: 'N' as const,
    additionalProductNo: 0,
    deliveryInternationalYn: false,
    isExtraProduct: false,
    baseProductNo: null,
    baseProductName: null,
    delivery: { usesShippingInfoLaterInput: false, invoiceNo: '' },
    orderStatusDate: {
      registerYmdt: toShopbyYmdt(order.orderedAt),
      buyConfirmYmdt: '',
      reviewableYmdt: '',
    },
    /** Podo: a design line's design (name, previews), else null. */
    extra: { design: designs.get(designIdOfLine(o.optionInputs) ?? '') ?? null },
  };
}

function linePrice(o: repo.OrderOptionRow) {
  return {
    salePrice: o.salePrice,
    addPrice: o.addPrice,
    immediateDiscountAmt: o.immediateDiscountAmt * o.orderCnt,
    immediateDiscountedPrice: o.buyPrice,
    immediateDiscountedAmt: o.buyAmt,
    additionalDiscountAmt: 0,
    buyPrice: o.buyPrice,
    buyAmt: o.buyAmt,
    standardPrice: o.salePrice + o.addPrice,
    standardAmt: (o.salePrice + o.addPrice) * o.orderCnt,
    accumulationRate: o.accumulationRate,
  };
}

export type OrderDetail = Awaited<ReturnType<typeof orderDetail>>;
