import type { DailyFigures, DateRange } from '@barberly/common';

export type Granularity = 'day' | 'week' | 'month';

/** One bar of the revenue chart: a day, an ISO week (Monday first) or a calendar month, clipped to the period. */
export interface Bucket extends DateRange {
  revenue: number;
  appointments: number;
}

/**
 * Bars a small screen can still read: up to 31 days one bar per day, up to 26 weeks one per week, beyond that one
 * per month (so 30d gives 30 bars, 90d 13 or 14, 12m 12 or 13).
 */
export function granularityFor(days: number): Granularity {
  if (days <= 31) return 'day';
  if (days <= 182) return 'week';
  return 'month';
}

function bucketStart(date: string, granularity: Granularity): string {
  if (granularity === 'day') return date;
  if (granularity === 'month') return `${date.slice(0, 7)}-01`;
  const day = new Date(`${date}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/**
 * The api's rows (one per day, in order) summed per bucket. A bucket's range is the days of the period it holds:
 * 2026-05-06 (a Wednesday) .. 2026-05-12 by week gives May 6–10 (Wed–Sun) and May 11–12.
 */
export function aggregateDaily(daily: DailyFigures[], granularity: Granularity): Bucket[] {
  const buckets: Bucket[] = [];
  let current: Bucket | undefined;
  let currentStart = '';
  for (const row of daily) {
    const start = bucketStart(row.date, granularity);
    if (!current || start !== currentStart) {
      current = { from: row.date, to: row.date, revenue: 0, appointments: 0 };
      currentStart = start;
      buckets.push(current);
    }
    current.to = row.date;
    current.revenue += row.revenue;
    current.appointments += row.appointments;
  }
  return buckets;
}
