import { ACCOUNT_ERRORS, isAccountErrorCode } from './account-errors.ts';
import { SOCIAL_ERRORS } from './social-errors.ts';
import { VERIFICATION_ERRORS, isVerificationErrorCode } from './verification-errors.ts';

/**
 * How islands call the shop API (`/shop-api`) and the shop's own routes (`/api`): Shopby's
 * headers, same-origin credentials (the session is an httpOnly cookie), JSON bodies that say
 * `application/json` (the CSRF middleware insists), and errors turned into `ApiError` with a
 * Korean message the shopper can read. Client-safe.
 */

export const SHOP_API_BASE = '/shop-api';
const SHOP_HEADERS = { Version: '1.0', clientId: 'podo-local' } as const;
const FALLBACK_MESSAGE = '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.';
const NETWORK_MESSAGE = '서버에 연결하지 못했습니다. 인터넷 연결을 확인한 뒤 다시 시도해 주세요.';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The whole error body (some answers carry more, e.g. `existingAccount`). */
  readonly body: Record<string, unknown>;
  constructor(status: number, code: string, message: string, body: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** Our own Korean text for a known code; otherwise the server's message when it is Korean. */
export function messageFor(
  code: string | undefined,
  serverMessage: string | undefined,
  status: number,
): string {
  if (serverMessage && /[가-힣]/.test(serverMessage)) return serverMessage;
  if (code && isAccountErrorCode(code)) return ACCOUNT_ERRORS[code].message;
  if (code && isVerificationErrorCode(code)) return VERIFICATION_ERRORS[code].message;
  if (code && Object.hasOwn(SOCIAL_ERRORS, code))
    return SOCIAL_ERRORS[code as keyof typeof SOCIAL_ERRORS].message;
  if (status === 429) return ACCOUNT_ERRORS['too-many-requests'].message;
  return FALLBACK_MESSAGE;
}

function platform(): 'PC' | 'MOBILE_WEB' {
  // spec section 7: PC from tablet width up
  return typeof window !== 'undefined' && window.matchMedia?.('(min-width: 768px)').matches === false
    ? 'MOBILE_WEB'
    : 'PC';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** Extra headers (e.g. `guestToken`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Calls `path` ('/shop-api/…' or '/api/…'); resolves with the JSON body (null for 204). */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (path.startsWith(SHOP_API_BASE)) Object.assign(headers, SHOP_HEADERS, { platform: platform() });
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    ...(options.signal ? { signal: options.signal } : {}),
  };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network-error', NETWORK_MESSAGE);
  }
  const text = await res.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!res.ok) {
    const body = json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
    const code = typeof body.code === 'string' ? body.code : `HTTP_${res.status}`;
    const message = typeof body.message === 'string' ? body.message : undefined;
    throw new ApiError(res.status, code, messageFor(code, message, res.status), body);
  }
  return json as T;
}

/** The message to show for anything an API call threw. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return FALLBACK_MESSAGE;
}
