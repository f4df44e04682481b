import type { InValue } from '@libsql/client';
import type { CustomOrderStatus } from '../../lib/design/api.ts';
import type { Executor } from '../db/client.ts';

/**
 * SQL of the custom order tables (custom_orders, custom_order_events), and the one statement that
 * keeps a design's `status` on its latest custom order. The rules (which moves are allowed, what a
 * paid order records) are in custom-orders.ts. Of another module's tables only `pos_sales` is read,
 * to list one store's counter orders in the same statement (the rest: counter-order-repo.ts).
 *
 * A custom order comes from a web order line (order_no, order_option_no) or a counter sale line
 * (sale_no, sale_line_no; migration 0012). Its "order code" is the one number the print service and
 * the back office know it by: the web order number, or the counter sale number (`P20261125-0007`).
 * The two never collide (sale numbers start with P), so functions keyed on `orderNo` take either.
 */

/** Where a custom order was bought: the web shop, or a store's counter. */
export type CustomOrderChannel = 'web' | 'store';

export interface CustomOrderRow {
  customOrderNo: number;
  channel: CustomOrderChannel;
  /** The order code: the web order number, or the counter sale number for a counter order. */
  orderNo: string;
  /** The web order line; null for a counter order. */
  orderOptionNo: number | null;
  /** The counter sale and its line; null for a web order. */
  saleNo: string | null;
  saleLineNo: number | null;
  /** Counter orders: who picks the order up at the store. */
  customerName: string | null;
  customerPhone: string | null;
  designId: string;
  productNo: number;
  quantity: number;
  unitPrice: number;
  status: CustomOrderStatus;
  document: string;
  printFiles: { front?: string; back?: string; document?: string } | null;
  podOrderCode: string | null;
  podStatus: string | null;
  podSentAt: string | null;
  podAttempts: number;
  podError: string | null;
  /** Production stopped: the line was refunded before it was made (status keeps where it stood). */
  cancelledAt: string | null;
  cancelReason: string | null;
  createdAt: string;
  updatedAt: string;
}

const COLUMNS = `custom_order_no, order_no, order_option_no, sale_no, sale_line_no, customer_name, customer_phone,
  design_id, product_no, quantity, unit_price, status, document, print_files, pod_order_code, pod_status, pod_sent_at,
  pod_attempts, pod_error, cancelled_at, cancel_reason, created_at, updated_at`;

/** Rows of one order code: a web order's, or a counter sale's. */
const OF_CODE = '(order_no = ? OR sale_no = ?)';

const s = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toRow(r: Record<string, unknown>): CustomOrderRow {
  return {
    customOrderNo: Number(r.custom_order_no),
    channel: r.sale_no === null || r.sale_no === undefined ? 'web' : 'store',
    orderNo: String(r.order_no ?? r.sale_no),
    orderOptionNo:
      r.order_option_no === null || r.order_option_no === undefined ? null : Number(r.order_option_no),
    saleNo: s(r.sale_no),
    saleLineNo: r.sale_line_no === null || r.sale_line_no === undefined ? null : Number(r.sale_line_no),
    customerName: s(r.customer_name),
    customerPhone: s(r.customer_phone),
    designId: String(r.design_id),
    productNo: Number(r.product_no),
    quantity: Number(r.quantity),
    unitPrice: Number(r.unit_price),
    status: r.status as CustomOrderStatus,
    document: String(r.document),
    printFiles: r.print_files ? (JSON.parse(String(r.print_files)) as CustomOrderRow['printFiles']) : null,
    podOrderCode: s(r.pod_order_code),
    podStatus: s(r.pod_status),
    podSentAt: s(r.pod_sent_at),
    podAttempts: Number(r.pod_attempts),
    podError: s(r.pod_error),
    cancelledAt: s(r.cancelled_at),
    cancelReason: s(r.cancel_reason),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
  };
}

const rowsOf = (rs: { rows: unknown[] }) => rs.rows.map((r) => toRow(r as Record<string, unknown>));

/** The custom orders of an order code (a web order number or a counter sale number). */
export async function selectByOrder(db: Executor, orderNo: string): Promise<CustomOrderRow[]> {
  return rowsOf(
    await db.execute({
      sql: `SELECT ${COLUMNS} FROM custom_orders WHERE ${OF_CODE} ORDER BY custom_order_no`,
      args: [orderNo, orderNo],
    }),
  );
}

