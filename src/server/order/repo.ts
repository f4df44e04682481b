import type { InStatement } from '@libsql/client';

/** Order sheets, orders and their lines, coupons, delivery groups and guest order tokens. */

import type { PayType } from '../adapters/payment/index.ts';
import type { Executor } from '../db/client.ts';

export type { Executor };

export type { OrderStatus } from '../../lib/order-status.ts';
import type { OrderStatus } from '../../lib/order-status.ts';

// ------------------------------------------------------------------------------ order sheets

export interface SheetProduct {
  productNo: number;
  optionNo: number;
  orderCnt: number;
  optionInputs: { inputLabel: string; inputValue: string }[];
  cartNo?: number;
}

export interface SheetRow {
  orderSheetNo: string;
  memberNo: number | null;
  guestTokenHash: string | null;
  products: SheetProduct[];
  productCoupons: { couponIssueNo: number; productNo: number }[];
  cartNos: number[];
  createdAt: string;
  expiresAt: string;
  orderedAt: string | null;
}

export function insertSheetStatement(s: Omit<SheetRow, 'orderedAt'>): InStatement {
  return {
    sql: `INSERT INTO order_sheets (order_sheet_no, member_no, guest_token_hash, products, product_coupons, cart_nos, created_at, expires_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      s.orderSheetNo,
      s.memberNo,
      s.guestTokenHash,
      JSON.stringify(s.products),
      JSON.stringify(s.productCoupons),
      JSON.stringify(s.cartNos),
      s.createdAt,
      s.expiresAt,
    ],
  };
}

export async function selectSheet(db: Executor, orderSheetNo: string): Promise<SheetRow | null> {
  const rs = await db.execute({
    sql: `SELECT order_sheet_no, member_no, guest_token_hash, products, product_coupons, cart_nos, created_at, expires_at, ordered_at
      FROM order_sheets WHERE order_sheet_no = ?`,
    args: [orderSheetNo],
  });
  const r = rs.rows[0] as unknown as Record<string, string | number | null> | undefined;
  if (!r) return null;
  return {
    orderSheetNo: String(r.order_sheet_no),
    memberNo: r.member_no === null ? null : Number(r.member_no),
    guestTokenHash: r.guest_token_hash === null ? null : String(r.guest_token_hash),
    products: JSON.parse(String(r.products)) as SheetProduct[],
    productCoupons: JSON.parse(String(r.product_coupons)) as SheetRow['productCoupons'],
    cartNos: JSON.parse(String(r.cart_nos)) as number[],
    createdAt: String(r.created_at),
    expiresAt: String(r.expires_at),
    orderedAt: r.ordered_at === null ? null : String(r.ordered_at),
  };
}

export async function markSheetOrdered(db: Executor, orderSheetNo: string, now: string): Promise<void> {
  await db.execute({
    sql: 'UPDATE order_sheets SET ordered_at = COALESCE(ordered_at, ?) WHERE order_sheet_no = ?',
    args: [now, orderSheetNo],
  });
}

// ------------------------------------------------------------------------------ orders

export interface OrderRow {
  orderNo: string;
  orderSheetNo: string;
  memberNo: number | null;
  guestTokenHash: string | null;
  guestPasswordHash: string | null;
  orderStatus: OrderStatus;
  payType: PayType;
  pgType: string;
  platform: string;
  ordererName: string;
  ordererContact1: string;
  ordererContact2: string;
  ordererEmail: string;
  receiverName: string;
  receiverZipCd: string;
  receiverAddress: string;
  receiverJibunAddress: string;
  receiverDetailAddress: string;
  receiverContact1: string;
  receiverContact2: string;
  deliveryMemo: string;
  standardAmt: number;
  immediateDiscountAmt: number;
  productCouponDiscountAmt: number;
  cartCouponDiscountAmt: number;
  usedAccumulationAmt: number;
  deliveryAmt: number;
  remoteDeliveryAmt: number;
  payAmt: number;
  accumulationAmtWhenBuyConfirm: number;
  cartCouponIssueNo: number | null;
  cartNos: number[];
  agreedTerms: string[];
  failureCode: string | null;
  failureMessage: string | null;
  refundStatus: 'REQUIRED' | 'DONE' | null;
  refundAttempts: number;
  orderedAt: string;
  paidAt: string | null;
  depositWaitAt: string | null;
  canceledAt: string | null;
  updatedAt: string;
}

const COLUMNS: [keyof OrderRow, string][] = [
  ['orderNo', 'order_no'],
  ['orderSheetNo', 'order_sheet_no'],
  ['memberNo', 'member_no'],
  ['guestTokenHash', 'guest_token_hash'],
  ['guestPasswordHash', 'guest_password_hash'],
  ['orderStatus', 'order_status'],
  ['payType', 'pay_type'],
  ['pgType', 'pg_type'],
  ['platform', 'platform'],
  ['ordererName', 'orderer_name'],
  ['ordererContact1', 'orderer_contact1'],
  ['ordererContact2', 'orderer_contact2'],
  ['ordererEmail', 'orderer_email'],
  ['receiverName', 'receiver_name'],
  ['receiverZipCd', 'receiver_zip_cd'],
  ['receiverAddress', 'receiver_address'],
  ['receiverJibunAddress', 'receiver_jibun_address'],
  ['receiverDetailAddress', 'receiver_detail_address'],
  ['receiverContact1', 'receiver_contact1'],
  ['receiverContact2', 'receiver_contact2'],
  ['deliveryMemo', 'delivery_memo'],
  ['standardAmt', 'standard_amt'],
  ['immediateDiscountAmt', 'immediate_discount_amt'],
  ['productCouponDiscountAmt', 'product_coupon_discount_amt'],
  ['cartCouponDiscountAmt', 'cart_coupon_discount_amt'],
  ['usedAccumulationAmt', 'used_accumulation_amt'],
  ['deliveryAmt', 'delivery_amt'],
  ['remoteDeliveryAmt', 'remote_delivery_amt'],
  ['payAmt', 'pay_amt'],
  ['accumulationAmtWhenBuyConfirm', 'accumulation_amt_when_buy_confirm'],
  ['cartCouponIssueNo', 'cart_coupon_issue_no'],
  ['cartNos', 'cart_nos'],
  ['agreedTerms', 'agreed_terms'],
  ['failureCode', 'failure_code'],
  ['failureMessage', 'failure_message'],
  ['refundStatus', 'refund_status'],
  ['refundAttempts', 'refund_attempts'],
  ['orderedAt', 'ordered_at'],
  ['paidAt', 'paid_at'],
  ['depositWaitAt', 'deposit_wait_at'],
  ['canceledAt', 'canceled_at'],
  ['updatedAt', 'updated_at'],
];
const JSON_FIELDS = new Set<keyof OrderRow>(['cartNos', 'agreedTerms']);
const ORDER_COLUMNS = COLUMNS.map(([, c]) => c).join(', ');

function toOrder(r: Record<string, unknown>): OrderRow {
  const out: Record<string, unknown> = {};
  for (const [key, col] of COLUMNS)
    out[key] = JSON_FIELDS.has(key) ? JSON.parse(String(r[col] ?? '[]')) : r[col];
  return out as unknown as OrderRow;
}

export function insertOrderStatement(
  o: Omit<
    OrderRow,
    | 'failureCode'
    | 'failureMessage'
    | 'refundStatus'
    | 'refundAttempts'
    | 'paidAt'
    | 'depositWaitAt'
    | 'canceledAt'
  >,
): InStatement {
  const cols = COLUMNS.filter(([k]) => k in o);
  return {
    sql: `INSERT INTO orders (${cols.map(([, c]) => c).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})
      RETURNING ${ORDER_COLUMNS}`,
    args: cols.map(([k]) => {
      const v = (o as Record<string, unknown>)[k];
      return JSON_FIELDS.has(k) ? JSON.stringify(v) : (v as string | number | null);
    }),
  };
}

/** The order a statement selected or returned (`RETURNING`), or null when it had no row. */
export function orderOf(rs: { rows: readonly unknown[] }): OrderRow | null {
  const r = rs.rows[0] as Record<string, unknown> | undefined;
  return r ? toOrder(r) : null;
}

export async function selectOrder(db: Executor, orderNo: string): Promise<OrderRow | null> {
  const rs = await db.execute({
    sql: `SELECT ${ORDER_COLUMNS} FROM orders WHERE order_no = ?`,
    args: [orderNo],
  });
  return orderOf(rs);
}

/** Orders from one sheet that were paid (or are waiting for a deposit): a sheet buys once. */
export async function sheetHasLiveOrder(db: Executor, orderSheetNo: string): Promise<boolean> {
  return (await liveOrderOfSheet(db, orderSheetNo)) !== null;
}

/** The order a sheet bought (paid, or waiting for a deposit), or null. */
export async function liveOrderOfSheet(db: Executor, orderSheetNo: string): Promise<string | null> {
  const rs = await db.execute({
    sql: `SELECT order_no FROM orders WHERE order_sheet_no = ? AND order_status NOT IN ('PAY_WAIT', 'PAY_FAIL', 'PAY_CANCEL', 'CANCEL_DONE')
      ORDER BY ordered_at DESC LIMIT 1`,
    args: [orderSheetNo],
  });
  const r = rs.rows[0] as unknown as { order_no: string } | undefined;
  return r ? String(r.order_no) : null;
}

/** The newest order made from a sheet whatever became of it, or null. */
export async function lastOrderOfSheet(db: Executor, orderSheetNo: string): Promise<string | null> {
  const rs = await db.execute({
    sql: 'SELECT order_no FROM orders WHERE order_sheet_no = ? ORDER BY ordered_at DESC LIMIT 1',
    args: [orderSheetNo],
  });
  const r = rs.rows[0] as unknown as { order_no: string } | undefined;
  return r ? String(r.order_no) : null;
}

/**
 * The guarded state change every transition goes through: it happens only from one of `from`, so
 * of two confirmations racing (browser return and webhook, two processes), exactly one moves it.
 * Returns the order as the change left it (`RETURNING`, no second read), or null when it did not move.
 */
export async function transition(
  db: Executor,
  orderNo: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  now: string,
  set: Partial<
    Record<
      'paid_at' | 'deposit_wait_at' | 'canceled_at' | 'failure_code' | 'failure_message' | 'refund_status',
      string | null
    >
  > = {},
): Promise<OrderRow | null> {
  const extra = Object.keys(set);
  const rs = await db.execute({
    sql: `UPDATE orders SET order_status = ?, updated_at = ?${extra.map((k) => `, ${k} = ?`).join('')}
      WHERE order_no = ? AND order_status IN (${from.map(() => '?').join(', ')}) RETURNING ${ORDER_COLUMNS}`,
    args: [to, now, ...extra.map((k) => set[k as keyof typeof set] ?? null), orderNo, ...from],
  });
  return orderOf(rs);
}

export async function setRefundStatus(
  db: Executor,
  orderNo: string,
  status: 'REQUIRED' | 'DONE',
  now: string,
): Promise<void> {
  await db.execute({
    sql: `UPDATE orders SET refund_status = ?, refund_attempts = refund_attempts + (CASE WHEN ? = 'REQUIRED' THEN 1 ELSE 0 END), updated_at = ?
      WHERE order_no = ?`,
    args: [status, status, now, orderNo],
  });
}

export async function selectRefundsDue(db: Executor, limit: number): Promise<string[]> {
  const rs = await db.execute({
    sql: "SELECT order_no FROM orders WHERE refund_status = 'REQUIRED' ORDER BY updated_at LIMIT ?",
    args: [limit],
  });
  return rs.rows.map((r) => String(r.order_no));
}

export async function selectStalePending(db: Executor, before: string, limit: number): Promise<string[]> {
  const rs = await db.execute({
    sql: "SELECT order_no FROM orders WHERE order_status = 'PAY_WAIT' AND ordered_at < ? ORDER BY ordered_at LIMIT ?",
    args: [before, limit],
  });
  return rs.rows.map((r) => String(r.order_no));
}

// ------------------------------------------------------------------------------ lines, groups, coupons

export interface OrderOptionRow {
  orderOptionNo: number;
  orderNo: string;
  productNo: number;
  optionNo: number;
  productName: string;
  optionName: string;
  optionValue: string;
  optionManagementCd: string;
  imageUrl: string;
  orderCnt: number;
  salePrice: number;
  addPrice: number;
  immediateDiscountAmt: number;
  buyPrice: number;
  buyAmt: number;
  productCouponDiscountAmt: number;
  cartCouponDiscountAmt: number;
  accumulationRate: number;
  optionInputs: { inputNo: number; inputLabel: string; inputValue: string }[];
  partnerNo: number;
  partnerName: string;
  deliveryTemplateNo: number;
  cartNo: number | null;
}

export function insertOptionStatement(o: Omit<OrderOptionRow, 'orderOptionNo'>): InStatement {
  return {
    sql: `INSERT INTO order_options (order_no, product_no, option_no, product_name, option_name, option_value, option_management_cd,
        image_url, order_cnt, sale_price, add_price, immediate_discount_amt, buy_price, buy_amt, product_coupon_discount_amt,
        cart_coupon_discount_amt, accumulation_rate, option_inputs, partner_no, partner_name, delivery_template_no, cart_no)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      o.orderNo,
      o.productNo,
      o.optionNo,
      o.productName,
      o.optionName,
      o.optionValue,
      o.optionManagementCd,
      o.imageUrl,
      o.orderCnt,
      o.salePrice,
      o.addPrice,
      o.immediateDiscountAmt,
      o.buyPrice,
      o.buyAmt,
      o.productCouponDiscountAmt,
      o.cartCouponDiscountAmt,
      o.accumulationRate,
      JSON.stringify(o.optionInputs),
      o.partnerNo,
      o.partnerName,
      o.deliveryTemplateNo,
      o.cartNo,
    ],
  };
}

