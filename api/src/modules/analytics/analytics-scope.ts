import { type DateRange, LIVE_APPOINTMENT_STATUSES, WEEKDAYS } from '@barberly/common';

/**
 * What every analytics statement shares (decision 0150): the scope of a report, and the SQL pieces that turn its
 * periods into instants. Every figure is computed in the shop's zone: a period is `[from 00:00, to+1 00:00)` local,
 * `(date::timestamp AT TIME ZONE tz)`, so a DST day has 23 or 25 hours.
 */

export interface AnalyticsScope {
  shopId: string;
  timeZone: string;
  /** The shop's current currency: only appointments in it go into money figures. */
  currency: string;
  current: DateRange;
  prior: DateRange;
}

export type PeriodKind = 'current' | 'prior';

// Fixed identifiers from common, not input: safe to write into the SQL text.
export const KEPT = `(${LIVE_APPOINTMENT_STATUSES.map((s) => `'${s}'`).join(', ')})`;
export const WEEKDAY_NAMES = `ARRAY[${WEEKDAYS.map((d) => `'${d}'`).join(', ')}]`;

const periodsOf = (where: string) => `"periods" AS (
  SELECT p."kind", p."from_date", p."to_date",
    (p."from_date"::timestamp AT TIME ZONE $2::text) AS "start_at",
    ((p."to_date" + 1)::timestamp AT TIME ZONE $2::text) AS "end_at"
  FROM (VALUES ('current', $3::date, $4::date), ('prior', $5::date, $6::date)) AS p("kind", "from_date", "to_date")${where}
)`;

/** $1 shop, $2 zone, $3..$6 the two periods' dates. */
export const PERIODS = periodsOf('');

/** The same "periods" with the current one only (the same parameters): for figures the caller shows only for it. */
export const CURRENT_PERIOD_ONLY = periodsOf(`\n  WHERE p."kind" = 'current'`);

export const scopeParams = (s: AnalyticsScope) => [
  s.shopId,
  s.timeZone,
  s.current.from,
  s.current.to,
  s.prior.from,
  s.prior.to,
];

/** $1 shop, $2 zone, $3..$4 the current period: its bounds as instants. */
export const IN_PERIOD = `a."shop_id" = $1
  AND a."starts_at" >= ($3::date::timestamp AT TIME ZONE $2::text)
  AND a."starts_at" < (($4::date + 1)::timestamp AT TIME ZONE $2::text)`;

export const periodParams = (s: AnalyticsScope) => [s.shopId, s.timeZone, s.current.from, s.current.to];

/** A rate rounded to 4 decimals, null when there is nothing to divide by. */
export const rate = (part: string, whole: string) =>
  `CASE WHEN ${whole} = 0 THEN NULL ELSE round((${part})::numeric / ${whole}, 4)::float8 END`;

/** The periods must not overlap (each row is given to at most one): resolvePeriods makes them adjacent. */
export function assertSeparate(scope: AnalyticsScope): void {
  if (!(scope.prior.to < scope.current.from))
    throw new Error('analytics: the prior period must end before the current one');
}

/**
 * The barbers' figures from the CTEs "periods", "shop_barbers", "booked", "booked_clients" and "available": the one
 * projection (rounding included) of the raw statement and the rollups' statement, so they cannot round apart.
 */
export const BARBER_FIGURES = `SELECT p."kind", b."id" AS "barberId", b."name",
      coalesce(k."appointments", 0) AS "appointments",
      round(coalesce(k."revenue", 0), 2)::float8 AS "revenue",
      round(coalesce(k."minutes", 0))::int AS "bookedMinutes",
      round(coalesce(v."seconds" / 60, 0))::int AS "availableMinutes",
      CASE WHEN coalesce(v."seconds" / 60, 0) = 0 THEN NULL
        ELSE round(coalesce(k."minutes", 0) / (v."seconds" / 60), 4)::float8 END AS "utilisation",
      coalesce(c."returning_clients", 0) AS "returningClients",
      coalesce(c."clients", 0) AS "clients"
    FROM "periods" p
    CROSS JOIN "shop_barbers" b
    LEFT JOIN "booked" k ON k."kind" = p."kind" AND k."barber_id" = b."id"
    LEFT JOIN "booked_clients" c ON c."kind" = p."kind" AND c."barber_id" = b."id"
    LEFT JOIN "available" v ON v."kind" = p."kind" AND v."barber_id" = b."id"
    ORDER BY p."kind", b."created_at", b."id"`;