export async function selectOne(db: Executor, customOrderNo: number): Promise<CustomOrderRow | null> {
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM custom_orders WHERE custom_order_no = ?`,
    args: [customOrderNo],
  });
  return rs.rows[0] ? toRow(rs.rows[0] as unknown as Record<string, unknown>) : null;
}

export interface NewCustomOrder {
  orderNo: string;
  orderOptionNo: number;
  designId: string;
  productNo: number;
  quantity: number;
  unitPrice: number;
  document: string;
  at: string;
}

/**
 * A custom order in status `request`, unless the line already has one for the design
 * (`INSERT OR IGNORE`). Returns the new custom order's number, or null when nothing was inserted.
 */
export async function insertRequested(db: Executor, c: NewCustomOrder): Promise<number | null> {
  const rs = await db.execute({
    sql: `INSERT OR IGNORE INTO custom_orders (order_no, order_option_no, design_id, product_no, quantity, unit_price,
            status, document, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, 'request', ?, ?, ?)`,
    args: [
      c.orderNo,
      c.orderOptionNo,
      c.designId,
      c.productNo,
      c.quantity,
      c.unitPrice,
      c.document,
      c.at,
      c.at,
    ],
  });
  return rs.rowsAffected === 1 ? Number(rs.lastInsertRowid) : null;
}

export interface NewCounterCustomOrder {
  saleNo: string;
  saleLineNo: number;
  designId: string;
  productNo: number;
  quantity: number;
  unitPrice: number;
  document: string;
  customerName: string;
  customerPhone: string;
  at: string;
}

/** A counter sale line's custom order in status `request` (`INSERT OR IGNORE`, as for web lines). */
export async function insertCounterRequested(db: Executor, c: NewCounterCustomOrder): Promise<number | null> {
  const rs = await db.execute({
    sql: `INSERT OR IGNORE INTO custom_orders (sale_no, sale_line_no, design_id, product_no, quantity, unit_price,
            status, document, customer_name, customer_phone, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, 'request', ?, ?, ?, ?, ?)`,
    args: [
      c.saleNo,
      c.saleLineNo,
      c.designId,
      c.productNo,
      c.quantity,
      c.unitPrice,
      c.document,
      c.customerName,
      c.customerPhone,
      c.at,
      c.at,
    ],
  });
  return rs.rowsAffected === 1 ? Number(rs.lastInsertRowid) : null;
}

/** The guarded status change: only from `from`. False when the status was no longer `from`. */
export async function updateStatus(
  db: Executor,
  customOrderNo: number,
  from: CustomOrderStatus,
  to: CustomOrderStatus,
  at: string,
): Promise<boolean> {
  const rs = await db.execute({
    sql: 'UPDATE custom_orders SET status = ?, updated_at = ? WHERE custom_order_no = ? AND status = ?',
    args: [to, at, customOrderNo, from],
  });
  return rs.rowsAffected === 1;
}

/** The design shows its latest custom order's status: set it unless a later custom order exists. */
export async function setDesignStatusIfLatest(
  db: Executor,
  designId: string,
  customOrderNo: number,
  status: CustomOrderStatus,
  at: string,
): Promise<void> {
  await db.execute({
    sql: `UPDATE designs SET status = ?, updated_at = ? WHERE design_id = ?
            AND NOT EXISTS (SELECT 1 FROM custom_orders c WHERE c.design_id = ? AND c.custom_order_no > ?)`,
    args: [status, at, designId, designId, customOrderNo],
  });
}

export interface CustomOrderEvent {
  fromStatus: CustomOrderStatus | null;
  toStatus: CustomOrderStatus;
  actorMemberNo: number | null;
  note: string;
  createdAt: string;
}

export async function insertEvent(
  db: Executor,
  customOrderNo: number,
  e: Omit<CustomOrderEvent, 'createdAt'>,
  at: string,
): Promise<void> {
  await db.execute({
    sql: `INSERT INTO custom_order_events (custom_order_no, from_status, to_status, actor_member_no, note, created_at)
          VALUES (?, ?, ?, ?, ?, ?)`,
    args: [customOrderNo, e.fromStatus, e.toStatus, e.actorMemberNo, e.note, at],
  });
}

export async function selectEvents(db: Executor, customOrderNo: number): Promise<CustomOrderEvent[]> {
  const rs = await db.execute({
    sql: `SELECT from_status, to_status, actor_member_no, note, created_at FROM custom_order_events
          WHERE custom_order_no = ? ORDER BY event_no`,
    args: [customOrderNo],
  });
  return rs.rows.map((r) => ({
    fromStatus: (r.from_status ?? null) as CustomOrderStatus | null,
    toStatus: r.to_status as CustomOrderStatus,
    actorMemberNo: r.actor_member_no === null ? null : Number(r.actor_member_no),
    note: String(r.note),
    createdAt: String(r.created_at),
  }));
}

export interface CustomOrderFilter {
  status?: CustomOrderStatus | undefined;
  statuses?: readonly CustomOrderStatus[] | undefined;
  orderNo?: string | undefined;
  designId?: string | undefined;
  /** the design's member */
  memberNo?: number | undefined;
  /** the design's stored sales channel, or 'store' (counter orders) */
  salesChannel?: string | undefined;
  /** counter orders of this store only */
  storeNo?: number | undefined;
  /** counter orders whose customer's phone is this (digits) */
  customerPhone?: string | undefined;
  /** UTC ISO bounds on created_at */
  from?: string | undefined;
  to?: string | undefined;
  pageNumber: number;
  pageSize: number;
}

export interface CustomOrderWithDesign extends CustomOrderRow {
  memberNo: number | null;
  designName: string | null;
  /** The design's stored sales channel; 'store' for a counter order. */
  salesChannel: string | null;
  previewUrl: string | null;
}

/** A page of custom orders with their design's owner, name, channel and front preview, newest first. */
export async function listPage(
  db: Executor,
  q: CustomOrderFilter,
): Promise<{ totalCount: number; rows: CustomOrderWithDesign[] }> {
  const where: string[] = ['1 = 1'];
  const args: InValue[] = [];
  const add = (sql: string, ...values: InValue[]) => {
    where.push(sql);
    args.push(...values);
  };
  if (q.status) add('c.status = ?', q.status);
  if (q.statuses?.length) add(`c.status IN (${q.statuses.map(() => '?').join(', ')})`, ...q.statuses);
  if (q.orderNo) add('(c.order_no = ? OR c.sale_no = ?)', q.orderNo, q.orderNo);
  if (q.designId) add('c.design_id = ?', q.designId);
  if (q.memberNo !== undefined) add('d.member_no = ?', q.memberNo);
  // a counter order's channel is the store, whatever the design's own channel
  if (q.salesChannel === 'store') add('c.sale_no IS NOT NULL');
  else if (q.salesChannel) add('d.sales_channel = ? AND c.sale_no IS NULL', q.salesChannel);
  // read-only: the sale's store (pos_sales belongs to the pos module)
  if (q.storeNo !== undefined)
    add('c.sale_no IN (SELECT s.sale_no FROM pos_sales s WHERE s.store_no = ?)', q.storeNo);
  if (q.customerPhone) add('c.customer_phone = ?', q.customerPhone);
  if (q.from) add('c.created_at >= ?', q.from);
  if (q.to) add('c.created_at < ?', q.to);
  const from = `FROM custom_orders c LEFT JOIN designs d ON d.design_id = c.design_id WHERE ${where.join(' AND ')}`;
  const count = await db.execute({ sql: `SELECT COUNT(*) AS n ${from}`, args });
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS.split(',')
      .map((c) => `c.${c.trim()}`)
      .join(', ')}, d.member_no AS member_no, d.name AS design_name, d.sales_channel AS sales_channel,
            d.preview_front_url AS preview_url
          ${from}
          ORDER BY c.custom_order_no DESC LIMIT ? OFFSET ?`,
    args: [...args, q.pageSize, (q.pageNumber - 1) * q.pageSize],
  });
  return {
    totalCount: Number(count.rows[0]?.n ?? 0),
    rows: rs.rows.map((r) => ({
      ...toRow(r as unknown as Record<string, unknown>),
      memberNo: r.member_no === null ? null : Number(r.member_no),
      designName: s(r.design_name),
      // a counter order is sold by the store, whatever channel its design was made for
      salesChannel: r.sale_no === null ? s(r.sales_channel) : 'store',
      previewUrl: s(r.preview_url),
    })),
  };
}

