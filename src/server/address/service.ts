import { ADDRESS_BOOK_MAX, AddressFields } from '../../lib/address-rules.ts';
import type { Db } from '../db/client.ts';
import { appError } from '../platform/errors.ts';
import { writeTx } from '../db/write-tx.ts';
import * as repo from './repo.ts';

/**
 * The shipping address book of a member (/mypage/address, /address/*, `/profile/shipping-addresses`).
 * A member only ever reaches their own addresses: anyone else's is "not found", like one that does
 * not exist. While the book is not empty exactly one address is the default: the first one becomes
 * it, choosing another moves it (one write transaction), deleting it hands it to the newest left.
 */

export type { AddressRow } from './repo.ts';

export interface AddressInput {
  addressName?: string | null | undefined;
  receiverName: string;
  receiverZipCd: string;
  receiverAddress: string;
  receiverJibunAddress?: string | null | undefined;
  receiverDetailAddress?: string | null | undefined;
  receiverContact1: string;
  receiverContact2?: string | null | undefined;
  /** Make this the default address (Shopby's `defaultYn: 'Y'`). */
  isDefault?: boolean | undefined;
}

export const addressNotFound = () => appError('NOT_FOUND', '배송지를 찾을 수 없습니다.');

/** Checks the fields with the form's rules (callers other than the routes are checked too). */
function fieldsOf(input: AddressInput): repo.AddressWrite {
  const parsed = AddressFields.safeParse(input);
  if (!parsed.success) {
    throw appError('INVALID_INPUT', parsed.error.issues[0]?.message ?? '배송지를 확인해 주세요.');
  }
  const a = parsed.data;
  return {
    addressName: a.addressName || a.receiverName,
    receiverName: a.receiverName,
    receiverZipCd: a.receiverZipCd,
    receiverAddress: a.receiverAddress,
    receiverJibunAddress: a.receiverJibunAddress ?? '',
    receiverDetailAddress: a.receiverDetailAddress ?? '',
    receiverContact1: a.receiverContact1,
    receiverContact2: a.receiverContact2 ?? '',
  };
}

export function listAddresses(db: Db, memberNo: number): Promise<repo.AddressRow[]> {
  return repo.selectAddresses(db, memberNo);
}

export function getAddress(db: Db, memberNo: number, addressNo: number): Promise<repo.AddressRow | null> {
  return repo.selectAddress(db, memberNo, addressNo);
}

async function mustGet(db: Db, memberNo: number, addressNo: number): Promise<repo.AddressRow> {
  const row = await repo.selectAddress(db, memberNo, addressNo);
  if (!row) throw addressNotFound();
  return row;
}

export async function createAddress(
  db: Db,
  memberNo: number,
  input: AddressInput,
  now: Date = new Date(),
): Promise<repo.AddressRow> {
  const fields = fieldsOf(input);
  const at = now.toISOString();
  const addressNo = await writeTx(db, async (tx) => {
    if ((await repo.countAddresses(tx, memberNo)) >= ADDRESS_BOOK_MAX) {
      throw appError(
        'ADDRESS_BOOK_FULL',
        `배송지는 ${ADDRESS_BOOK_MAX}개까지 저장할 수 있습니다. 쓰지 않는 배송지를 지운 뒤 다시 시도해 주세요.`,
      );
    }
    const no = await repo.insertAddress(tx, memberNo, fields, at);
    if (input.isDefault || !(await repo.hasDefault(tx, memberNo)))
      await repo.moveDefault(tx, memberNo, no, at);
    return no;
  });
  return mustGet(db, memberNo, addressNo);
}

/**
 * Changes one of the member's addresses. `isDefault: true` makes it the default; the default
 * cannot be switched off by itself (another address is chosen instead), so `false` leaves it.
 */
export async function updateAddress(
  db: Db,
  memberNo: number,
  addressNo: number,
  input: AddressInput,
  now: Date = new Date(),
): Promise<repo.AddressRow> {
  const fields = fieldsOf(input);
  const at = now.toISOString();
  await writeTx(db, async (tx) => {
    if (!(await repo.updateAddress(tx, memberNo, addressNo, fields, at))) throw addressNotFound();
    if (input.isDefault) await repo.moveDefault(tx, memberNo, addressNo, at);
  });
  return mustGet(db, memberNo, addressNo);
}

export async function setDefaultAddress(
  db: Db,
  memberNo: number,
  addressNo: number,
  now: Date = new Date(),
): Promise<repo.AddressRow> {
  await writeTx(db, async (tx) => {
    if (!(await repo.moveDefault(tx, memberNo, addressNo, now.toISOString()))) throw addressNotFound();
  });
  return mustGet(db, memberNo, addressNo);
}

export async function deleteAddress(
  db: Db,
  memberNo: number,
  addressNo: number,
  now: Date = new Date(),
): Promise<void> {
  await writeTx(db, async (tx) => {
    const removed = await repo.deleteAddress(tx, memberNo, addressNo);
    if (!removed) throw addressNotFound();
    if (removed.wasDefault) await repo.promoteNewest(tx, memberNo, now.toISOString());
  });
}
