import type { RefundType } from '@shopby/shop-sdk/build/types/domain/claim';
import type { GetOrderConfigsResponse, PgType } from '@shopby/shop-sdk/build/types/domain/order';
import { activePaymentProvider } from '../adapters/payment/index.ts';

/**
 * GET /order-configs: the shop's order rules in Shopby's shape. The payment gateway follows the
 * configured provider exactly as the order sheet's `availablePayTypes` do (the sandbox is
 * Shopby's `DUMMY`); Podo offers no Naver Pay order button, escrow, cash receipts, recurring
 * payment or printed specifications, so those are off and their values empty.
 */
export function orderConfigs(): GetOrderConfigsResponse {
  return {
    pgType: activePaymentProvider().name === 'sandbox' ? 'DUMMY' : 'KCP',
    naverPay: null,
    escrow: { escrowInfoKey: null, logo: null, exposeLogo: false },
    shippingEmptyAutoCancel: { use: false, cancelDays: 0 },
    // Podo never moved from another platform: no transfer date (the type wants a date-time)
    mallTransferYmdt: '' as GetOrderConfigsResponse['mallTransferYmdt'],
    useRecurringPayment: false,
    recurringPaymentFreeGiftIssueType: '',
    useAppCard: false,
    useMyPay: false,
    includesPreviousOrder: false,
    cashReceipt: false,
    cashReceiptRequired: false,
    usePaymentReceipt: false,
    useSimpleReceipt: false,
    visibleReceiptBtn: { pgReceipt: false, specification: false, specificationBrief: false },
    viewShopSpecification: false,
    shopSpecificationFields: [],
    specificationAdditionalInfo: '',
  };
}

/**
 * Shopby's `pgType` of an order, from the payment adapter that took it (`orders.pg_type`: the
 * adapter's name). The same mapping as the order sheet's `availablePayTypes` and `/order-configs`:
 * the sandbox is Shopby's `DUMMY`, an order paid without a provider (all by points) `NONE`, and a
 * real gateway `KCP`, or the wallet's own for an easy pay (`NAVER_EASY_PAY`, `KAKAO_PAY`, and
 * `TOSS_PAYMENTS` for Toss Pay, decision 036). Podo's own checkout keeps the adapter's name
 * in the payment reserve's answer, where it picks the adapter.
 */
export function shopbyPgType(adapterName: string, payType: string): PgType {
  if (adapterName === 'sandbox') return 'DUMMY';
  if (adapterName === 'none') return 'NONE';
  return WALLET_PG_TYPES[payType] ?? 'KCP';
}

const WALLET_PG_TYPES: Record<string, PgType> = {
  NAVER_EASY_PAY: 'NAVER_EASY_PAY',
  KAKAO_PAY: 'KAKAO_PAY',
  TOSS_PAY: 'TOSS_PAYMENTS',
};

/**
 * How money goes back (Shopby's `refundType`), one rule for a cancellation and for the order
 * detail's `refundType` (how the order would be refunded if cancelled now): nothing was paid yet
 * before a deposit; money paid through a gateway goes back through it; points back as points.
 */
export function refundTypeOf(f: {
  beforeDeposit: boolean;
  refundPayAmt: number;
  refundSubPayAmt: number;
  provider: string | null;
}): Extract<RefundType, 'CANCEL_DEPOSIT' | 'PG' | 'ACCUMULATION' | 'ZERO_REFUND'> {
  if (f.beforeDeposit) return 'CANCEL_DEPOSIT';
  if (f.refundPayAmt > 0 && f.provider !== null && f.provider !== 'none') return 'PG';
  return f.refundSubPayAmt > 0 ? 'ACCUMULATION' : 'ZERO_REFUND';
}

/** Shopby's labels of the refund types Podo uses (its REFUND_TYPE_MAP). */
export const REFUND_TYPE_LABELS: Record<ReturnType<typeof refundTypeOf>, string> = {
  PG: 'PG 환불',
  CANCEL_DEPOSIT: '입금 전 취소',
  ACCUMULATION: '적립금 환불',
  ZERO_REFUND: '0원 환불',
};
