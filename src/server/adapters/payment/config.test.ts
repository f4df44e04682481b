import { describe, expect, it } from 'vitest';
import { PAY_TYPES as CHECKOUT_PAY_TYPES } from '../../../islands/stores/pay-type.ts';
import { loadPaymentConfig, offeredPayTypes } from './config.ts';
import { PAY_TYPE_LABELS, PAY_TYPES } from './port.ts';

/** Which pay types a shop offers, from its settings (decision 036). */

const LIVE_PORTONE = {
  SHOP_MODE: 'live',
  PAYMENT_SIGNING_SECRET: 'a-live-signing-secret-of-at-least-32-chars',
  PAYMENT_PROVIDER: 'portone',
  PORTONE_API_SECRET: 'secret',
  PORTONE_STORE_ID: 'store-live',
  PORTONE_WEBHOOK_SECRET: 'whsec_abc',
  PORTONE_CHANNEL_KEY_CARD: 'ch-card',
  PORTONE_CHANNEL_KEY_VIRTUAL_ACCOUNT: 'ch-va',
  PORTONE_CHANNEL_KEY_MOBILE: 'ch-mobile',
  PORTONE_CHANNEL_KEY_NAVER_PAY: 'ch-naverpay',
};

describe('easy pay settings', () => {
  it('names 카카오페이 and 토스페이 with Shopby’s pay types, the same at checkout and on the server', () => {
    expect(PAY_TYPES).toEqual([
      'CREDIT_CARD',
      'VIRTUAL_ACCOUNT',
      'MOBILE',
      'NAVER_EASY_PAY',
      'KAKAO_PAY',
      'TOSS_PAY',
    ]);
    expect(PAY_TYPE_LABELS.KAKAO_PAY).toBe('카카오페이');
    expect(PAY_TYPE_LABELS.TOSS_PAY).toBe('토스페이');
    expect(CHECKOUT_PAY_TYPES.map((p) => p.value)).toEqual([...PAY_TYPES]);
    for (const wallet of ['KAKAO_PAY', 'TOSS_PAY'] as const)
      expect(CHECKOUT_PAY_TYPES.find((p) => p.value === wallet)?.label).toBe(PAY_TYPE_LABELS[wallet]);
  });

  it('a live shop on PortOne offers them only with their channel keys', () => {
    const without = loadPaymentConfig(LIVE_PORTONE);
    expect(offeredPayTypes(without)).toEqual(['CREDIT_CARD', 'VIRTUAL_ACCOUNT', 'MOBILE', 'NAVER_EASY_PAY']);

    const kakaoOnly = loadPaymentConfig({ ...LIVE_PORTONE, PORTONE_CHANNEL_KEY_KAKAO_PAY: 'ch-kakaopay' });
    expect(kakaoOnly.portone?.channelKeys.KAKAO_PAY).toBe('ch-kakaopay');
    expect(offeredPayTypes(kakaoOnly)).toEqual([
      'CREDIT_CARD',
      'VIRTUAL_ACCOUNT',
      'MOBILE',
      'NAVER_EASY_PAY',
      'KAKAO_PAY',
    ]);

    const both = loadPaymentConfig({
      ...LIVE_PORTONE,
      PORTONE_CHANNEL_KEY_KAKAO_PAY: 'ch-kakaopay',
      PORTONE_CHANNEL_KEY_TOSS_PAY: 'ch-tosspay',
    });
    expect(both.portone?.channelKeys).toMatchObject({ KAKAO_PAY: 'ch-kakaopay', TOSS_PAY: 'ch-tosspay' });
    expect(offeredPayTypes(both)).toEqual([...PAY_TYPES]);
  });

  it('the sandbox offers every pay type', () => {
    expect(offeredPayTypes(loadPaymentConfig({ SHOP_MODE: 'demo' }))).toEqual([...PAY_TYPES]);
  });
});
