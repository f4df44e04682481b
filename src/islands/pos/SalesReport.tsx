import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { formatWon } from '../../lib/money.ts';
import {
  CHANNEL_COLUMNS,
  DAY_COLUMNS,
  HOUR_COLUMNS,
  METHOD_COLUMNS,
  PRODUCT_COLUMNS,
  channelRows,
  methodTotals,
  productTotals,
  sliceTotals,
} from './SalesColumns.tsx';
import type { SalesChartKind } from './SalesCharts.tsx';
import { SalesPeriodPicker, type PickedPeriod } from './SalesPeriodPicker.tsx';
import { periodLabel } from './SalesPeriod.ts';
import { SalesTable } from './SalesTable.tsx';
import type { SalesReportData } from './SalesTypes.ts';
import './SalesReport.css';

/**
 * The sales figures of /test/pos/sales (a period, with its picker) and /test/pos/sales/{date}
 * (one day): totals, then by channel, day, hour, product and the counter's payment methods, each
 * a chart and its table with a CSV export. The server renders the first figures; the charts load
 * after the island mounts.
 */

const SalesChart = lazy(() => import('./SalesCharts.tsx'));
const noSubscription = () => () => undefined;

interface Props {
  mode: 'period' | 'day';
  report: SalesReportData;
  /** The period mode's picker: what the address asked for, with problems of a custom period. */
  period?: PickedPeriod;
}

function Section(props: {
  id: string;
  title: string;
  note?: string;
  chart?: { kind: SalesChartKind; report: SalesReportData; show: boolean } | null;
  mounted: boolean;
  children: ReactNode;
}) {
  const { id, title, note, chart, mounted, children } = props;
  return (
    <section className="sales-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sales-section__title">
        {title}
      </h2>
      {note && <p className="sales-section__note">{note}</p>}
      {chart?.show && (
        <div className={`sales-chart sales-chart--${chart.kind}`}>
          {mounted && (
            <Suspense fallback={<p className="sales-chart__loading">그래프를 불러오는 중…</p>}>
              <SalesChart
                kind={chart.kind}
                report={chart.report}
                label={`${title} 그래프. 아래 표에 같은 숫자가 있습니다.`}
              />
            </Suspense>
          )}
        </div>
      )}
      {children}
    </section>
  );
}

function Summary({ report }: { report: SalesReportData }) {
  const t = report.totals;
  const items: [string, string, string?][] = [
    ['실결제액', formatWon(t.paidAmt), '고객이 결제한 금액 (매장 + 온라인)'],
    ['순매출', formatWon(t.netAmt), '실결제액에서 환불액을 뺀 금액'],
    ['판매 건수', `${t.saleCount.toLocaleString('ko-KR')}건`],
    ['평균 판매액', formatWon(t.averageSaleAmt)],
    ['총매출', formatWon(t.grossAmt), '할인 전 판매가 합계'],
    ['할인', formatWon(t.discountAmt)],
    ['적립금 사용', formatWon(t.pointsUsedAmt)],
    ['환불', `${formatWon(t.refundAmt)} (${t.refundCount.toLocaleString('ko-KR')}건)`],
  ];
  return (
    <dl className="sales-summary">
      {items.map(([term, value, hint]) => (
        <div key={term} className="sales-summary__item">
          <dt>{term}</dt>
          <dd>
            <span className="sales-summary__value">{value}</span>
            {hint && <span className="sales-summary__hint">{hint}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function SalesReport({ mode, report: initial, period }: Props) {
  const [report, setReport] = useState(initial);
  // false while the server renders and during hydration, true after: the charts load only then
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  const file = (part: string) => `sales-${part}-${report.from}_${report.to}.csv`;
  const channels = channelRows(report);
  const hasSales = report.totals.saleCount > 0 || report.totals.refundCount > 0;
  const range = periodLabel(report.from, report.to);

  return (
    <div className="sales-report">
      {mode === 'period' && period && <SalesPeriodPicker initial={period} onLoaded={setReport} />}
      {mode === 'period' && <h2 className="sales-report__range">{range}</h2>}
      <Summary report={report} />

      <Section
        id="sales-channels"
        title="채널별 매출"
        note="매장은 이 매장의 판매, 온라인은 쇼핑몰의 결제 완료 주문입니다. 환불은 환불한 날에 셉니다."
        chart={{ kind: 'channels', report, show: report.totals.paidAmt > 0 }}
        mounted={mounted}
      >
        <SalesTable
          id="sales-channels-table"
          title="채널별 매출"
          caption={`채널별 매출 (${range})`}
          columns={CHANNEL_COLUMNS}
          rows={channels.rows}
          totals={channels.totals}
          csvName={file('channels')}
          empty="매출이 없습니다."
        />
      </Section>

      {mode === 'period' && (
        <Section
          id="sales-days"
          title="일별 매출"
          chart={{ kind: 'days', report, show: hasSales }}
          mounted={mounted}
        >
          <SalesTable
            id="sales-days-table"
            title="일별 매출"
            caption={`일별 매출 (${range})`}
            columns={DAY_COLUMNS}
            rows={report.days}
            totals={sliceTotals(report.days, report.days[0]!)}
            csvName={file('days')}
            empty="매출이 없습니다."
          />
        </Section>
      )}

      <Section
        id="sales-hours"
        title="시간대별 매출"
        note={report.from === report.to ? undefined : '기간의 모든 날을 시간대마다 더했습니다.'}
        chart={{ kind: 'hours', report, show: hasSales }}
        mounted={mounted}
      >
        <SalesTable
          id="sales-hours-table"
          title="시간대별 매출"
          caption={`시간대별 매출 (${range})`}
          columns={HOUR_COLUMNS}
          rows={report.hours}
          totals={sliceTotals(report.hours, report.hours[0]!)}
          csvName={file('hours')}
          empty="매출이 없습니다."
        />
      </Section>

      <Section
        id="sales-products"
        title="상품별 매출"
        note="판매액은 할인 뒤 금액입니다(적립금 사용 전). 그래프는 판매액 상위 10개 상품입니다."
        chart={{ kind: 'products', report, show: report.products.length > 0 }}
        mounted={mounted}
      >
        <SalesTable
          id="sales-products-table"
          title="상품별 매출"
          caption={`상품별 매출 (${range})`}
          columns={PRODUCT_COLUMNS}
          rows={report.products}
          totals={report.products.length > 0 ? productTotals(report.products) : null}
          csvName={file('products')}
          empty="팔리거나 환불된 상품이 없습니다."
        />
      </Section>

      <Section
        id="sales-methods"
        title="결제 수단별 매출 (매장)"
        note="여러 수단으로 나누어 받은 판매는 수단마다 한 건으로 셉니다."
        chart={{ kind: 'methods', report, show: report.methods.some((m) => m.amount > 0) }}
        mounted={mounted}
      >
        <SalesTable
          id="sales-methods-table"
          title="결제 수단별 매출"
          caption={`결제 수단별 매장 매출 (${range})`}
          columns={METHOD_COLUMNS}
          rows={report.methods}
          totals={methodTotals(report)}
          csvName={file('methods')}
          empty="매장 결제가 없습니다."
        />
      </Section>
    </div>
  );
}
