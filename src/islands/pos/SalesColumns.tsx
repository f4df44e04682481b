import type { SalesColumn } from './SalesTable.tsx';
import { dayLabel } from './SalesPeriod.ts';
import { CHANNEL_LABELS, METHOD_LABELS, type SalesFiguresData, type SalesReportData } from './SalesTypes.ts';

/**
 * The columns of the sales tables (screen and CSV alike) and their totals rows. A totals row has
 * the shape of the rows with `total: true`; its name cell reads 합계.
 */

type Day = SalesReportData['days'][number];
type Hour = SalesReportData['hours'][number];
type Product = SalesReportData['products'][number];
type Method = SalesReportData['methods'][number];

export type DayRow = Day & { total?: boolean };
export type HourRow = Hour & { total?: boolean };
export type ProductRow = Product & { total?: boolean };
export type MethodRow = Method & { total?: boolean };
export type ChannelRow = SalesFiguresData & { name: string };

const TOTAL = '합계';

export const CHANNEL_COLUMNS: SalesColumn<ChannelRow>[] = [
  { header: '채널', value: (r) => r.name, rowHeader: true },
  { header: '판매 건수', value: (r) => r.saleCount, unit: '건' },
  { header: '총매출', value: (r) => r.grossAmt, unit: '원' },
  { header: '할인', value: (r) => r.discountAmt, unit: '원' },
  { header: '적립금 사용', value: (r) => r.pointsUsedAmt, unit: '원' },
  { header: '배송비', value: (r) => r.deliveryAmt, unit: '원' },
  { header: '실결제액', value: (r) => r.paidAmt, unit: '원' },
  { header: '환불 건수', value: (r) => r.refundCount, unit: '건' },
  { header: '환불액', value: (r) => r.refundAmt, unit: '원' },
  { header: '순매출', value: (r) => r.netAmt, unit: '원' },
  { header: '평균 판매액', value: (r) => r.averageSaleAmt, unit: '원' },
];

export function channelRows(report: SalesReportData): { rows: ChannelRow[]; totals: ChannelRow } {
  return {
    rows: [
      { name: CHANNEL_LABELS.COUNTER, ...report.channels.COUNTER },
      { name: CHANNEL_LABELS.WEB, ...report.channels.WEB },
    ],
    totals: { name: TOTAL, ...report.totals },
  };
}

/** Columns shared by days and hours: each channel's sales, then refunds and net. */
function sliceColumns<R extends Day | Hour>(): SalesColumn<R>[] {
  return [
    { header: '매장 건수', value: (r) => r.counter.saleCount, unit: '건' },
    { header: '매장 결제액', value: (r) => r.counter.paidAmt, unit: '원' },
    { header: '온라인 건수', value: (r) => r.web.saleCount, unit: '건' },
    { header: '온라인 결제액', value: (r) => r.web.paidAmt, unit: '원' },
    { header: '환불 건수', value: (r) => r.counter.refundCount + r.web.refundCount, unit: '건' },
    { header: '환불액', value: (r) => r.refundAmt, unit: '원' },
    { header: '순매출', value: (r) => r.netAmt, unit: '원' },
  ];
}

export const DAY_COLUMNS: SalesColumn<DayRow>[] = [
  {
    header: '날짜',
    value: (r) => (r.total ? TOTAL : r.date),
    cell: (r) => (r.total ? TOTAL : <a href={`/test/pos/sales/${r.date}`}>{dayLabel(r.date)}</a>),
    rowHeader: true,
  },
  ...sliceColumns<DayRow>(),
];

export const HOUR_COLUMNS: SalesColumn<HourRow>[] = [
  {
    header: '시간',
    value: (r) =>
      r.total ? TOTAL : `${String(r.hour).padStart(2, '0')}:00–${String(r.hour).padStart(2, '0')}:59`,
    rowHeader: true,
  },
  ...sliceColumns<HourRow>(),
];

/** The sum of days or hours, as a totals row. */
export function sliceTotals<R extends Day | Hour>(rows: readonly R[], base: R): R & { total: true } {
  const sum = (f: (r: R) => number) => rows.reduce((a, r) => a + f(r), 0);
  const channel = (k: 'counter' | 'web') => ({
    saleCount: sum((r) => r[k].saleCount),
    paidAmt: sum((r) => r[k].paidAmt),
    refundCount: sum((r) => r[k].refundCount),
    refundAmt: sum((r) => r[k].refundAmt),
  });
  return Object.assign({}, base, {
    counter: channel('counter'),
    web: channel('web'),
    saleCount: sum((r) => r.saleCount),
    paidAmt: sum((r) => r.paidAmt),
    refundAmt: sum((r) => r.refundAmt),
    netAmt: sum((r) => r.netAmt),
    total: true as const,
  });
}

export const PRODUCT_COLUMNS: SalesColumn<ProductRow>[] = [
  { header: '상품', value: (r) => (r.total ? TOTAL : r.productName), rowHeader: true },
  { header: '상품번호', value: (r) => (r.total ? '' : String(r.productNo)) },
  { header: '매장 수량', value: (r) => r.counterQty, unit: '개' },
  { header: '온라인 수량', value: (r) => r.webQty, unit: '개' },
  { header: '판매 수량', value: (r) => r.qty, unit: '개' },
  { header: '판매액', value: (r) => r.amount, unit: '원' },
  { header: '환불 수량', value: (r) => r.refundQty, unit: '개' },
  { header: '환불액', value: (r) => r.refundAmt, unit: '원' },
  { header: '순매출', value: (r) => r.netAmt, unit: '원' },
];

export function productTotals(rows: readonly Product[]): ProductRow {
  const sum = (f: (r: Product) => number) => rows.reduce((a, r) => a + f(r), 0);
  return {
    productNo: 0,
    productName: TOTAL,
    counterQty: sum((r) => r.counterQty),
    webQty: sum((r) => r.webQty),
    qty: sum((r) => r.qty),
    amount: sum((r) => r.amount),
    refundQty: sum((r) => r.refundQty),
    refundAmt: sum((r) => r.refundAmt),
    netAmt: sum((r) => r.netAmt),
    total: true,
  };
}

export const METHOD_COLUMNS: SalesColumn<MethodRow>[] = [
  { header: '결제 수단', value: (r) => (r.total ? TOTAL : METHOD_LABELS[r.method]), rowHeader: true },
  { header: '판매 건수', value: (r) => r.saleCount, unit: '건' },
  { header: '결제액', value: (r) => r.amount, unit: '원' },
  { header: '환불 건수', value: (r) => r.refundCount, unit: '건' },
  { header: '환불액', value: (r) => r.refundAmt, unit: '원' },
  { header: '순결제액', value: (r) => r.netAmt, unit: '원' },
];

/** The methods' sums; its sale count is the counter's sales (a split sale counts once here). */
export function methodTotals(report: SalesReportData): MethodRow {
  const sum = (f: (r: Method) => number) => report.methods.reduce((a, r) => a + f(r), 0);
  return {
    method: 'CASH',
    saleCount: report.channels.COUNTER.saleCount,
    amount: sum((r) => r.amount),
    refundCount: report.channels.COUNTER.refundCount,
    refundAmt: sum((r) => r.refundAmt),
    netAmt: sum((r) => r.netAmt),
    total: true,
  };
}
