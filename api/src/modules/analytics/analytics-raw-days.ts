import type { DailyFigures, HeatmapCell, ServiceFigures } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { type AnalyticsScope, IN_PERIOD, KEPT, periodParams } from './analytics-scope';

/** Top services, heatmap and daily figures computed from the appointments alone: the reference for the rollups. */

/** The ten most booked services of the current period by name (a renamed service is a new line). */
export async function loadTopServicesRaw(manager: EntityManager, scope: AnalyticsScope): Promise<ServiceFigures[]> {
  return (await manager.query(
    `SELECT a."service_name" AS "serviceName", count(*)::int AS "appointments",
       round(coalesce(sum(a."service_price") FILTER (WHERE a."status" = 'completed' AND a."currency" = $5), 0), 2)::float8
         AS "revenue"
     FROM "appointments" a
     WHERE ${IN_PERIOD} AND a."status" IN ${KEPT}
     GROUP BY a."service_name"
     ORDER BY "appointments" DESC, "revenue" DESC, a."service_name"
     LIMIT 10`,
    [...periodParams(scope), scope.currency],
  )) as ServiceFigures[];
}

/**
 * Kept appointments of the current period by ISO weekday and starting hour, both read on the shop's wall clock.
 * Counted per start instant first: many appointments share one, and the zone conversion is the costly part.
 */
export async function loadHeatmapRaw(manager: EntityManager, scope: AnalyticsScope): Promise<HeatmapCell[]> {
  return (await manager.query(
    `SELECT extract(isodow FROM s."local")::int AS "weekday", extract(hour FROM s."local")::int AS "hour",
       sum(s."n")::int AS "bookings"
     FROM (
       SELECT a."starts_at" AT TIME ZONE $2::text AS "local", count(*) AS "n"
       FROM "appointments" a
       WHERE ${IN_PERIOD} AND a."status" IN ${KEPT}
       GROUP BY a."starts_at"
     ) s
     GROUP BY 1, 2
     ORDER BY 1, 2`,
    periodParams(scope),
  )) as HeatmapCell[];
}

/** One row per local day of the current period (generate_series over the dates), zeros included. */
export async function loadDailyRaw(manager: EntityManager, scope: AnalyticsScope): Promise<DailyFigures[]> {
  return (await manager.query(
    `WITH "per_start" AS (
       SELECT a."starts_at", count(*) AS "n",
         sum(a."service_price") FILTER (WHERE a."status" = 'completed' AND a."currency" = $5) AS "revenue"
       FROM "appointments" a
       WHERE ${IN_PERIOD} AND a."status" IN ${KEPT}
       GROUP BY a."starts_at"
     ),
     "per_day" AS (
       SELECT (s."starts_at" AT TIME ZONE $2::text)::date AS "day", sum(s."n")::int AS "appointments",
         coalesce(sum(s."revenue"), 0) AS "revenue"
       FROM "per_start" s
       GROUP BY 1
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
