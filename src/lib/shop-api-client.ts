import { VIEWPORT } from './breakpoints.ts';
import type { ClientRequestOptions, ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import { ERRORS, errorMessage as catalogueMessage } from './errors/index.ts';

/**
 * How islands call the shop API (`/shop-api`) and the shop's own routes (`/api`): Shopby's
 * headers, same-origin credentials (the session is an httpOnly cookie), JSON bodies that say
 * `application/json` (the CSRF middleware insists), and errors turned into `ApiError` with a
 * Korean message the shopper can read. Client-safe.
 */

const SHOP_API_BASE = '/shop-api';
/** The shop's configured `clientId` (SHOP_CLIENT_ID), which BaseLayout puts in a meta tag. */
export const CLIENT_ID_META = 'podo:client-id';
const DEFAULT_CLIENT_ID = 'podo-local';
function shopHeaders(): Record<string, string> {
  const meta =
    typeof document === 'undefined' ? null : document.querySelector(`meta[name="${CLIENT_ID_META}"]`);
  return { Version: '1.0', clientId: meta?.getAttribute('content') || DEFAULT_CLIENT_ID };
}
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

/**
 * The Korean message for a refusal: the server's own when it is Korean, else the error catalogue's
 * text for the code (src/lib/errors), else the too-many-requests text for a 429, else a general one.
 */
export function messageFor(
  code: string | undefined,
  serverMessage: string | undefined,
  status: number,
): string {
  if (serverMessage && /[가-힣]/.test(serverMessage)) return serverMessage;
  return catalogueMessage(code, status === 429 ? ERRORS['too-many-requests'].message : FALLBACK_MESSAGE);
}

function platform(): 'PC' | 'MOBILE_WEB' {
  // spec section 7: PC from tablet width up
  return typeof window !== 'undefined' &&
    window.matchMedia?.(`(min-width: ${VIEWPORT.tablet}px)`).matches === false
    ? 'MOBILE_WEB'
    : 'PC';
}

/**
 * `fetch` with what every call carries: resolved on this origin, `Accept: application/json`, the
 * session cookie (same-origin), Shopby's headers for `/shop-api`; a failed connection becomes an
 * `ApiError` (an abort stays an abort). The typed clients (`src/lib/clients/`) send through it.
 */
const apiFetch: typeof fetch = async (input, init = {}) => {
  const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (url.pathname.startsWith(`${SHOP_API_BASE}/`)) {
    for (const [name, value] of Object.entries(shopHeaders())) headers.set(name, value);
    headers.set('platform', platform());
  }
  try {
    return await fetch(url, { ...init, headers, credentials: 'same-origin' });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network-error', NETWORK_MESSAGE);
  }
};

/** What every typed client is made with: `hc<XRoutes>('/shop-api/x', CLIENT_OPTIONS)`. */
export const CLIENT_OPTIONS: ClientRequestOptions = { fetch: apiFetch };

/** The answer's JSON (null for none, or for a body that is not JSON). */
async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A non-ok answer as an `ApiError` with the Korean message (the body's `code` and `message`). */
function toApiError(res: Response, json: unknown): ApiError {
  const body = json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  const code = typeof body.code === 'string' ? body.code : `HTTP_${res.status}`;
  const message = typeof body.message === 'string' ? body.message : undefined;
  return new ApiError(res.status, code, messageFor(code, message, res.status), body);
}

/** The success answers' bodies of a typed client call: the JSON, null for a body-less answer. */
type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? [Extract<S, SuccessStatusCode>] extends [never]
      ? never
      : F extends 'json'
        ? T
        : null
    : never;

/** The success answer of a typed client's method: `ResponseOf<typeof cartApi.index.$get>`. */
export type ResponseOf<M extends (...args: never[]) => Promise<ClientResponse<unknown, number, string>>> =
  SuccessBody<Awaited<ReturnType<M>>>;

/**
 * Awaits a typed client call (`unwrap(cartApi.index.$get())`): its JSON, typed from the route, or
 * an `ApiError` with the Korean message when the answer is not ok.
 */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<SuccessBody<R>> {
  const res = (await call) as unknown as Response;
  const json = await readJson(res);
  if (!res.ok) throw toApiError(res, json);
  return json as SuccessBody<R>;
}

/**
 * Path parameters for the typed clients (`{ param: param({ orderNo }) }`), encoded: `hc` puts them
 * into the address as they are, so an odd value could otherwise reach another path.
 */
export function param<P extends Record<string, string>>(values: P): P {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) out[key] = encodeURIComponent(value);
  return out as P;
}

type QueryValue = string | number | boolean | null | undefined;
type QueryText<V> = V extends null | undefined ? undefined : V extends string ? V : string;

/**
 * Query values as the typed clients send them (`{ query: query({ pageNumber: 2 }) }`): numbers
 * and flags as text; null, undefined and '' left out.
 */
export function query<Q extends Record<string, QueryValue>>(values: Q): { [K in keyof Q]: QueryText<Q[K]> } {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = value === undefined || value === null || value === '' ? undefined : String(value);
  }
  return out as { [K in keyof Q]: QueryText<Q[K]> };
}

/** The message to show for anything an API call threw. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return FALLBACK_MESSAGE;
}
