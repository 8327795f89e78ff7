import { type AnalyticsReport, formatMoney } from '@barberly/common';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../lib/analytics-format';
import { ANALYTICS_HELP } from '../lib/analytics-help';
import { CHART_COLOURS, CHART_SIZE } from './chart-colours';
import { ChartPanel, tableClasses } from './chart-panel';

const TITLE = 'Top services';

/** The api's most booked services (at most 10), most booked first. */
export function ServicesChart({ report, locale }: { report: AnalyticsReport; locale: string }) {
  const money = { currency: report.currency, locale };
  return (
    <ChartPanel
      title={TITLE}
      description={ANALYTICS_HELP.services}
      chart={
        <ResponsiveContainer width="100%" height="100%" initialDimension={CHART_SIZE}>
          <BarChart
            data={report.services}
            layout="vertical"
            accessibilityLayer={false}
            margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
          >
            <CartesianGrid stroke={CHART_COLOURS.grid} horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12, fill: CHART_COLOURS.axis }} />
            <YAxis
              type="category"
              dataKey="serviceName"
              width={110}
              tick={{ fontSize: 12, fill: CHART_COLOURS.axis }}
            />
            <Tooltip formatter={(value) => formatCount(Number(value), locale)} />
            <Bar dataKey="appointments" name="Appointments" fill={CHART_COLOURS.appointments} radius={[0, 3, 3, 0]} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <table className={tableClasses.table}>
          <caption className={tableClasses.caption}>{TITLE}</caption>
          <thead>
            <tr>
              <th scope="col" className={tableClasses.th}>
                Service
              </th>
              <th scope="col" className={`${tableClasses.th} ${tableClasses.num}`}>
                Appointments
              </th>
              <th scope="col" className={`${tableClasses.th} ${tableClasses.num}`}>
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {report.services.map((s) => (
              <tr key={s.serviceName}>
                <th scope="row" className={tableClasses.rowTh}>
                  {s.serviceName}
                </th>
                <td className={tableClasses.td}>{formatCount(s.appointments, locale)}</td>
                <td className={tableClasses.td}>{formatMoney(s.revenue, money)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
