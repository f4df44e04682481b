import { seoulDayRange, toShopbyYmdt } from '../../lib/dates.ts';
import { deliveryCompanyOf, type ClaimStatus } from '../../lib/order-claims.ts';
import { PAY_TYPE_LABELS } from '../adapters/payment/index.ts';
import type { Db } from '../db/client.ts';
import {
  groupLabelOf,
  orderDetailForMypage,
  statusLabelOf,
  commerceError,
  orderSteps,
} from '../order/index.ts';

import { listAudit } from '../audit/index.ts';
import { listClaims } from './queries.ts';

/** What the manager's order pages read: every member's orders by status, an order, return requests. */

export interface ManagerOrderQuery {
  requestTypes?: readonly orderSteps.OrderRequestType[] | undefined;
  /** Order number, phone number, or a name / product word (which one is read from the text). */
  q?: string | undefined;
  payType?: string | undefined;
  /** Seoul days, inclusive (YYYY-MM-DD), of the order day or, by `dateBasis: 'paid'`, the payment day. */
  fromYmd?: string | undefined;
  toYmd?: string | undefined;
  dateBasis?: orderSteps.OrderDateBasis | undefined;
  sort?: orderSteps.OrderSort | undefined;
  pageNumber?: number;
  pageSize?: number;
}

/**
 * What a search text means: 8+ digits an order number (its start), a mobile or phone number
 * (9–11 digits, with or without hyphens) the orderer's or recipient's, anything else words of a
 * name or a product. Null for an empty text.
 */
export function orderSearchOf(q: string | undefined): orderSteps.MemberOrderFilter['search'] {
  const text = (q ?? '').trim();
  if (!text) return undefined;
  const digits = text.replace(/[\s-]/g, '');
  if (/^0\d{8,10}$/.test(digits)) return { kind: 'phone', value: digits };
  if (/^\d{8,}$/.test(digits)) return { kind: 'orderNo', value: digits };
  return { kind: 'text', value: text.slice(0, 50) };
}

export async function listOrdersForManager(db: Db, q: ManagerOrderQuery) {
  const size = q.pageSize ?? 20;
  const page = q.pageNumber ?? 1;
  const [{ total, rows }, counts] = await Promise.all([
    orderSteps.listOrders(db, {
      requestTypes: q.requestTypes,
      search: orderSearchOf(q.q),
      payType: q.payType,
      sort: q.sort,
      dateBasis: q.dateBasis,
      ...seoulDayRange(q.fromYmd ?? null, q.toYmd ?? null),
      limit: size,
      offset: (page - 1) * size,
    }),
    orderSteps.statusCounts(db, null, null, null),
  ]);
  const items = [];
  for (const o of rows) {
    const options = await orderSteps.selectOptions(db, o.orderNo);
    const first = options[0];
    items.push({
      orderNo: o.orderNo,
      orderYmdt: toShopbyYmdt(o.orderedAt),
      paidYmdt: o.paidAt === null ? null : toShopbyYmdt(o.paidAt),
      ordererName: o.ordererName,
      orderStatusType: o.orderStatus,
      orderStatusLabel: statusLabelOf(o.orderStatus, o.extras),
      displayGroup: groupLabelOf(o.orderStatus, o.extras),
      payType: o.payType,
      payTypeLabel: PAY_TYPE_LABELS[o.payType as keyof typeof PAY_TYPE_LABELS] ?? o.payType,
      payAmt: o.payAmt,
      summary: first ? `${first.productName}${options.length > 1 ? ` 외 ${options.length - 1}건` : ''}` : '',
      deliveryCompanyTypeLabel: deliveryCompanyOf(o.extras.deliveryCompanyType)?.label ?? null,
      invoiceNo: o.extras.invoiceNo,
    });
  }
  return {
    totalCount: total,
    pageCount: Math.max(1, Math.ceil(total / size)),
    items,
    counts: {
      ...counts.byStatus,
      RETURN_DONE: counts.returnDone,
      RETURN_PROCESSING: counts.returnProcessing,
    },
  };
}

export async function orderForManager(db: Db, orderNo: string) {
  const order = await orderSteps.selectOrder(db, orderNo);
  if (!order) throw commerceError('ORDER_NOT_FOUND');
  return orderDetailForMypage(db, order);
}

export async function claimsForManager(
  db: Db,
  q: {
    statuses?: readonly ClaimStatus[];
    claimTypes?: readonly ('CANCEL' | 'RETURN')[];
    pageNumber?: number;
    pageSize?: number;
  },
) {
  return listClaims(db, null, q);
}

export interface TimelineEntry {
  at: string;
  /** What happened: "결제 완료", "주문 …: 상품준비중 → 배송중 (CJ 6123…)" … */
  label: string;
  /** Who did it: a manager's name and role, 구매자, or 시스템. */
  who: string;
}

const ROLE_LABEL = { ADMIN: '관리자', STAFF: '매장 직원', SYSTEM: '시스템' } as const;

/**
 * An order's history for the back office: when it was placed, paid, prepared, shipped, delivered,
 * confirmed, cancelled or returned (the order's own times), and every manager's change with who
 * made it (the audit trail, decision 022), oldest first.
 */
export async function orderTimelineForManager(db: Db, orderNo: string): Promise<TimelineEntry[]> {
  const [order, extras, audit] = await Promise.all([
    orderSteps.selectOrder(db, orderNo),
    orderSteps.selectOrderExtras(db, orderNo),
    listAudit(db, { targetType: 'order', targetId: orderNo, pageNumber: 1, pageSize: 100 }),
  ]);
  if (!order) throw commerceError('ORDER_NOT_FOUND');
  const buyer = order.memberNo === null ? '구매자 (비회원)' : '구매자';
  const entries: TimelineEntry[] = [{ at: order.orderedAt, label: '주문', who: buyer }];
  if (order.depositWaitAt) entries.push({ at: order.depositWaitAt, label: '가상계좌 발급', who: '시스템' });
  if (order.paidAt) entries.push({ at: order.paidAt, label: '결제 완료', who: '결제 서비스' });
  const moved = new Set(audit.items.map((l) => l.action));
  // the order's own times for the steps no audit line tells (made before the audit trail, or by the system)
  if (extras?.preparedAt && !moved.has('order.prepare'))
    entries.push({ at: extras.preparedAt, label: '상품 준비', who: '기록 없음' });
  if (extras?.shippedAt && !moved.has('order.ship'))
    entries.push({ at: extras.shippedAt, label: '발송', who: '기록 없음' });
  if (extras?.deliveredAt && !moved.has('order.deliver'))
    entries.push({ at: extras.deliveredAt, label: '배송 완료', who: '기록 없음' });
  if (extras?.buyConfirmedAt)
    entries.push({ at: extras.buyConfirmedAt, label: '구매 확정', who: '구매자 또는 자동 확정' });
  if (order.canceledAt) entries.push({ at: order.canceledAt, label: '취소', who: '구매자 또는 시스템' });
  if (extras?.returnedAt) entries.push({ at: extras.returnedAt, label: '반품 완료', who: '관리자' });
  for (const l of audit.items)
    entries.push({ at: l.at, label: l.summary, who: `${l.actorName} (${ROLE_LABEL[l.actorRole]})` });
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}
