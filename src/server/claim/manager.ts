import { toShopbyYmdt } from '../../lib/dates.ts';
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
  requestTypes?: readonly orderSteps.OrderRequestType[];
  pageNumber?: number;
  pageSize?: number;
}

export async function listOrdersForManager(db: Db, q: ManagerOrderQuery) {
  const size = q.pageSize ?? 20;
  const page = q.pageNumber ?? 1;
  const [{ total, rows }, counts] = await Promise.all([
    orderSteps.listOrders(db, { requestTypes: q.requestTypes, limit: size, offset: (page - 1) * size }),
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
