import type { ClaimStatus } from '../../lib/order-claims.ts';

/**
 * Claims SQL: claims and their lines, and the refund bookkeeping. Always parameterised. The claim
 * counters of order lines belong to the order module (`orderSteps.takeUnits`, `settleReturning`).
 */

import type { Executor } from '../db/client.ts';

export type { Executor };

export type ClaimType = 'CANCEL' | 'RETURN';
export type ClaimClassType = 'ORDER_CANCEL' | 'OPTION_CANCEL' | 'RETURN';

/** Claims that still hold their units (not rejected, not withdrawn). */
export const LIVE = "claim_status NOT IN ('RETURN_REJECT', 'RETURN_WITHDRAWN')";

export interface ReturnAddress {
  name: string;
  contact1: string;
  contact2: string;
  zipCd: string;
  address: string;
  detailAddress: string;
  note: string;
}

export interface ClaimRow {
  claimNo: number;
  orderNo: string;
  memberNo: number | null;
  claimType: ClaimType;
  claimClassType: ClaimClassType;
  claimStatus: ClaimStatus;
  claimReasonType: string;
  claimReasonDetail: string;
  responsibleObjectType: 'BUYER' | 'SELLER';
  claimImageUrls: string[];
  returnWayType: 'SELLER_COLLECT' | 'BUYER_DIRECT_RETURN' | null;
  returnAddress: ReturnAddress | null;
  productAmt: number;
  productCouponAmt: number;
  cartCouponAmt: number;
  deliveryRefundAmt: number;
  returnDeliveryAmt: number;
  pointsShareAmt: number;
  refundSubPayAmt: number;
  refundPayAmt: number;
  restoredCoupons: number[];
  refundType: string;
  refundStatus: 'REQUIRED' | 'DONE' | null;
  refundAttempts: number;
  refundError: string | null;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: number | null;
  rejectReason: string | null;
  refundedAt: string | null;
  completedAt: string | null;
  updatedAt: string;
}

const COLUMNS: [keyof ClaimRow, string][] = [
  ['claimNo', 'claim_no'],
  ['orderNo', 'order_no'],
  ['memberNo', 'member_no'],
  ['claimType', 'claim_type'],
  ['claimClassType', 'claim_class_type'],
  ['claimStatus', 'claim_status'],
  ['claimReasonType', 'claim_reason_type'],
  ['claimReasonDetail', 'claim_reason_detail'],
  ['responsibleObjectType', 'responsible_object_type'],
  ['claimImageUrls', 'claim_image_urls'],
  ['returnWayType', 'return_way_type'],
  ['returnAddress', 'return_address'],
  ['productAmt', 'product_amt'],
  ['productCouponAmt', 'product_coupon_amt'],
  ['cartCouponAmt', 'cart_coupon_amt'],
  ['deliveryRefundAmt', 'delivery_refund_amt'],
  ['returnDeliveryAmt', 'return_delivery_amt'],
  ['pointsShareAmt', 'points_share_amt'],
  ['refundSubPayAmt', 'refund_sub_pay_amt'],
  ['refundPayAmt', 'refund_pay_amt'],
  ['restoredCoupons', 'restored_coupons'],
  ['refundType', 'refund_type'],
  ['refundStatus', 'refund_status'],
  ['refundAttempts', 'refund_attempts'],
  ['refundError', 'refund_error'],
  ['createdAt', 'created_at'],
  ['decidedAt', 'decided_at'],
  ['decidedBy', 'decided_by'],
  ['rejectReason', 'reject_reason'],
  ['refundedAt', 'refunded_at'],
  ['completedAt', 'completed_at'],
  ['updatedAt', 'updated_at'],
];
const JSON_FIELDS = new Set<keyof ClaimRow>(['claimImageUrls', 'returnAddress', 'restoredCoupons']);
const SELECT = COLUMNS.map(([, c]) => `c.${c}`).join(', ');

function toClaim(r: Record<string, unknown>): ClaimRow {
  const out: Record<string, unknown> = {};
  for (const [key, col] of COLUMNS) {
    const v = r[col];
    out[key] = JSON_FIELDS.has(key) ? (v === null || v === undefined ? null : JSON.parse(String(v))) : v;
  }
  return out as unknown as ClaimRow;
}

