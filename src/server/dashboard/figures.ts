import { seoulDayRange } from '../../lib/dates.ts';
import { CUSTOM_ORDER_STATUSES, CUSTOM_ORDER_STATUS_LABELS } from '../../lib/design/api.ts';
import { MANAGER_CLAIM_FILTERS, MANAGER_ORDER_FILTERS } from '../../lib/order-filters.ts';
import { lowStockFigures } from '../catalog/index.ts';
import { claimsForManager } from '../claim/index.ts';
import type { Db } from '../db/client.ts';
import { listCustomOrders } from '../design/index.ts';
import { listInquiriesForManager } from '../inquiry/index.ts';
import { newMemberCount } from '../member/index.ts';
import { orderSteps } from '../order/index.ts';
import { listStores, salesReport, type DayFigures } from '../pos/index.ts';
import { listProductInquiriesForManager } from '../product-inquiry/index.ts';

/**
 * The back office's dashboard (`/manager`, issue 15, decision 026): every figure computed here, on
 * the server, from the modules' own public reads, each with the address of the list behind it.
 *
 * - Sales (today, the last 30 days): the sales report's definitions (`pos/reports.ts`) — web orders
 *   on the day they were paid, counter sales on the day they were sold, refunds on the day they were
 *   made; "매출" is what customers paid less what was refunded. The counter is every store's.
 * - Orders by status (today, 30 days): web orders placed in the period, in the back office's order
 *   list tabs (`MANAGER_ORDER_FILTERS`) and counted as that list counts them.
 * - New members (today, 30 days): members who joined in the period.
 * - Work waiting, as it stands now: claims to approve or refund, custom orders per production
 *   status, low-stock options, 1:1 inquiries and product questions without an answer.
 */

export interface Figure {
  label: string;
  count: number;
  /** The list behind the figure, filtered; null while that list does not exist. */
  href: string | null;
}

export interface SalesFigure {
  /** Paid by customers in the period. */
  paidAmt: number;
  refundAmt: number;
  /** paid − refunds. */
  netAmt: number;
  saleCount: number;
  href: string;
}

export interface DashboardPeriod {
  key: 'today' | 'month';
  label: string;
  /** Seoul days, both included. */
  from: string;
  to: string;
  sales: { web: SalesFigure; counter: SalesFigure; netAmt: number };
  orders: Figure[];
  newMembers: Figure;
}

/** A day's money per channel, in the shape the sales page's charts draw (`channelSets`). */
export interface DashboardDay {
  date: string;
  web: { paidAmt: number; refundAmt: number };
  counter: { paidAmt: number; refundAmt: number };
  refundAmt: number;
  /** Both channels' paid less refunds. */
  netAmt: number;
}

export interface DashboardFigures {
  today: string;
  periods: [DashboardPeriod, DashboardPeriod];
  /** The last 30 days, oldest first (the chart and its table). */
  days: DashboardDay[];
  claimsWaiting: Figure[];
  customOrders: Figure[];
  lowStock: Figure & { products: number };
  inquiriesWaiting: Figure[];
}

