import type { AstroGlobal } from 'astro';
import type { AuthMember } from '../../server/auth/index.ts';
import { pageMember } from '../../server/board/index.ts';
import { db } from '../../server/db/client.ts';
import {
  cashierOf,
  openShiftOf,
  storeOf,
  type Cashier,
  type Shift,
  type Store,
} from '../../server/pos/index.ts';

/**
 * The guard and context of every point-of-sale page (issue 14): staff and administrators only.
 * A visitor goes to /test/pos/login (coming back here afterwards); a member who is neither gets
 * status 403 and `forbidden` (PosLayout then shows the refusal instead of the page). The page is
 * private either way. For the counter it also answers who sells, at which store, in which shift.
 */
export interface PosPage {
  member: AuthMember;
  forbidden: boolean;
  /** null when forbidden */
  cashier: Cashier | null;
  store: Store | null;
  /** The store's open shift, if any. */
  shift: Shift | null;
}

export const POS_LOGIN_PATH = '/test/pos/login';

/** The POS login page that comes back to `url` afterwards. */
export function posLoginPath(url: URL): string {
  return `${POS_LOGIN_PATH}?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

export async function posPage(
  astro: Pick<AstroGlobal, 'locals' | 'cookies' | 'url' | 'redirect' | 'response'>,
): Promise<PosPage | Response> {
  const member = await pageMember(astro);
  astro.response.headers.set('Cache-Control', 'private, no-store');
  if (!member) return astro.redirect(posLoginPath(astro.url), 302);
  if (!member.isStaff && !member.isAdmin) {
    astro.response.status = 403;
    return { member, forbidden: true, cashier: null, store: null, shift: null };
  }
  const conn = await db();
  const cashier = await cashierOf(conn, { memberNo: member.memberNo, memberName: member.memberName });
  const [store, shift] = await Promise.all([
    storeOf(conn, cashier.storeNo),
    openShiftOf(conn, cashier.storeNo),
  ]);
  return { member, forbidden: false, cashier, store, shift };
}