/** The print service accepted the order's custom orders (`pod_sent_at` keeps the first time). */
export async function recordPodAccepted(
  db: Executor,
  orderNo: string,
  orderCode: string,
  status: string,
  at: string,
): Promise<void> {
  await db.execute({
    sql: `UPDATE custom_orders SET pod_order_code = ?, pod_status = ?, pod_sent_at = COALESCE(pod_sent_at, ?),
            pod_attempts = pod_attempts + 1, pod_error = NULL, updated_at = ? WHERE ${OF_CODE}`,
    args: [orderCode, status, at, at, orderNo, orderNo],
  });
}

export async function recordPodFailed(
  db: Executor,
  orderNo: string,
  error: string,
  at: string,
): Promise<void> {
  await db.execute({
    sql: `UPDATE custom_orders SET pod_attempts = pod_attempts + 1, pod_error = ?, updated_at = ? WHERE ${OF_CODE}`,
    args: [error, at, orderNo, orderNo],
  });
}

export async function updatePodStatus(
  db: Executor,
  orderNo: string,
  status: string,
  at: string,
): Promise<void> {
  await db.execute({
    sql: `UPDATE custom_orders SET pod_status = ?, updated_at = ? WHERE ${OF_CODE} AND pod_status IS NOT ?`,
    args: [status, at, orderNo, orderNo, status],
  });
}

