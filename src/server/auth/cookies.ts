/**
 * Names of the cookies the server sets for the session. The access token and the user-update
 * token are httpOnly: no script can read them (see docs/decisions/002-access-token-cookie.md).
 * Pages read the access token with `Astro.cookies.get(ACCESS_TOKEN_COOKIE)` and pass it to
 * `resolveMember()`.
 */

/**
 * A live shop (read once, when the server starts) names its httpOnly cookies with the `__Host-`
 * prefix: the browser then accepts them only over https, for this host and path `/`, so a sibling
 * subdomain cannot plant or shadow a session.
 */
const LIVE = process.env.SHOP_MODE === 'live';
const hostOnly = (name: string) => (LIVE ? `__Host-${name}` : name);

/** Session cookies carry `Secure` in live mode always, in a demo whenever the request came over https. */
export function secureCookies(requestUrl: string): boolean {
  return LIVE || requestUrl.startsWith('https:');
}

/** httpOnly: the session's access token (the spec's SHOP_KEY). */
export const ACCESS_TOKEN_COOKIE = hostOnly('podo_access_token');
/** Readable by scripts, not secret: `<issuedAt ms>.<expireIn s>` (the spec's EXPIRES_IN). */
export const TOKEN_EXPIRY_COOKIE = 'podo_expires_in';
/** httpOnly: the user-update token after the password re-check (the spec's USER_UPDATE_KEY). */
export const USER_UPDATE_COOKIE = hostOnly('podo_user_update');

/** Request headers of the Shopby API. */
export const ACCESS_TOKEN_HEADER = 'accessToken';
export const GUEST_TOKEN_HEADER = 'guestToken';
/** API clients send the user-update token in this header instead of the cookie. */
export const USER_UPDATE_HEADER = 'userUpdateToken';

export function formatTokenExpiry(issuedAt: number, expireIn: number): string {
  return `${issuedAt}.${expireIn}`;
}
