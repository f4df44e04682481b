/**
 * What the cart and checkout islands read of the shop API's answers (docs/commerce-api.md). Only
 * the fields used here; the server's full shapes are Shopby's (`@shopby/shop-sdk`).
 */

export interface CartOptionInput {
  inputNo?: number;
  inputLabel: string;
  inputValue: string;
}

export interface CartOptionLine {
  cartNo: number;
  productNo: number;
  optionNo: number;
  orderCnt: number;
  stockCnt: number;
  soldOut: boolean;
  optionName: string;
  optionValue: string;
  optionTitle: string;
  imageUrl: string;
  /** One unit after the immediate discount, add price included. */
  buyPrice: number;
  price: {
    salePrice: number;
    addPrice: number;
    immediateDiscountAmt: number;
    standardAmt: number;
    buyAmt: number;
  };
  optionInputs: CartOptionInput[];
  validInfo: { valid: boolean; errorCode: { code: string }; message: string };
  /** Podo: a design line's design (its name and the server-rendered preview). */
  extra?: { design?: { designId: string; name: string; previewUrl: string | null } | null };
}

export interface CartProduct {
  productNo: number;
  productName: string;
  imageUrl: string;
  brandName: string;
  partnerName: string;
  buyAmt: number;
  minBuyCount: number;
  maxBuyCountInfo: { maxBuyTimeCount: number };
  optionUsed: boolean;
  orderProductOptions: CartOptionLine[];
}

export interface DeliveryCondition {
  deliveryConditionType: 'FREE' | 'FIXED_FEE' | 'CONDITIONAL' | string;
  baseDeliveryAmt: number;
  aboveDeliveryAmt: number;
  deliveryAmt: number;
  remoteDeliveryAmt: number;
}

export interface DeliveryGroup {
  partnerNo: number;
  partnerName: string;
  deliveryTemplateNo: number;
  buyAmt: number;
  deliveryAmt: number;
  remoteDeliveryAmt: number;
  deliveryCondition: DeliveryCondition;
  orderProducts: CartProduct[];
}

export interface CartPrice {
  standardAmt: number;
  discountAmt: number;
  buyAmt: number;
  totalDeliveryAmt: number;
  totalAmt: number;
  accumulationAmtWhenBuyConfirm: number;
}

/** GET /cart, GET /cart/subset, POST /guest/cart. */
export interface CartView {
  deliveryGroups: DeliveryGroup[];
  price: CartPrice;
  invalidProducts: CartProduct[];
}

export type PayType = 'CREDIT_CARD' | 'VIRTUAL_ACCOUNT' | 'MOBILE' | 'NAVER_EASY_PAY';

export interface VirtualAccount {
  bankCode: string;
  bankName: string;
  account: string;
  holderName: string;
  dueYmdt: string;
}

/** The payment outcome (POST /payments/confirm, and `extra` of an order detail). */
export interface OrderOutcome {
  orderNo: string;
  orderStatus: string;
  orderStatusLabel: string;
  result: 'PAID' | 'DEPOSIT_WAIT' | 'PENDING' | 'FAILED' | 'CANCELLED' | 'REFUNDED';
  message: string;
  payType: PayType;
  payTypeLabel: string;
  pgType: string;
  payAmt: number;
  member: boolean;
  virtualAccount: VirtualAccount | null;
  failure: { code: string; message: string } | null;
  refundStatus: 'REQUIRED' | 'DONE' | null;
}
