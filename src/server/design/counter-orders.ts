import type { Transaction } from '@libsql/client';
import { CUSTOM_ORDER_STATUS_LABELS, type CustomOrderStatus } from '../../lib/design/api.ts';
import { podService, type PodPort } from '../adapters/pod/index.ts';
import type { Db, Executor } from '../db/client.ts';
import { appError } from '../platform/errors.ts';
import { counterLineFacts, type CounterLineFacts } from './counter-order-repo.ts';
import * as customOrders from './custom-order-repo.ts';
import type { CustomOrderEvent, CustomOrderRow } from './custom-order-repo.ts';
import { customOrdersOfOrder } from './custom-orders.ts';
import { sendOrderToPod, withPodToken, type PodSendResult } from './pod.ts';
import * as designs from './repo.ts';

/**
 * Custom orders taken at a store's counter (issue 14). A counter sale line carrying a design gets
 * its custom order (status `request`, with a copy of the design as sold) in the sale's own write
 * transaction (`recordCounterCustomOrders`, a step the pos module's sale workflow takes), so a sale
 * never lacks its custom order; after that transaction has committed, the sale is sent to the
 * print service (`sendCounterSaleToPod`, like `afterOrderPaid` for web orders), shipped to the
 * store, with the customer's name and phone. From there it is the same production workflow as a
 * web custom order: /custom/admin/*, the same status moves, print files and print-service sync.
 * The counter reads its store's custom orders with the customer's pickup guidance.
 */

export interface CounterCustomOrderLine {
  saleLineNo: number;
  designId: string;
  productNo: number;
  quantity: number;
  /** What the customer paid per unit (after the line's discounts). */
  unitPrice: number;
}

export interface CounterCustomOrderInput {
  saleNo: string;
  customer: { name: string; phone: string };
  lines: readonly CounterCustomOrderLine[];
}

/**
 * Step (inside the counter sale's write transaction): a custom order per design line, each with its
 * first event and the design's status. The designs were checked before the payment
 * (`checkCounterDesignLines`); one gone since then fails the sale. Idempotent per line and design.
 */
export async function recordCounterCustomOrders(
  tx: Transaction,
  input: CounterCustomOrderInput,
  now = new Date(),
): Promise<number[]> {
  const at = now.toISOString();
  const rows = new Map(
    (await designs.findByIds(tx, [...new Set(input.lines.map((l) => l.designId))])).map((r) => [
      r.designId,
      r,
    ]),
  );
  const created: number[] = [];
  for (const line of input.lines) {
    const design = rows.get(line.designId);
    if (!design || design.deletedAt !== null) {
      throw appError('DESIGN_NOT_ORDERABLE', '디자인을 찾을 수 없습니다. 디자인을 다시 골라 주세요.');
    }
    const no = await customOrders.insertCounterRequested(tx, {
      saleNo: input.saleNo,
      saleLineNo: line.saleLineNo,
      designId: line.designId,
      productNo: line.productNo,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      document: design.document,
      customerName: input.customer.name,
      customerPhone: input.customer.phone,
      at,
    });
    if (no === null) continue;
    created.push(no);
    await customOrders.insertEvent(
      tx,
      no,
      { fromStatus: null, toStatus: 'request', actorMemberNo: null, note: '매장 결제 완료' },
      at,
    );
    await designs.setStatus(tx, line.designId, 'request', at);
  }
  return created;
}

/**
 * After the counter sale's transaction has committed (never inside it): sends the sale's custom
 * orders to the print service unless it already accepted them. Never throws: a failed send is kept
 * on the custom orders (`pod_error`) and retried by the maintenance pass (`retryCustomOrders`).
 */
export async function sendCounterSaleToPod(
  db: Db,
  saleNo: string,
  options: { pod?: PodPort; now?: Date } = {},
): Promise<PodSendResult | null> {
  try {
    const rows = await customOrdersOfOrder(db, saleNo);
    if (!rows.some((c) => c.podSentAt === null)) return null;
    return await sendOrderToPod(db, saleNo, options.pod ?? podService(), options.now ?? new Date());
  } catch (err) {
    console.error(
      '[podo] counter custom orders not sent to the print service, left for maintenance',
      saleNo,
      err,
    );
    return null;
  }
}

// ------------------------------------------------------------------------------ refunds

/**
 * Step (inside a counter refund's write transaction): production stops for the custom orders of
 * these sale lines (every unit refunded), unless they are already made (`completion`): marked
 * cancelled with the reason, an event each. Returns the custom orders it stopped.
 */