export async function selectOptions(db: Executor, orderNo: string): Promise<OrderOptionRow[]> {
  const rs = await db.execute({
    sql: `SELECT order_option_no, order_no, product_no, option_no, product_name, option_name, option_value, option_management_cd,
        image_url, order_cnt, sale_price, add_price, immediate_discount_amt, buy_price, buy_amt, product_coupon_discount_amt,
        cart_coupon_discount_amt, accumulation_rate, option_inputs, partner_no, partner_name, delivery_template_no, cart_no
      FROM order_options WHERE order_no = ? ORDER BY order_option_no`,
    args: [orderNo],
  });
  return (rs.rows as unknown as Record<string, unknown>[]).map((r) => ({
    orderOptionNo: Number(r.order_option_no),
    orderNo: String(r.order_no),
    productNo: Number(r.product_no),
    optionNo: Number(r.option_no),
    productName: String(r.product_name),
    optionName: String(r.option_name),
    optionValue: String(r.option_value),
    optionManagementCd: String(r.option_management_cd),
    imageUrl: String(r.image_url),
    orderCnt: Number(r.order_cnt),
    salePrice: Number(r.sale_price),
    addPrice: Number(r.add_price),
    immediateDiscountAmt: Number(r.immediate_discount_amt),
    buyPrice: Number(r.buy_price),
    buyAmt: Number(r.buy_amt),
    productCouponDiscountAmt: Number(r.product_coupon_discount_amt),
    cartCouponDiscountAmt: Number(r.cart_coupon_discount_amt),
    accumulationRate: Number(r.accumulation_rate),
    optionInputs: JSON.parse(String(r.option_inputs)) as OrderOptionRow['optionInputs'],
    partnerNo: Number(r.partner_no),
    partnerName: String(r.partner_name),
    deliveryTemplateNo: Number(r.delivery_template_no),
    cartNo: r.cart_no === null ? null : Number(r.cart_no),
  }));
}

