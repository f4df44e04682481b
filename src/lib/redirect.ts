/**
 * Where to send a shopper after login (or a guard): only paths on this site. A target is taken as
 * it is given (`?redirect=…` is already decoded once by URLSearchParams) and must be a plain
 * absolute path: one leading '/', not '//' or '/\' (protocol-relative), no scheme, no whitespace,
 * control characters or backslashes anywhere, and the same holds after further percent-decoding,
 * so a target that a later step decodes again cannot turn into another site either.
 * Client-safe: the middleware, the pages and the login islands share it.
 */

/** Targets that make no sense after login: the login, join and agreement pages and the callbacks. */
const NOT_AFTER_LOGIN = [
  '/login',
  '/sns/login',
  '/join',
  '/member/member-register-agreement',
  '/callback/auth-callback',
  '/callback/link-callback',
  '/mypage/info/callback',
  '/logout',
];

const MAX_TARGET_LENGTH = 2000;
const BASE = 'http://podo.invalid';

/** The raw target: a single leading '/', and nothing a browser strips or reinterprets anywhere. */
function rawUnsafe(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return true;
  // whitespace, control characters and backslashes: browsers drop or rewrite them ('/\x' → '//x')
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/.test(value);
}

/**
 * A decoded form: what a careless later step might hand to the browser. Encoded spaces in a query
 * are fine; what must not appear is a start that leaves the site once the URL parser has removed
 * tabs and newlines and leading blanks ('/%09/evil.com', '%2F%2Fevil.com', '/%5Cevil.com').
 */
function decodedUnsafe(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  const v = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  return !v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\');
}

/** The value, percent-decoded until it stops changing (at most 4 rounds), or null when malformed. */
function decodedForms(value: string): string[] | null {
  const forms = [value];
  let current = value;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return forms;
    forms.push(next);
    current = next;
  }
  return null;
}

/** Normalised pathname for comparisons: lower case, no repeated or trailing slash. */
export function normalisePath(pathname: string): string {
  let p = pathname;
  try {
    p = decodeURI(pathname);
  } catch {
    // keep it as it is
  }
  p = p.toLowerCase().replace(/\/{2,}/g, '/');
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/**
 * A same-site path (`/mypage/info?tab=1#x`) or null. The result is re-serialised from a parsed URL,
 * so what is returned is exactly what the browser will open.
 */
export function sameSitePath(target: unknown): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_TARGET_LENGTH) return null;
  const forms = decodedForms(target);
  if (!forms || rawUnsafe(target) || forms.some(decodedUnsafe)) return null;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return rawUnsafe(path) ? null : path;
}

/** Whether a path is one of the pages a login must not return to. */
export function isLoginFlowPath(pathname: string): boolean {
  const p = normalisePath(pathname);
  return NOT_AFTER_LOGIN.includes(p) || p.startsWith('/callback/');
}

/**
 * Where to go after login: the first safe target among `candidates`, except login, join, the
 * register agreement and the callbacks (then home). Unsafe or missing → `fallback` ('/').
 */
export function redirectAfterLogin(candidates: unknown | unknown[], fallback = '/'): string {
  const list = Array.isArray(candidates) ? candidates : [candidates];
  for (const candidate of list) {
    const path = sameSitePath(candidate);
    if (!path) continue;
    return isLoginFlowPath(new URL(path, BASE).pathname) ? fallback : path;
  }
  return fallback;
}

/** The login page that comes back to `target` (a same-site path) afterwards. */
export function loginUrlFor(target: string | null | undefined): string {
  const path = sameSitePath(target);
  if (!path || path === '/' || isLoginFlowPath(new URL(path, BASE).pathname)) return '/login';
  return `/login?redirect=${encodeURIComponent(path)}`;
}

const loginPerRequest = new WeakMap<object, string>();

/**
 * `loginUrlFor` the page being rendered (`url`, its address), worked out once per request (keyed
 * by the request object) however many product cards' hearts ask: twenty URL parses a listing page
 * otherwise (decision 058).
 */
export function loginUrlForPage(request: object, url: URL): string {
  let href = loginPerRequest.get(request);
  if (href === undefined) {
    href = loginUrlFor(`${url.pathname}${url.search}`);
    loginPerRequest.set(request, href);
  }
  return href;
}
