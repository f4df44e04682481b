import { atom } from 'nanostores';
import { cookieApi } from '../../lib/clients/cookies.ts';
import { oauthTokenApi } from '../../lib/clients/oauth-token.ts';
import { profileApi } from '../../lib/clients/profile.ts';
import { ApiError, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';
import { loginUrlFor, redirectAfterLogin, sameSitePath } from '../../lib/redirect.ts';
import { mergeGuestCartIntoMember } from './cart.ts';
import { $guestIdentity, clearGuestIdentity } from './guest.ts';
import { $memberSession, isExpired } from './session.ts';
import { DRAFT_DESIGN_KEY } from './draft-keys.ts';

/**
 * Login and logout actions shared by every island (spec section 4). The access token never
 * reaches scripts: the server sets and clears the httpOnly cookie; this module keeps what the
 * browser may know (who, until when, the profile) and the persisted client state around it.
 */

/** Persisted keys of the shop all start with this (localStorage and sessionStorage). */
const STORAGE_PREFIX = 'podo:';
/** The draft custom design (the editor issue owns its shape; login and logout just drop it). */
export { DRAFT_DESIGN_KEY };
/** Where to go after login (sessionStorage): set by the login page, the guards' `?redirect=`. */
const REDIRECT_KEY = 'podo:redirect-after-login';
/** Consent flags survive logout (they belong to the browser, not to the member). */
const KEEP_ON_LOGOUT = /^podo:consent(?:[:-]|$)/;

/** Shopby's profile of the member (GET /profile). */
export type MemberProfile = ResponseOf<typeof profileApi.index.$get>;

const $profile = atom<MemberProfile | null>(null);

function storages(): Storage[] {
  if (typeof window === 'undefined') return [];
  const found: Storage[] = [];
  for (const get of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      found.push(get());
    } catch {
      // storage disabled (private mode, policies): nothing to keep or clear there
    }
  }
  return found;
}

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers where to go after login; only same-site paths are kept. */
export function saveRedirectTarget(target: string | null | undefined): void {
  const path = sameSitePath(target);
  if (path) session()?.setItem(REDIRECT_KEY, path);
}

/**
 * Where to go now that the member is logged in: the given target (the page's `?redirect=`), else
 * the stored one, else home; login, join, the agreement and callbacks also mean home. The stored
 * target is cleared.
 */
function takeRedirectTarget(target?: string | null): string {
  const stored = session()?.getItem(REDIRECT_KEY) ?? null;
  session()?.removeItem(REDIRECT_KEY);
  return redirectAfterLogin([target, stored].filter(Boolean));
}

/**
 * The guest identity the login replaced: the merge sends it along, so the server can tell whose
 * guest designs the guest cart's design lines are.
 */
let preLoginGuestToken: string | null = null;

/**
 * The last step of the login flow (spec section 4): the guest cart merges into the member cart
 * and is emptied; a failure keeps it and tells the shopper on the next page (stores/cart.ts).
 * Every login path (id, join, social) calls it after the session exists and the profile is loaded.
 */
async function afterLogin(): Promise<void> {
  await mergeGuestCartIntoMember({ guestToken: preLoginGuestToken });
  preLoginGuestToken = null;
}

/** Loads the member's profile; a 401 means the session is gone: the identity is cleared. */
async function loadProfile(): Promise<MemberProfile | null> {
  try {
    const profile = await unwrap(profileApi.index.$get());
    $profile.set(profile);
    return profile;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      clearIdentity();
      return null;
    }
    throw err;
  }
}

/** What the login flow drops before a member logs in: the guest identity and the draft design. */
export function prepareLogin(): void {
  const guest = $guestIdentity.get();
  preLoginGuestToken = guest && guest.expiresAt > Date.now() ? guest.guestToken : null;
  clearGuestIdentity();
  for (const s of storages()) s.removeItem(DRAFT_DESIGN_KEY);
}

