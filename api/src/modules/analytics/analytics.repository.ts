import type { AnalyticsSummary, BarberFigures, DailyFigures, HeatmapCell, ServiceFigures } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { availableSeconds } from './analytics-available';
import {
  type AnalyticsScope,
  assertSeparate,
  BARBER_FIGURES,
  CURRENT_PERIOD_ONLY,
  KEPT,
  PERIODS,
  type PeriodKind,
  periodParams,
  rate,
  scopeParams,
} from './analytics-scope';

/**
 * The analytics' read path (issue 29 item 3, decision 0188): whole local days from the per-day rollups
 * (`analytics_day_rollups`), the distinct-client figures from the client visit rows (`analytics_client_visits`),
 * both kept on write by the lifecycle's listener (analytics-rollups.listener.ts), and raw appointments only for the
 * one figure with an edge inside a day: how many of today's appointments have started. Periods are always whole
 * local days (decision 0150). The same figures computed from the appointments alone are in analytics-raw-*.ts; the
 * property test (analytics-rollups.int.test.ts) holds the two equal.
 */

/** $1 shop, $2 zone: the rollup rows of grain `grain` of the local days from `from` to `to` (date expressions). */
const rollupsOf = (grain: 'day' | 'hour' | 'barber' | 'service', from: string, to: string) =>
  `"analytics_day_rollups" r ON r."shop_id" = $1 AND r."grain" = '${grain}' AND r."day" >= ${from}
    AND r."day" <= ${to} AND r."time_zone" = $2::text`;

export interface SummaryRow extends AnalyticsSummary {
  kind: PeriodKind;
  otherCurrencyAppointments: number;
}

/**
 * The summary of both periods in one statement ($7 the shop's currency, $8 now). Counts: the rollups' 'day' rows.
 * Started (the no-show rate's base): every appointment of a day before today, and today's that have started.
 * Clients, from each client's rows in the period:
 *   - returning: their last row in the period ("next_start" past the period) is on a later local day than their
 *     first kept appointment ever ("first_day"); new: the others with a row in the period;
 *   - retention: their first completed visit in the period ("prev_completed_start" before it) has another completed
 *     one within 42 local days ("retained");
 *   - rebook: the period's completed visits whose next appointment was booked by their end + 24 h ("rebooked").
 */
