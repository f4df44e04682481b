/**
 * What the cart and checkout islands read of the shop API's answers (docs/commerce-api.md). Only
 * the fields used here, so pure code and its tests need not build Shopby's full shapes
 * (`@shopby/shop-sdk`); the typed clients check the routes' answers against them.
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
