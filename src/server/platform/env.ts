import { z } from 'zod';
import {
  API_CLIENT_ORIGINS_MAX,
  CLIENT_ID_PATTERN,
  CLIENT_ID_RULE,
  isBareOrigin,
} from '../../lib/api-clients.ts';
import { invalidProxyEntries } from './trusted-proxies.ts';

/**
 * The server's configuration, parsed once at start. A wrong value stops the process with a
 * message that names the variable, instead of failing later in a request.
 */
/**
 * One registered API client: a storefront on another origin (a Shopby skin, a headless app) that
 * sends `clientId` and may call `/shop-api` from the browser (CORS) with header tokens.
 */
const ApiClient = z.object({
  clientId: z.string({ error: 'API_CLIENTS의 clientId를 입력해 주세요' }).regex(CLIENT_ID_PATTERN, {
    error: `API_CLIENTS의 clientId는 ${CLIENT_ID_RULE} 쓸 수 있습니다`,
  }),
  origins: z
    .array(
      z.string({ error: 'API_CLIENTS의 origins에는 주소를 문자열로 적어 주세요' }).refine(isBareOrigin, {
        error: 'API_CLIENTS의 origins에는 https://skin.example.com처럼 경로 없는 출처만 적어 주세요',
      }),
      { error: 'API_CLIENTS의 origins는 출처 목록이어야 합니다' },
    )
    .min(1, { error: 'API_CLIENTS의 origins에 출처를 하나 이상 적어 주세요' })
    .max(API_CLIENT_ORIGINS_MAX, {
      error: `API_CLIENTS의 origins는 ${API_CLIENT_ORIGINS_MAX}개까지 적을 수 있습니다`,
    }),
});
export type ApiClient = z.infer<typeof ApiClient>;

/** `API_CLIENTS`: a JSON array of `{ clientId, origins }`; clientIds unique. */
const ApiClients = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'API_CLIENTS는 JSON 배열이어야 합니다' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(ApiClient, { error: 'API_CLIENTS는 [{"clientId": …, "origins": […]}] 모양의 배열이어야 합니다' })
      .max(50, { error: 'API_CLIENTS에는 50개까지 등록할 수 있습니다' })
      .refine((list) => new Set(list.map((c) => c.clientId)).size === list.length, {
        error: 'API_CLIENTS의 clientId가 겹칩니다',
      }),
  );

