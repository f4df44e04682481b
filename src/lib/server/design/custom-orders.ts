import type { InValue, Transaction } from '@libsql/client';
import {
  CUSTOM_ORDER_STATUSES,
  DESIGN_ID_PATTERN,
  DESIGN_INPUT_LABEL,
  type CustomOrderStatus,
} from '../../design/api.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { selectOptions, selectOrder, type Executor } from '../order/repo.ts';
import * as designs from './repo.ts';

/**
 * Custom orders: one per paid order line carrying a design (option input '디자인 번호'), with a copy
 * of the design as it was bought. Status (spec: request, progress, completion, design complete):
 *
 *   request ──admin──▶ design_complete ──admin──▶ progress ──admin──▶ completion (final)
 *      ▲                    │    ▲                    │
 *      └──────admin─────────┘    └───────admin────────┘   (send back for another look / reprint)
 *
 * The print service moves orders forward too (system, no actor): IN_PRODUCTION → progress (from
 * request or design_complete), SHIPPED or DELIVERED → completion (from progress). Every change is a
 * guarded UPDATE … WHERE status = ? with an event row, and the design's `status` follows its latest
 * custom order.
 */

export const ADMIN_TRANSITIONS: Readonly<Record<CustomOrderStatus, readonly CustomOrderStatus[]>> = {
  request: ['design_complete'],
  design_complete: ['progress', 'request'],
  progress: ['completion', 'design_complete'],
  completion: [],
};

export const SYSTEM_TRANSITIONS: Readonly<Record<CustomOrderStatus, readonly CustomOrderStatus[]>> = {
  request: ['progress'],
  design_complete: ['progress'],
  progress: ['completion'],
  completion: [],
};

export function canTransition(
  from: CustomOrderStatus,
  to: CustomOrderStatus,
  by: 'admin' | 'system',
): boolean {
  return (by === 'admin' ? ADMIN_TRANSITIONS : SYSTEM_TRANSITIONS)[from].includes(to);
}

export interface CustomOrderRow {
  customOrderNo: number;
  orderNo: string;
  orderOptionNo: number;
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
  createdAt: string;
  updatedAt: string;
}

const COLUMNS = `custom_order_no, order_no, order_option_no, design_id, product_no, quantity, unit_price, status, document,
  print_files, pod_order_code, pod_status, pod_sent_at, pod_attempts, pod_error, created_at, updated_at`;

const s = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toRow(r: Record<string, unknown>): CustomOrderRow {
  return {
    customOrderNo: Number(r.custom_order_no),
    orderNo: String(r.order_no),
    orderOptionNo: Number(r.order_option_no),
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
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
  };
}

const rowsOf = (rs: { rows: unknown[] }) => rs.rows.map((r) => toRow(r as Record<string, unknown>));

export async function customOrdersOfOrder(db: Executor, orderNo: string): Promise<CustomOrderRow[]> {
  return rowsOf(
    await db.execute({
      sql: `SELECT ${COLUMNS} FROM custom_orders WHERE order_no = ? ORDER BY custom_order_no`,
      args: [orderNo],
    }),
  );
}