export async function loadSummaries(
  manager: EntityManager,
  scope: AnalyticsScope,
  now: Date,
): Promise<Record<PeriodKind, SummaryRow>> {
  assertSeparate(scope);
  const rows = (await manager.query(
    `WITH ${PERIODS},
    "today" AS (SELECT ($8::timestamptz AT TIME ZONE $2::text)::date AS "day"),
    "counts" AS (
      SELECT p."kind",
        coalesce(sum(r."appointments") FILTER (WHERE r."status" IN ${KEPT}), 0)::int AS "appointments",
        coalesce(sum(r."appointments") FILTER (WHERE r."status" = 'completed'), 0)::int AS "completed",
        coalesce(sum(r."appointments") FILTER (WHERE r."status" = 'cancelled'), 0)::int AS "cancellations",
        coalesce(sum(r."appointments") FILTER (WHERE r."status" = 'no_show'), 0)::int AS "no_shows",
        coalesce(sum(r."appointments") FILTER (WHERE r."status" IN ${KEPT} AND r."day" < t."day"), 0)::int
          AS "started_before",
        coalesce(sum(r."appointments") FILTER (WHERE r."status" = 'no_show' AND r."day" < t."day"), 0)::int
          AS "no_shows_before",
        coalesce(sum(r."appointments") FILTER (WHERE r."status" = 'completed' AND r."currency" = $7), 0)::int AS "paid",
        coalesce(sum(r."price") FILTER (WHERE r."status" = 'completed' AND r."currency" = $7), 0) AS "revenue",
        coalesce(sum(r."appointments") FILTER (WHERE r."status" IN ${KEPT} AND r."source" = 'online'), 0)::int
          AS "online",
        coalesce(sum(r."appointments") FILTER (WHERE r."status" IN ${KEPT} AND r."source" = 'walk_in'), 0)::int
          AS "walk_in",
        coalesce(sum(r."appointments") FILTER (WHERE r."status" IN ${KEPT} AND r."currency" <> $7), 0)::int
          AS "other_currency"
      FROM "periods" p CROSS JOIN "today" t
      LEFT JOIN ${rollupsOf('day', 'p."from_date"', 'p."to_date"')}
      GROUP BY p."kind"
    ),
    -- The edge: today's appointments that have started (the days before today have, the days after have not).
    "started_today" AS (
      SELECT p."kind", count(a."starts_at") FILTER (WHERE a."status" IN ${KEPT})::int AS "started",
        count(a."starts_at") FILTER (WHERE a."status" = 'no_show')::int AS "no_shows"
      FROM "periods" p CROSS JOIN "today" t
      LEFT JOIN "appointments" a ON a."shop_id" = $1
        AND a."starts_at" >= greatest(p."start_at", t."day"::timestamp AT TIME ZONE $2::text)
        AND a."starts_at" < p."end_at" AND a."starts_at" <= $8
      GROUP BY p."kind"
    ),
    "client_figures" AS (
      SELECT p."kind",
        count(*) FILTER (WHERE v."last" AND v."first_day" < v."day")::int AS "returning_clients",
        count(*) FILTER (WHERE v."last" AND v."first_day" >= v."day")::int AS "new_clients",
        count(*) FILTER (WHERE v."first_completed")::int AS "visitors",
        count(*) FILTER (WHERE v."first_completed" AND v."retained")::int AS "retained",
        count(*) FILTER (WHERE v."completed")::int AS "visits",
        count(*) FILTER (WHERE v."completed" AND v."rebooked")::int AS "rebooked"
      FROM "periods" p
      LEFT JOIN LATERAL (
        SELECT v."first_day", v."day", v."completed", v."retained", v."rebooked",
          v."next_start" IS NULL OR v."next_start" >= p."end_at" AS "last",
          v."completed" AND (v."prev_completed_start" IS NULL OR v."prev_completed_start" < p."start_at")
            AS "first_completed"
        FROM "analytics_client_visits" v
        WHERE v."shop_id" = $1 AND v."starts_at" >= p."start_at" AND v."starts_at" < p."end_at"
          AND v."time_zone" = $2::text
      ) v ON true
      GROUP BY p."kind"
    )
    SELECT c."kind",
      round(c."revenue", 2)::float8 AS "revenue",
      c."appointments", c."completed", c."cancellations", c."no_shows" AS "noShows",
      ${rate('c."no_shows_before" + s."no_shows"', '(c."started_before" + s."started")')} AS "noShowRate",
      CASE WHEN c."paid" = 0 THEN NULL ELSE round(c."revenue" / c."paid", 2)::float8 END AS "averageTicket",
      f."new_clients" AS "newClients",
      f."returning_clients" AS "returningClients",
      ${rate('f."retained"', 'f."visitors"')} AS "retention",
      ${rate('f."rebooked"', 'f."visits"')} AS "rebookRate",
      ${rate('c."online"', 'c."appointments"')} AS "onlineShare",
      ${rate('c."walk_in"', 'c."appointments"')} AS "walkInShare",
      c."other_currency" AS "otherCurrencyAppointments"
    FROM "counts" c
    JOIN "started_today" s ON s."kind" = c."kind"
    JOIN "client_figures" f ON f."kind" = c."kind"`,
    [...scopeParams(scope), scope.currency, now],
  )) as SummaryRow[];
  return Object.fromEntries(rows.map((r) => [r.kind, r])) as Record<PeriodKind, SummaryRow>;
}

export interface BarberPeriodFigures extends BarberFigures {
  kind: PeriodKind;
}

/**
 * Every barber of the shop (or just `barberId`, $8) in both periods, or in the current one only with `currentOnly`
 * (the owner's report shows no barber's prior figures: half the statement's work). Booked: the rollups' 'barber'
 * rows. Clients: each client's last row with the barber in the period ("next_barber_start" past it), returning when
 * it is on a later local day than the client's first kept appointment ever. Available minutes:
 * analytics-available.ts.
 */
export async function loadBarberFigures(
  manager: EntityManager,
  scope: AnalyticsScope,
  barberId: string | null,
  currentOnly = false,
): Promise<BarberPeriodFigures[]> {
  assertSeparate(scope);
  return (await manager.query(
    `WITH ${currentOnly ? CURRENT_PERIOD_ONLY : PERIODS},
    "shop_barbers" AS (
      SELECT b."id", b."name", b."created_at", b."hours_json" FROM "barbers" b
      WHERE b."shop_id" = $1 AND ($8::uuid IS NULL OR b."id" = $8::uuid)
    ),
    ${availableSeconds('"shop_barbers"')},
    "booked" AS (
      SELECT p."kind", r."barber_id",
        sum(r."appointments") FILTER (WHERE r."status" IN ${KEPT})::int AS "appointments",
        coalesce(sum(r."price") FILTER (WHERE r."status" = 'completed' AND r."currency" = $7), 0) AS "revenue",
        sum(r."seconds") FILTER (WHERE r."status" IN ${KEPT})::numeric / 60 AS "minutes"
      FROM "periods" p
      JOIN ${rollupsOf('barber', 'p."from_date"', 'p."to_date"')}
      WHERE $8::uuid IS NULL OR r."barber_id" = $8::uuid
      GROUP BY p."kind", r."barber_id"
    ),
    "booked_clients" AS (
      SELECT p."kind", v."barber_id", count(*)::int AS "clients",
        count(*) FILTER (WHERE v."first_day" < v."day")::int AS "returning_clients"
      FROM "periods" p
      JOIN "analytics_client_visits" v ON v."shop_id" = $1 AND v."starts_at" >= p."start_at"
        AND v."starts_at" < p."end_at" AND v."time_zone" = $2::text
        AND (v."next_barber_start" IS NULL OR v."next_barber_start" >= p."end_at")
      WHERE $8::uuid IS NULL OR v."barber_id" = $8::uuid
      GROUP BY p."kind", v."barber_id"
    )
    ${BARBER_FIGURES}`,
    [...scopeParams(scope), scope.currency, barberId],
  )) as BarberPeriodFigures[];
}

