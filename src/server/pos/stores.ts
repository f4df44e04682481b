import type { Db, Executor } from '../db/client.ts';
import { writeTx } from '../db/write-tx.ts';
import { appError, fieldsError } from '../platform/errors.ts';
import { DEFAULT_STORE_NO } from './staff.ts';
import * as repo from './stores-repo.ts';
import type { StaffStoresBody, StoreActiveBody, StoreCreate, StorePut } from './stores-schema.ts';

/**
 * The back office's stores (/manager/stores, decision 018): the store's own fields (what the
 * receipt prints and the points rate), stopping and resuming a store, and which stores each staff
 * member may sell at. Every store write names the version it read; a stale one is a 409 and
 * changes nothing. A store with an open shift keeps selling: it cannot be stopped until the shift
 * is closed (and `openShift` refuses a stopped store, in its own write transaction).
 */

export interface AdminStore {
  storeNo: number;
  storeName: string;
  /** Ten digits (format with formatBusinessNo), or empty. */
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
  /** The store's open shift, or null. */
  shift: { openedAt: string; openedByName: string } | null;
  staffCount: number;
}

export interface AdminStaff {
  memberNo: number;
  memberId: string;
  memberName: string;
  /** The staff account is active (a withdrawn or revoked one cannot sign in at the counter). */
  active: boolean;
  /** Where they sell while they have no assignment. */
  homeStoreNo: number;
  /** The stores assigned to them; empty = not assigned yet (they sell at the home store). */
  storeNos: number[];
}

const CHANGED = '다른 관리자가 먼저 이 매장 정보를 바꿨습니다. 새로 불러온 뒤 다시 저장해 주세요.';

const toAdminStore = (r: repo.StoreRow): AdminStore => ({
  storeNo: r.storeNo,
  storeName: r.storeName,
  businessNo: r.businessNo,
  representative: r.representative,
  address: r.address,
  phone: r.phone,
  receiptFooter: r.receiptFooter,
  pointRate: r.pointRate,
  active: r.active,
  version: r.version,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  shift: r.shiftOpenedAt === null ? null : { openedAt: r.shiftOpenedAt, openedByName: r.shiftOpenedBy ?? '' },
  staffCount: r.staffCount,
});

const toAdminStaff = (r: repo.StaffRow): AdminStaff => ({
  memberNo: r.memberNo,
  memberId: r.memberId,
  memberName: r.memberName,
  active: r.active,
  homeStoreNo: r.homeStoreNo ?? DEFAULT_STORE_NO,
  storeNos: r.storeNos,
});

export async function listStores(db: Executor): Promise<AdminStore[]> {
  return (await repo.selectStores(db)).map(toAdminStore);
}

export async function getStore(db: Executor, storeNo: number): Promise<AdminStore> {
  const row = await repo.selectStore(db, storeNo);
  if (!row) throw appError('STORE_NOT_FOUND');
  return toAdminStore(row);
}

async function storeAt(ex: Executor, storeNo: number, version: number): Promise<repo.StoreRow> {
  const row = await repo.selectStore(ex, storeNo);
  if (!row) throw appError('STORE_NOT_FOUND');
  if (row.version !== version) throw appError('VERSION_CONFLICT', CHANGED);
  return row;
}

async function assertNameFree(ex: Executor, name: string, exceptNo?: number) {
  const taken = await repo.storeNamed(ex, name, exceptNo);
  if (taken !== null)
    throw fieldsError('STORE_NAME_TAKEN', [
      { path: 'storeName', message: `'${taken}' 매장이 이미 있습니다. 다른 이름을 입력해 주세요.` },
    ]);
}

export async function createStore(db: Db, input: StoreCreate): Promise<AdminStore> {
  const storeNo = await writeTx(db, async (tx) => {
    await assertNameFree(tx, input.storeName);
    return repo.insertStore(tx, input, new Date().toISOString());
  });
  return getStore(db, storeNo);
}

export async function updateStore(db: Db, storeNo: number, input: StorePut): Promise<AdminStore> {
  await writeTx(db, async (tx) => {
    await storeAt(tx, storeNo, input.version);
    await assertNameFree(tx, input.storeName, storeNo);
    if (!(await repo.updateStoreRow(tx, storeNo, input.version, input, new Date().toISOString())))
      throw appError('VERSION_CONFLICT', CHANGED);
  });
  return getStore(db, storeNo);
}

/** Stops (active false) or resumes a store. A store whose shift is open cannot be stopped. */
export async function setStoreActive(db: Db, storeNo: number, input: StoreActiveBody): Promise<AdminStore> {
  await writeTx(db, async (tx) => {
    const row = await storeAt(tx, storeNo, input.version);
    if (row.active === input.active) return;
    if (!input.active && row.shiftOpenedAt !== null)
      throw appError(
        'STORE_SHIFT_OPEN',
        `'${row.storeName}' 매장은 영업 중이라 운영을 멈출 수 없습니다. 매장에서 영업을 마감한 뒤 다시 시도해 주세요.`,
      );
    if (!(await repo.setStoreActiveRow(tx, storeNo, input.version, input.active, new Date().toISOString())))
      throw appError('VERSION_CONFLICT', CHANGED);
  });
  return getStore(db, storeNo);
}

export async function listStaff(db: Executor): Promise<AdminStaff[]> {
  return (await repo.selectStaff(db)).map(toAdminStaff);
}

const setKey = (list: readonly number[]) => [...list].sort((x, y) => x - y).join(',');

/**
 * Sets the stores a staff member may sell at. `previous` must be the assignment as it is now:
 * a change someone made since the screen loaded is refused (409), never overwritten.
 */
export async function setStaffStores(db: Db, memberNo: number, input: StaffStoresBody): Promise<AdminStaff> {
  await writeTx(db, async (tx) => {
    const staff = await repo.selectStaffMember(tx, memberNo);
    if (!staff) throw appError('STAFF_NOT_FOUND');
    if (setKey(staff.storeNos) !== setKey(input.previous))
      throw appError(
        'VERSION_CONFLICT',
        `다른 관리자가 먼저 ${staff.memberName} 님의 판매 매장을 바꿨습니다. 새로 불러온 뒤 다시 저장해 주세요.`,
      );
    const known = await repo.existingStoreNos(tx, input.storeNos);
    const unknown = input.storeNos.flatMap((no, i) =>
      known.has(no)
        ? []
        : [{ path: `storeNos.${i}`, message: `${no}번 매장을 찾을 수 없습니다. 목록을 새로 불러와 주세요.` }],
    );
    if (unknown.length > 0) throw fieldsError('STORE_INVALID', unknown);
    await repo.replaceStaffStores(tx, memberNo, input.storeNos, new Date().toISOString());
  });
  const staff = await repo.selectStaffMember(db, memberNo);
  if (!staff) throw appError('STAFF_NOT_FOUND');
  return toAdminStaff(staff);
}
