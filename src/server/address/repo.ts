import type { Executor } from '../db/client.ts';
import type { Row } from '@libsql/client';

/** SQL of the shipping address book (`shipping_addresses`, 0007). Every statement names the member. */

export interface AddressRow {
  addressNo: number;
  memberNo: number;
  addressName: string;
  receiverName: string;
  receiverZipCd: string;
  receiverAddress: string;
  receiverJibunAddress: string;
  receiverDetailAddress: string;
  /** Digits only. */
  receiverContact1: string;
  receiverContact2: string;
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface AddressWrite {
  addressName: string;
  receiverName: string;
  receiverZipCd: string;
  receiverAddress: string;
  receiverJibunAddress: string;
  receiverDetailAddress: string;
  receiverContact1: string;
  receiverContact2: string;
}

function toAddress(r: Row): AddressRow {
  return {
    addressNo: Number(r.address_no),
    memberNo: Number(r.member_no),
    addressName: String(r.address_name),
    receiverName: String(r.receiver_name),
    receiverZipCd: String(r.receiver_zip_cd),
    receiverAddress: String(r.receiver_address),
    receiverJibunAddress: String(r.receiver_jibun_address),
    receiverDetailAddress: String(r.receiver_detail_address),
    receiverContact1: String(r.receiver_contact1),
    receiverContact2: String(r.receiver_contact2),
    isDefault: Number(r.is_default) === 1,
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
  };
}

/** The default first, then the newest. */
export async function selectAddresses(db: Executor, memberNo: number): Promise<AddressRow[]> {
  const r = await db.execute({
    sql: 'SELECT * FROM shipping_addresses WHERE member_no = ? ORDER BY is_default DESC, address_no DESC',
    args: [memberNo],
  });
  return r.rows.map(toAddress);
}

export async function selectAddress(
  db: Executor,
  memberNo: number,
  addressNo: number,
): Promise<AddressRow | null> {
  const r = await db.execute({
    sql: 'SELECT * FROM shipping_addresses WHERE address_no = ? AND member_no = ?',
    args: [addressNo, memberNo],
  });
  return r.rows[0] ? toAddress(r.rows[0]) : null;
}

export async function countAddresses(db: Executor, memberNo: number): Promise<number> {
  const r = await db.execute({
    sql: 'SELECT COUNT(*) AS n FROM shipping_addresses WHERE member_no = ?',
    args: [memberNo],
  });
  return Number(r.rows[0]?.n ?? 0);
}

export async function hasDefault(db: Executor, memberNo: number): Promise<boolean> {
  const r = await db.execute({
    sql: 'SELECT 1 FROM shipping_addresses WHERE member_no = ? AND is_default = 1',
    args: [memberNo],
  });
  return r.rows.length > 0;
}

export async function insertAddress(
  db: Executor,
  memberNo: number,
  a: AddressWrite,
  now: string,
): Promise<number> {
  const r = await db.execute({
    sql: `INSERT INTO shipping_addresses (member_no, address_name, receiver_name, receiver_zip_cd, receiver_address,
            receiver_jibun_address, receiver_detail_address, receiver_contact1, receiver_contact2, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING address_no`,
    args: [
      memberNo,
      a.addressName,
      a.receiverName,
      a.receiverZipCd,
      a.receiverAddress,
      a.receiverJibunAddress,
      a.receiverDetailAddress,
      a.receiverContact1,
      a.receiverContact2,
      now,
      now,
    ],
  });
  return Number(r.rows[0]?.address_no);
}

/** False when the member has no such address. */
export async function updateAddress(
  db: Executor,
  memberNo: number,
  addressNo: number,
  a: AddressWrite,
  now: string,
): Promise<boolean> {
  const r = await db.execute({
    sql: `UPDATE shipping_addresses SET address_name = ?, receiver_name = ?, receiver_zip_cd = ?, receiver_address = ?,
            receiver_jibun_address = ?, receiver_detail_address = ?, receiver_contact1 = ?, receiver_contact2 = ?, updated_at = ?
          WHERE address_no = ? AND member_no = ?`,
    args: [
      a.addressName,
      a.receiverName,
      a.receiverZipCd,
      a.receiverAddress,
      a.receiverJibunAddress,
      a.receiverDetailAddress,
      a.receiverContact1,
      a.receiverContact2,
      now,
      addressNo,
      memberNo,
    ],
  });
  return r.rowsAffected > 0;
}

/**
 * Makes `addressNo` the member's only default: the old default is cleared first (the partial
 * unique index allows one default at a time). False when the member has no such address; the
 * caller's transaction then rolls the clearing back.
 */
export async function moveDefault(
  db: Executor,
  memberNo: number,
  addressNo: number,
  now: string,
): Promise<boolean> {
  await db.execute({
    sql: `UPDATE shipping_addresses SET is_default = 0, updated_at = ?
          WHERE member_no = ? AND is_default = 1 AND address_no <> ?`,
    args: [now, memberNo, addressNo],
  });
  const r = await db.execute({
    sql: 'UPDATE shipping_addresses SET is_default = 1 WHERE address_no = ? AND member_no = ?',
    args: [addressNo, memberNo],
  });
  return r.rowsAffected > 0;
}

/** Removes the address; null when the member has no such address, else whether it was the default. */
export async function deleteAddress(
  db: Executor,
  memberNo: number,
  addressNo: number,
): Promise<{ wasDefault: boolean } | null> {
  const r = await db.execute({
    sql: 'DELETE FROM shipping_addresses WHERE address_no = ? AND member_no = ? RETURNING is_default',
    args: [addressNo, memberNo],
  });
  const row = r.rows[0];
  return row ? { wasDefault: Number(row.is_default) === 1 } : null;
}

/** The newest remaining address becomes the default (after the default was deleted). */
export async function promoteNewest(db: Executor, memberNo: number, now: string): Promise<void> {
  await db.execute({
    sql: `UPDATE shipping_addresses SET is_default = 1, updated_at = ?
          WHERE address_no = (SELECT address_no FROM shipping_addresses WHERE member_no = ? ORDER BY address_no DESC LIMIT 1)`,
    args: [now, memberNo],
  });
}
