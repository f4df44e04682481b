/**
 * The payment port. An adapter registers a payment with its provider before the browser goes
 * there, re-fetches it as the provider knows it (the only truth Podo acts on), cancels or refunds
 * it, and verifies the provider's webhooks. Built-in: `sandbox` (Podo's own test payment pages);
 * real: `portone` (PortOne V2: KCP card, virtual account, mobile, Naver Pay, Kakao Pay, Toss Pay).
 */

export type PaymentProviderName = 'sandbox' | 'portone';
/** Shopby's `payType` values (the SDK's PAY_TYPE_MAP) for the ways Podo takes money. */
export type PayType =
  'CREDIT_CARD' | 'VIRTUAL_ACCOUNT' | 'MOBILE' | 'NAVER_EASY_PAY' | 'KAKAO_PAY' | 'TOSS_PAY';
export const PAY_TYPES: readonly PayType[] = [
  'CREDIT_CARD',
  'VIRTUAL_ACCOUNT',
  'MOBILE',
  'NAVER_EASY_PAY',
  'KAKAO_PAY',
  'TOSS_PAY',
];

/**
 * Easy pay wallets a shop adds when it has their channel (decision 036): offered at checkout only
 * when the provider can take them (the sandbox always; PortOne with the wallet's channel key).
 */
export const OPTIONAL_PAY_TYPES: readonly PayType[] = ['KAKAO_PAY', 'TOSS_PAY'];

export const PAY_TYPE_LABELS: Record<PayType, string> = {
  CREDIT_CARD: '신용카드',
  VIRTUAL_ACCOUNT: '가상계좌',
  MOBILE: '휴대폰결제',
  NAVER_EASY_PAY: '네이버페이',
  KAKAO_PAY: '카카오페이',
  TOSS_PAY: '토스페이',
};

export type ProviderPaymentStatus = 'READY' | 'VIRTUAL_ACCOUNT_ISSUED' | 'PAID' | 'FAILED' | 'CANCELLED';

export interface PaymentRequest {
  /** Podo's id for the payment at the provider ('pay_…'). */
  paymentId: string;
  orderNo: string;
  orderName: string;
  amount: number;
  payType: PayType;
  buyer: { name: string; email: string; phone: string };
  /** Where the browser comes back to: the signed /order/order-result address, absolute. */
  returnUrl: string;
  /** The same, as a path on this site (for Podo's own sandbox pages). */
  returnPath: string;
  /** Absolute URL of the provider's webhook receiver on this shop. */
  webhookUrl: string;
  platform: 'PC' | 'MOBILE_WEB';
}

export interface PreparedPayment {
  /** Where to send the browser (sandbox pages), or null when the page opens the provider's SDK. */
  redirectUrl: string | null;
  /** What the page hands to the provider's browser SDK (PortOne), or null. */
  clientParams: Record<string, unknown> | null;
}

export interface VirtualAccount {
  bankCode: string;
  bankName: string;
  accountNumber: string;
  holderName: string;
  /** ISO time the deposit is due. */
  dueAt: string;
}

export interface ProviderPayment {
  paymentId: string;
  /** The order the provider has the payment under (null when it does not say). */
  orderNo: string | null;
  amount: number;
  status: ProviderPaymentStatus;
  paidAt: string | null;
  failureReason: string | null;
  virtualAccount: VirtualAccount | null;
  /** The provider's answer, for the record. */
  raw: unknown;
}

export interface WebhookEvent {
  /** The provider's delivery id: the same for a retry of one delivery. */
  deliveryId: string;
  type: string;
  paymentId: string | null;
}

export interface PaymentProviderAdapter {
  readonly name: PaymentProviderName;
  prepare(request: PaymentRequest): Promise<PreparedPayment>;
  getPayment(paymentId: string): Promise<ProviderPayment>;
  /** Full cancel / refund (or closing an unpaid virtual account). Already cancelled counts as done. */
  cancel(paymentId: string, request: { amount: number; reason: string }): Promise<void>;
  /**
   * Gives back part of a paid payment (a partial cancel or a return). `refundKey` identifies the
   * refund: a retry with a key the provider already refunded counts as done and pays nothing twice.
   * The payment stays PAID as far as `getPayment` tells (decision 009).
   */
  cancelPart?(
    paymentId: string,
    request: { amount: number; reason: string; refundKey: string },
  ): Promise<void>;
  /** Checks the signature over the raw body and the timestamp; throws WebhookVerificationError. */
  verifyWebhook(rawBody: string, headers: Headers, now: Date): WebhookEvent;
}

/** The provider could not be reached, or refused (`notFound`: it has no such payment). */
export class PaymentProviderError extends Error {
  readonly notFound: boolean;
  constructor(message: string, options: { notFound?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'PaymentProviderError';
    this.notFound = options.notFound ?? false;
  }
}

export class WebhookVerificationError extends Error {
  readonly status: 400 | 401;
  constructor(message: string, status: 400 | 401 = 401) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.status = status;
  }
}
