import { persistentAtom } from '@nanostores/persistent';
import type { PayType } from '../checkout/checkout-api.ts';

/** The pay type chosen at checkout (stored client state; default CREDIT_CARD, spec section 9). */

export const PAY_TYPE_KEY = 'podo:pay-type';
export const DEFAULT_PAY_TYPE: PayType = 'CREDIT_CARD';

export const PAY_TYPES: readonly { value: PayType; label: string; hint: string }[] = [
  { value: 'CREDIT_CARD', label: '신용카드', hint: '국내 모든 신용·체크카드' },
  { value: 'VIRTUAL_ACCOUNT', label: '가상계좌 (무통장입금)', hint: '발급된 계좌로 기한 안에 입금' },
  { value: 'MOBILE', label: '휴대폰 결제', hint: '통신사 소액결제' },
  { value: 'NAVER_EASY_PAY', label: '네이버페이', hint: '네이버페이 간편결제' },
  { value: 'KAKAO_PAY', label: '카카오페이', hint: '카카오페이 간편결제' },
  { value: 'TOSS_PAY', label: '토스페이', hint: '토스페이 간편결제' },
];

export function isPayType(value: unknown): value is PayType {
  return PAY_TYPES.some((p) => p.value === value);
}

export const $payType = persistentAtom<PayType>(PAY_TYPE_KEY, DEFAULT_PAY_TYPE, {
  encode: (v) => v,
  decode: (v) => (isPayType(v) ? v : DEFAULT_PAY_TYPE),
});

export function choosePayType(payType: PayType): void {
  $payType.set(payType);
}
