import { oauthApi } from '../../lib/clients/oauth.ts';
import { unwrap } from '../../lib/shop-api-client.ts';
import { sameSitePath } from '../../lib/redirect.ts';

/**
 * Social login and linking in the browser (spec section 4, "Social link"): ask the server for the
 * provider's login URL, then open it in a 550x600 popup when asked, else go there. The callback
 * page finishes the flow; in a popup it hands the next address to the opener and closes.
 */

export type SocialProvider = 'naver' | 'kakao';
export type SocialMode = 'login' | 'link';

/** The callback pages registered with the providers (src/server/social/callbacks.ts). */
export const CALLBACKS = {
  login: '/callback/auth-callback',
  link: '/callback/link-callback',
  mypage: '/mypage/info/callback',
} as const;

const POPUP_WIDTH = 550;
const POPUP_HEIGHT = 600;
const PENDING_KEY = 'podo:sns-pending';
/** The verified social identity waiting for the terms consent (POST /profile/openid). */
const SIGN_UP_KEY = 'podo:sns-sign-up';
const MESSAGE_TYPE = 'podo:sns-done';

export interface PendingSocial {
  provider: SocialProvider;
  mode: SocialMode;
  popup: boolean;
  startedAt: number;
}

export interface SocialSignUp {
  provider: SocialProvider;
  socialSignUpToken: string;
  /** Epoch ms. */
  expiresAt: number;
  profile: {
    memberName: string | null;
    email: string | null;
    mobileNo: string | null;
    birthday: string | null;
    sex: 'M' | 'F' | null;
  };
}

function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readJson<T>(key: string): T | null {
  try {
    const raw = local()?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function isSocialProvider(value: unknown): value is SocialProvider {
  return value === 'naver' || value === 'kakao';
}

/** The flow this browser started (kept 15 minutes), or null. */
export function readPending(): PendingSocial | null {
  const p = readJson<PendingSocial>(PENDING_KEY);
  if (!p || !isSocialProvider(p.provider) || Date.now() - p.startedAt > 15 * 60_000) return null;
  return p;
}

export function clearPending(): void {
  local()?.removeItem(PENDING_KEY);
}

export function saveSignUp(signUp: SocialSignUp): void {
  local()?.setItem(SIGN_UP_KEY, JSON.stringify(signUp));
}

export function readSignUp(): SocialSignUp | null {
  const s = readJson<SocialSignUp>(SIGN_UP_KEY);
  return s && isSocialProvider(s.provider) && typeof s.socialSignUpToken === 'string' ? s : null;
}

export function clearSignUp(): void {
  local()?.removeItem(SIGN_UP_KEY);
}

function popupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

let listening = false;

/** In the opener: a finished popup says where to go next. */
function listenForPopup(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== window.location.origin) return;
    const data = event.data as { type?: unknown; location?: unknown } | null;
    if (!data || data.type !== MESSAGE_TYPE) return;
    const next = sameSitePath(data.location);
    if (next) window.location.assign(next);
  });
}

/**
 * Starts a social login or link. The popup (when asked) is opened at once, inside the click, so
 * blockers allow it; a blocked popup falls back to a redirect.
 */
export async function startSocial(
  provider: SocialProvider,
  options: { mode: SocialMode; popup?: boolean; callback?: string },
): Promise<void> {
  const callback = options.callback ?? (options.mode === 'login' ? CALLBACKS.login : CALLBACKS.link);
  const popup = options.popup ? window.open('about:blank', 'podo-sns', popupFeatures()) : null;
  try {
    const { loginUrl } = await unwrap(
      oauthApi['login-url'].$get({ query: { provider, redirectUri: callback } }),
    );
    const pending: PendingSocial = {
      provider,
      mode: options.mode,
      popup: popup !== null,
      startedAt: Date.now(),
    };
    local()?.setItem(PENDING_KEY, JSON.stringify(pending));
    if (popup) {
      listenForPopup();
      popup.location.href = loginUrl;
      popup.focus();
    } else {
      window.location.assign(loginUrl);
    }
  } catch (err) {
    popup?.close();
    throw err;
  }
}

/**
 * Ends a callback page: in a popup opened by this shop, the opener goes on and the popup closes;
 * otherwise this window goes on.
 */
export function finishCallback(next: string, pending: PendingSocial | null): void {
  const opener = window.opener as Window | null;
  if (pending?.popup && opener && !opener.closed) {
    try {
      opener.postMessage({ type: MESSAGE_TYPE, location: next }, window.location.origin);
      window.close();
      return;
    } catch {
      // the opener went elsewhere: carry on in this window
    }
  }
  window.location.replace(next);
}