const Env = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /**
     * `demo` (default): demo data and the built-in adapters (sandbox payments, dev social login,
     * SMS and mail outboxes, print-service simulator), with a banner on every page. `live`: a real
     * shop; the server refuses to start while any of that is still in place (see mode.ts).
     */
    SHOP_MODE: z.enum(['demo', 'live'], { error: 'SHOP_MODE는 demo 또는 live여야 합니다' }).default('demo'),
    /** The SMS port's adapter: the built-in `outbox`, or `solapi` (SOLAPI_* below). */
    SMS_PROVIDER: z
      .enum(['outbox', 'solapi'], { error: 'SMS_PROVIDER는 outbox 또는 solapi여야 합니다' })
      .default('outbox'),
    /** Solapi (SMS and 알림톡): API key and secret, the registered sender number, the API's address. */
    SOLAPI_API_KEY: z.string().min(1).optional(),
    SOLAPI_API_SECRET: z.string().min(1).optional(),
    /** The sender number registered with Solapi (digits). */
    SOLAPI_SENDER: z
      .string()
      .regex(/^\d{8,12}$/, { error: 'SOLAPI_SENDER는 등록된 발신번호를 숫자만 적어 주세요' })
      .optional(),
    SOLAPI_BASE_URL: z.url().default('https://api.solapi.com'),
    /** The KakaoTalk channel's pfId for 알림톡; unset: every message goes as an SMS. */
    SOLAPI_PF_ID: z.string().min(1).optional(),
    /**
     * Approved 알림톡 templates by notification event, JSON: `{"ORDER_PLACED":"KA01TP…"}`. An event
     * without a template goes as an SMS.
     */
    SOLAPI_KAKAO_TEMPLATES: z
      .string()
      .transform((raw, ctx) => {
        try {
          const v = JSON.parse(raw) as unknown;
          if (
            v &&
            typeof v === 'object' &&
            !Array.isArray(v) &&
            Object.values(v).every((t) => typeof t === 'string')
          )
            return v as Record<string, string>;
        } catch {
          // reported below
        }
        ctx.addIssue({
          code: 'custom',
          message: 'SOLAPI_KAKAO_TEMPLATES는 {"이벤트":"템플릿 ID"} 모양의 JSON이어야 합니다',
        });
        return z.NEVER;
      })
      .default({}),
    /** The mail port's adapter: the built-in `outbox`, or `smtp` (SMTP_* below). */
    MAIL_PROVIDER: z
      .enum(['outbox', 'smtp'], { error: 'MAIL_PROVIDER는 outbox 또는 smtp여야 합니다' })
      .default('outbox'),
    SMTP_HOST: z.string().min(1).optional(),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
    SMTP_USER: z.string().min(1).optional(),
    SMTP_PASS: z.string().min(1).optional(),
    /** The sender, e.g. `포도 <shop@example.com>`. */
    SMTP_FROM: z.string().min(3).optional(),
    /**
     * `starttls` (default, port 587: the connection must be upgraded or the send fails), `implicit`
     * (TLS from the first byte, port 465), `off` (plain; a local relay or a test server only).
     */
    SMTP_TLS: z
      .enum(['starttls', 'implicit', 'off'], {
        error: 'SMTP_TLS는 starttls, implicit, off 중 하나여야 합니다',
      })
      .default('starttls'),
    /**
     * The print service's adapter: the built-in in-process `simulator`, or `http` (the real service,
     * POD_API_URL with POD_CLIENT_ID and POD_CLIENT_SECRET; decision 027).
     */
    POD_PROVIDER: z
      .enum(['simulator', 'http'], { error: 'POD_PROVIDER는 simulator 또는 http여야 합니다' })
      .default('simulator'),
    POD_API_URL: z.url({ error: 'POD_API_URL은 https://pod.example.com 같은 주소여야 합니다' }).optional(),
    POD_CLIENT_ID: z.string().min(1).optional(),
    POD_CLIENT_SECRET: z.string().min(1).optional(),
    /** Signs the print service's status webhooks (HMAC-SHA256); unset: no webhook, status by polling. */
    POD_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** How long one call to the print service may take, in milliseconds. */
    POD_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /**
     * The address forms' 우편번호 찾기: `kakao` (Kakao's postcode search, loaded from its CDN when the
     * shopper asks) or `manual` (the built-in entry form). Unset: `kakao` in live mode, `manual` in a
     * demo, which may run offline (decision 041). Manual entry stays possible either way.
     */
    POSTCODE_PROVIDER: z
      .enum(['kakao', 'manual'], { error: 'POSTCODE_PROVIDER는 kakao 또는 manual이어야 합니다' })
      .optional(),
    /** The counter's card terminal (VAN agent). Only the built-in `simulator` exists so far. */
    CARD_TERMINAL_PROVIDER: z.enum(['simulator']).default('simulator'),
    /** Kakao Pay at the counter. Only the built-in `sandbox` exists so far. */
    KAKAOPAY_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    DATABASE_URL: z.string().min(1).default('file:./data/shop.db'),
    DATABASE_AUTH_TOKEN: z.string().optional(),
    /** Busy timeout for local database files, in milliseconds. */
    DATABASE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
    /** Memory for the page cache of anonymous catalogue pages, in MB (decision 043); 0 turns it off. */
    PAGE_CACHE_MB: z.coerce
      .number({ error: 'PAGE_CACHE_MB는 0 이상의 숫자(MB)여야 합니다' })
      .min(0, { error: 'PAGE_CACHE_MB는 0 이상의 숫자(MB)여야 합니다' })
      .max(4096, { error: 'PAGE_CACHE_MB는 4096 이하여야 합니다' })
      .default(64),
    BRAND_NAME: z.string().min(1).default('포도'),
    BRAND_SLUG: z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/, 'BRAND_SLUG는 영문 소문자, 숫자, -만 쓸 수 있습니다')
      .default('podo'),
    PUBLIC_BASE_URL: z.url().default('http://localhost:4321'),
    /** The customer-service line shown on /service and in the footer (010-1234-5678, 1588-1234); none when unset. */
    CS_PHONE: z
      .string()
      .regex(/^\d{2,4}-\d{3,4}(-\d{4})?$/, 'CS_PHONE은 02-1234-5678이나 1588-1234처럼 적어 주세요')
      .optional(),
    /** The customer service's hours, as shoppers read them. */
    CS_HOURS: z.string().min(1).default('평일 10:00–17:00 (점심 12:00–13:00, 주말·공휴일 휴무)'),
    /** Where the local storage adapter keeps files (catalogue images, uploads). */
    STORAGE_DIR: z.string().min(1).default('./data/uploads'),
    /** Seed demo data when the database has no products yet (never in live mode). */
    SEED_ON_START: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** The `clientId` header the shop's own pages send to `/shop-api` (publicConfig → BaseLayout). */
    SHOP_CLIENT_ID: z
      .string()
      .regex(/^[\w.-]{1,64}$/)
      .default('podo-local'),
    /**
     * Registered API clients (storefronts on other origins): `[{"clientId":"skin-a","origins":
     * ["https://skin.example.com"]}]`. Only these origins get CORS on `/shop-api`, and only a
     * request from one of them with its `clientId` gets its access token in the body
     * (docs/decisions/017-shopby-clients.md). Empty: the shop's own pages only.
     */
    API_CLIENTS: ApiClients.default([]),
    /**
     * Days after delivery when an order the buyer did not confirm is confirmed for them (구매확정,
     * giving its points once). 0 turns the automatic confirmation off.
     */
    BUY_CONFIRM_DAYS: z.coerce.number().int().min(0).max(90).default(7),
    /**
     * SMS codes one client IP may ask for in 10 minutes before it is locked for 10 (every join now
     * sends one: raise it for end-to-end runs from one address).
     */
    SMS_SENDS_PER_IP: z.coerce.number().int().positive().default(30),
    /** Sign-ups allowed per client IP per hour (raise it for end-to-end runs from one address). */
    JOIN_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
    /**
     * The load balancers in front of the app (addresses or CIDR ranges, comma-separated): only a
     * request from one of them has its X-Forwarded-For read for the client's address (the rightmost
     * hop that is not a listed proxy; decision 045). Empty (default): the header is ignored.
     */
    PODO_TRUSTED_PROXIES: z
      .string()
      .default('')
      .superRefine((raw, ctx) => {
        const bad = invalidProxyEntries(raw);
        if (bad.length > 0)
          ctx.addIssue({
            code: 'custom',
            message: `주소나 10.0.0.0/8 같은 대역만 쉼표로 나눠 적어 주세요 (${bad.join(', ')})`,
          });
      }),
    /** Social login: a provider whose client id (and for Naver the secret) is set uses the real OAuth
     * service, otherwise the built-in `dev` consent page (outside production only). */
    NAVER_CLIENT_ID: z.string().min(1).optional(),
    NAVER_CLIENT_SECRET: z.string().min(1).optional(),
    KAKAO_CLIENT_ID: z.string().min(1).optional(),
    KAKAO_CLIENT_SECRET: z.string().min(1).optional(),
    /** Object storage: `local` (files under STORAGE_DIR) or `s3` (the S3_* settings below). */
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default('ap-northeast-2'),
    /** An S3-compatible endpoint (MinIO, R2 …); unset for AWS itself. */
    S3_ENDPOINT: z.url().optional(),
    /** Unset: the AWS SDK's default credential chain. */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Where the bucket's objects are publicly readable (a CDN); default the bucket's own URL. */
    S3_PUBLIC_BASE_URL: z.url().optional(),
  })
  .refine((e) => !e.API_CLIENTS.some((c) => c.clientId === e.SHOP_CLIENT_ID), {
    path: ['API_CLIENTS'],
    error: 'API_CLIENTS의 clientId는 SHOP_CLIENT_ID(이 상점의 페이지)와 달라야 합니다',
  })
  .refine((e) => e.MAIL_PROVIDER !== 'smtp' || (e.SMTP_HOST && e.SMTP_FROM), {
    path: ['SMTP_HOST'],
    error: 'MAIL_PROVIDER=smtp에는 SMTP_HOST와 SMTP_FROM이 필요합니다',
  })
  .refine((e) => Boolean(e.SMTP_USER) === Boolean(e.SMTP_PASS), {
    path: ['SMTP_USER'],
    error: 'SMTP_USER와 SMTP_PASS는 함께 설정해 주세요',
  })
  .refine(
    (e) => e.SMS_PROVIDER !== 'solapi' || (e.SOLAPI_API_KEY && e.SOLAPI_API_SECRET && e.SOLAPI_SENDER),
    {
      path: ['SOLAPI_API_KEY'],
      error: 'SMS_PROVIDER=solapi에는 SOLAPI_API_KEY, SOLAPI_API_SECRET, SOLAPI_SENDER가 필요합니다',
    },
  )
  .refine((e) => e.STORAGE_DRIVER !== 's3' || e.S3_BUCKET, {
    path: ['S3_BUCKET'],
    error: 'STORAGE_DRIVER=s3에는 S3_BUCKET이 필요합니다',
  })
  .readonly();

export type Env = z.infer<typeof Env>;

let cached: Env | undefined;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`환경 변수 설정이 올바르지 않습니다:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

/** For tests: forget the parsed environment so the next call reads process.env again. */
export function resetEnvForTests(): void {
  cached = undefined;
}

/**
 * Whether PUBLIC_BASE_URL was set rather than left at its demo default: only a configured address
 * may be written into answers for other origins (a demo answers with the request's own origin).
 */
export function publicBaseUrlConfigured(source: Record<string, string | undefined> = process.env): boolean {
  return Boolean(source.PUBLIC_BASE_URL?.trim());
}

/** The short whitelist of settings a browser may see (BaseLayout puts `clientId` in a meta tag). */
export function publicConfig() {
  const e = env();
  return {
    brandName: e.BRAND_NAME,
    brandSlug: e.BRAND_SLUG,
    clientId: e.SHOP_CLIENT_ID,
  };
}