export interface OrderGroupRow {
  partnerNo: number;
  partnerName: string;
  deliveryTemplateNo: number;
  deliveryConditionType: string;
  deliveryAmt: number;
  remoteDeliveryAmt: number;
}

export function insertGroupStatement(orderNo: string, g: OrderGroupRow): InStatement {
  return {
    sql: `INSERT INTO order_delivery_groups (order_no, partner_no, partner_name, delivery_template_no, delivery_condition_type, delivery_amt, remote_delivery_amt)
      VALUES (?, ?, ?, ?, ?, ?, ?)`,
    args: [
      orderNo,
      g.partnerNo,
      g.partnerName,
      g.deliveryTemplateNo,
      g.deliveryConditionType,
      g.deliveryAmt,
      g.remoteDeliveryAmt,
    ],
  };
}

export async function selectGroups(db: Executor, orderNo: string): Promise<OrderGroupRow[]> {
  const rs = await db.execute({
    sql: `SELECT partner_no, partner_name, delivery_template_no, delivery_condition_type, delivery_amt, remote_delivery_amt
      FROM order_delivery_groups WHERE order_no = ? ORDER BY partner_no, delivery_template_no`,
    args: [orderNo],
  });
  return (rs.rows as unknown as Record<string, unknown>[]).map((r) => ({
    partnerNo: Number(r.partner_no),
    partnerName: String(r.partner_name),
    deliveryTemplateNo: Number(r.delivery_template_no),
    deliveryConditionType: String(r.delivery_condition_type),
    deliveryAmt: Number(r.delivery_amt),
    remoteDeliveryAmt: Number(r.remote_delivery_amt),
  }));
}