/** The ten most booked services of the current period by name (a renamed service is a new line). */
export async function loadTopServices(manager: EntityManager, scope: AnalyticsScope): Promise<ServiceFigures[]> {
  return (await manager.query(
    `SELECT r."service_name" AS "serviceName", sum(r."appointments")::int AS "appointments",
       round(coalesce(sum(r."price") FILTER (WHERE r."status" = 'completed' AND r."currency" = $5), 0), 2)::float8
         AS "revenue"
     FROM (SELECT 1) x
     JOIN ${rollupsOf('service', '$3::date', '$4::date')}
     WHERE r."status" IN ${KEPT}
     GROUP BY r."service_name"
     ORDER BY "appointments" DESC, "revenue" DESC, r."service_name"
     LIMIT 10`,
    [...periodParams(scope), scope.currency],
  )) as ServiceFigures[];
}

/** Kept appointments of the current period by ISO weekday and starting hour on the shop's wall clock. */
export async function loadHeatmap(manager: EntityManager, scope: AnalyticsScope): Promise<HeatmapCell[]> {
  return (await manager.query(
    `SELECT extract(isodow FROM r."day")::int AS "weekday", r."hour"::int AS "hour",
       sum(r."appointments")::int AS "bookings"
     FROM (SELECT 1) x
     JOIN ${rollupsOf('hour', '$3::date', '$4::date')}
     WHERE r."status" IN ${KEPT}
     GROUP BY 1, 2
     ORDER BY 1, 2`,
    periodParams(scope),
  )) as HeatmapCell[];
}

/** One row per local day of the current period (generate_series over the dates), zeros included. */
export async function loadDaily(manager: EntityManager, scope: AnalyticsScope): Promise<DailyFigures[]> {
  return (await manager.query(
    `WITH "per_day" AS (
       SELECT r."day", sum(r."appointments")::int AS "appointments",
         coalesce(sum(r."price") FILTER (WHERE r."status" = 'completed' AND r."currency" = $5), 0) AS "revenue"
       FROM (SELECT 1) x
       JOIN ${rollupsOf('day', '$3::date', '$4::date')}
       WHERE r."status" IN ${KEPT}
       GROUP BY r."day"
     )
     SELECT to_char(d."day", 'YYYY-MM-DD') AS "date",
       round(coalesce(p."revenue", 0), 2)::float8 AS "revenue",
       coalesce(p."appointments", 0) AS "appointments"
     FROM (SELECT $3::date + i AS "day" FROM generate_series(0, $4::date - $3::date) i) d
     LEFT JOIN "per_day" p ON p."day" = d."day"
     ORDER BY d."day"`,
    [...periodParams(scope), scope.currency],
  )) as DailyFigures[];
}

/**
 * The local day the shop (or one of its barbers) opened: the earlier of its record's creation and its first
 * appointment of any status (a history imported or seeded before the record counts). Null when neither exists.
 */
export async function loadOpenedOn(
  manager: EntityManager,
  shopId: string,
  timeZone: string,
  barberId: string | null = null,
): Promise<string | null> {
  const [row] = (await manager.query(
    `SELECT to_char((least(
       (SELECT coalesce(b."created_at", s."created_at") FROM "shops" s
          LEFT JOIN "barbers" b ON b."id" = $3::uuid AND b."shop_id" = s."id" WHERE s."id" = $1),
       (SELECT min(a."starts_at") FROM "appointments" a
          WHERE a."shop_id" = $1 AND ($3::uuid IS NULL OR a."barber_id" = $3::uuid))
     ) AT TIME ZONE $2::text)::date, 'YYYY-MM-DD') AS "opened_on"`,
    [shopId, timeZone, barberId],
  )) as Array<{ opened_on: string | null }>;
  return row?.opened_on ?? null;
}
