import { apiRequest } from '../../lib/shop-api-client.ts';
import type { DeliveryGroup, OrderOutcome, PayType } from '../cart/types.ts';

/**
 * The checkout page's calls (docs/commerce-api.md: order sheets, coupons, address book, payments).
 * A guest identifies with the `guestToken` header (the guest identity of stores/guest.ts).
 */

export interface PaymentInfo {
  totalStandardAmt: number;
  totalImmediateDiscountAmt: number;
  productAmt: number;
  productCouponAmt: number;
  cartAmt: number;
  cartCouponAmt: number;
  deliveryAmt: number;
  remoteDeliveryAmt: number;
  usedAccumulationAmt: number;
  availableMaxAccumulationAmt: number;
  accumulationAmtWhenBuyConfirm: number;
  paymentAmt: number;
}

export interface OrderSheet {
  deliveryGroups: DeliveryGroup[];
  invalidProducts: unknown[] | null;
  paymentInfo: PaymentInfo;
  availablePayTypes: { payType: PayType }[];
  ordererContact: { ordererName: string; ordererContact1: string; ordererEmail: string };
  orderSheetPromotionSummary: {
    myAccumulationAmt: number;
    usableCouponCnt: number;
    myCouponCnt: number;
  } | null;
  extra: {
    orderSheetNo: string;
    member: boolean;
    expireYmdt: string;
    cartNos: number[];
    requiredAgreementTypes: string[];
  };
}

export interface SheetCoupon {
  couponIssueNo: number;
  couponName: string;
  couponDiscountAmt: number;
  minSalePrice: number;
  reason: string;
  useEndYmdt: string;
}

export interface SheetCoupons {
  cartAmt: number;
  cartCoupons: SheetCoupon[];
  products: {
    productNo: number;
    productName: string;
    buyAmt: number;
    productCoupons: SheetCoupon[];
    invalidProductCoupons: { couponIssueNo: number; couponName: string; reason: string }[];
  }[];
}

export interface SavedAddress {
  addressNo: number;
  addressName: string | null;
  defaultYn: 'Y' | 'N';
  receiverName: string;
  receiverZipCd: string;
  receiverAddress: string;
  receiverJibunAddress: string | null;
  receiverDetailAddress: string | null;
  receiverContact1: string;
  receiverContact2: string | null;
}

export interface CalculateRequest {
  addressRequest?: { receiverZipCd: string };
  couponRequest?: {
    productCoupons: { couponIssueNo: number; productNo: number }[];
    cartCouponIssueNo: number | null;
  };
  accumulationUseAmt: number;
}

export interface CalculateResponse {
  deliveryGroups: DeliveryGroup[];
  paymentInfo: PaymentInfo;
}

export interface ReserveRequest {
  orderSheetNo: string;
  orderer: { ordererName: string; ordererContact1: string; ordererEmail?: string };
  shippingAddress: {
    addressNo?: number;
    receiverName: string;
    receiverZipCd: string;
    receiverAddress: string;
    receiverDetailAddress?: string;
    receiverJibunAddress?: string;
    receiverContact1: string;
  };
  deliveryMemo: string;
  payType: PayType;
  coupons?: CalculateRequest['couponRequest'];
  subPayAmt?: number;
  tempPassword?: string;
  agreementTypes: string[];
  clientReturnUrl: string;
  paymentAmtForVerification: number;
}

export interface ReserveResponse {
  orderNo: string;
  paymentId: string;
  pgType: string;
  payType: PayType;
  payAmt: number;
  redirectUrl: string | null;
  clientParams: Record<string, unknown> | null;
  clientReturnUrl: string;
}

const guestHeaders = (guestToken: string | null) => (guestToken ? { headers: { guestToken } } : {});

export function getOrderSheet(orderSheetNo: string, guestToken: string | null): Promise<OrderSheet> {
  return apiRequest<OrderSheet>(`/shop-api/order-sheets/${orderSheetNo}`, guestHeaders(guestToken));
}

export function getSheetCoupons(orderSheetNo: string): Promise<SheetCoupons> {
  return apiRequest<SheetCoupons>(`/shop-api/order-sheets/${orderSheetNo}/coupons`);
}

