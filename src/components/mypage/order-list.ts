import { parsePage } from '../catalog/list-query.ts';
import { ORDER_GROUPS, isOrderGroupKey } from '../../lib/order-claims.ts';
import { db } from '../../server/db/client.ts';
import { listMemberOrders, orderStatusSummary, orderSteps } from '../../server/order/index.ts';
import { readOrderRange } from './order-range.ts';

/**
 * What the order list pages read from their address: the group (입금대기 … 배송완료, or 취소 /
 * 반품), the date range (`order-range.ts`: a bad date becomes `error`, the page answers 400 and
 * shows the default range), and the page.
 */

const ORDER_PAGE_SIZE = 10;

export const EXTRA_TABS = [
  { key: 'CANCEL', label: '취소', types: ['CANCEL_DONE'] as orderSteps.OrderRequestType[] },
  {
    key: 'RETURN',
    label: '반품',
    types: ['RETURN_PROCESSING', 'RETURN_DONE'] as orderSteps.OrderRequestType[],
  },
] as const;

export async function loadOrderList(url: URL, memberNo: number, path: string) {
  const q = url.searchParams;
  const { rangeKey, custom, rawStart, rawEnd, range, error, rangeParams } = readOrderRange(q);

  const asGroup = q.get('group');
  const group =
    isOrderGroupKey(asGroup) || EXTRA_TABS.some((t) => t.key === asGroup) ? (asGroup as string) : 'ALL';
  const requestTypes: orderSteps.OrderRequestType[] | undefined =
    group === 'ALL'
      ? undefined
      : ((ORDER_GROUPS.find((g) => g.key === group)?.statuses as
          orderSteps.OrderRequestType[] | undefined) ?? [...EXTRA_TABS.find((t) => t.key === group)!.types]);
  const page = parsePage(q.get('page'));
  const conn = await db();
  const [summary, list] = await Promise.all([
    orderStatusSummary(conn, memberNo, range),
    listMemberOrders(conn, memberNo, {
      ...range,
      orderRequestTypes: requestTypes,
      pageNumber: page,
      pageSize: ORDER_PAGE_SIZE,
    }),
  ]);
  return {
    path,
    group,
    rangeKey,
    rangeParams,
    custom,
    rawStart,
    rawEnd,
    range,
    error,
    summary,
    list,
    page,
    pageCount: Math.max(1, Math.ceil(list.totalCount / ORDER_PAGE_SIZE)),
  };
}

export type OrderListData = Awaited<ReturnType<typeof loadOrderList>>;
