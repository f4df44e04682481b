import { CUSTOM_ORDER_STATUSES, DesignId, type CustomOrderStatus } from '../../lib/design/api.ts';
import { seoulDayRange, storedSalesChannel, validYmd } from '../../server/design/index.ts';
import { parsePage } from '../catalog/list-query.ts';

/**
 * The filters of the back office's custom design pages, read from the address bar (a GET form):
 * `view` (custom orders or designs), `status`, `channel` (the brand slug, smartstore,
 * administrator, none), `start` / `end` (Seoul days, inclusive), `designId` and `page`. Anything
 * unexpected falls back to "no filter" instead of reaching the services.
 */

export const ADMIN_PAGE_SIZE = 20;

export type AdminView = 'orders' | 'designs';

export interface AdminFilters {
  view: AdminView;
  /** A custom order status, or 'none' (designs never ordered; designs view only). */
  status: CustomOrderStatus | 'none' | undefined;
  /** As in the address bar (brand slug for the shop itself). */
  channel: string | undefined;
  /** As stored ('brand' …), for the services. */
  storedChannel: string | undefined;
  start: string | undefined;
  end: string | undefined;
  designId: string | undefined;
  page: number;
}

export function parseAdminFilters(
  params: URLSearchParams,
  options: { statuses?: readonly CustomOrderStatus[] } = {},
): AdminFilters {
  const view: AdminView = params.get('view') === 'designs' ? 'designs' : 'orders';
  const allowed: readonly string[] = [
    ...(options.statuses ?? CUSTOM_ORDER_STATUSES),
    ...(view === 'designs' ? ['none'] : []),
  ];
  const status = params.get('status');
  const storedChannel = storedSalesChannel(params.get('channel'));
  const designId = DesignId.safeParse(params.get('designId'));
  return {
    view,
    status: status && allowed.includes(status) ? (status as AdminFilters['status']) : undefined,
    channel: storedChannel ? (params.get('channel') ?? undefined) : undefined,
    storedChannel,
    start: validYmd(params.get('start')) ?? undefined,
    end: validYmd(params.get('end')) ?? undefined,
    designId: designId.success ? designId.data : undefined,
    page: parsePage(params.get('page')),
  };
}

/** The filters as address-bar parameters (for links and the pager), defaults left out. */
export function filterParams(f: AdminFilters): Record<string, string | undefined> {
  return {
    view: f.view === 'designs' ? 'designs' : undefined,
    status: f.status,
    channel: f.channel,
    start: f.start,
    end: f.end,
    designId: f.designId,
  };
}

/** UTC bounds of the chosen Seoul days. */
export function dateBounds(f: AdminFilters) {
  return seoulDayRange(f.start ?? null, f.end ?? null);
}
