import type { posSalesApi } from '../../lib/clients/pos-sales.ts';
import type { ResponseOf } from '../../lib/shop-api-client.ts';

/** The answers of /api/pos/reports as the islands see them (from the route's types). */
export type SalesReportData = ResponseOf<typeof posSalesApi.sales.$get>;
export type SalesDayData = ResponseOf<(typeof posSalesApi.days)[':date']['$get']>;
export type SalesFiguresData = SalesReportData['totals'];

export const CHANNEL_LABELS = { COUNTER: '매장', WEB: '온라인' } as const;
export const METHOD_LABELS = { CASH: '현금', CARD: '카드', KAKAO_PAY: '카카오페이' } as const;

/** The charts' colours: the brand's purple for the counter, teal for the web shop, red for refunds. */
export const CHART_COLORS = {
  counter: '#5b2a86',
  web: '#17727f',
  refund: '#c8102e',
  methods: ['#5b2a86', '#17727f', '#d9a400'],
} as const;