export type NewClaim = Omit<
  ClaimRow,
  | 'claimNo'
  | 'refundAttempts'
  | 'refundError'
  | 'decidedAt'
  | 'decidedBy'
  | 'rejectReason'
  | 'refundedAt'
  | 'updatedAt'
>;

export async function insertClaim(db: Executor, c: NewClaim): Promise<number> {
  const cols = COLUMNS.filter(([k]) => k in c);
  const rs = await db.execute({
    sql: `INSERT INTO claims (${cols.map(([, col]) => col).join(', ')}, updated_at)
      VALUES (${cols.map(() => '?').join(', ')}, ?) RETURNING claim_no`,
    args: [
      ...cols.map(([k]) => {
        const v = (c as Record<string, unknown>)[k];
        return JSON_FIELDS.has(k) ? (v === null ? null : JSON.stringify(v)) : (v as string | number | null);
      }),
      c.createdAt,
    ],
  });
  return Number(rs.rows[0]?.claim_no);
}

export interface ClaimOptionRow {
  claimNo: number;
  orderOptionNo: number;
  cnt: number;
  productAmt: number;
  productCouponAmt: number;
  cartCouponAmt: number;
  paidAmt: number;
}

export async function insertClaimOption(db: Executor, o: ClaimOptionRow): Promise<void> {
  await db.execute({
    sql: `INSERT INTO claim_options (claim_no, order_option_no, cnt, product_amt, product_coupon_amt, cart_coupon_amt, paid_amt)
      VALUES (?, ?, ?, ?, ?, ?, ?)`,
    args: [o.claimNo, o.orderOptionNo, o.cnt, o.productAmt, o.productCouponAmt, o.cartCouponAmt, o.paidAmt],
  });
}

export async function selectClaim(db: Executor, claimNo: number): Promise<ClaimRow | null> {
  const rs = await db.execute({
    sql: `SELECT ${SELECT} FROM claims c WHERE c.claim_no = ?`,
    args: [claimNo],
  });
  const r = rs.rows[0] as unknown as Record<string, unknown> | undefined;
  return r ? toClaim(r) : null;
}

export async function selectClaimsOfOrder(db: Executor, orderNo: string): Promise<ClaimRow[]> {
  const rs = await db.execute({
    sql: `SELECT ${SELECT} FROM claims c WHERE c.order_no = ? ORDER BY c.claim_no`,
    args: [orderNo],
  });
  return (rs.rows as unknown as Record<string, unknown>[]).map(toClaim);
}

export async function selectClaimOptions(
  db: Executor,
  claimNos: readonly number[],
): Promise<ClaimOptionRow[]> {
  if (claimNos.length === 0) return [];
  const rs = await db.execute({
    sql: `SELECT claim_no, order_option_no, cnt, product_amt, product_coupon_amt, cart_coupon_amt, paid_amt
      FROM claim_options WHERE claim_no IN (${claimNos.map(() => '?').join(', ')}) ORDER BY claim_no, order_option_no`,
    args: [...claimNos],
  });
  return (rs.rows as unknown as Record<string, unknown>[]).map((r) => ({
    claimNo: Number(r.claim_no),
    orderOptionNo: Number(r.order_option_no),
    cnt: Number(r.cnt),
    productAmt: Number(r.product_amt),
    productCouponAmt: Number(r.product_coupon_amt),
    cartCouponAmt: Number(r.cart_coupon_amt),
    paidAmt: Number(r.paid_amt),
  }));
}

