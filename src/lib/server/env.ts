import { z } from 'zod';

/**
 * The server's configuration, parsed once at start. A wrong value stops the process with a
 * message that names the variable, instead of failing later in a request.
 */
const Env = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATABASE_URL: z.string().min(1).default('file:./data/shop.db'),
    DATABASE_AUTH_TOKEN: z.string().optional(),
    /** Busy timeout for local database files, in milliseconds. */
    DATABASE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
    BRAND_NAME: z.string().min(1).default('포도'),
    BRAND_SLUG: z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/, 'BRAND_SLUG는 영문 소문자, 숫자, -만 쓸 수 있습니다')
      .default('podo'),
    PUBLIC_BASE_URL: z.url().default('http://localhost:4321'),
    /** Where the local storage adapter keeps files (catalogue images, uploads). */
    STORAGE_DIR: z.string().min(1).default('./data/uploads'),
    /** Seed demo data when the database has no products yet. */
    SEED_ON_START: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** Shop API base the storefront's islands call; a hosted Shopby mall can be used instead. */
    SHOP_API_URL: z.string().default('/shop-api'),
    SHOP_CLIENT_ID: z.string().default('podo-local'),
    /** Social login: a provider whose client id (and for Naver the secret) is set uses the real OAuth
     * service, otherwise the built-in `dev` consent page (outside production only). */
    NAVER_CLIENT_ID: z.string().min(1).optional(),
    NAVER_CLIENT_SECRET: z.string().min(1).optional(),
    KAKAO_CLIENT_ID: z.string().min(1).optional(),
    KAKAO_CLIENT_SECRET: z.string().min(1).optional(),
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

/** The short whitelist of settings a browser may see. */
export function publicConfig() {
  const e = env();
  return { brandName: e.BRAND_NAME, brandSlug: e.BRAND_SLUG, shopApiUrl: e.SHOP_API_URL, clientId: e.SHOP_CLIENT_ID };
}
