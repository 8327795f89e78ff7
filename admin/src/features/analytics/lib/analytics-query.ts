import {
  ANALYTICS_LIMITS,
  ANALYTICS_MESSAGES,
  type AnalyticsPeriod,
  AnalyticsQuerySchema,
  type DateRange,
} from '@barberly/common';

export type PresetPeriod = Exclude<AnalyticsPeriod, 'custom'>;

/** The period a report is asked for: a preset, or a custom range already checked by `checkCustomRange`. */
export type AnalyticsSelection = { period: PresetPeriod } | ({ period: 'custom' } & DateRange);

/** The query string the api reads: 'period=30d', or 'period=custom&from=2026-05-01&to=2026-05-31'. */
export function analyticsSearch(selection: AnalyticsSelection): string {
  const params = new URLSearchParams({ period: selection.period });
  if (selection.period === 'custom') {
    params.set('from', selection.from);
    params.set('to', selection.to);
  }
  return params.toString();
}

const DAY_MS = 86_400_000;

/** Days in an inclusive range: 2026-05-01..2026-05-31 gives 31, a single day 1. */
export function daysIn(range: DateRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS) + 1;
}

export type RangeErrors = Partial<Record<'from' | 'to', string>>;

/**
 * The api's own rules (common's AnalyticsQuerySchema and its limit), checked before asking: a range the api would
 * refuse is never sent. Gives the errors by field, or none.
 */
export function checkCustomRange(range: { from: string; to: string }): RangeErrors {
  const parsed = AnalyticsQuerySchema.safeParse({
    period: 'custom',
    from: range.from || undefined,
    to: range.to || undefined,
  });
  if (!parsed.success) {
    const errors: RangeErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'to' ? 'to' : 'from';
      errors[field] ??= issue.message;
    }
    return errors;
  }
  if (daysIn(range) > ANALYTICS_LIMITS.customDaysMax) return { to: ANALYTICS_MESSAGES.tooLong };
  return {};
}
