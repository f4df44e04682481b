import { INTEGRATION_CHECK_PAGES } from './integration-check-pages.ts';
import { loginUrlFor, normalisePath, redirectAfterLogin } from './redirect.ts';

/**
 * The page guards of spec sections 2 and 6, as a table the Astro middleware applies:
 * - auth: signed-in members only (cart, my page) → /login?redirect=<this page>
 * - admin: the brand administrator group (/custom/admin/*, /manager/*, the integration checks'
 *   /test/* pages of decision 028) → login, or 403
 * - previous-path: the login pages; a member who is already signed in goes on to the target
 */
export type Guard = 'auth' | 'admin' | 'previous-path';

interface GuardRule {
  guard: Guard;
  /** The path itself and everything below it. */
  prefix: string;
}

const GUARD_TABLE: readonly GuardRule[] = [
  { guard: 'admin', prefix: '/custom/admin' },
  { guard: 'admin', prefix: '/manager' },
  { guard: 'auth', prefix: '/cart' },
  { guard: 'auth', prefix: '/mypage' },
  ...INTEGRATION_CHECK_PAGES.map((prefix) => ({ guard: 'admin' as const, prefix })),
  { guard: 'previous-path', prefix: '/login' },
  { guard: 'previous-path', prefix: '/sns/login' },
];

/**
 * My-page paths open to everybody. None today: the social link return (/mypage/info/callback)
 * links to the signed-in member, so it needs the session as much as the rest.
 */
const PUBLIC_MYPAGE_PATHS: readonly string[] = [];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The guard of a page, judged on the normalised path (case, repeated or trailing slashes, %-escapes). */
export function guardOf(pathname: string): Guard | null {
  const path = normalisePath(pathname);
  if (PUBLIC_MYPAGE_PATHS.includes(path)) return null;
  return GUARD_TABLE.find((rule) => under(path, rule.prefix))?.guard ?? null;
}

export interface GuardViewer {
  isAdmin: boolean;
}

export type GuardDecision =
  { action: 'pass' } | { action: 'redirect'; location: string } | { action: 'forbidden' };

/**
 * What to do with a request for `url` by `viewer` (null: not signed in). `url` is the page's own
 * URL; only its path and query are used.
 */
export function decideGuard(url: URL, viewer: GuardViewer | null): GuardDecision {
  const guard = guardOf(url.pathname);
  const here = `${url.pathname}${url.search}`;
  switch (guard) {
    case 'auth':
      return viewer ? { action: 'pass' } : { action: 'redirect', location: loginUrlFor(here) };
    case 'admin':
      if (!viewer) return { action: 'redirect', location: loginUrlFor(here) };
      return viewer.isAdmin ? { action: 'pass' } : { action: 'forbidden' };
    case 'previous-path':
      return viewer
        ? { action: 'redirect', location: redirectAfterLogin(url.searchParams.get('redirect')) }
        : { action: 'pass' };
    default:
      return { action: 'pass' };
  }
}

/** Requests the page middleware leaves alone: the APIs, built assets, uploads and plain files. */
export function isPagePath(pathname: string): boolean {
  if (/^\/(?:api|shop-api|_astro|_image|_server-islands|uploads)(?:\/|$)/.test(pathname)) return false;
  // files served from public/ (favicon.svg, robots.txt, fonts)
  return !/\.(?:svg|png|jpe?g|webp|avif|gif|ico|txt|xml|json|webmanifest|js|mjs|css|map|woff2?|ttf)$/i.test(
    pathname,
  );
}
