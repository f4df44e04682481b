import { posApi } from '../../lib/clients/pos.ts';
import { ApiError, errorMessage, param, query, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';
import type { CounterItem, SaleRequest } from '../../lib/pos/cart.ts';
import type { SendOutcome } from '../../lib/pos/offline-queue.ts';

/**
 * The counter's calls to /api/pos, with what a dropped connection means for each: a lookup says
 * "offline" (the caller falls back to its cache), a sale says whether it may be retried.
 */

export type CounterSale = ResponseOf<typeof posApi.sales.$post>['sale'];
export type CounterMember = ResponseOf<typeof posApi.members.$get>['members'][number];
export type Shift = ResponseOf<typeof posApi.shifts.$post>;
export type KakaoRequest = ResponseOf<typeof posApi.kakao.$post>;

/** No answer from the server at all (the connection dropped, or the browser knows it is offline). */
export function isOffline(err: unknown): boolean {
  return (
    (err instanceof ApiError && err.status === 0) || (typeof navigator !== 'undefined' && !navigator.onLine)
  );
}

export async function itemsByCode(code: string): Promise<CounterItem[]> {
  return (await unwrap(posApi.items.$get({ query: query({ code }) }))).items;
}

export async function searchItems(q: string): Promise<CounterItem[]> {
  return (await unwrap(posApi.items.$get({ query: query({ q }) }))).items;
}

export async function membersByPhone(phone: string): Promise<CounterMember[]> {
  return (await unwrap(posApi.members.$get({ query: query({ phone }) }))).members;
}

export function openShift(openingCash: number): Promise<Shift> {
  return unwrap(posApi.shifts.$post({ json: { openingCash } }));
}

/** Sends a sale: recorded (or a replay of the same key), refused by the server, or to retry. */
export async function sendSale(body: SaleRequest): Promise<SendOutcome & { code?: string }> {
  try {
    const { sale, replay } = await unwrap(posApi.sales.$post({ json: body }));
    return { kind: 'recorded', sale, replay };
  } catch (err) {
    if (err instanceof ApiError && err.status !== 0 && err.status < 500 && err.status !== 429)
      return { kind: 'refused', message: err.message, code: err.code };
    return {
      kind: 'retry',
      message: errorMessage(err),
      ...(err instanceof ApiError ? { code: err.code } : {}),
    };
  }
}

export function kakaoReady(amount: number): Promise<KakaoRequest> {
  return unwrap(posApi.kakao.$post({ json: { amount } }));
}

export function kakaoStatus(requestId: string): Promise<KakaoRequest> {
  return unwrap(posApi.kakao[':requestId'].$get({ param: param({ requestId }) }));
}

/** Withdraws a request the counter no longer shows (an approval not yet used is paid back). */
export function kakaoWithdraw(requestId: string): Promise<unknown> {
  return unwrap(posApi.kakao[':requestId'].$delete({ param: param({ requestId }) }));
}

export async function declineNextCard(): Promise<void> {
  await unwrap(posApi['terminal-simulator']['decline-next'].$post());
}
