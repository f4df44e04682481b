import type { Executor } from '../db/client.ts';
import { changesRows, nullableString, placeholders, selectFirst, selectRows } from '../db/sql.ts';
import { DEFAULT_STORE_NO } from './staff.ts';

/**
 * SQL of the back office's stores and staff assignments. A change to a store is guarded by the
 * version the manager read (`… AND version = ?`) and bumps it; the caller checks the row count.
 * The staff list reads members' names beside `staff_accounts` (read only: the member module owns
 * both; `staff_stores` is this module's).
 */

export interface StoreRow {
  storeNo: number;
  storeName: string;
  businessNo: string;
  representative: string;
  address: string;
  phone: string;
  receiptFooter: string;
  pointRate: number;
  active: boolean;
  version: number;
  createdAt: string;
  updatedAt: string | null;
  /** The open shift, if any: when it opened and who opened it. */
  shiftOpenedAt: string | null;
  shiftOpenedBy: string | null;
  /** Active staff accounts who may sell at the store (assigned, or unassigned with it as home store). */
  staffCount: number;
}

const STORE_SELECT = `SELECT s.*, p.opened_at AS shift_opened_at, p.opened_by_name AS shift_opened_by,
    (SELECT COUNT(*) FROM staff_accounts a WHERE a.active = 1 AND (
      EXISTS (SELECT 1 FROM staff_stores ss WHERE ss.member_no = a.member_no AND ss.store_no = s.store_no)
      OR (NOT EXISTS (SELECT 1 FROM staff_stores ss WHERE ss.member_no = a.member_no)
          AND COALESCE(a.store_no, ${DEFAULT_STORE_NO}) = s.store_no))) AS staff_count
  FROM stores s LEFT JOIN pos_shifts p ON p.store_no = s.store_no AND p.status = 'OPEN'`;

const toStore = (r: Record<string, unknown>): StoreRow => ({
  storeNo: Number(r.store_no),
  storeName: String(r.store_name),
  businessNo: String(r.business_no ?? ''),
  representative: String(r.representative ?? ''),
  address: String(r.address ?? ''),
  phone: String(r.phone ?? ''),
  receiptFooter: String(r.receipt_footer ?? ''),
  pointRate: Number(r.point_rate),
  active: Number(r.active) === 1,
  version: Number(r.version),
  createdAt: String(r.created_at),
  updatedAt: nullableString(r.updated_at),
  shiftOpenedAt: nullableString(r.shift_opened_at),
  shiftOpenedBy: nullableString(r.shift_opened_by),
  staffCount: Number(r.staff_count ?? 0),
});

export function selectStores(ex: Executor): Promise<StoreRow[]> {
  return selectRows(ex, `${STORE_SELECT} ORDER BY s.store_no`, toStore);
}

export function selectStore(ex: Executor, storeNo: number): Promise<StoreRow | null> {
  return selectFirst(ex, { sql: `${STORE_SELECT} WHERE s.store_no = ?`, args: [storeNo] }, toStore);
}

/** The store (other than `exceptNo`) named `name`, whatever the case. */
export async function storeNamed(ex: Executor, name: string, exceptNo = 0): Promise<string | null> {
  const rs = await ex.execute({
    sql: 'SELECT store_name FROM stores WHERE store_name = ? COLLATE NOCASE AND store_no <> ? LIMIT 1',
    args: [name, exceptNo],
  });
  return rs.rows[0] ? String(rs.rows[0][0]) : null;
}

export interface StoreFields {
  storeName: string;
  businessNo: string;
  representative: string;
  address: string;
  phone: string;
  receiptFooter: string;
  pointRate: number;
}

const fieldArgs = (f: StoreFields) => [
  f.storeName,
  f.businessNo,
  f.representative,
  f.address,
  f.phone,
  f.receiptFooter,
  f.pointRate,
];