export interface OrderCouponRow {
  couponIssueNo: number;
  couponType: 'PRODUCT' | 'CART';
  productNo: number | null;
  discountAmt: number;
}

export function insertCouponStatement(orderNo: string, c: OrderCouponRow): InStatement {
  return {
    sql: 'INSERT INTO order_coupons (order_no, coupon_issue_no, coupon_type, product_no, discount_amt) VALUES (?, ?, ?, ?, ?)',
    args: [orderNo, c.couponIssueNo, c.couponType, c.productNo, c.discountAmt],
  };
}

export async function selectCoupons(db: Executor, orderNo: string): Promise<OrderCouponRow[]> {
  const rs = await db.execute({
    sql: 'SELECT coupon_issue_no, coupon_type, product_no, discount_amt FROM order_coupons WHERE order_no = ? ORDER BY coupon_issue_no',
    args: [orderNo],
  });
  return (rs.rows as unknown as Record<string, unknown>[]).map((r) => ({
    couponIssueNo: Number(r.coupon_issue_no),
    couponType: r.coupon_type as 'PRODUCT' | 'CART',
    productNo: r.product_no === null ? null : Number(r.product_no),
    discountAmt: Number(r.discount_amt),
  }));
}

// ------------------------------------------------------------------------------ guest order tokens