export async function getCustomOrder(db: Executor, customOrderNo: number): Promise<CustomOrderRow | null> {
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM custom_orders WHERE custom_order_no = ?`,
    args: [customOrderNo],
  });
  return rs.rows[0] ? toRow(rs.rows[0] as unknown as Record<string, unknown>) : null;
}

/** The design id an order line carries, if any. */
export function designIdOfLine(inputs: readonly { inputLabel: string; inputValue: string }[]): string | null {
  const input = inputs.find((i) => i.inputLabel.trim() === DESIGN_INPUT_LABEL);
  const value = input?.inputValue.trim() ?? '';
  return DESIGN_ID_PATTERN.test(value) ? value : null;
}

const PAID_STATUSES = new Set([
  'PAY_DONE',
  'PRODUCT_PREPARE',
  'DELIVERY_PREPARE',
  'DELIVERY_ING',
  'DELIVERY_DONE',
  'BUY_CONFIRM',
]);

export interface RecordedCustomOrders {
  /** Custom orders of the order (new and existing). */
  customOrders: CustomOrderRow[];
  created: number;
  /** Lines whose design id is unknown or not the orderer's: no custom order was made. */
  skipped: { orderOptionNo: number; designId: string; reason: 'unknown-design' | 'not-owner' }[];
}

/**
 * Records a custom order (status `request`) for each design line of a paid order. Idempotent (one per
 * line and design). Database only: may run inside the payment confirmation's write transaction.
 * A design must belong to the orderer (same member, or the same guest identity).
 */
export async function recordCustomOrdersForPaidOrder(
  db: Db | Transaction,
  orderNo: string,
  now = new Date(),
): Promise<RecordedCustomOrders> {
  const order = await selectOrder(db, orderNo);
  if (!order) throw new AppError('NOT_FOUND', 404, '주문을 찾을 수 없습니다.');
  if (!PAID_STATUSES.has(order.orderStatus)) {
    throw new AppError('ORDER_NOT_PAID', 409, '결제가 끝난 주문만 제작을 요청할 수 있습니다.');
  }
  const lines = (await selectOptions(db, orderNo))
    .map((line) => ({ line, designId: designIdOfLine(line.optionInputs) }))
    .filter((l): l is { line: (typeof l)['line']; designId: string } => l.designId !== null);
  const found = new Map(
    (
      await designs.findByIds(
        db,
        lines.map((l) => l.designId),
      )
    ).map((d) => [d.designId, d]),
  );
  const at = now.toISOString();
  const skipped: RecordedCustomOrders['skipped'] = [];
  let created = 0;
  for (const { line, designId } of lines) {
    const design = found.get(designId);
    if (!design) {
      skipped.push({ orderOptionNo: line.orderOptionNo, designId, reason: 'unknown-design' });
      continue;
    }
    const byMember = order.memberNo !== null && design.memberNo === order.memberNo;
    const byGuest = order.guestTokenHash !== null && design.guestTokenHash === order.guestTokenHash;
    if (!byMember && !byGuest) {
      skipped.push({ orderOptionNo: line.orderOptionNo, designId, reason: 'not-owner' });
      continue;
    }
    const rs = await db.execute({
      sql: `INSERT OR IGNORE INTO custom_orders (order_no, order_option_no, design_id, product_no, quantity, unit_price,
              status, document, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, 'request', ?, ?, ?)`,
      args: [
        orderNo,
        line.orderOptionNo,
        designId,
        line.productNo,
        line.orderCnt,
        line.buyPrice,
        design.document,
        at,
        at,
      ],
    });
    if (rs.rowsAffected === 1) {
      created += 1;
      await db.execute({
        sql: `INSERT INTO custom_order_events (custom_order_no, from_status, to_status, actor_member_no, note, created_at)
              VALUES (?, NULL, 'request', NULL, '결제 완료', ?)`,
        args: [Number(rs.lastInsertRowid), at],
      });
      await designs.setStatus(db, designId, 'request', at);
    }
  }
  if (skipped.length > 0) console.warn('[podo] custom order lines skipped', orderNo, skipped);
  return { customOrders: await customOrdersOfOrder(db, orderNo), created, skipped };
}

/**
 * Moves a custom order to `to` if allowed from its current status (409 otherwise, also when someone
 * else changed it first). `actorMemberNo` null = the system (print service).
 */
export async function changeCustomOrderStatus(
  db: Db,
  customOrderNo: number,
  to: CustomOrderStatus,
  options: { actorMemberNo: number | null; note?: string; now?: Date },
): Promise<CustomOrderRow> {
  if (!CUSTOM_ORDER_STATUSES.includes(to))
    throw new AppError('INVALID_INPUT', 400, '제작 상태를 확인해 주세요.');
  const at = (options.now ?? new Date()).toISOString();
  const tx = await db.transaction('write');
  try {
    const current = await getCustomOrder(tx, customOrderNo);
    if (!current) throw new AppError('NOT_FOUND', 404, '제작 주문을 찾을 수 없습니다.');
    const by = options.actorMemberNo === null ? 'system' : 'admin';
    if (!canTransition(current.status, to, by)) {
      throw new AppError(
        'CUSTOM_ORDER_TRANSITION',
        409,
        `제작 상태를 바꿀 수 없습니다 (${current.status} → ${to}).`,
      );
    }
    const rs = await tx.execute({
      sql: 'UPDATE custom_orders SET status = ?, updated_at = ? WHERE custom_order_no = ? AND status = ?',
      args: [to, at, customOrderNo, current.status],
    });
    if (rs.rowsAffected !== 1)
      throw new AppError(
        'CUSTOM_ORDER_TRANSITION',
        409,
        '제작 상태가 방금 바뀌었습니다. 다시 확인해 주세요.',
      );
    await tx.execute({
      sql: `INSERT INTO custom_order_events (custom_order_no, from_status, to_status, actor_member_no, note, created_at)
            VALUES (?, ?, ?, ?, ?, ?)`,
      args: [customOrderNo, current.status, to, options.actorMemberNo, options.note ?? '', at],
    });
    // the design shows its latest custom order's status
    await tx.execute({
      sql: `UPDATE designs SET status = ?, updated_at = ? WHERE design_id = ?
              AND NOT EXISTS (SELECT 1 FROM custom_orders c WHERE c.design_id = ? AND c.custom_order_no > ?)`,
      args: [to, at, current.designId, current.designId, customOrderNo],
    });
    await tx.commit();
    return { ...current, status: to, updatedAt: at };
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    throw err;
  } finally {
    tx.close();
  }
}

export interface CustomOrderEvent {
  fromStatus: CustomOrderStatus | null;
  toStatus: CustomOrderStatus;
  actorMemberNo: number | null;
  note: string;
  createdAt: string;
}

export async function customOrderEvents(db: Db, customOrderNo: number): Promise<CustomOrderEvent[]> {
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

export interface CustomOrderQuery {
  status?: CustomOrderStatus | undefined;
  /** Any of these statuses (the back office's production page: design_complete and progress). */
  statuses?: readonly CustomOrderStatus[] | undefined;
  orderNo?: string | undefined;
  designId?: string | undefined;
  memberNo?: number | undefined;
  /** The design's stored sales channel ('brand', 'smartstore', 'administrator', 'none'). */
  salesChannel?: string | undefined;
  /** UTC ISO bounds on the custom order's created_at (when the order was paid). */
  from?: string | undefined;
  to?: string | undefined;
  pageNumber: number;
  pageSize: number;
}

export interface CustomOrderListItem extends CustomOrderRow {
  memberNo: number | null;
  designName: string | null;
  /** The design's stored sales channel. */
  salesChannel: string | null;
  /** The design's current front preview (what the list shows). */
  previewUrl: string | null;
  ordererName: string;
  orderStatus: string;
  productName: string;
  optionValue: string;
}

/**
 * The back office's list (/custom/admin/list, production, completion): custom orders with their
 * design's name, channel and preview and the order's orderer and product, newest first.
 */
export async function listCustomOrders(
  db: Db,
  q: CustomOrderQuery,
): Promise<{ totalCount: number; items: CustomOrderListItem[] }> {
  const where: string[] = ['1 = 1'];
  const args: InValue[] = [];
  const add = (sql: string, ...values: InValue[]) => {
    where.push(sql);
    args.push(...values);
  };
  if (q.status) add('c.status = ?', q.status);
  if (q.statuses?.length) add(`c.status IN (${q.statuses.map(() => '?').join(', ')})`, ...q.statuses);
  if (q.orderNo) add('c.order_no = ?', q.orderNo);
  if (q.designId) add('c.design_id = ?', q.designId);
  if (q.memberNo !== undefined) add('d.member_no = ?', q.memberNo);
  if (q.salesChannel) add('d.sales_channel = ?', q.salesChannel);
  if (q.from) add('c.created_at >= ?', q.from);
  if (q.to) add('c.created_at < ?', q.to);
  const from = `FROM custom_orders c LEFT JOIN designs d ON d.design_id = c.design_id WHERE ${where.join(' AND ')}`;
  const count = await db.execute({ sql: `SELECT COUNT(*) AS n ${from}`, args });
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS.split(',')
      .map((c) => `c.${c.trim()}`)
      .join(', ')}, d.member_no AS member_no, d.name AS design_name, d.sales_channel AS sales_channel,
            d.preview_front_url AS preview_url, o.orderer_name, o.order_status, oo.product_name, oo.option_value
          ${from.replace(
            'WHERE',
            `JOIN orders o ON o.order_no = c.order_no
             JOIN order_options oo ON oo.order_option_no = c.order_option_no WHERE`,
          )}
          ORDER BY c.custom_order_no DESC LIMIT ? OFFSET ?`,
    args: [...args, q.pageSize, (q.pageNumber - 1) * q.pageSize],
  });
  return {
    totalCount: Number(count.rows[0]?.n ?? 0),
    items: rs.rows.map((r) => ({
      ...toRow(r as unknown as Record<string, unknown>),
      memberNo: r.member_no === null ? null : Number(r.member_no),
      designName: s(r.design_name),
      salesChannel: s(r.sales_channel),
      previewUrl: s(r.preview_url),
      ordererName: String(r.orderer_name ?? ''),
      orderStatus: String(r.order_status ?? ''),
      productName: String(r.product_name ?? ''),
      optionValue: String(r.option_value ?? ''),
    })),
  };
}

