import type { Transaction } from '@libsql/client';
import {
  CUSTOM_ORDER_STATUS_LABELS,
  CUSTOM_ORDER_STATUSES,
  DESIGN_ID_PATTERN,
  DESIGN_INPUT_LABEL,
  type CustomOrderStatus,
} from '../../lib/design/api.ts';
import type { Db, Executor } from '../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { appError } from '../platform/errors.ts';
import { orderSteps } from '../order/index.ts';
import { counterLineFacts } from './counter-order-repo.ts';
import * as customOrders from './custom-order-repo.ts';
import type { CustomOrderEvent, CustomOrderRow } from './custom-order-repo.ts';
import * as designs from './repo.ts';

export type { CustomOrderChannel, CustomOrderEvent, CustomOrderRow } from './custom-order-repo.ts';

/**
 * Custom orders: one per paid order line carrying a design (option input '디자인 번호'), or per
 * counter sale line sold with a design (counter-orders.ts), with a copy of the design as it was
 * bought. Both follow the same workflow. Status (spec: request, progress, completion, design complete):
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

const SYSTEM_TRANSITIONS: Readonly<Record<CustomOrderStatus, readonly CustomOrderStatus[]>> = {
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

export async function customOrdersOfOrder(db: Executor, orderNo: string): Promise<CustomOrderRow[]> {
  return customOrders.selectByOrder(db, orderNo);
}

export async function getCustomOrder(db: Executor, customOrderNo: number): Promise<CustomOrderRow | null> {
  return customOrders.selectOne(db, customOrderNo);
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
  const order = await orderSteps.selectOrder(db, orderNo);
  if (!order) throw appError('NOT_FOUND', '주문을 찾을 수 없습니다.');
  if (!PAID_STATUSES.has(order.orderStatus)) {
    throw appError('ORDER_NOT_PAID');
  }
  const lines = (await orderSteps.selectOptions(db, orderNo))
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
    const customOrderNo = await customOrders.insertRequested(db, {
      orderNo,
      orderOptionNo: line.orderOptionNo,
      designId,
      productNo: line.productNo,
      quantity: line.orderCnt,
      unitPrice: line.buyPrice,
      document: design.document,
      at,
    });
    if (customOrderNo !== null) {
      created += 1;
      await customOrders.insertEvent(
        db,
        customOrderNo,
        { fromStatus: null, toStatus: 'request', actorMemberNo: null, note: '결제 완료' },
        at,
      );
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
  if (!CUSTOM_ORDER_STATUSES.includes(to)) throw appError('INVALID_INPUT', '제작 상태를 확인해 주세요.');
  const at = (options.now ?? new Date()).toISOString();
  const tx = await db.transaction('write');
  try {
    const current = await getCustomOrder(tx, customOrderNo);
    if (!current) throw appError('NOT_FOUND', '제작 주문을 찾을 수 없습니다.');
    if (current.cancelledAt) throw appError('CUSTOM_ORDER_CANCELLED');
    const by = options.actorMemberNo === null ? 'system' : 'admin';
    if (!canTransition(current.status, to, by)) {
      throw appError('CUSTOM_ORDER_TRANSITION', `제작 상태를 바꿀 수 없습니다 (${current.status} → ${to}).`);
    }
    if (!(await customOrders.updateStatus(tx, customOrderNo, current.status, to, at))) {
      throw appError('CUSTOM_ORDER_TRANSITION');
    }
    await customOrders.insertEvent(
      tx,
      customOrderNo,
      {
        fromStatus: current.status,
        toStatus: to,
        actorMemberNo: options.actorMemberNo,
        note: options.note ?? '',
      },
      at,
    );
    // the design shows its latest custom order's status
    await customOrders.setDesignStatusIfLatest(tx, current.designId, customOrderNo, to, at);
    if (options.actorMemberNo !== null)
      await recordAudit(tx, {
        action: 'custom.status',
        targetType: 'custom_order',
        targetId: customOrderNo,
        summary: `제작 주문 #${customOrderNo} (${current.orderNo}): ${CUSTOM_ORDER_STATUS_LABELS[current.status]} → ${CUSTOM_ORDER_STATUS_LABELS[to]}`,
        before: { status: current.status },
        after: { status: to, note: options.note ?? '' },
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

export async function customOrderEvents(db: Db, customOrderNo: number): Promise<CustomOrderEvent[]> {
  return customOrders.selectEvents(db, customOrderNo);
}

export interface CustomOrderQuery {
  status?: CustomOrderStatus | undefined;
  /** Any of these statuses (the back office's production page: design_complete and progress). */
  statuses?: readonly CustomOrderStatus[] | undefined;
  orderNo?: string | undefined;
  designId?: string | undefined;
  memberNo?: number | undefined;
  /** The design's stored sales channel ('brand', 'smartstore', 'administrator', 'none'), or 'store'. */
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
  /** The design's stored sales channel; 'store' for an order taken at a counter. */
  salesChannel: string | null;
  /** The design's current front preview (what the list shows). */
  previewUrl: string | null;
  /**
   * From the order module (orderSteps.customOrderLineFacts) for a web order, from the counter sale
   * for a counter order (the customer, the sale's status), read for the page in one statement each.
   */
  ordererName: string;
  orderStatus: string;
  productName: string;
  optionValue: string;
}

