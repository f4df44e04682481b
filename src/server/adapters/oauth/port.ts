/**
 * The social login port: one adapter per provider (naver, kakao), either the real OAuth 2 service
 * or the built-in `dev` consent page that plays it.
 */
export const SOCIAL_PROVIDERS = ['naver', 'kakao'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/** What the shop keeps from a provider's profile, normalised (digits-only phone, YYYYMMDD, M/F). */
export interface SocialProfile {
  providerUserId: string;
  email: string | null;
  name: string | null;
  mobileNo: string | null;
  birthday: string | null;
  sex: 'M' | 'F' | null;
}

export interface AuthorizationRequest {
  state: string;
  /** PKCE code verifier, for providers that support it; null otherwise. */
  codeVerifier: string | null;
  /** Absolute callback URL registered with the provider. */
  redirectUri: string;
}

export interface CodeExchange {
  code: string;
  state: string;
  codeVerifier: string | null;
  redirectUri: string;
}

export interface OAuthProviderAdapter {
  readonly provider: SocialProvider;
  /** `dev` for the built-in consent page, `oauth` for the real service. */
  readonly kind: 'dev' | 'oauth';
  readonly usesPkce: boolean;
  /** A promise: arctic is imported on the first login, not at start (decision 077). */
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** Trades an authorization code for the provider's access token. */
  exchangeCode(exchange: CodeExchange): Promise<string>;
  fetchProfile(accessToken: string): Promise<SocialProfile>;
}

/**
 * The provider refused (`refused`: bad or used code, revoked token, PKCE mismatch) or could not be
 * reached / answered nonsense (`refused` false). The message is for the log, not for shoppers.
 */
export class OAuthProviderError extends Error {
  readonly refused: boolean;
  constructor(message: string, options: { refused?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'OAuthProviderError';
    this.refused = options.refused ?? false;
  }
}

/** "+82 10-1234-5678" / "010-1234-5678" → "01012345678". */
export function normaliseKoreanMobile(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  let digits = value.replace(/\D/g, '');
  if (value.trim().startsWith('+82')) digits = `0${digits.slice(2)}`;
  return digits.length >= 10 && digits.length <= 11 ? digits : null;
}

/** Year and month-day in a provider's spelling ("1990", "03-15" or "0315") → "19900315". */
export function normaliseBirthday(year: unknown, monthDay: unknown): string | null {
  if (typeof year !== 'string' || typeof monthDay !== 'string') return null;
  const md = monthDay.replace(/\D/g, '');
  return /^\d{4}$/.test(year) && /^\d{4}$/.test(md) ? `${year}${md}` : null;
}

export function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export interface OAuthEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  profileEndpoint: string;
}

/** The provider's endpoints, any of which a test can point at a local stand-in. */
export function endpoints(defaults: OAuthEndpoints, overrides: Partial<OAuthEndpoints>): OAuthEndpoints {
  return {
    authorizationEndpoint: overrides.authorizationEndpoint ?? defaults.authorizationEndpoint,
    tokenEndpoint: overrides.tokenEndpoint ?? defaults.tokenEndpoint,
    profileEndpoint: overrides.profileEndpoint ?? defaults.profileEndpoint,
  };
}