export async function stopCounterCustomOrders(
  tx: Transaction,
  input: { saleNo: string; saleLineNos: readonly number[]; reason: string; actorMemberNo: number },
  now = new Date(),
): Promise<number[]> {
  return stopCustomOrders(
    tx,
    input.saleNo,
    (row) => row.saleLineNo !== null && input.saleLineNos.includes(row.saleLineNo),
    { note: `환불로 제작 취소: ${input.reason}`, reason: input.reason, actorMemberNo: input.actorMemberNo },
    now,
  );
}

/**
 * Step (inside a web order cancel's write transaction): production stops for the custom orders of
 * these order lines (every unit cancelled), unless they are already made (`completion`), as for the
 * counter. After the commit, `cancelStoppedAtPod` tells the print service.
 */
export async function stopWebCustomOrders(
  tx: Transaction,
  input: { orderNo: string; orderOptionNos: readonly number[]; reason: string; actorMemberNo: number | null },
  now = new Date(),
): Promise<number[]> {
  return stopCustomOrders(
    tx,
    input.orderNo,
    (row) => row.orderOptionNo !== null && input.orderOptionNos.includes(row.orderOptionNo),
    {
      note: `주문 취소로 제작 취소: ${input.reason}`,
      reason: input.reason,
      actorMemberNo: input.actorMemberNo,
    },
    now,
  );
}

async function stopCustomOrders(
  tx: Transaction,
  orderOrSaleNo: string,
  picked: (row: CustomOrderRow) => boolean,
  how: { note: string; reason: string; actorMemberNo: number | null },
  now: Date,
): Promise<number[]> {
  const at = now.toISOString();
  const stopped: number[] = [];
  for (const row of await customOrders.selectByOrder(tx, orderOrSaleNo)) {
    if (!picked(row)) continue;
    if (row.cancelledAt !== null || row.status === 'completion') continue;
    if (!(await customOrders.markCancelled(tx, row.customOrderNo, how.reason, at))) continue;
    await customOrders.insertEvent(
      tx,
      row.customOrderNo,
      { fromStatus: row.status, toStatus: row.status, actorMemberNo: how.actorMemberNo, note: how.note },
      at,
    );
    stopped.push(row.customOrderNo);
  }
  return stopped;
}

/**
 * After the refund has committed: tells the print service to stop the sale's cancelled entries it
 * already accepted. Never throws; the answer (or why it failed: the order had shipped) is kept on the
 * custom orders for the back office to see.
 */
export async function cancelStoppedAtPod(
  db: Db,
  saleNo: string,
  options: { pod?: PodPort; now?: Date } = {},
): Promise<{ ok: boolean; status: string | null } | null> {
  const port = options.pod ?? podService();
  const now = options.now ?? new Date();
  const rows = (await customOrdersOfOrder(db, saleNo)).filter(
    (c) => c.cancelledAt !== null && c.podSentAt !== null && c.podOrderCode !== null,
  );
  const code = rows[0]?.podOrderCode;
  if (!code) return null;
  let result: { ok: boolean; status: string | null };
  try {
    const state = await withPodToken(
      db,
      (token) =>
        port.cancelEntries(
          token,
          code,
          rows.map((c) => c.designId),
        ),
      port,
      now,
    );
    result = { ok: true, status: state?.status ?? null };
  } catch (err) {
    console.error('[podo] print service did not take the cancellation', saleNo, err);
    result = { ok: false, status: null };
  }
  await customOrders.recordCancelAnswer(
    db,
    rows.map((c) => c.customOrderNo),
    result.ok
      ? null
      : '인쇄 서비스가 취소를 받지 않았습니다 (이미 발송되었을 수 있습니다). 인쇄 서비스에 직접 알려 주세요.',
    now.toISOString(),
  );
  return result;
}

// ------------------------------------------------------------------------------ the counter's view

/** Working days (Mon–Fri) the print service usually needs to make a piece and bring it to the store. */
export const COUNTER_PICKUP_WORKING_DAYS = 5;

export interface PickupGuide {
  /** Ready at the store. */
  ready: boolean;
  /** What to tell the customer, in a sentence. */
  message: string;
  /** The expected pickup day (Seoul, YYYY-MM-DD) while not ready; null when ready. */
  expectedYmd: string | null;
}

const seoulYmd = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Seoul' }).format(d);