/** An order line as a map key. */
const lineKey = (l: { orderNo: string; orderOptionNo: number | null }) =>
  `${l.orderNo}\u0000${l.orderOptionNo}`;

/**
 * The back office's list (/custom/admin/list, production, completion): custom orders with their
 * design's name, channel and preview and the order's orderer and product, newest first.
 */
export async function listCustomOrders(
  db: Db,
  q: CustomOrderQuery,
): Promise<{ totalCount: number; items: CustomOrderListItem[] }> {
  // every filter is on custom_orders or designs: the page is the same without the order's columns
  const { totalCount, rows } = await customOrders.listPage(db, q);
  const webLines = rows.flatMap((r) =>
    r.orderOptionNo === null ? [] : [{ orderNo: r.orderNo, orderOptionNo: r.orderOptionNo }],
  );
  const facts = new Map(
    (await orderSteps.customOrderLineFacts(db, webLines)).map((f) => [lineKey(f), f] as const),
  );
  const counter = new Map(
    (
      await counterLineFacts(
        db,
        rows.flatMap((r) => (r.saleLineNo === null ? [] : [r.saleLineNo])),
      )
    ).map((f) => [f.saleLineNo, f] as const),
  );
  return {
    totalCount,
    // an order or line that is gone: no custom order is left either (ON DELETE CASCADE)
    items: rows.flatMap((row): CustomOrderListItem[] => {
      if (row.saleLineNo !== null) {
        const c = counter.get(row.saleLineNo);
        return c
          ? [
              {
                ...row,
                ordererName: row.customerName ?? '',
                orderStatus: c.saleStatus,
                productName: c.productName,
                optionValue: c.optionLabel,
              },
            ]
          : [];
      }
      const f = facts.get(lineKey(row));
      return f
        ? [
            {
              ...row,
              ordererName: f.ordererName,
              orderStatus: f.orderStatus,
              productName: f.productName,
              optionValue: f.optionValue,
            },
          ]
        : [];
    }),
  };
}

/** Records the print service's answer for the custom orders of an order (or counter sale). */
export async function recordPodResult(
  db: Db,
  orderNo: string,
  result: { ok: true; orderCode: string; status: string } | { ok: false; error: string },
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  if (result.ok) await customOrders.recordPodAccepted(db, orderNo, result.orderCode, result.status, at);
  else await customOrders.recordPodFailed(db, orderNo, result.error.slice(0, 500), at);
}

export async function setPodStatus(db: Db, orderNo: string, status: string, now = new Date()): Promise<void> {
  await customOrders.updatePodStatus(db, orderNo, status, now.toISOString());
}

/** Orders and counter sales whose custom orders the print service never accepted (for a retry job). */
export async function ordersPendingPod(db: Db, limit = 50): Promise<string[]> {
  return customOrders.selectOrdersPendingPod(db, limit);
}

/** Orders and counter sales the print service took and has not delivered or cancelled yet. */
export async function ordersToSyncWithPod(db: Db, limit = 50): Promise<string[]> {
  return customOrders.selectOrdersToSync(db, limit);
}

/** Paid design lines read per statement while looking for orders awaiting custom orders. */
const AWAITING_BATCH = 500;

/**
 * Orders paid since `since` (still PAY_DONE) with a design line that has no custom order: the
 * confirmation records them right after its transaction, so these are the ones a stopped process
 * left behind. Lines of another owner's design are skipped each time and show up here again.
 */
export async function ordersAwaitingCustomOrders(db: Db, since: string, limit = 50): Promise<string[]> {
  const awaiting: string[] = [];
  if (limit === 0) return awaiting;
  let after: orderSteps.OrderLineRef | undefined;
  for (;;) {
    // paid design lines by order number, a batch at a time, until `limit` orders have a line left
    const lines = await orderSteps.paidLinesWithInput(db, {
      since,
      inputLabel: DESIGN_INPUT_LABEL,
      limit: AWAITING_BATCH,
      after,
    });
    const recorded = await customOrders.linesWithCustomOrder(
      db,
      lines.map((l) => l.orderOptionNo),
    );
    for (const line of lines) {
      if (recorded.has(line.orderOptionNo) || awaiting.at(-1) === line.orderNo) continue;
      awaiting.push(line.orderNo);
      if (awaiting.length === limit) return awaiting;
    }
    if (lines.length < AWAITING_BATCH) return awaiting;
    after = lines.at(-1);
  }
}

export async function savePrintFiles(
  db: Db,
  customOrderNo: number,
  files: NonNullable<CustomOrderRow['printFiles']>,
  now = new Date(),
): Promise<void> {
  await customOrders.updatePrintFiles(db, customOrderNo, files, now.toISOString());
}
