import { Bar } from 'react-chartjs-2';
import { barOptions, channelSets, type Slice } from '../../pos/SalesCharts.tsx';

/**
 * The dashboard's last 30 days of sales: the counter's and the web shop's payments stacked, refunds
 * beside them — the sales page's own chart (`SalesCharts.tsx`, which registers Chart.js). The page
 * hydrates it only when it scrolls into view (`client:visible`), so the figures above it never wait
 * for Chart.js; the same numbers are in the table under it.
 */
export default function DashboardSalesChart({
  days,
  label,
}: {
  days: (Slice & { date: string })[];
  /** What the chart shows, for screen readers; the table has the numbers. */
  label: string;
}) {
  return (
    <div className="dashboard-chart">
      <Bar
        role="img"
        aria-label={label}
        fallbackContent={<p>{label}</p>}
        options={barOptions(true)}
        data={{
          labels: days.map((d) => `${Number(d.date.slice(5, 7))}.${Number(d.date.slice(8, 10))}`),
          datasets: channelSets(days),
        }}
      />
    </div>
  );
}