export async function insertGuestOrderToken(
  db: Executor,
  tokenHash: string,
  orderNo: string,
  expiresAt: string,
  now: string,
): Promise<void> {
  await db.execute({
    sql: 'INSERT INTO guest_order_tokens (token_hash, order_no, expires_at, created_at) VALUES (?, ?, ?, ?)',
    args: [tokenHash, orderNo, expiresAt, now],
  });
}

export async function guestOrderTokenValid(
  db: Executor,
  tokenHash: string,
  orderNo: string,
  now: string,
): Promise<boolean> {
  const rs = await db.execute({
    sql: 'SELECT 1 FROM guest_order_tokens WHERE token_hash = ? AND order_no = ? AND expires_at > ?',
    args: [tokenHash, orderNo, now],
  });
  return rs.rows.length > 0;
}

/** Order sheets that expired long ago and never led to an order. */
export async function deleteStaleSheets(db: Executor, before: string): Promise<number> {
  const rs = await db.execute({
    sql: `DELETE FROM order_sheets WHERE expires_at < ?
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.order_sheet_no = order_sheets.order_sheet_no)`,
    args: [before],
  });
  return rs.rowsAffected;
}

/** Orders waiting for a deposit whose virtual account is past its due time. */
export async function selectOverdueDeposits(db: Executor, now: string, limit: number): Promise<string[]> {
  const rs = await db.execute({
    sql: `SELECT o.order_no FROM orders o JOIN payments p ON p.order_no = o.order_no
      WHERE o.order_status = 'DEPOSIT_WAIT' AND p.vbank_due_at IS NOT NULL AND p.vbank_due_at < ?
      ORDER BY p.vbank_due_at LIMIT ?`,
    args: [now, limit],
  });
  return rs.rows.map((r) => String(r.order_no));
}

