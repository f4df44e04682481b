import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { isLive } from '../../platform/mode.ts';
import { OPTIONAL_PAY_TYPES, PAY_TYPES, type PayType } from './port.ts';

/**
 * Payment settings, parsed once from the environment (like env.ts, whose owner may fold these in):
 *
 * - PAYMENT_PROVIDER: `sandbox` (default, Podo's own test pages) or `portone`.
 * - PAYMENT_SIGNING_SECRET (32+ characters): signs the browser's return from a payment, and (through
 *   a derived key) the sandbox's webhooks. Needed when several processes serve the shop; when unset
 *   a development constant is used in demo mode; live mode refuses to start without it.
 * - PAYMENT_SANDBOX_WEBHOOK: how the sandbox delivers its webhooks: `inline` (default: in this
 *   process, through the same receiver as HTTP), `http` (POST to PUBLIC_BASE_URL), `off`.
 * - PAYMENT_RETURN_MAX_AGE_HOURS (24): how long a signed return address is accepted.
 * - PAYMENT_VIRTUAL_ACCOUNT_DUE_HOURS (72): the sandbox's deposit deadline.
 * - PORTONE_API_URL (https://api.portone.io), PORTONE_API_SECRET, PORTONE_STORE_ID,
 *   PORTONE_WEBHOOK_SECRET (whsec_…), PORTONE_CHANNEL_KEY_CARD, PORTONE_CHANNEL_KEY_VIRTUAL_ACCOUNT,
 *   PORTONE_CHANNEL_KEY_MOBILE, PORTONE_CHANNEL_KEY_NAVER_PAY: required when PAYMENT_PROVIDER=portone.
 * - PORTONE_CHANNEL_KEY_KAKAO_PAY, PORTONE_CHANNEL_KEY_TOSS_PAY: optional; 카카오페이 / 토스페이 are
 *   offered at checkout only when their channel key is set (decision 036).
 */

const DEV_SECRET = 'podo-development-payment-signing-secret-not-for-production';

const PaymentEnv = z
  .object({
    SHOP_MODE: z.string().default('demo'),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'portone']).default('sandbox'),
    PAYMENT_SIGNING_SECRET: z.string().min(32, 'PAYMENT_SIGNING_SECRET는 32자 이상이어야 합니다').optional(),
    PAYMENT_SANDBOX_WEBHOOK: z.enum(['inline', 'http', 'off']).default('inline'),
    PAYMENT_RETURN_MAX_AGE_HOURS: z.coerce.number().positive().default(24),
    PAYMENT_VIRTUAL_ACCOUNT_DUE_HOURS: z.coerce.number().positive().default(72),
    PUBLIC_BASE_URL: z.string().default('http://localhost:4321'),
    BRAND_NAME: z.string().default('포도'),
    BRAND_SLUG: z.string().default('podo'),
    PORTONE_API_URL: z.url().default('https://api.portone.io'),
    PORTONE_API_SECRET: z.string().min(1).optional(),
    PORTONE_STORE_ID: z.string().min(1).optional(),
    PORTONE_WEBHOOK_SECRET: z.string().min(1).optional(),
    PORTONE_CHANNEL_KEY_CARD: z.string().min(1).optional(),
    PORTONE_CHANNEL_KEY_VIRTUAL_ACCOUNT: z.string().min(1).optional(),
    PORTONE_CHANNEL_KEY_MOBILE: z.string().min(1).optional(),
    PORTONE_CHANNEL_KEY_NAVER_PAY: z.string().min(1).optional(),
    PORTONE_CHANNEL_KEY_KAKAO_PAY: z.string().min(1).optional(),
    PORTONE_CHANNEL_KEY_TOSS_PAY: z.string().min(1).optional(),
  })
  .superRefine((e, ctx) => {
    if (e.PAYMENT_PROVIDER !== 'portone') return;
    for (const key of ['PORTONE_API_SECRET', 'PORTONE_STORE_ID', 'PORTONE_WEBHOOK_SECRET'] as const) {
      if (!e[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `PAYMENT_PROVIDER=portone에는 ${key}가 필요합니다`,
        });
    }
  });