export interface LoginInput {
  memberId: string;
  password: string;
  keepLogin: boolean;
}

/**
 * Id and password login: the server answers with the httpOnly cookie; then the profile, the
 * after-login hook and the target. Returns where to go (the caller navigates).
 */
export async function login(input: LoginInput, target?: string | null): Promise<string> {
  prepareLogin();
  // the guest identity just dropped still names the guest's saved designs: the server moves them
  await unwrap(
    oauthTokenApi.index.$post(
      { json: input },
      preLoginGuestToken ? { headers: { guestToken: preLoginGuestToken } } : {},
    ),
  );
  return completeLogin(target);
}

/** The common end of every login (id, join, social): profile, hook, target. */
export async function completeLogin(target?: string | null): Promise<string> {
  await loadProfile();
  await afterLogin();
  return takeRedirectTarget(target);
}

/** Forgets who the member is in this page (stores only). */
function clearIdentity(): void {
  $memberSession.set(null);
  $profile.set(null);
}

/**
 * Logout and expiry (spec section 4): cart selections, saved order data, identity, profile and the
 * draft design go; every persisted `podo:` key is removed except the consent flags.
 */
export function clearClientState(): void {
  clearIdentity();
  clearGuestIdentity();
  for (const s of storages()) {
    const keys: string[] = [];
    for (let i = 0; i < s.length; i++) {
      const key = s.key(i);
      if (key?.startsWith(STORAGE_PREFIX) && !KEEP_ON_LOGOUT.test(key)) keys.push(key);
    }
    for (const key of keys) s.removeItem(key);
  }
}

/** Home, loaded afresh (spec: "go home and reload"). */
function goHomeAndReload(): void {
  if (window.location.pathname === '/' && !window.location.search) window.location.reload();
  else window.location.assign('/');
}

/**
 * Ends the session on the server (token revoked, cookies cleared, the other plain keys too),
 * clears the client state and goes home. Server errors do not keep anybody logged in here.
 */
export async function logout(options: { navigate?: boolean } = {}): Promise<void> {
  try {
    await unwrap(oauthTokenApi.index.$delete());
  } catch {
    // already logged out, or offline: the client state goes anyway
  }
  try {
    await unwrap(cookieApi['del-cookie'].$post({ json: {} }));
  } catch {
    // best effort: the session cookies went with DELETE /oauth/token
  }
  clearClientState();
  if (options.navigate !== false) goHomeAndReload();
}

/**
 * A call of a member's page answered 401: the login session is over (expired, revoked, logged out
 * in another tab; the server has cleared its cookies). That session's client state goes, as on
 * expiry, and the member logs in again and comes back to `returnTo`; with `token-has-expired`
 * the login page says why. Not for the 30-minute user-update token: its codes are 403
 * (`update-token-expired`, `update-token-required`) and lead back to /mypage/info instead.
 */
export function loginAgain(err: ApiError, returnTo: string): void {
  clearClientState();
  const url = loginUrlFor(returnTo);
  window.location.assign(
    err.code === 'token-has-expired' ? `${url}${url.includes('?') ? '&' : '?'}reason=expired` : url,
  );
}

/** After leaving the shop (DELETE /profile): the server already ended the session. */
export function afterWithdrawal(): void {
  clearClientState();
  goHomeAndReload();
}

let expiryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The island-level expiry check: the session counts as expired 60 s before its end
 * (ACCESS_TOKEN_MARGIN_MS). Expired now → logout flow; otherwise a timer does it then.
 */
export function watchSessionExpiry(expiresAt: number, now = Date.now()): void {
  clearTimeout(expiryTimer);
  if (isExpired(expiresAt, now)) {
    void logout();
    return;
  }
  // timers cannot wait longer than ~24.8 days; a page open that long checks again then
  const wait = Math.min(expiresAt - 60_000 - now, 2_000_000_000);
  expiryTimer = setTimeout(() => watchSessionExpiry(expiresAt), Math.max(wait, 0));
}
