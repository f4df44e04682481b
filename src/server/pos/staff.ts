import type { Executor } from '../db/client.ts';
import { appError } from '../platform/errors.ts';

/**
 * Who is at the counter and at which store (decision 018). The server decides which stores a
 * member may sell at — administrators every active store; staff the stores assigned to them
 * (`staff_stores`), or their home store (`staff_accounts.store_no`, store 1 when unset) while they
 * have no assignment — and checks the store the browser asks for (the `podo_pos_store` cookie) on
 * every counter request: a store outside that set is refused, never replaced by another one, so a
 * sale never lands in a store the cashier did not see. Without a choice the counter sells at the
 * home store when it is allowed, else at the first allowed store.
 */

export interface Cashier {
  memberNo: number;
  name: string;
  storeNo: number;
}

export interface Store {
  storeNo: number;
  storeName: string;
  businessNo: string;
  representative: string;
  address: string;
  phone: string;
  receiptFooter: string;
  pointRate: number;
  active: boolean;
}

/** A store the member may sell at, as the store picker shows it. */
export interface CounterStore {
  storeNo: number;
  storeName: string;
  address: string;
  /** The store's shift is open (a shift stays open when its cashier moves to another store). */
  shiftOpen: boolean;
}

/** What the resolution needs to know of the signed-in member. */
export interface CashierMember {
  memberNo: number;
  memberName: string;
  isAdmin: boolean;
}

export const DEFAULT_STORE_NO = 1;

/** httpOnly, SameSite=Lax: the store the browser chose (a store number, checked on every request). */
export const POS_STORE_COOKIE = 'podo_pos_store';
/** The choice is remembered for 30 days (a counter's computer stays in its store). */
export const POS_STORE_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

/**
 * The store a cookie value asks for: null when there is no choice; an unreadable value asks for
 * store 0, which no one may sell at (so it is refused like any other store not allowed).
 */
export function requestedStore(raw: string | null | undefined): number | null {
  if (raw == null || raw === '') return null;
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : 0;
}

/** The active stores the member may sell at, in store order, and their home store. */
export async function allowedStores(
  db: Executor,
  member: Pick<CashierMember, 'memberNo' | 'isAdmin'>,
): Promise<{ stores: CounterStore[]; homeStoreNo: number }> {
  const [account, rs] = await Promise.all([
    db.execute({
      sql: 'SELECT store_no FROM staff_accounts WHERE member_no = ? AND active = 1',
      args: [member.memberNo],
    }),
    db.execute({
      sql: `SELECT s.store_no, s.store_name, s.address,
              EXISTS (SELECT 1 FROM pos_shifts p WHERE p.store_no = s.store_no AND p.status = 'OPEN') AS shift_open
            FROM stores s
            WHERE s.active = 1 AND (
              ? = 1
              OR (EXISTS (SELECT 1 FROM staff_accounts a WHERE a.member_no = ? AND a.active = 1) AND (
                s.store_no IN (SELECT store_no FROM staff_stores WHERE member_no = ?)
                OR (NOT EXISTS (SELECT 1 FROM staff_stores WHERE member_no = ?)
                    AND s.store_no = COALESCE((SELECT store_no FROM staff_accounts WHERE member_no = ?), ?))
              ))
            )
            ORDER BY s.store_no`,
      args: [
        member.isAdmin ? 1 : 0,
        member.memberNo,
        member.memberNo,
        member.memberNo,
        member.memberNo,
        DEFAULT_STORE_NO,
      ],
    }),
  ]);
  const home = account.rows[0]?.store_no;
  return {
    homeStoreNo: home == null ? DEFAULT_STORE_NO : Number(home),
    stores: rs.rows.map((r) => ({
      storeNo: Number(r.store_no),
      storeName: String(r.store_name),
      address: String(r.address ?? ''),
      shiftOpen: Number(r.shift_open) === 1,
    })),
  };
}

export type StoreResolution =
  | { cashier: Cashier; stores: CounterStore[]; refused: null }
  | { cashier: null; stores: CounterStore[]; refused: 'POS_NO_STORE' | 'POS_STORE_NOT_ALLOWED' };

/**
 * The one place that decides where a member sells: `requestedStoreNo` is the browser's choice
 * (`requestedStore(cookie)`), null when none. Refusals are answers, not errors, so a page can send
 * the member to the store picker; routes use `cashierOf`.
 */
export async function resolveCounterStore(
  db: Executor,
  member: CashierMember,
  requestedStoreNo: number | null,
): Promise<StoreResolution> {
  const { stores, homeStoreNo } = await allowedStores(db, member);
  const first = stores[0];
  if (!first) return { cashier: null, stores, refused: 'POS_NO_STORE' };
  let storeNo: number;
  if (requestedStoreNo !== null) {
    if (!stores.some((s) => s.storeNo === requestedStoreNo))
      return { cashier: null, stores, refused: 'POS_STORE_NOT_ALLOWED' };
    storeNo = requestedStoreNo;
  } else {
    storeNo = stores.some((s) => s.storeNo === homeStoreNo) ? homeStoreNo : first.storeNo;
  }
  return { cashier: { memberNo: member.memberNo, name: member.memberName, storeNo }, stores, refused: null };
}

/** The cashier of a counter request: 403 when the member may sell nowhere or not at the store asked for. */
export async function cashierOf(
  db: Executor,
  member: CashierMember,
  requestedStoreNo: number | null = null,
): Promise<Cashier> {
  const resolved = await resolveCounterStore(db, member, requestedStoreNo);
  if (resolved.refused) throw appError(resolved.refused);
  return resolved.cashier;
}

/**
 * Checks a store the member picks (PUT /api/pos/store): it exists, is active and is one they may
 * sell at. Answers the store as the picker shows it; the caller remembers the choice.
 */
export async function chooseStore(
  db: Executor,
  member: CashierMember,
  storeNo: number,
): Promise<CounterStore> {
  const [store, { stores }] = await Promise.all([storeOf(db, storeNo), allowedStores(db, member)]);
  if (!store) throw appError('STORE_NOT_FOUND');
  if (!store.active)
    throw appError('STORE_INACTIVE', `'${store.storeName}' 매장은 운영을 멈춘 매장이라 고를 수 없습니다.`);
  const allowed = stores.find((s) => s.storeNo === storeNo);
  if (!allowed)
    throw appError(
      'POS_STORE_NOT_ALLOWED',
      `'${store.storeName}' 매장에서 판매할 권한이 없습니다. 관리자에게 매장 배정을 요청해 주세요.`,
    );
  return allowed;
}

export async function storeOf(db: Executor, storeNo: number): Promise<Store | null> {
  const rs = await db.execute({ sql: 'SELECT * FROM stores WHERE store_no = ?', args: [storeNo] });
  const r = rs.rows[0];
  if (!r) return null;
  return {
    storeNo: Number(r.store_no),
    storeName: String(r.store_name),
    businessNo: String(r.business_no ?? ''),
    representative: String(r.representative ?? ''),
    address: String(r.address ?? ''),
    phone: String(r.phone ?? ''),
    receiptFooter: String(r.receipt_footer ?? ''),
    pointRate: Number(r.point_rate ?? 0),
    active: Number(r.active ?? 1) === 1,
  };
}
