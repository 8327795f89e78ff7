import { type AnalyticsComparison, type DateRange, SHOP_LOCALE_DEFAULTS } from '@barberly/common';
import { daysIn } from './analytics-query';

/**
 * How the analytics figures are written: shares as whole percents and changes against the previous period in the
 * shop's locale. Formatters are built once per locale (building one per call is slow, see STACK.md).
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  locale: string,
  kind: string,
  build: (locale: string) => T,
): T {
  const key = `${locale}|${kind}`;
  let format = cache.get(key) as T | undefined;
  if (!format) {
    try {
      format = build(locale);
    } catch {
      // A tag Intl refuses (a record older than validation) is written the default way, never throws.
      format = build(SHOP_LOCALE_DEFAULTS.locale);
    }
    cache.set(key, format);
  }
  return format;
}

const percentFormat = (locale: string) =>
  cached(locale, `percent`, (l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 0 }));
const signedPercentFormat = (locale: string) =>
  cached(
    locale,
    `signed-percent`,
    (l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' }),
  );
const signedNumberFormat = (locale: string) =>
  cached(locale, `signed`, (l) => new Intl.NumberFormat(l, { maximumFractionDigits: 0, signDisplay: 'exceptZero' }));
const numberFormat = (locale: string) => cached(locale, `number`, (l) => new Intl.NumberFormat(l));

/** A share 0..1 as a whole percent: 0.125 in en-US gives '13%', in de-DE '13 %'; null (nothing to divide) gives '–'. */
export function formatShare(value: number | null, locale: string): string {
  return value === null ? '–' : percentFormat(locale).format(value);
}

export function formatCount(value: number, locale: string): string {
  return numberFormat(locale).format(value);
}

/** Hours from minutes, for the utilisation table: 90 gives '1.5' in en-US. */
export function formatHours(minutes: number, locale: string): string {
  return cached(locale, `hours`, (l) => new Intl.NumberFormat(l, { maximumFractionDigits: 1 })).format(minutes / 60);
}

export type Trend = 'up' | 'down' | 'flat' | 'none';

export interface Change {
  trend: Trend;
  /** '+12%', '−3 pts', or '' when there is nothing to compare. */
  amount: string;
}

/**
 * Counts and money change by their ratio: 120 after 100 is '+20%'. Nothing before and something now has no ratio:
 * 'up' with no amount. A change that rounds to 0% is flat.
 */
export function relativeChange(current: number | null, previous: number | null, locale: string): Change {
  if (current === null || previous === null) return { trend: 'none', amount: '' };
  if (previous === 0) return current === 0 ? { trend: 'flat', amount: '' } : { trend: 'up', amount: '' };
  const ratio = (current - previous) / Math.abs(previous);
  if (Math.round(ratio * 100) === 0) return { trend: 'flat', amount: '' };
  return { trend: ratio > 0 ? 'up' : 'down', amount: signedPercentFormat(locale).format(ratio) };
}

/** Shares change by percentage points: 25% after 20% is '+5 pts' (not '+25%', which would read as a ratio). */
export function pointChange(current: number | null, previous: number | null, locale: string): Change {
  if (current === null || previous === null) return { trend: 'none', amount: '' };
  const points = Math.round((current - previous) * 100);
  if (points === 0) return { trend: 'flat', amount: '' };
  return { trend: points > 0 ? 'up' : 'down', amount: `${signedNumberFormat(locale).format(points)} pts` };
}

/**
 * What the period is compared with, as read after 'vs', from the report's own dates: 30 days gives 'previous 30
 * days', one day 'previous day', and a period of whole months a year long (Jun 1 2025 – May 31 2026) 'previous 12
 * months'.
 */