export interface PaymentConfig {
  provider: 'sandbox' | 'portone';
  signingSecret: string;
  sandboxWebhookSecret: string;
  sandboxWebhook: 'inline' | 'http' | 'off';
  returnMaxAgeSeconds: number;
  virtualAccountDueHours: number;
  publicBaseUrl: string;
  brandName: string;
  brandSlug: string;
  portone: {
    apiUrl: string;
    apiSecret: string;
    storeId: string;
    webhookSecret: string;
    channelKeys: Partial<Record<PayType, string>>;
  } | null;
}

let cached: PaymentConfig | undefined;

export function loadPaymentConfig(source: Record<string, string | undefined> = process.env): PaymentConfig {
  const parsed = PaymentEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`결제 환경 변수 설정이 올바르지 않습니다:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // A live shop's every process must sign and check with the same key, so a missing secret stops
  // the server at start (mode.ts lists it with the rest) instead of failing returns later.
  if (!e.PAYMENT_SIGNING_SECRET && e.SHOP_MODE === 'live') {
    throw new Error(
      '결제 환경 변수 설정이 올바르지 않습니다:\n  - PAYMENT_SIGNING_SECRET: 운영 모드(SHOP_MODE=live)에서는 32자 이상의 비밀값이 필요합니다',
    );
  }
  const signingSecret = e.PAYMENT_SIGNING_SECRET ?? DEV_SECRET;
  const derived = createHmac('sha256', signingSecret).update('sandbox-webhook').digest('base64');
  return {
    provider: e.PAYMENT_PROVIDER,
    signingSecret,
    sandboxWebhookSecret: `whsec_${derived}`,
    sandboxWebhook: e.PAYMENT_SANDBOX_WEBHOOK,
    returnMaxAgeSeconds: e.PAYMENT_RETURN_MAX_AGE_HOURS * 3600,
    virtualAccountDueHours: e.PAYMENT_VIRTUAL_ACCOUNT_DUE_HOURS,
    publicBaseUrl: e.PUBLIC_BASE_URL.replace(/\/+$/, ''),
    brandName: e.BRAND_NAME,
    brandSlug: e.BRAND_SLUG,
    portone:
      e.PORTONE_API_SECRET && e.PORTONE_STORE_ID && e.PORTONE_WEBHOOK_SECRET
        ? {
            apiUrl: e.PORTONE_API_URL.replace(/\/+$/, ''),
            apiSecret: e.PORTONE_API_SECRET,
            storeId: e.PORTONE_STORE_ID,
            webhookSecret: e.PORTONE_WEBHOOK_SECRET,
            channelKeys: {
              CREDIT_CARD: e.PORTONE_CHANNEL_KEY_CARD,
              VIRTUAL_ACCOUNT: e.PORTONE_CHANNEL_KEY_VIRTUAL_ACCOUNT,
              MOBILE: e.PORTONE_CHANNEL_KEY_MOBILE,
              NAVER_EASY_PAY: e.PORTONE_CHANNEL_KEY_NAVER_PAY,
              KAKAO_PAY: e.PORTONE_CHANNEL_KEY_KAKAO_PAY,
              TOSS_PAY: e.PORTONE_CHANNEL_KEY_TOSS_PAY,
            },
          }
        : null,
  };
}

export function paymentConfig(): PaymentConfig {
  cached ??= loadPaymentConfig();
  return cached;
}

/** For tests: use these settings (undefined: read the environment again). */
export function usePaymentConfigForTests(config: PaymentConfig | undefined): void {
  cached = config;
}

/**
 * The sandbox's pages and routes exist only in a demo shop whose payments it takes: a live shop, or
 * a demo on PortOne, answers 404 there (no order can be "paid" through them).
 */
export function sandboxActive(): boolean {
  return !isLive() && paymentConfig().provider === 'sandbox';
}

/**
 * The pay types the checkout offers with these settings: the sandbox takes every one (a demo shows
 * them all); PortOne takes an optional easy pay (카카오페이, 토스페이) only when its channel key is set
 * (decision 036). The four standard types are always listed, as before.
 */
export function offeredPayTypes(
  config: Pick<PaymentConfig, 'provider' | 'portone'> = paymentConfig(),
): PayType[] {
  if (config.provider === 'sandbox') return [...PAY_TYPES];
  return PAY_TYPES.filter((t) => !OPTIONAL_PAY_TYPES.includes(t) || Boolean(config.portone?.channelKeys[t]));
}
