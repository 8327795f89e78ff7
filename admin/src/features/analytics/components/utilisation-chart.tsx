import { type AnalyticsReport, formatMoney } from '@barberly/common';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatHours, formatShare } from '../lib/analytics-format';
import { ANALYTICS_HELP } from '../lib/analytics-help';
import { CHART_COLOURS, CHART_SIZE } from './chart-colours';
import { ChartPanel, tableClasses } from './chart-panel';

const TITLE = 'Utilisation per barber';

/** Each barber's booked share of their available time; a barber without working hours has no bar. */
export function UtilisationChart({ report, locale }: { report: AnalyticsReport; locale: string }) {
  const money = { currency: report.currency, locale };
  const rows = report.barbers.map((b) => ({ name: b.name, utilisation: b.utilisation ?? 0, figures: b }));
  return (
    <ChartPanel
      title={TITLE}
      description={ANALYTICS_HELP.utilisation}
      chart={
        <ResponsiveContainer width="100%" height="100%" initialDimension={CHART_SIZE}>
          <BarChart
            data={rows}
            layout="vertical"
            accessibilityLayer={false}
            margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
          >
            <CartesianGrid stroke={CHART_COLOURS.grid} horizontal={false} />
            <XAxis
              type="number"
              domain={[0, 1]}
              tickFormatter={(v: number) => formatShare(v, locale)}
              tick={{ fontSize: 12, fill: CHART_COLOURS.axis }}
            />
            <YAxis type="category" dataKey="name" width={96} tick={{ fontSize: 12, fill: CHART_COLOURS.axis }} />
            <Tooltip formatter={(value) => formatShare(Number(value), locale)} />
            <Bar dataKey="utilisation" name="Utilisation" fill={CHART_COLOURS.revenue} radius={[0, 3, 3, 0]} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <table className={tableClasses.table}>
          <caption className={tableClasses.caption}>{TITLE}</caption>
          <thead>
            <tr>
              <th scope="col" className={tableClasses.th}>
                Barber
              </th>
              {['Utilisation', 'Booked hours', 'Available hours', 'Appointments', 'Revenue'].map((h) => (
                <th key={h} scope="col" className={`${tableClasses.th} ${tableClasses.num}`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.barbers.map((b) => (
              <tr key={b.barberId}>
                <th scope="row" className={tableClasses.rowTh}>
                  {b.name}
                </th>
                <td className={tableClasses.td}>{formatShare(b.utilisation, locale)}</td>
                <td className={tableClasses.td}>{formatHours(b.bookedMinutes, locale)}</td>
                <td className={tableClasses.td}>{formatHours(b.availableMinutes, locale)}</td>
                <td className={tableClasses.td}>{formatCount(b.appointments, locale)}</td>
                <td className={tableClasses.td}>{formatMoney(b.revenue, money)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
