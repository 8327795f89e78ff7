import { type AnalyticsReport, formatMoney } from '@barberly/common';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { aggregateDaily, type Bucket, type Granularity, granularityFor } from '../lib/aggregate-daily';
import { formatCount, formatDay, formatMonth, formatShortRange } from '../lib/analytics-format';
import { ANALYTICS_HELP } from '../lib/analytics-help';
import { daysIn } from '../lib/analytics-query';
import { CHART_COLOURS, CHART_SIZE } from './chart-colours';
import { ChartPanel, tableClasses } from './chart-panel';

const TITLES: Record<Granularity, string> = {
  day: 'Revenue and appointments per day',
  week: 'Revenue and appointments per week',
  month: 'Revenue and appointments per month',
};
const FIRST_HEADER: Record<Granularity, string> = { day: 'Day', week: 'Week', month: 'Month' };

function bucketLabel(bucket: Bucket, granularity: Granularity, locale: string): string {
  if (granularity === 'day') return formatDay(bucket.from, locale);
  if (granularity === 'month') return formatMonth(bucket.from, locale);
  return formatShortRange(bucket, locale);
}

/** The period day by day; 90 days by week and 12 months by month, summed here from the api's daily rows. */
export function DailyChart({ report, locale }: { report: AnalyticsReport; locale: string }) {
  const granularity = granularityFor(daysIn(report.period));
  const money = { currency: report.currency, locale };
  const rows = aggregateDaily(report.daily, granularity).map((bucket) => ({
    ...bucket,
    label: bucketLabel(bucket, granularity, locale),
  }));
  const title = TITLES[granularity];
  return (
    <ChartPanel
      title={title}
      description={ANALYTICS_HELP.daily}
      chart={
        <ResponsiveContainer width="100%" height="100%" initialDimension={CHART_SIZE}>
          <ComposedChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 0, bottom: 0, left: 0 }}>
            <CartesianGrid stroke={CHART_COLOURS.grid} vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: CHART_COLOURS.axis }} minTickGap={12} />
            <YAxis
              yAxisId="revenue"
              width={64}
              tick={{ fontSize: 12, fill: CHART_COLOURS.axis }}
              tickFormatter={(v: number) => formatMoney(v, money).replace(/[.,]00(?=\D*$)/, '')}
            />
            <YAxis
              yAxisId="appointments"
              orientation="right"
              allowDecimals={false}
              width={36}
              tick={{ fontSize: 12, fill: CHART_COLOURS.axis }}
            />
            <Tooltip
              formatter={(value, name) =>
                name === 'Revenue' ? formatMoney(Number(value), money) : formatCount(Number(value), locale)
              }
            />
            <Legend />
            <Bar
              yAxisId="revenue"
              dataKey="revenue"
              name="Revenue"
              fill={CHART_COLOURS.revenue}
              radius={[3, 3, 0, 0]}
            />
            <Line
              yAxisId="appointments"
              dataKey="appointments"
              name="Appointments"
              stroke={CHART_COLOURS.appointments}
              strokeWidth={2}
              dot={rows.length <= 31}
            />
          </ComposedChart>
        </ResponsiveContainer>
      }
      table={
        <table className={tableClasses.table}>
          <caption className={tableClasses.caption}>{title}</caption>
          <thead>
            <tr>
              <th scope="col" className={tableClasses.th}>
                {FIRST_HEADER[granularity]}
              </th>
              <th scope="col" className={`${tableClasses.th} ${tableClasses.num}`}>
                Revenue
              </th>
              <th scope="col" className={`${tableClasses.th} ${tableClasses.num}`}>
                Appointments
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.from}>
                <th scope="row" className={tableClasses.rowTh}>
                  {row.label}
                </th>
                <td className={tableClasses.td}>{formatMoney(row.revenue, money)}</td>
                <td className={tableClasses.td}>{formatCount(row.appointments, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
