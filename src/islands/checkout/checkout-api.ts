import type { InferRequestType } from 'hono/client';
import { guestOrderApi } from '../../lib/clients/guest-orders.ts';
import { orderSheetApi } from '../../lib/clients/order-sheets.ts';
import { paymentSandboxApi } from '../../lib/clients/payment-sandbox.ts';
import { paymentApi } from '../../lib/clients/payments.ts';
import { profileOrderApi } from '../../lib/clients/profile-orders.ts';
import { shippingAddressApi } from '../../lib/clients/shipping-addresses.ts';
import { param, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';

/**
 * The checkout page's calls (docs/commerce-api.md: order sheets, coupons, address book, payments).
 * A guest identifies with the `guestToken` header (the guest identity of stores/guest.ts). The
 * answers' types are the routes' own, inferred through the typed clients.
 */

const sheet = orderSheetApi[':orderSheetNo'];
const guestOrder = guestOrderApi[':orderNo'];

export type OrderSheet = ResponseOf<typeof sheet.$get>;
export type PaymentInfo = OrderSheet['paymentInfo'];
/** The member's coupons for a sheet (an empty set stands in when they could not be loaded). */
export type SheetCoupons = Pick<
  ResponseOf<typeof sheet.coupons.$get>,
  'cartAmt' | 'cartCoupons' | 'products'
>;
/** An address of the member's book. */
export type SavedAddress = ResponseOf<typeof shippingAddressApi.index.$get>['bookedAddresses'][number];
export type CalculateRequest = InferRequestType<typeof sheet.calculate.$post>['json'];
export type CalculateResponse = ResponseOf<typeof sheet.calculate.$post>;
export type ReserveRequest = InferRequestType<typeof paymentApi.reserve.$post>['json'];
export type ReserveResponse = ResponseOf<typeof paymentApi.reserve.$post>;
/** The payment outcome (POST /payments/confirm, and `extra` of an order detail). */
export type OrderOutcome = ResponseOf<typeof paymentApi.confirm.$post>;
/** The pay types Podo takes (CREDIT_CARD, VIRTUAL_ACCOUNT, MOBILE, NAVER_EASY_PAY, KAKAO_PAY, TOSS_PAY). */
export type PayType = OrderOutcome['payType'];
export type VirtualAccount = NonNullable<OrderOutcome['virtualAccount']>;
/** A member's own order (GET /profile/orders/{no}) or a guest's (GET /guest/orders/{no}). */
export type OrderDetail =
  ResponseOf<(typeof profileOrderApi)[':orderNo']['$get']> | ResponseOf<typeof guestOrder.$get>;

const guestHeaders = (guestToken: string | null) => (guestToken ? { headers: { guestToken } } : {});

export function getOrderSheet(orderSheetNo: string, guestToken: string | null): Promise<OrderSheet> {
  return unwrap(sheet.$get({ param: param({ orderSheetNo }) }, guestHeaders(guestToken)));
}

export function getSheetCoupons(orderSheetNo: string): Promise<SheetCoupons> {
  return unwrap(sheet.coupons.$get({ param: param({ orderSheetNo }) }));
}

/** The member's book, and where their last order went when the book does not hold it. */
export async function getSavedAddresses(): Promise<{ booked: SavedAddress[]; recent: SavedAddress | null }> {
  const book = await unwrap(shippingAddressApi.index.$get());
  return { booked: book.bookedAddresses, recent: book.recentAddresses[0] ?? null };
}

export function calculateOrderSheet(
  orderSheetNo: string,
  body: CalculateRequest,
  guestToken: string | null,
  signal?: AbortSignal,
): Promise<CalculateResponse> {
  return unwrap(
    sheet.calculate.$post(
      { param: param({ orderSheetNo }), json: body },
      { ...guestHeaders(guestToken), init: { signal } },
    ),
  );
}

export function reservePayment(body: ReserveRequest, guestToken: string | null): Promise<ReserveResponse> {
  return unwrap(paymentApi.reserve.$post({ json: body }, guestHeaders(guestToken)));
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
  return unwrap(
    paymentApi.confirm.$post({ json: { ...params, amount: Number(params.amount), ts: Number(params.ts) } }),
  );
}

/** A member's own order, or a guest's (by the order token from the password, or the guest identity). */
export function getOrderDetail(
  orderNo: string,
  who: { member: true } | { guestToken: string },
): Promise<OrderDetail> {
  return 'member' in who
    ? unwrap(profileOrderApi[':orderNo'].$get({ param: param({ orderNo }) }))
    : unwrap(guestOrder.$get({ param: param({ orderNo }) }, { headers: { guestToken: who.guestToken } }));
}

/** POST /shop-api/guest/orders/{orderNo} { password } → a guest order token (2 hours). */
export function openGuestOrder(orderNo: string, password: string) {
  return unwrap(guestOrder.$post({ param: param({ orderNo }), json: { password } }));
}

/** The sandbox provider's test deposit into a virtual account. */
export function sandboxDeposit(paymentId: string) {
  return unwrap(
    paymentSandboxApi.payments[':paymentId'][':action'].$post({
      param: param({ paymentId, action: 'deposit' }),
      json: {},
    }),
  );
}