/** Records the print service's answer for the custom orders of an order. */
export async function recordPodResult(
  db: Db,
  orderNo: string,
  result: { ok: true; orderCode: string; status: string } | { ok: false; error: string },
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  if (result.ok) {
    await db.execute({
      sql: `UPDATE custom_orders SET pod_order_code = ?, pod_status = ?, pod_sent_at = COALESCE(pod_sent_at, ?),
              pod_attempts = pod_attempts + 1, pod_error = NULL, updated_at = ? WHERE order_no = ?`,
      args: [result.orderCode, result.status, at, at, orderNo],
    });
  } else {
    await db.execute({
      sql: `UPDATE custom_orders SET pod_attempts = pod_attempts + 1, pod_error = ?, updated_at = ? WHERE order_no = ?`,
      args: [result.error.slice(0, 500), at, orderNo],
    });
  }
}

export async function setPodStatus(db: Db, orderNo: string, status: string, now = new Date()): Promise<void> {
  await db.execute({
    sql: 'UPDATE custom_orders SET pod_status = ?, updated_at = ? WHERE order_no = ? AND pod_status IS NOT ?',
    args: [status, now.toISOString(), orderNo, status],
  });
}

/** Orders whose custom orders were never accepted by the print service (for a retry job). */
export async function ordersPendingPod(db: Db, limit = 50): Promise<string[]> {
  const rs = await db.execute({
    sql: 'SELECT DISTINCT order_no FROM custom_orders WHERE pod_sent_at IS NULL ORDER BY order_no LIMIT ?',
    args: [limit],
  });
  return rs.rows.map((r) => String(r.order_no));
}

