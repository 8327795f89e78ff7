import type { AnalyticsReport, AnalyticsSummary } from '@barberly/common';

type Cell = string | number | null;

/**
 * One CSV cell (RFC 4180). Text a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
 * return) gets a leading apostrophe: a barber named "=HYPERLINK(...)" stays text. Numbers are written as they are.
 * Worked examples: 'Fade, long' -> "Fade, long"; 'The "Don"' -> "The ""Don"""; '=1+1' -> '=1+1 with an apostrophe.
 */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const row = (cells: Cell[]) => cells.map(csvCell).join(',');
const money = (value: number | null) => (value === null ? null : value.toFixed(2));

const SUMMARY_ROWS: Array<[keyof AnalyticsSummary, 'money' | 'number']> = [
  ['revenue', 'money'],
  ['appointments', 'number'],
  ['completed', 'number'],
  ['cancellations', 'number'],
  ['noShows', 'number'],
  ['noShowRate', 'number'],
  ['averageTicket', 'money'],
  ['newClients', 'number'],
  ['returningClients', 'number'],
  ['retention', 'number'],
  ['rebookRate', 'number'],
  ['onlineShare', 'number'],
  ['walkInShare', 'number'],
];

/**
 * The report as one CSV file of four sections separated by an empty line: the summary (metric,current,previous),
 * the barbers, the top services and the daily rows. Money has 2 decimals in the report's currency; rates are 0..1.
 * The summary's `comparison` row says whether the previous column can be compared with (AnalyticsComparison).
 */
export function analyticsCsv(report: AnalyticsReport): string {
  const lines: string[] = [
    row(['metric', 'current', 'previous']),
    row(['from', report.period.from, report.previous.from]),
    row(['to', report.period.to, report.previous.to]),
    row(['currency', report.currency, report.currency]),
    // As the Analytics tab: 'new' or 'too_little_data' says the previous figures are no ground for a change.
    row(['comparison', null, report.comparison]),
    ...SUMMARY_ROWS.map(([key, kind]) =>
      kind === 'money'
        ? row([key, money(report.current[key]), money(report.prior[key])])
        : row([key, report.current[key], report.prior[key]]),
    ),
    row(['otherCurrencyAppointments', report.otherCurrencyAppointments, null]),
    '',
    row([
      'barber',
      'appointments',
      'revenue',
      'bookedMinutes',
      'availableMinutes',
      'utilisation',
      'returningClients',
      'clients',
    ]),
    ...report.barbers.map((b) =>
      row([
        b.name,
        b.appointments,
        money(b.revenue),
        b.bookedMinutes,
        b.availableMinutes,
        b.utilisation,
        b.returningClients,
        b.clients,
      ]),
    ),
    '',
    row(['service', 'appointments', 'revenue']),
    ...report.services.map((s) => row([s.serviceName, s.appointments, money(s.revenue)])),
    '',
    row(['date', 'revenue', 'appointments']),
    ...report.daily.map((d) => row([d.date, money(d.revenue), d.appointments])),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