/** `days` working days (Mon–Fri) after the Seoul day of `from`. */
export function addWorkingDays(from: Date, days: number): string {
  const [y, m, d] = seoulYmd(from).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  let left = days;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

/** What the staff tell a walk-in customer about their custom order. */
export function pickupGuide(
  row: Pick<CustomOrderRow, 'status' | 'podStatus' | 'createdAt' | 'cancelledAt'>,
  refunded = false,
): PickupGuide {
  if (row.cancelledAt)
    return {
      ready: false,
      message: '환불되어 제작을 멈췄습니다. 찾아가실 상품이 없습니다.',
      expectedYmd: null,
    };
  if (refunded) return { ready: false, message: '제작이 끝난 뒤 환불된 주문입니다.', expectedYmd: null };
  const expectedYmd = addWorkingDays(new Date(row.createdAt), COUNTER_PICKUP_WORKING_DAYS);
  const byStatus: Record<CustomOrderStatus, string> = {
    request: '디자인을 확인한 뒤 제작을 시작합니다.',
    design_complete: '디자인 확인이 끝나 제작 순서를 기다리고 있습니다.',
    progress: '인쇄 서비스에서 만들고 있습니다.',
    completion: '제작이 끝나 매장으로 오고 있습니다.',
  };
  if (row.status === 'completion' && row.podStatus === 'DELIVERED') {
    return { ready: true, message: '매장에 도착했습니다. 지금 찾아가실 수 있습니다.', expectedYmd: null };
  }
  return { ready: false, message: byStatus[row.status], expectedYmd };
}

export interface CounterCustomOrderItem extends Omit<CustomOrderRow, 'document'> {
  statusLabel: string;
  designName: string | null;
  previewUrl: string | null;
  /** The sale line (null only if the sale is gone). */
  sale: CounterLineFacts | null;
  pickup: PickupGuide;
}

function itemOf(
  row: CustomOrderRow & { designName?: string | null; previewUrl?: string | null },
  facts: Map<number, CounterLineFacts>,
): CounterCustomOrderItem {
  const { document: _document, designName = null, previewUrl = null, ...rest } = row;
  const sale = (row.saleLineNo !== null && facts.get(row.saleLineNo)) || null;
  return {
    ...rest,
    statusLabel: row.cancelledAt ? '제작 취소' : CUSTOM_ORDER_STATUS_LABELS[row.status],
    designName,
    previewUrl,
    sale,
    pickup: pickupGuide(row, sale !== null && sale.refundedQty >= sale.qty),
  };
}

async function factsOf(
  db: Executor,
  rows: readonly CustomOrderRow[],
): Promise<Map<number, CounterLineFacts>> {
  const facts = await counterLineFacts(
    db,
    rows.flatMap((r) => (r.saleLineNo === null ? [] : [r.saleLineNo])),
  );
  return new Map(facts.map((f) => [f.saleLineNo, f]));
}

export interface CounterCustomOrderQuery {
  /** A counter sale number (P…). */
  saleNo?: string | undefined;
  /** The customer's phone, digits only. */
  phone?: string | undefined;
  status?: CustomOrderStatus | undefined;
  pageNumber: number;
  pageSize: number;
}

/** One store's counter custom orders, newest first. */
export async function listCounterCustomOrders(
  db: Db,
  storeNo: number,
  q: CounterCustomOrderQuery,
): Promise<{ totalCount: number; items: CounterCustomOrderItem[] }> {
  const { totalCount, rows } = await customOrders.listPage(db, {
    salesChannel: 'store',
    storeNo,
    orderNo: q.saleNo,
    customerPhone: q.phone,
    status: q.status,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
  });
  const facts = await factsOf(db, rows);
  return { totalCount, items: rows.map((r) => itemOf(r, facts)) };
}

export interface CounterCustomOrderDetail extends CounterCustomOrderItem {
  events: CustomOrderEvent[];
}

/** One counter custom order of this store, with its history; null when there is none here. */
export async function counterCustomOrderDetail(
  db: Db,
  storeNo: number,
  customOrderNo: number,
): Promise<CounterCustomOrderDetail | null> {
  const row = await customOrders.selectOne(db, customOrderNo);
  if (!row || row.channel !== 'store') return null;
  const facts = await factsOf(db, [row]);
  const sale = row.saleLineNo === null ? undefined : facts.get(row.saleLineNo);
  if (!sale || sale.storeNo !== storeNo) return null;
  const [design] = await designs.findByIds(db, [row.designId]);
  const events = await customOrders.selectEvents(db, customOrderNo);
  return {
    ...itemOf(
      { ...row, designName: design?.name ?? null, previewUrl: design?.previewFrontUrl ?? null },
      facts,
    ),
    events,
  };
}
