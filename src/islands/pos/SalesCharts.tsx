import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
  type ChartOptions,
  type TooltipItem,
} from 'chart.js';
import { Bar, Doughnut } from 'react-chartjs-2';
import { formatWon } from '../../lib/money.ts';
import { CHANNEL_LABELS, CHART_COLORS, METHOD_LABELS, type SalesReportData } from './SalesTypes.ts';

/**
 * The sales page's charts (Chart.js on a canvas: no styles injected into the page, so the shop's
 * CSP holds). Loaded only when the sales page's island has mounted (React.lazy), so no other page
 * and not even this page's first paint pays for Chart.js. Each chart's numbers are also in the
 * table beside it; the canvas is an image named after that table.
 */

ChartJS.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
);
// the canvas draws with the page's (Korean) font
if (typeof document !== 'undefined')
  ChartJS.defaults.font.family = getComputedStyle(document.body).fontFamily;

export type SalesChartKind = 'days' | 'hours' | 'products' | 'methods' | 'channels';

interface Props {
  kind: SalesChartKind;
  report: SalesReportData;
  /** What the chart shows, for screen readers (the table has the numbers). */
  label: string;
}

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

const wonTick = (v: string | number) => {
  const n = Number(v);
  return Math.abs(n) >= 10_000 ? `${(n / 10_000).toLocaleString('ko-KR')}만` : n.toLocaleString('ko-KR');
};

export function barOptions(stacked: boolean, horizontal = false): ChartOptions<'bar'> {
  const value = { stacked, ticks: { callback: wonTick }, beginAtZero: true };
  const category = { stacked, ticks: { autoSkip: true } };
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion() ? false : undefined,
    indexAxis: horizontal ? 'y' : 'x',
    scales: horizontal ? { x: value, y: category } : { x: category, y: value },
    plugins: {
      legend: { position: 'bottom' },
      tooltip: {
        callbacks: {
          label: (item: TooltipItem<'bar'>) => `${item.dataset.label ?? ''}: ${formatWon(Number(item.raw))}`,
        },
      },
    },
  };
}

const doughnutOptions: ChartOptions<'doughnut'> = {
  responsive: true,
  maintainAspectRatio: false,
  animation: reducedMotion() ? false : undefined,
  plugins: {
    legend: { position: 'bottom' },
    tooltip: {
      callbacks: {
        label: (item: TooltipItem<'doughnut'>) => `${item.label}: ${formatWon(Number(item.raw))}`,
      },
    },
  },
};

export interface Slice {
  counter: { paidAmt: number };
  web: { paidAmt: number };
  refundAmt: number;
}

/** Counter and web payments stacked, refunds as a bar of their own (the dashboard draws them too). */
export function channelSets(slices: readonly Slice[]) {
  return [
    {
      label: `${CHANNEL_LABELS.COUNTER} 결제액`,
      data: slices.map((s) => s.counter.paidAmt),
      backgroundColor: CHART_COLORS.counter,
      stack: 'sales',
    },
    {
      label: `${CHANNEL_LABELS.WEB} 결제액`,
      data: slices.map((s) => s.web.paidAmt),
      backgroundColor: CHART_COLORS.web,
      stack: 'sales',
    },
    {
      label: '환불액',
      data: slices.map((s) => s.refundAmt),
      backgroundColor: CHART_COLORS.refund,
      stack: 'refunds',
    },
  ];
}

export default function SalesChart({ kind, report, label }: Props) {
  const common = { role: 'img', 'aria-label': label, fallbackContent: <p>{label}</p> };
  switch (kind) {
    case 'days':
      return (
        <Bar
          {...common}
          options={barOptions(true)}
          data={{
            labels: report.days.map((d) => `${Number(d.date.slice(5, 7))}.${Number(d.date.slice(8, 10))}`),
            datasets: channelSets(report.days),
          }}
        />
      );
    case 'hours':
      return (
        <Bar
          {...common}
          options={barOptions(true)}
          data={{ labels: report.hours.map((h) => `${h.hour}시`), datasets: channelSets(report.hours) }}
        />
      );
    case 'products': {
      const top = report.products.slice(0, 10);
      return (
        <Bar
          {...common}
          options={barOptions(false, true)}
          data={{
            labels: top.map((p) =>
              p.productName.length > 16 ? `${p.productName.slice(0, 15)}…` : p.productName,
            ),
            datasets: [
              { label: '판매액', data: top.map((p) => p.amount), backgroundColor: CHART_COLORS.counter },
              { label: '환불액', data: top.map((p) => p.refundAmt), backgroundColor: CHART_COLORS.refund },
            ],
          }}
        />
      );
    }
    case 'methods':
      return (
        <Doughnut
          {...common}
          options={doughnutOptions}
          data={{
            labels: report.methods.map((m) => METHOD_LABELS[m.method]),
            datasets: [
              {
                label: '결제액',
                data: report.methods.map((m) => m.amount),
                backgroundColor: [...CHART_COLORS.methods],
              },
            ],
          }}
        />
      );
    case 'channels':
      return (
        <Doughnut
          {...common}
          options={doughnutOptions}
          data={{
            labels: [CHANNEL_LABELS.COUNTER, CHANNEL_LABELS.WEB],
            datasets: [
              {
                label: '결제액',
                data: [report.channels.COUNTER.paidAmt, report.channels.WEB.paidAmt],
                backgroundColor: [CHART_COLORS.counter, CHART_COLORS.web],
              },
            ],
          }}
        />
      );
  }
}