export function previousLabel(period: DateRange): string {
  const days = daysIn(period);
  if (days === 1) return 'previous day';
  const after = new Date(`${period.to}T00:00:00Z`);
  after.setUTCDate(after.getUTCDate() + 1);
  const next = after.toISOString().slice(0, 10);
  const yearLong =
    next.slice(5) === period.from.slice(5) && Number(next.slice(0, 4)) === Number(period.from.slice(0, 4)) + 1;
  return yearLong ? 'previous 12 months' : `previous ${days} days`;
}

/** The sentence a change card shows: '+12% vs previous 30 days', 'No change vs previous 7 days'. */
export function changeSentence(change: Change, against: string): string {
  switch (change.trend) {
    case 'none':
      return `No figure for the ${against}`;
    case 'flat':
      return `No change vs ${against}`;
    case 'up':
      return change.amount ? `${change.amount} vs ${against}` : `Up from none in the ${against}`;
    case 'down':
      return `${change.amount} vs ${against}`;
  }
}

/**
 * What a card says instead of a change when the previous period is no ground for one (issue 28): a shop younger than
 * it is 'New', one with too few appointments in it a dash. Never '+37,808%'.
 */
export function comparisonSentence(
  comparison: Exclude<AnalyticsComparison, 'ok'>,
  against: string,
  who: 'shop' | 'barber' = 'shop',
): string {
  if (comparison === 'too_little_data') return `Too little data in the ${against} to compare`;
  return who === 'shop' ? `New: not open for all of the ${against}` : `New: you started during the ${against}`;
}

const dateOf = (date: string) => new Date(`${date}T00:00:00Z`);
const dayFormat = (locale: string) =>
  cached(locale, `day`, (l) => new Intl.DateTimeFormat(l, { month: 'short', day: 'numeric', timeZone: 'UTC' }));
const fullDayFormat = (locale: string) =>
  cached(
    locale,
    `full-day`,
    (l) => new Intl.DateTimeFormat(l, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }),
  );
const monthFormat = (locale: string) =>
  cached(locale, `month`, (l) => new Intl.DateTimeFormat(l, { month: 'short', year: 'numeric', timeZone: 'UTC' }));

/** A calendar date: '2026-05-03' gives 'May 3' in en-US, '3. Mai' in de-DE. */
export function formatDay(date: string, locale: string): string {
  return dayFormat(locale).format(dateOf(date));
}

/** An inclusive range: 'May 1 – 31, 2026'; one day 'May 1, 2026'. */
export function formatRange(range: DateRange, locale: string): string {
  return fullDayFormat(locale).formatRange(dateOf(range.from), dateOf(range.to));
}

/** A short range for a week bucket: 'May 4 – 10'. */
export function formatShortRange(range: DateRange, locale: string): string {
  return dayFormat(locale).formatRange(dateOf(range.from), dateOf(range.to));
}

/** A month bucket: '2026-05-01' gives 'May 2026'. */
export function formatMonth(date: string, locale: string): string {
  return monthFormat(locale).format(dateOf(date));
}

/** ISO weekday 1 (Monday) .. 7 as the locale names it: 'Mon', 'Mo.' in de-DE. 2024-01-01 was a Monday. */
export function weekdayName(isoWeekday: number, locale: string, width: 'short' | 'long' = 'short'): string {
  const format = cached(
    locale,
    `weekday-${width}`,
    (l) => new Intl.DateTimeFormat(l, { weekday: width, timeZone: 'UTC' }),
  );
  return format.format(new Date(Date.UTC(2024, 0, isoWeekday)));
}

/** An hour of the day on the shop's clock: 14 gives '2 PM' on 12h, '14:00' on 24h (not '14 Uhr': columns are narrow). */
export function hourLabel(hour: number, locale: string, clock: '12h' | '24h'): string {
  const format = cached(locale, `hour-${clock}`, (l) =>
    clock === '12h'
      ? new Intl.DateTimeFormat(l, { hour: 'numeric', hourCycle: 'h12', timeZone: 'UTC' })
      : new Intl.DateTimeFormat(l, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }),
  );
  return format.format(new Date(Date.UTC(2024, 0, 1, hour)));
}