export interface ClaimListFilter {
  memberNo?: number;
  claimTypes?: readonly ClaimType[];
  statuses?: readonly ClaimStatus[];
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

export async function listClaims(
  db: Executor,
  f: ClaimListFilter,
): Promise<{ total: number; rows: ClaimRow[] }> {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (f.memberNo !== undefined) {
    where.push('c.member_no = ?');
    args.push(f.memberNo);
  }
  if (f.claimTypes?.length) {
    where.push(`c.claim_type IN (${f.claimTypes.map(() => '?').join(', ')})`);
    args.push(...f.claimTypes);
  }
  if (f.statuses?.length) {
    where.push(`c.claim_status IN (${f.statuses.map(() => '?').join(', ')})`);
    args.push(...f.statuses);
  }
  if (f.from) {
    where.push('c.created_at >= ?');
    args.push(f.from);
  }
  if (f.to) {
    where.push('c.created_at < ?');
    args.push(f.to);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [count, page] = await Promise.all([
    db.execute({ sql: `SELECT COUNT(*) AS n FROM claims c ${clause}`, args }),
    db.execute({
      sql: `SELECT ${SELECT} FROM claims c ${clause} ORDER BY c.claim_no DESC LIMIT ? OFFSET ?`,
      args: [...args, f.limit, f.offset],
    }),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    rows: (page.rows as unknown as Record<string, unknown>[]).map(toClaim),
  };
}

/** The guarded change of a claim's status: only from one of `from`. */
export async function moveClaim(
  db: Executor,
  claimNo: number,
  from: readonly ClaimStatus[],
  to: ClaimStatus,
  now: string,
  set: Partial<
    Record<
      | 'decided_at'
      | 'decided_by'
      | 'reject_reason'
      | 'completed_at'
      | 'refund_status'
      | 'refunded_at'
      | 'refund_pay_amt',
      string | number | null
    >
  > = {},
): Promise<boolean> {
  const extra = Object.keys(set);
  const rs = await db.execute({
    sql: `UPDATE claims SET claim_status = ?, updated_at = ?${extra.map((k) => `, ${k} = ?`).join('')}
      WHERE claim_no = ? AND claim_status IN (${from.map(() => '?').join(', ')})`,
    args: [to, now, ...extra.map((k) => set[k as keyof typeof set] ?? null), claimNo, ...from],
  });
  return rs.rowsAffected === 1;
}

export async function setRestoredCoupons(
  db: Executor,
  claimNo: number,
  issueNos: readonly number[],
): Promise<void> {
  await db.execute({
    sql: 'UPDATE claims SET restored_coupons = ? WHERE claim_no = ?',
    args: [JSON.stringify(issueNos), claimNo],
  });
}

/** The provider confirmed the refund: REQUIRED → DONE and the claim to its done status, once. */
export async function markRefunded(
  db: Executor,
  claimNo: number,
  done: ClaimStatus,
  now: string,
): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE claims SET refund_status = 'DONE', refunded_at = ?, refund_error = NULL, claim_status = ?,
        completed_at = COALESCE(completed_at, ?), updated_at = ?
      WHERE claim_no = ? AND refund_status = 'REQUIRED'`,
    args: [now, done, now, now, claimNo],
  });
  return rs.rowsAffected === 1;
}

export async function markRefundFailed(
  db: Executor,
  claimNo: number,
  error: string,
  now: string,
): Promise<void> {
  await db.execute({
    sql: `UPDATE claims SET refund_attempts = refund_attempts + 1, refund_error = ?, updated_at = ?
      WHERE claim_no = ? AND refund_status = 'REQUIRED'`,
    args: [error.slice(0, 500), now, claimNo],
  });
}

export async function selectRefundsDue(db: Executor, limit: number): Promise<number[]> {
  const rs = await db.execute({
    sql: "SELECT claim_no FROM claims WHERE refund_status = 'REQUIRED' ORDER BY updated_at LIMIT ?",
    args: [limit],
  });
  return rs.rows.map((r) => Number(r.claim_no));
}

/** PG refunds of an order's claims so far (every claim that owes or paid money back). */
export async function refundedPayAmt(db: Executor, orderNo: string, exceptClaimNo = 0): Promise<number> {
  const rs = await db.execute({
    sql: `SELECT COALESCE(SUM(refund_pay_amt), 0) AS n FROM claims WHERE order_no = ? AND ${LIVE} AND claim_no <> ?`,
    args: [orderNo, exceptClaimNo],
  });
  return Number(rs.rows[0]?.n ?? 0);
}

// ------------------------------------------------------------------------------ order lines

export interface ClaimableLineRow {
  orderOptionNo: number;
  orderNo: string;
  productNo: number;
  optionNo: number;
  orderCnt: number;
  canceledCnt: number;
  returningCnt: number;
  returnedCnt: number;
  buyPrice: number;
  productCouponAmt: number;
  cartCouponAmt: number;
  partnerNo: number;
  deliveryTemplateNo: number;
  accumulationRate: number;
  /** What live claims already hold of the line. */
  takenDiscountAmt: number;
  takenProductCouponAmt: number;
  takenPaidAmt: number;
}

export async function selectClaimableLines(db: Executor, orderNo: string): Promise<ClaimableLineRow[]> {
  const rs = await db.execute({
    sql: `SELECT oo.order_option_no, oo.order_no, oo.product_no, oo.option_no, oo.order_cnt, oo.canceled_cnt, oo.returning_cnt,
        oo.returned_cnt, oo.buy_price, oo.product_coupon_discount_amt, oo.cart_coupon_discount_amt, oo.partner_no,
        oo.delivery_template_no, oo.accumulation_rate,
        COALESCE(t.discount, 0) AS taken_discount, COALESCE(t.pc, 0) AS taken_pc, COALESCE(t.paid, 0) AS taken_paid
      FROM order_options oo
      LEFT JOIN (SELECT co.order_option_no, SUM(co.product_coupon_amt + co.cart_coupon_amt) AS discount,
          SUM(co.product_coupon_amt) AS pc, SUM(co.paid_amt) AS paid
        FROM claim_options co JOIN claims c ON c.claim_no = co.claim_no
        WHERE c.order_no = ? AND c.${LIVE} GROUP BY co.order_option_no) t ON t.order_option_no = oo.order_option_no
      WHERE oo.order_no = ? ORDER BY oo.order_option_no`,
    args: [orderNo, orderNo],
  });
  return (rs.rows as unknown as Record<string, unknown>[]).map((r) => ({
    orderOptionNo: Number(r.order_option_no),
    orderNo: String(r.order_no),
    productNo: Number(r.product_no),
    optionNo: Number(r.option_no),
    orderCnt: Number(r.order_cnt),
    canceledCnt: Number(r.canceled_cnt),
    returningCnt: Number(r.returning_cnt),
    returnedCnt: Number(r.returned_cnt),
    buyPrice: Number(r.buy_price),
    productCouponAmt: Number(r.product_coupon_discount_amt),
    cartCouponAmt: Number(r.cart_coupon_discount_amt),
    partnerNo: Number(r.partner_no),
    deliveryTemplateNo: Number(r.delivery_template_no),
    accumulationRate: Number(r.accumulation_rate),
    takenDiscountAmt: Number(r.taken_discount),
    takenProductCouponAmt: Number(r.taken_pc),
    takenPaidAmt: Number(r.taken_paid),
  }));
}

/** Points shares held by an order's live claims. */
export async function takenPointsAmt(db: Executor, orderNo: string): Promise<number> {
  const rs = await db.execute({
    sql: `SELECT COALESCE(SUM(points_share_amt), 0) AS n FROM claims WHERE order_no = ? AND ${LIVE}`,
    args: [orderNo],
  });
  return Number(rs.rows[0]?.n ?? 0);
}

/** Units of the order still the buyer's (not cancelled, asked back or returned). */
export async function unitsLeft(db: Executor, orderNo: string): Promise<number> {
  const rs = await db.execute({
    sql: `SELECT COALESCE(SUM(order_cnt - canceled_cnt - returning_cnt - returned_cnt), 0) AS n
      FROM order_options WHERE order_no = ?`,
    args: [orderNo],
  });
  return Number(rs.rows[0]?.n ?? 0);
}

/** The order a line belongs to (null: no such line). */
export async function orderNoOfLine(db: Executor, orderOptionNo: number): Promise<string | null> {
  const rs = await db.execute({
    sql: 'SELECT order_no FROM order_options WHERE order_option_no = ?',
    args: [orderOptionNo],
  });
  const r = rs.rows[0];
  return r ? String(r.order_no) : null;
}

export async function hasOpenReturn(db: Executor, orderNo: string): Promise<boolean> {
  const rs = await db.execute({
    sql: "SELECT 1 FROM claims WHERE order_no = ? AND claim_status = 'RETURN_REQUEST' LIMIT 1",
    args: [orderNo],
  });
  return rs.rows.length > 0;
}
