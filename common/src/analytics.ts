import { CalendarDateSchema } from './booking/schemas';
import type { PaymentAnalytics } from './chair-checkout';
import { z } from './zod';

/**
 * Business analytics (issue 13): GET /api/shops/{shopId}/analytics (owner), its CSV twin
 * GET /api/shops/{shopId}/analytics.csv, and the barber's own GET /api/my/analytics. Periods are whole days in the
 * shop's zone; each is compared with the period of the same length just before it.
 * Definitions: docs/decisions/0150-clients-and-analytics.md.
 */

export const ANALYTICS_PERIODS = ['7d', '30d', '90d', '12m', 'custom'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
  custom: 'Custom',
};

export const ANALYTICS_LIMITS = {
  customDaysMax: 731,
  /** A previous period with fewer kept appointments than this is too little to compare with (issue 28). */
  comparisonMinAppointments: 20,
} as const;

/**
 * Whether the figures can be compared with the previous period (issue 28), so that a change is never "+37,808%":
 *   - 'ok': the shop (or the barber) was open for the whole previous period and it holds at least
 *     ANALYTICS_LIMITS.comparisonMinAppointments kept appointments;
 *   - 'new': the shop (or the barber) is younger than that: it opened after the previous period began;
 *   - 'too_little_data': open, but fewer appointments than that.
 * Opened: the earlier of the record's creation and its first appointment (an imported history counts).
 */
export type AnalyticsComparison = 'ok' | 'new' | 'too_little_data';

export const ANALYTICS_MESSAGES = {
  period: 'Period must be 7d, 30d, 90d, 12m or custom',
  customRange: 'A custom period needs a from and a to date',
  order: 'The end date must be on or after the start date',
  tooLong: `A period can be at most ${ANALYTICS_LIMITS.customDaysMax} days`,
  notBarber: 'Only barbers have their own numbers',
} as const;

export const AnalyticsQuerySchema = z
  .object({
    period: z.enum(ANALYTICS_PERIODS, { message: ANALYTICS_MESSAGES.period }).optional().default('30d'),
    from: CalendarDateSchema.optional(),
    to: CalendarDateSchema.optional(),
  })
  .refine((q) => q.period !== 'custom' || (q.from && q.to), { message: ANALYTICS_MESSAGES.customRange, path: ['from'] })
  .refine((q) => q.period !== 'custom' || !q.from || !q.to || q.from <= q.to, {
    message: ANALYTICS_MESSAGES.order,
    path: ['to'],
  });
export type AnalyticsQuery = z.input<typeof AnalyticsQuerySchema>;

/** Inclusive calendar dates (YYYY-MM-DD) in the shop's zone. */
export interface DateRange {
  from: string;
  to: string;
}

export interface AnalyticsSummary {
  /** Completed appointments at their booked price. */
  revenue: number;
  /** Appointments kept on the books (confirmed, completed, no-show), starting in the period. */
  appointments: number;
  completed: number;
  cancellations: number;
  noShows: number;
  /** noShows / appointments that have started (0..1); null when none started. */
  noShowRate: number | null;
  /** revenue / completed; null when none completed. */
  averageTicket: number | null;
  /**
   * Clients seen in the period on their first visit ever, not back since (in the period). With returningClients it
   * makes every client seen in the period.
   */
  newClients: number;
  /**
   * Clients seen in the period who had been before their last appointment in it, counted over their whole history:
   * an earlier day in the period counts as much as an earlier year.
   */
  returningClients: number;
  /** Share of clients with a completed visit in the period who came back within 6 weeks of their first one (0..1). */
  retention: number | null;
  /** Share of completed visits after which the next appointment was booked within a day of the visit (0..1). */
  rebookRate: number | null;
  /** Shares of appointments by source (0..1); null when no appointments. */
  onlineShare: number | null;
  walkInShare: number | null;
}

export interface BarberFigures {
  barberId: string;
  name: string;
  appointments: number;
  revenue: number;
  /** Minutes of appointments kept on the books. */
  bookedMinutes: number;
  /** Minutes of working hours in the period, less time off. */
  availableMinutes: number;
  /** bookedMinutes / availableMinutes (0..1); null without working hours. */
  utilisation: number | null;
  /** Distinct clients served in the period who had been to the shop before (as AnalyticsSummary.returningClients). */
  returningClients: number;
  /** Distinct clients served in the period. */
  clients: number;
}

export interface ServiceFigures {
  serviceName: string;
  appointments: number;
  revenue: number;
}

export interface HeatmapCell {
  /** ISO weekday: 1 Monday .. 7 Sunday, in the shop's zone. */
  weekday: number;
  /** 0..23, in the shop's zone. */
  hour: number;
  bookings: number;
}

export interface DailyFigures {
  date: string;
  revenue: number;
  appointments: number;
}

export interface AnalyticsReport {
  currency: string;
  timeZone: string;
  period: DateRange;
  previous: DateRange;
  current: AnalyticsSummary;
  prior: AnalyticsSummary;
  /** Every barber of the shop, also those with nothing booked. */
  barbers: BarberFigures[];
  /** Most booked first, at most 10. */
  services: ServiceFigures[];
  /** Only cells with bookings. */
  heatmap: HeatmapCell[];
  /** One row per day of the period, zeros included. */
  daily: DailyFigures[];
  /** Appointments booked in another currency (before a currency change): left out of money figures. */
  otherCurrencyAppointments: number;
  /** Whether `prior` can be compared with: the changes are shown only when 'ok'. */
  comparison: AnalyticsComparison;
  /** Money collected and no-shows before and after payment policies (issue 27); absent in reports cached before. */
  payments?: PaymentAnalytics;
}

/** GET /api/my/analytics: the signed-in barber's own figures. */
export interface BarberNumbers extends BarberFigures {
  currency: string;
  period: DateRange;
  previous: DateRange;
  prior: Omit<BarberFigures, 'barberId' | 'name'>;
  /** Whether `prior` can be compared with: the barber's own opening and appointments. */
  comparison: AnalyticsComparison;
}