// ------------------------------------------------------------------------------ for the design module's custom orders

/** An order line by its order and its number. */
export interface OrderLineRef {
  orderNo: string;
  orderOptionNo: number;
}

/** What the back office's custom order list shows of a custom order's order and line. */
export interface CustomOrderLineFacts extends OrderLineRef {
  ordererName: string;
  orderStatus: OrderStatus;
  productName: string;
  optionValue: string;
}

/**
 * The orderer, order status, product name and option value of these (order, line) pairs, in one
 * statement. A pair whose order or line does not exist is left out.
 */
export async function customOrderLineFacts(
  db: Executor,
  lines: readonly OrderLineRef[],
): Promise<CustomOrderLineFacts[]> {
  const pairs = [...new Map(lines.map((l) => [`${l.orderNo}\u0000${l.orderOptionNo}`, l])).values()];
  if (pairs.length === 0) return [];
  const rs = await db.execute({
    sql: `WITH wanted (order_no, order_option_no) AS (VALUES ${pairs.map(() => '(?, ?)').join(', ')})
      SELECT w.order_no, w.order_option_no, o.orderer_name, o.order_status, oo.product_name, oo.option_value
      FROM wanted w JOIN orders o ON o.order_no = w.order_no
        JOIN order_options oo ON oo.order_option_no = w.order_option_no`,
    args: pairs.flatMap((l) => [l.orderNo, l.orderOptionNo]),
  });
  return rs.rows.map((r) => ({
    orderNo: String(r.order_no),
    orderOptionNo: Number(r.order_option_no),
    ordererName: String(r.orderer_name ?? ''),
    orderStatus: String(r.order_status ?? '') as OrderStatus,
    productName: String(r.product_name ?? ''),
    optionValue: String(r.option_value ?? ''),
  }));
}

/**
 * Lines of orders still PAY_DONE and changed since `since` whose option inputs carry `inputLabel`,
 * by order number then line number, the first `limit` after `after` (for paging through them).
 */
export async function paidLinesWithInput(
  db: Executor,
  q: { since: string; inputLabel: string; limit: number; after?: OrderLineRef | undefined },
): Promise<OrderLineRef[]> {
  const after = q.after
    ? {
        sql: ' AND (o.order_no > ? OR (o.order_no = ? AND oo.order_option_no > ?))',
        args: [q.after.orderNo, q.after.orderNo, q.after.orderOptionNo],
      }
    : { sql: '', args: [] };
  const rs = await db.execute({
    sql: `SELECT o.order_no, oo.order_option_no FROM orders o JOIN order_options oo ON oo.order_no = o.order_no
      WHERE o.order_status = 'PAY_DONE' AND o.updated_at >= ? AND oo.option_inputs LIKE ?${after.sql}
      ORDER BY o.order_no, oo.order_option_no LIMIT ?`,
    args: [q.since, `%"${q.inputLabel}"%`, ...after.args, q.limit],
  });
  return rs.rows.map((r) => ({ orderNo: String(r.order_no), orderOptionNo: Number(r.order_option_no) }));
}

/** A member's latest distinct delivery memos, newest first (Shopby's `recentDeliveryMemo`). */
export async function selectRecentDeliveryMemos(
  db: Executor,
  memberNo: number,
  limit = 5,
): Promise<string[]> {
  const rs = await db.execute({
    sql: `SELECT delivery_memo FROM orders WHERE member_no = ? AND delivery_memo <> ''
          GROUP BY delivery_memo ORDER BY MAX(ordered_at) DESC LIMIT ?`,
    args: [memberNo, limit],
  });
  return rs.rows.map((r) => String(r.delivery_memo));
}
