import type { Executor } from '../db/client.ts';

/** Who is at the counter: a staff member (or an administrator) and the store they sell at. */
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
}

export const DEFAULT_STORE_NO = 1;

/** The store a member sells at: their staff account's store, or the first store. */
export async function cashierOf(
  db: Executor,
  member: { memberNo: number; memberName: string },
): Promise<Cashier> {
  const rs = await db.execute({
    sql: 'SELECT store_no FROM staff_accounts WHERE member_no = ? AND active = 1',
    args: [member.memberNo],
  });
  const storeNo = rs.rows[0]?.store_no == null ? DEFAULT_STORE_NO : Number(rs.rows[0].store_no);
  return { memberNo: member.memberNo, name: member.memberName, storeNo };
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
  };
}
