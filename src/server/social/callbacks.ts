import { appError } from '../platform/errors.ts';

/**
 * The pages a provider may send the browser back to (spec section 2), and what each is for.
 * These are the redirect URIs to register with Naver and Kakao, under PUBLIC_BASE_URL. The two
 * /test/* pages are the administrators' social login checks (decision 028): they read the
 * provider's answer and sign nobody in.
 */
const SOCIAL_CALLBACKS = {
  '/callback/auth-callback': 'login',
  '/callback/link-callback': 'link',
  '/mypage/info/callback': 'link',
  '/test/sns-login': 'login',
  '/test/kakao-login': 'login',
} as const;

export type SocialCallbackPath = keyof typeof SOCIAL_CALLBACKS;
export type SocialPurpose = (typeof SOCIAL_CALLBACKS)[SocialCallbackPath];

export interface ResolvedCallback {
  path: SocialCallbackPath;
  /** Absolute, as registered with the provider. */
  absolute: string;
  purpose: SocialPurpose;
}

/**
 * Accepts a callback as a path (`/callback/auth-callback`) or as an absolute URL on the shop's
 * own origin; anything else (other hosts, other paths, query strings) is refused, so the flow
 * can never hand a code to somebody else's page.
 */
export function resolveCallback(redirectUri: string | undefined, baseUrl: string): ResolvedCallback {
  const base = new URL(baseUrl);
  let url: URL;
  try {
    url = new URL(redirectUri ?? '/callback/auth-callback', base);
  } catch {
    throw invalidRedirect();
  }
  if (
    url.origin !== base.origin ||
    url.search ||
    url.hash ||
    !Object.hasOwn(SOCIAL_CALLBACKS, url.pathname)
  ) {
    throw invalidRedirect();
  }
  const path = url.pathname as SocialCallbackPath;
  return { path, absolute: `${base.origin}${path}`, purpose: SOCIAL_CALLBACKS[path] };
}

function invalidRedirect() {
  return appError('invalid-request', '허용되지 않은 돌아갈 주소입니다.');
}
