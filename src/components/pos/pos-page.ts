import type { AstroGlobal } from 'astro';
import type { AuthMember } from '../../server/auth/index.ts';
import { pageMember } from '../../server/board/index.ts';
import { db } from '../../server/db/client.ts';
import { ERRORS } from '../../lib/errors/index.ts';
import {
  openShiftOf,
  requestedStore,
  resolveCounterStore,
  storeOf,
  POS_STORE_COOKIE,
  type Cashier,
  type CounterStore,
  type Shift,
  type Store,
} from '../../server/pos/index.ts';

/**
 * The guard and context of every point-of-sale page (issue 14): staff and administrators only.
 * A visitor goes to /test/pos/login (coming back here afterwards); a member who is neither gets
 * status 403 and `forbidden` (PosLayout then shows the refusal instead of the page). The page is
 * private either way. For the counter it also answers who sells, at which store, in which shift.
 * The store is the one the browser chose (the `podo_pos_store` cookie), checked like the API
 * checks it (`resolveCounterStore`, decision 018): a choice no longer allowed is forgotten, and a
 * member with several stores is sent to the store picker (`/test/pos/store`) to choose again.
 */
export interface PosPage {
  member: AuthMember;
  forbidden: boolean;
  /** Why the page is refused, when it is for another reason than the role (no store to sell at). */
  refusal: string | null;
  /** null when forbidden */
  cashier: Cashier | null;
  store: Store | null;
  /** The store's open shift, if any. */
  shift: Shift | null;
  /** The stores the member may sell at (the bar offers 매장 변경 when there are several). */
  stores: CounterStore[];
  /** The browser's remembered store was refused (and forgotten) on this request. */
  staleChoice: boolean;
}

export const POS_LOGIN_PATH = '/test/pos/login';
export const POS_STORE_PATH = '/test/pos/store';

/** The POS login page that comes back to `url` afterwards. */
export function posLoginPath(url: URL): string {
  return `${POS_LOGIN_PATH}?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

/** The store picker that comes back to `url` afterwards; `stale` says the remembered store was refused. */
export function storePickerPath(url: URL, stale = false): string {
  const back = encodeURIComponent(`${url.pathname}${url.search}`);
  return `${POS_STORE_PATH}?redirect=${back}${stale ? '&stale=1' : ''}`;
}

export async function posPage(
  astro: Pick<AstroGlobal, 'locals' | 'cookies' | 'url' | 'redirect' | 'response'>,
  /** `picker`: the store picker itself, which shows a refused choice instead of redirecting to itself. */
  options: { picker?: boolean } = {},
): Promise<PosPage | Response> {
  const member = await pageMember(astro);
  astro.response.headers.set('Cache-Control', 'private, no-store');
  if (!member) return astro.redirect(posLoginPath(astro.url), 302);
  const refused = (refusal: string | null = null): PosPage => ({
    member,
    forbidden: true,
    refusal,
    cashier: null,
    store: null,
    shift: null,
    stores: [],
    staleChoice: false,
  });
  if (!member.isStaff && !member.isAdmin) {
    astro.response.status = 403;
    return refused();
  }
  const conn = await db();
  let resolved = await resolveCounterStore(
    conn,
    member,
    requestedStore(astro.cookies.get(POS_STORE_COOKIE)?.value),
  );
  const staleChoice = resolved.refused === 'POS_STORE_NOT_ALLOWED';
  if (staleChoice) {
    // the remembered store was taken away (or never allowed): forget it, choose again
    astro.cookies.delete(POS_STORE_COOKIE, { path: '/' });
    if (resolved.stores.length > 1 && !options.picker)
      return astro.redirect(storePickerPath(astro.url, true), 302);
    resolved = await resolveCounterStore(conn, member, null);
  }
  if (!resolved.cashier) {
    astro.response.status = 403;
    return refused(ERRORS.POS_NO_STORE.message);
  }
  const cashier = resolved.cashier;
  const [store, shift] = await Promise.all([
    storeOf(conn, cashier.storeNo),
    openShiftOf(conn, cashier.storeNo),
  ]);
  return {
    member,
    forbidden: false,
    refusal: null,
    cashier,
    store,
    shift,
    stores: resolved.stores,
    staleChoice,
  };
}
