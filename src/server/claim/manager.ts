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

import { listClaims } from './queries.ts';

/** What the manager's order pages read: every member's orders by status, an order, return requests. */

export interface ManagerOrderQuery {
  requestTypes?: readonly orderSteps.OrderRequestType[] | undefined;
  /** Order number, phone number, or a name / product word (which one is read from the text). */
  q?: string | undefined;
  payType?: string | undefined;
  /** Seoul days, inclusive (YYYY-MM-DD). */
  fromYmd?: string | undefined;
  toYmd?: string | undefined;
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
