import { persistentJSON } from '@nanostores/persistent';
import type { CartKind } from './cart.ts';

/**
 * Saved order data (spec section 3, stored client state): the order sheet being checked out, where
 * it came from, what the shopper typed on the checkout page (so a reload or a declined payment does
 * not lose it) and the order the payment was reserved for. Logout clears it with every `podo:` key.
 * The guest order password is never kept.
 */

export const ORDER_DRAFT_KEY = 'podo:order-draft';
/** sessionStorage: guest order tokens from POST /guest/orders/{orderNo} (the "guest order secret key"). */
export const GUEST_ORDER_TOKENS_KEY = 'podo:guest-order-tokens';

export interface CheckoutFormDraft {
  ordererName: string;
  ordererContact: string;
  ordererEmail: string;
  /** A saved address's number, or 'new'. */
  addressChoice: number | 'new';
  receiverName: string;
  receiverContact: string;
  receiverZipCd: string;
  receiverAddress: string;
  receiverDetailAddress: string;
  /** 주문자 정보와 동일: the receiver's name and phone are the orderer's (a new address only). */
  sameAsOrderer?: boolean;
  memoPreset: string;
  memoCustom: string;
}

export interface OrderDraft {
  orderSheetNo: string;
  /** Which cart the sheet was made from (where "back" goes). */
  from: CartKind | 'product';
  /** Guest cart lines in the sheet: removed from the guest cart once the order is paid. */
  guestCartNos: number[];
  form: CheckoutFormDraft | null;
  /** Set at POST /payments/reserve. */
  orderNo: string | null;
  paymentId: string | null;
  savedAt: number;
}

const $orderDraft = persistentJSON<OrderDraft | null>(ORDER_DRAFT_KEY, null);

export function startOrderDraft(input: Pick<OrderDraft, 'orderSheetNo' | 'from' | 'guestCartNos'>): void {
  $orderDraft.set({ ...input, form: null, orderNo: null, paymentId: null, savedAt: Date.now() });
}

/** The draft of this order sheet, or null (another sheet's draft is not this page's). */
export function draftFor(orderSheetNo: string): OrderDraft | null {
  const d = $orderDraft.get();
  return d && d.orderSheetNo === orderSheetNo ? d : null;
}

export function saveCheckoutForm(orderSheetNo: string, form: CheckoutFormDraft): void {
  const d = draftFor(orderSheetNo);
  $orderDraft.set({
    ...(d ?? { orderSheetNo, from: 'product', guestCartNos: [], orderNo: null, paymentId: null }),
    form,
    savedAt: Date.now(),
  });
}

export function markReserved(orderSheetNo: string, orderNo: string, paymentId: string): void {
  const d = draftFor(orderSheetNo);
  if (d) $orderDraft.set({ ...d, orderNo, paymentId, savedAt: Date.now() });
}

/** The draft whose payment was reserved for `orderNo`. */
export function draftOfOrder(orderNo: string): OrderDraft | null {
  const d = $orderDraft.get();
  return d && d.orderNo === orderNo ? d : null;
}

export function clearOrderDraft(): void {
  $orderDraft.set(null);
}

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

type TokenMap = Record<string, { guestToken: string; expiresAt: number }>;

function readTokens(): TokenMap {
  try {
    const parsed: unknown = JSON.parse(session()?.getItem(GUEST_ORDER_TOKENS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as TokenMap) : {};
  } catch {
    return {};
  }
}

export function saveGuestOrderToken(orderNo: string, guestToken: string, expireInSeconds: number): void {
  const now = Date.now();
  const kept = Object.fromEntries(Object.entries(readTokens()).filter(([, t]) => t.expiresAt > now));
  kept[orderNo] = { guestToken, expiresAt: now + expireInSeconds * 1000 };
  session()?.setItem(GUEST_ORDER_TOKENS_KEY, JSON.stringify(kept));
}

export function guestOrderToken(orderNo: string): string | null {
  const t = readTokens()[orderNo];
  return t && t.expiresAt > Date.now() && typeof t.guestToken === 'string' ? t.guestToken : null;
}