export async function insertStore(ex: Executor, f: StoreFields, now: string): Promise<number> {
  const rs = await ex.execute({
    sql: `INSERT INTO stores (store_name, business_no, representative, address, phone, receipt_footer, point_rate,
            active, version, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, 1, 1, ?, ?) RETURNING store_no`,
    args: [...fieldArgs(f), now, now],
  });
  return Number(rs.rows[0]?.store_no);
}

export function updateStoreRow(
  ex: Executor,
  storeNo: number,
  version: number,
  f: StoreFields,
  now: string,
): Promise<boolean> {
  return changesRows(ex, {
    sql: `UPDATE stores SET store_name = ?, business_no = ?, representative = ?, address = ?, phone = ?,
            receipt_footer = ?, point_rate = ?, version = version + 1, updated_at = ?
          WHERE store_no = ? AND version = ?`,
    args: [...fieldArgs(f), now, storeNo, version],
  });
}

export function setStoreActiveRow(
  ex: Executor,
  storeNo: number,
  version: number,
  active: boolean,
  now: string,
): Promise<boolean> {
  return changesRows(ex, {
    sql: `UPDATE stores SET active = ?, version = version + 1, updated_at = ? WHERE store_no = ? AND version = ?`,
    args: [active ? 1 : 0, now, storeNo, version],
  });
}

// ------------------------------------------------------------------------------ staff

export interface StaffRow {
  memberNo: number;
  memberId: string;
  memberName: string;
  active: boolean;
  /** staff_accounts.store_no: where they sell while they have no assignment (null = store 1). */
  homeStoreNo: number | null;
  /** Their rows of staff_stores, in store order. */
  storeNos: number[];
}

const STAFF_SELECT = `SELECT a.member_no, a.active, a.store_no, m.member_id, m.member_name,
    (SELECT group_concat(store_no) FROM staff_stores ss WHERE ss.member_no = a.member_no) AS store_nos
  FROM staff_accounts a JOIN members m ON m.member_no = a.member_no`;

const toStaff = (r: Record<string, unknown>): StaffRow => ({
  memberNo: Number(r.member_no),
  memberId: String(r.member_id ?? ''),
  memberName: String(r.member_name ?? ''),
  active: Number(r.active) === 1,
  homeStoreNo: r.store_no == null ? null : Number(r.store_no),
  storeNos:
    r.store_nos == null || r.store_nos === ''
      ? []
      : String(r.store_nos)
          .split(',')
          .map(Number)
          .sort((a, b) => a - b),
});

export function selectStaff(ex: Executor): Promise<StaffRow[]> {
  return selectRows(ex, `${STAFF_SELECT} ORDER BY a.active DESC, m.member_name, a.member_no`, toStaff);
}

export function selectStaffMember(ex: Executor, memberNo: number): Promise<StaffRow | null> {
  return selectFirst(ex, { sql: `${STAFF_SELECT} WHERE a.member_no = ?`, args: [memberNo] }, toStaff);
}

/** Which of `storeNos` exist. */
export async function existingStoreNos(ex: Executor, storeNos: readonly number[]): Promise<Set<number>> {
  if (storeNos.length === 0) return new Set();
  const rs = await ex.execute({
    sql: `SELECT store_no FROM stores WHERE store_no IN (${placeholders(storeNos)})`,
    args: [...storeNos],
  });
  return new Set(rs.rows.map((r) => Number(r.store_no)));
}

/** Replaces the member's assignment with `storeNos`. */
export async function replaceStaffStores(
  ex: Executor,
  memberNo: number,
  storeNos: readonly number[],
  now: string,
): Promise<void> {
  await ex.execute({
    sql: `DELETE FROM staff_stores WHERE member_no = ? AND store_no NOT IN (${placeholders(storeNos)})`,
    args: [memberNo, ...storeNos],
  });
  for (const storeNo of storeNos)
    await ex.execute({
      sql: 'INSERT OR IGNORE INTO staff_stores (member_no, store_no, assigned_at) VALUES (?, ?, ?)',
      args: [memberNo, storeNo, now],
    });
}
