import { parsePage } from '../catalog/list-query.ts';
import {
  DEFAULT_RANGE,
  ORDER_GROUPS,
  isOrderGroupKey,
  isRangeKey,
  isYmd,
  rangeOf,
  todayYmd,
  type RangeKey,
} from '../../lib/order-claims.ts';
import { db } from '../../server/db/client.ts';
import { AppError } from '../../server/platform/errors.ts';
import { listMemberOrders, orderStatusSummary, resolveRange, orderSteps } from '../../server/order/index.ts';

/**
 * What the order list pages read from their address: the group (입금대기 … 배송완료, or 취소 /
 * 반품), a date-range shortcut or a custom Seoul range, and the page. A date that is not a real
 * date, or a start after the end, becomes `error` (the page answers 400 and shows the default range).
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
  const today = todayYmd();
  const rawStart = q.get('startYmd') ?? '';
  const rawEnd = q.get('endYmd') ?? '';
  const custom = rawStart !== '' || rawEnd !== '';
  const asked = q.get('range');
  const rangeKey: RangeKey | null = custom ? null : isRangeKey(asked) ? asked : DEFAULT_RANGE;
  let error: string | null = null;
  let range = rangeOf(rangeKey ?? DEFAULT_RANGE, today);
  if (custom) {
    if ((rawStart && !isYmd(rawStart)) || (rawEnd && !isYmd(rawEnd))) {
      error = '날짜는 2024-01-31 같은 형식의 실제 날짜로 입력해 주세요. (2000년부터 2099년까지)';
    } else {
      try {
        range = resolveRange({ startYmd: rawStart || undefined, endYmd: rawEnd || undefined });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        error = err.message;
      }
    }
  }

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
  const rangeParams: Record<string, string> =
    custom && !error
      ? { startYmd: range.startYmd, endYmd: range.endYmd }
      : { range: rangeKey ?? DEFAULT_RANGE };
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