export async function getSavedAddresses(): Promise<SavedAddress[]> {
  const book = await apiRequest<{ defaultAddress: SavedAddress | null; bookedAddresses: SavedAddress[] }>(
    '/shop-api/profile/shipping-addresses',
  );
  return book.bookedAddresses ?? [];
}

export function calculateOrderSheet(
  orderSheetNo: string,
  body: CalculateRequest,
  guestToken: string | null,
  signal?: AbortSignal,
): Promise<CalculateResponse> {
  return apiRequest<CalculateResponse>(`/shop-api/order-sheets/${orderSheetNo}/calculate`, {
    method: 'POST',
    body,
    ...guestHeaders(guestToken),
    ...(signal ? { signal } : {}),
  });
}

export function reservePayment(body: ReserveRequest, guestToken: string | null): Promise<ReserveResponse> {
  return apiRequest<ReserveResponse>('/shop-api/payments/reserve', {
    method: 'POST',
    body,
    ...guestHeaders(guestToken),
  });
}

export interface ReturnParams {
  orderNo: string;
  paymentId: string;
  amount: string;
  ts: string;
  signature: string;
}

/** POST /shop-api/payments/confirm with the signed return's five values. */
export function confirmPayment(params: ReturnParams): Promise<OrderOutcome> {
  return apiRequest<OrderOutcome>('/shop-api/payments/confirm', {
    method: 'POST',
    body: { ...params, amount: Number(params.amount), ts: Number(params.ts) },
  });
}

/** The order detail fields the result and detail pages show (GET /profile/orders/{no}, /guest/orders/{no}). */
export interface OrderDetail {
  orderNo: string;
  orderYmdt: string;
  member: boolean;
  payType: PayType;
  payTypeLabel: string;
  defaultOrderStatusType: string;
  orderer: { ordererName: string; ordererContact1: string; ordererEmail: string };
  shippingAddress: {
    receiverName: string;
    receiverZipCd: string;
    receiverAddress: string;
    receiverDetailAddress: string;
    receiverContact1: string;
  };
  deliveryMemo: string;
  lastOrderAmount: {
    standardAmt: number;
    immediateDiscountAmt: number;
    productCouponDiscountAmt: number;
    cartCouponDiscountAmt: number;
    subPayAmt: number;
    deliveryAmt: number;
    remoteDeliveryAmt: number;
    payAmt: number;
  };
  payInfo?: {
    bankInfo: {
      bankName: string;
      account: string;
      depositorName: string;
      depositAmt: number;
      paymentExpirationYmdt: string;
      depositYmdt: string;
    } | null;
  };
  orderOptionsGroupByPartner: {
    partnerName: string;
    orderOptionsGroupByDelivery: {
      deliveryAmt: number;
      orderOptions: {
        orderOptionNo: number;
        productNo: number;
        productName: string;
        optionTitle: string;
        imageUrl: string;
        orderCnt: number;
        inputs: { inputLabel: string; inputValue: string }[];
        price: { buyAmt: number };
      }[];
    }[];
  }[];
  /** Podo's summary; the my-page order routes answer a shorter one (fields may be missing). */
  extra?: Partial<OrderOutcome> & { displayGroup?: string; paidYmdt?: string | null };
}

/** A member's own order, or a guest's (by the order token from the password, or the guest identity). */
export function getOrderDetail(orderNo: string, who: { member: true } | { guestToken: string }) {
  return 'member' in who
    ? apiRequest<OrderDetail>(`/shop-api/profile/orders/${orderNo}`)
    : apiRequest<OrderDetail>(`/shop-api/guest/orders/${orderNo}`, {
        headers: { guestToken: who.guestToken },
      });
}

/** POST /shop-api/guest/orders/{orderNo} { password } → a guest order token (2 hours). */
export function openGuestOrder(orderNo: string, password: string) {
  return apiRequest<{ guestToken: string; expireIn: number }>(`/shop-api/guest/orders/${orderNo}`, {
    method: 'POST',
    body: { password },
  });
}

/** The sandbox provider's test deposit into a virtual account. */
export function sandboxDeposit(paymentId: string) {
  return apiRequest(`/api/payment-sandbox/payments/${encodeURIComponent(paymentId)}/deposit`, {
    method: 'POST',
    body: {},
  });
}
