import type { Db } from '../db/client.ts';

/** Where a member's last order went: offered again at checkout (decision 030). */
export interface LastShippingAddress {
  receiverName: string;
  receiverZipCd: string;
  receiverAddress: string;
  receiverJibunAddress: string;
  receiverDetailAddress: string;
  receiverContact1: string;
  /** When that order was placed (ISO). */
  orderedAt: string;
}

/** The last order that went through (a payment failed or never made does not count). */
export async function lastShippingAddress(db: Db, memberNo: number): Promise<LastShippingAddress | null> {
  const rs = await db.execute({
    sql: `SELECT receiver_name, receiver_zip_cd, receiver_address, receiver_jibun_address,
        receiver_detail_address, receiver_contact1, ordered_at
      FROM orders WHERE member_no = ? AND order_status NOT IN ('PAY_WAIT', 'PAY_FAIL')
      ORDER BY ordered_at DESC, order_no DESC LIMIT 1`,
    args: [memberNo],
  });
  const r = rs.rows[0];
  if (!r) return null;
  return {
    receiverName: String(r.receiver_name),
    receiverZipCd: String(r.receiver_zip_cd),
    receiverAddress: String(r.receiver_address),
    receiverJibunAddress: String(r.receiver_jibun_address),
    receiverDetailAddress: String(r.receiver_detail_address),
    receiverContact1: String(r.receiver_contact1),
    orderedAt: String(r.ordered_at),
  };
}