/** Order codes (web orders and counter sales) with a custom order the print service never accepted. */
export async function selectOrdersPendingPod(db: Executor, limit: number): Promise<string[]> {
  const rs = await db.execute({
    sql: `SELECT DISTINCT COALESCE(order_no, sale_no) AS code FROM custom_orders
          WHERE pod_sent_at IS NULL AND cancelled_at IS NULL ORDER BY code LIMIT ?`,
    args: [limit],
  });
  return rs.rows.map((r) => String(r.code));
}

/** Codes the print service accepted whose last known status is not final (oldest sync first). */
export async function selectOrdersToSync(db: Executor, limit: number): Promise<string[]> {
  const rs = await db.execute({
    sql: `SELECT COALESCE(order_no, sale_no) AS code, MIN(updated_at) AS seen FROM custom_orders
          WHERE pod_sent_at IS NOT NULL AND cancelled_at IS NULL
            AND (pod_status IS NULL OR pod_status NOT IN ('DELIVERED', 'CANCELLED'))
          GROUP BY code ORDER BY seen LIMIT ?`,
    args: [limit],
  });
  return rs.rows.map((r) => String(r.code));
}

/** Which of these order lines already have a custom order (of any design). */
export async function linesWithCustomOrder(
  db: Executor,
  orderOptionNos: readonly number[],
): Promise<Set<number>> {
  const nos = [...new Set(orderOptionNos)];
  if (nos.length === 0) return new Set();
  const rs = await db.execute({
    sql: `SELECT DISTINCT order_option_no FROM custom_orders WHERE order_option_no IN (${nos.map(() => '?').join(', ')})`,
    args: nos,
  });
  return new Set(rs.rows.map((r) => Number(r.order_option_no)));
}

export async function updatePrintFiles(
  db: Executor,
  customOrderNo: number,
  files: NonNullable<CustomOrderRow['printFiles']>,
  at: string,
): Promise<void> {
  await db.execute({
    sql: 'UPDATE custom_orders SET print_files = ?, updated_at = ? WHERE custom_order_no = ?',
    args: [JSON.stringify(files), at, customOrderNo],
  });
}

/** Production stopped (a refund): false when it had already been stopped. */
export async function markCancelled(
  db: Executor,
  customOrderNo: number,
  reason: string,
  at: string,
): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE custom_orders SET cancelled_at = ?, cancel_reason = ?, updated_at = ?
          WHERE custom_order_no = ? AND cancelled_at IS NULL`,
    args: [at, reason, at, customOrderNo],
  });
  return rs.rowsAffected === 1;
}

/** The print service's answer to a cancellation: its error (null when it took it) on these rows. */
export async function recordCancelAnswer(
  db: Executor,
  customOrderNos: readonly number[],
  error: string | null,
  at: string,
): Promise<void> {
  if (customOrderNos.length === 0) return;
  await db.execute({
    sql: `UPDATE custom_orders SET pod_error = ?, updated_at = ?
          WHERE custom_order_no IN (${customOrderNos.map(() => '?').join(', ')})`,
    args: [error, at, ...customOrderNos],
  });
}
