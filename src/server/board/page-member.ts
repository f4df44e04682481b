import type { AstroCookies, AstroGlobal } from 'astro';
import { resolveMember, type AuthMember, ACCESS_TOKEN_COOKIE } from '../auth/index.ts';

import { db } from '../db/client.ts';

/**
 * The signed-in member of a page request: the one the page middleware put in `Astro.locals`
 * when it ran, else resolved from the access-token cookie here (pages must not depend on the
 * middleware for their own guard).
 */
export async function pageMember(astro: {
  locals: object;
  cookies: AstroCookies;
}): Promise<AuthMember | null> {
  const fromLocals = (astro.locals as { member?: AuthMember | null }).member;
  if (fromLocals !== undefined) return fromLocals;
  return resolveMember(await db(), astro.cookies.get(ACCESS_TOKEN_COOKIE)?.value);
}

/** The login page that comes back to `url` afterwards. */
export function loginPath(url: URL): string {
  return `/login?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

/**
 * The guard of a page for administrators: the login page for nobody (the redirect to return), else
 * the member and whether the page is `forbidden` to them (not an administrator: status 403). The
 * page is private either way (`Cache-Control: private, no-store`).
 */
export async function adminPage(
  astro: Pick<AstroGlobal, 'locals' | 'cookies' | 'url' | 'redirect' | 'response'>,
): Promise<{ member: AuthMember; forbidden: boolean } | Response> {
  const member = await pageMember(astro);
  if (!member) return astro.redirect(loginPath(astro.url), 302);
  const forbidden = !member.isAdmin;
  if (forbidden) astro.response.status = 403;
  astro.response.headers.set('Cache-Control', 'private, no-store');
  return { member, forbidden };
}

/** The manager's board pages by their path segment. */
export const MANAGED_BOARDS = {
  notice: { boardNo: 272902, name: '공지사항', writable: true },
  faq: { boardNo: 272925, name: '자주 묻는 질문', writable: true },
  'bug-report': { boardNo: 280047, name: '오류 신고', writable: false },
} as const;

export type ManagedBoardSlug = keyof typeof MANAGED_BOARDS;

export function managedBoard(slug: string | undefined) {
  return slug && Object.hasOwn(MANAGED_BOARDS, slug)
    ? { slug: slug as ManagedBoardSlug, ...MANAGED_BOARDS[slug as ManagedBoardSlug] }
    : null;
}
