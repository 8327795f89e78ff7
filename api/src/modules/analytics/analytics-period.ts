import {
  ANALYTICS_LIMITS,
  ANALYTICS_MESSAGES,
  type AnalyticsComparison,
  type AnalyticsPeriod,
  addDays,
  type DateRange,
} from '@barberly/common';
import { DateTime } from 'luxon';
import { badRequest } from '../../platform/http/errors';

export interface AnalyticsPeriods {
  period: DateRange;
  previous: DateRange;
}

const FIXED_DAYS: Partial<Record<AnalyticsPeriod, number>> = { '7d': 7, '30d': 30, '90d': 90 };

/** Whole days from..to, both included: 2026-11-01..2026-11-07 is 7. */
export function daysIn(range: DateRange): number {
  const from = DateTime.fromISO(range.from, { zone: 'UTC' });
  const to = DateTime.fromISO(range.to, { zone: 'UTC' });
  return Math.round(to.diff(from, 'days').days) + 1;
}

/**
 * The period asked for and the one of the same length just before it, as shop-zone calendar days ending `today`.
 * Worked examples with today = 2026-11-23: 7d is 2026-11-17..2026-11-23 (previous 2026-11-10..2026-11-16);
 * 12m is 2025-11-24..2026-11-23 (365 days; previous 2024-11-24..2025-11-23).
 */
export function resolvePeriods(
  query: { period: AnalyticsPeriod; from?: string; to?: string },
  today: string,
): AnalyticsPeriods {
  let period: DateRange;
  if (query.period === 'custom') {
    // The schema refuses a custom period without both dates; this keeps the types honest.
    if (!query.from || !query.to) throw badRequest(ANALYTICS_MESSAGES.customRange);
    period = { from: query.from, to: query.to };
    if (daysIn(period) > ANALYTICS_LIMITS.customDaysMax) throw badRequest(ANALYTICS_MESSAGES.tooLong);
  } else if (query.period === '12m') {
    const from = DateTime.fromISO(today, { zone: 'UTC' }).minus({ months: 12 }).plus({ days: 1 }).toISODate()!;
    period = { from, to: today };
  } else {
    period = { from: addDays(today, -((FIXED_DAYS[query.period] ?? 30) - 1)), to: today };
  }
  const previousTo = addDays(period.from, -1);
  return { period, previous: { from: addDays(previousTo, -(daysIn(period) - 1)), to: previousTo } };
}

/**
 * Whether a period can be compared with the previous one (issue 28, AnalyticsComparison). `openedOn` is the local
 * day the shop (or barber) opened, null when it has neither a record date nor an appointment. Worked examples with
 * the previous period 2026-10-07..2026-10-13: opened 2026-10-09 is 'new'; opened 2026-10-07 with 19 kept
 * appointments in it is 'too_little_data', with 20 'ok'.
 */
export function comparisonOf(
  openedOn: string | null,
  previous: DateRange,
  previousAppointments: number,
): AnalyticsComparison {
  if (!openedOn || openedOn > previous.from) return 'new';
  if (previousAppointments < ANALYTICS_LIMITS.comparisonMinAppointments) return 'too_little_data';
  return 'ok';
}