const DAY_MS = 86_400_000;
const seoulToday = (now: Date) => new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
const addDays = (ymd: string, n: number) =>
  new Date(Date.parse(`${ymd}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

const href = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

type Slice = DayFigures['web'];
const sumSlices = (slices: readonly Slice[]): Slice => ({
  saleCount: slices.reduce((n, s) => n + s.saleCount, 0),
  paidAmt: slices.reduce((n, s) => n + s.paidAmt, 0),
  refundCount: slices.reduce((n, s) => n + s.refundCount, 0),
  refundAmt: slices.reduce((n, s) => n + s.refundAmt, 0),
});

/** Every day's web and counter slices of the last 30 days, the counter summed over every store. */
async function salesDays(db: Db, from: string, to: string) {
  const stores = await listStores(db);
  // a shop without stores still has its web sales (store 0 has no counter rows)
  const storeNos = stores.length > 0 ? stores.map((s) => s.storeNo) : [0];
  const reports = await Promise.all(storeNos.map((storeNo) => salesReport(db, { storeNo, from, to })));
  return reports[0]!.days.map((day, i) => ({
    date: day.date,
    web: day.web,
    counter: sumSlices(reports.map((r) => r.days[i]!.counter)),
  }));
}

export async function dashboardFigures(
  db: Db,
  /** `manager`: the administrator reading (the product questions' list asks who reads it). */
  opts: { manager: { memberNo: number; isAdmin: boolean }; now?: Date; memberListExists?: boolean },
): Promise<DashboardFigures> {
  const today = seoulToday(opts.now ?? new Date());
  const monthFrom = addDays(today, -29);
  const days = await salesDays(db, monthFrom, today);

  const period = async (
    key: DashboardPeriod['key'],
    label: string,
    from: string,
  ): Promise<DashboardPeriod> => {
    const mine = days.filter((d) => d.date >= from);
    const figure = (slices: Slice[], path: string, params: Record<string, string>): SalesFigure => {
      const { saleCount, paidAmt, refundAmt } = sumSlices(slices);
      return { saleCount, paidAmt, refundAmt, netAmt: paidAmt - refundAmt, href: href(path, params) };
    };
    const web = figure(
      mine.map((d) => d.web),
      '/manager/orders',
      { status: 'all', dateType: 'paid', from, to: today },
    );
    const counter = figure(
      mine.map((d) => d.counter),
      '/test/pos/sales',
      { period: 'custom', from, to: today },
    );
    const range = seoulDayRange(from, today) as { from: string; to: string };
    const [counts, joined] = await Promise.all([
      orderSteps.statusCounts(db, null, range.from, range.to),
      newMemberCount(db, range),
    ]);
    const byType: Record<string, number | undefined> = {
      ...counts.byStatus,
      RETURN_DONE: counts.returnDone,
      RETURN_PROCESSING: counts.returnProcessing,
    };
    return {
      key,
      label,
      from,
      to: today,
      sales: { web, counter, netAmt: web.netAmt + counter.netAmt },
      orders: MANAGER_ORDER_FILTERS.filter((f) => f.types).map((f) => ({
        label: f.label,
        count: f.types!.reduce((n, t) => n + (byType[t] ?? 0), 0),
        href: href('/manager/orders', { status: f.key, from, to: today }),
      })),
      newMembers: {
        label: '신규 회원',
        count: joined,
        href: opts.memberListExists ? href('/manager/members', { joinedFrom: from, joinedTo: today }) : null,
      },
    };
  };

  const count = (page: Promise<{ totalCount: number }>) => page.then((p) => p.totalCount);
  const [todayPeriod, monthPeriod, claims, custom, low, inquiries, questions] = await Promise.all([
    period('today', '오늘', today),
    period('month', '최근 30일', monthFrom),
    Promise.all(
      MANAGER_CLAIM_FILTERS.slice(0, 2).map(async (f) => ({
        label: f.label,
        count: await count(claimsForManager(db, { statuses: f.statuses, pageNumber: 1, pageSize: 1 })),
        href: href('/manager/orders/claims', { status: f.key }),
      })),
    ),
    Promise.all(
      CUSTOM_ORDER_STATUSES.map(async (status) => ({
        label: CUSTOM_ORDER_STATUS_LABELS[status],
        count: await count(listCustomOrders(db, { status, pageNumber: 1, pageSize: 1 })),
        href: href('/custom/admin/list', { status }),
      })),
    ),
    lowStockFigures(db),
    count(listInquiriesForManager(db, { statuses: ['ASKED'], pageNumber: 1, pageSize: 1 })),
    count(listProductInquiriesForManager(db, opts.manager, { answered: false, pageSize: 1 })),
  ]);
  return {
    today,
    periods: [todayPeriod, monthPeriod],
    days: days.map((d) => ({
      date: d.date,
      web: { paidAmt: d.web.paidAmt, refundAmt: d.web.refundAmt },
      counter: { paidAmt: d.counter.paidAmt, refundAmt: d.counter.refundAmt },
      refundAmt: d.web.refundAmt + d.counter.refundAmt,
      netAmt: d.web.paidAmt + d.counter.paidAmt - d.web.refundAmt - d.counter.refundAmt,
    })),
    claimsWaiting: claims,
    customOrders: custom,
    lowStock: {
      label: '재고 부족 옵션',
      count: low.options,
      products: low.products,
      href: href('/manager/products', { stock: 'low' }),
    },
    inquiriesWaiting: [
      { label: '1:1 문의', count: inquiries, href: href('/manager/board/inquiry', { status: 'ASKED' }) },
      { label: '상품 문의', count: questions, href: href('/manager/product-inquiries', { status: 'ASKED' }) },
    ],
  };
}