/**
 * Orders paid since `since` (still PAY_DONE) with a design line that has no custom order: the
 * confirmation records them right after its transaction, so these are the ones a stopped process
 * left behind. Lines of another owner's design are skipped each time and show up here again.
 */
export async function ordersAwaitingCustomOrders(db: Db, since: string, limit = 50): Promise<string[]> {
  const rs = await db.execute({
    sql: `SELECT DISTINCT o.order_no FROM orders o JOIN order_options oo ON oo.order_no = o.order_no
          WHERE o.order_status = 'PAY_DONE' AND o.updated_at >= ? AND oo.option_inputs LIKE ?
            AND NOT EXISTS (SELECT 1 FROM custom_orders c WHERE c.order_option_no = oo.order_option_no)
          ORDER BY o.order_no LIMIT ?`,
    args: [since, `%"${DESIGN_INPUT_LABEL}"%`, limit],
  });
  return rs.rows.map((r) => String(r.order_no));
}

export async function savePrintFiles(
  db: Db,
  customOrderNo: number,
  files: NonNullable<CustomOrderRow['printFiles']>,
  now = new Date(),
): Promise<void> {
  await db.execute({
    sql: 'UPDATE custom_orders SET print_files = ?, updated_at = ? WHERE custom_order_no = ?',
    args: [JSON.stringify(files), now.toISOString(), customOrderNo],
  });
}
