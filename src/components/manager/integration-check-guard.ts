import type { AstroGlobal } from 'astro';
import { loginPath, pageMember } from '../../server/board/index.ts';

/**
 * The guard of an integration check's page (administrators only, decision 028): a visitor goes to
 * the login page, anybody else who is not an administrator gets the 403 page. Null: go on.
 */
export async function guardIntegrationPage(
  astro: Pick<AstroGlobal, 'locals' | 'cookies' | 'url' | 'redirect' | 'rewrite' | 'response'>,
): Promise<Response | null> {
  const member = await pageMember(astro);
  if (!member) return astro.redirect(loginPath(astro.url), 302);
  if (!member.isAdmin) return astro.rewrite('/403');
  astro.response.headers.set('Cache-Control', 'private, no-store');
  return null;
}
