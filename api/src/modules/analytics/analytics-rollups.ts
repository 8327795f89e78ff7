import { type DailyFigures, type HeatmapCell, LIVE_APPOINTMENT_STATUSES, type ServiceFigures } from '@barberly/common';
import { DateTime } from 'luxon';
import type { EntityManager } from 'typeorm';
import type { AnalyticsScope } from './analytics.repository';

/**
 * Per-day rollups of a shop's appointments (issue 29 item 3, decision 0188), table `analytics_day_rollups`
 * (migration 1795540000000): one row per local day, starting hour, barber, service name, status, source and currency.
 *
 * Kept on write: `recomputeRollupDays` replaces the rows of the local days a change touched with what the raw rows
 * say, inside the change's transaction, after a transaction-scoped advisory lock per (shop, day), so two changes of
 * one day are applied one after the other and the second reads the first's committed rows. Idempotent: running it
 * again changes nothing. `rebuildRollups` does the same for every day of a shop (or of every shop).
 */

const KEPT = `(${LIVE_APPOINTMENT_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/** The local days (YYYY-MM-DD) of these instants in the zone, distinct and sorted. */
export function localDaysOf(timeZone: string, instants: ReadonlyArray<Date | string | null | undefined>): string[] {
  const days = new Set<string>();
  for (const at of instants) {
    if (!at) continue;
    const date = at instanceof Date ? at : new Date(at);
    const day = DateTime.fromJSDate(date, { zone: timeZone }).toISODate();
    if (day) days.add(day);
  }
  return [...days].sort();
}

/**
 * The INSERT ... SELECT that rolls up shop $1's rows in zone $2 that `range` chooses, at the three grains (GROUPING
 * SETS over the rows first counted per start instant, barber and service, so the zone is converted once per group).
 */
const rollupInsert = (range: string) => `INSERT INTO "analytics_day_rollups"
    ("shop_id", "day", "grain", "hour", "time_zone", "barber_id", "service_name", "status", "source", "currency",
     "appointments", "price", "seconds")
  SELECT $1, l."day",
    CASE WHEN grouping(l."hour") = 0 THEN 'hour' WHEN grouping(l."barber_id") = 0 THEN 'barber' ELSE 'service' END,
    l."hour", $2::text, l."barber_id", l."service_name", l."status", l."source", l."currency",
    sum(l."n")::int, coalesce(sum(l."price"), 0), coalesce(sum(l."seconds"), 0)::bigint
  FROM (
    SELECT (s."local")::date AS "day", extract(hour FROM s."local")::smallint AS "hour", s.*
    FROM (
      SELECT a."starts_at" AT TIME ZONE $2::text AS "local", a."barber_id", a."service_name", a."status", a."source",
        a."currency", count(*) AS "n", sum(a."service_price") AS "price",
        sum(extract(epoch FROM a."ends_at" - a."starts_at")) AS "seconds"
      FROM "appointments" a
      WHERE a."shop_id" = $1${range}
      GROUP BY a."starts_at", a."barber_id", a."service_name", a."status", a."source", a."currency"
    ) s
  ) l
  GROUP BY l."day", l."status", l."source", l."currency",
    GROUPING SETS ((l."hour"), (l."barber_id"), (l."service_name"))`;

/** One local day: $3 the date. */
const ROLLUP_DAY = rollupInsert(`
      AND a."starts_at" >= ($3::date::timestamp AT TIME ZONE $2::text)
      AND a."starts_at" < (($3::date + 1)::timestamp AT TIME ZONE $2::text)`);
const ROLLUP_ALL = rollupInsert('');

/**
 * Replaces the shop's rollup rows of these local days with what its appointments say now (in the shop's zone).
 * Call it inside the transaction that changed the appointments, with the days before and after the change.
 */
export async function recomputeRollupDays(
  manager: EntityManager,
  shopId: string,
  days: readonly string[],
): Promise<void> {
  if (days.length === 0) return;
  const [shop] = (await manager.query(`SELECT "time_zone" FROM "shops" WHERE "id" = $1`, [shopId])) as Array<{
    time_zone: string;
  }>;
  if (!shop) return;
  for (const day of [...new Set(days)].sort()) {
    // Sorted, so two changes touching the same days take their locks in one order (no deadlock).
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('analytics_rollup:' || $1 || ':' || $2))`, [
      shopId,
      day,
    ]);
    await manager.query(`DELETE FROM "analytics_day_rollups" WHERE "shop_id" = $1 AND "day" = $2::date`, [shopId, day]);
    await manager.query(ROLLUP_DAY, [shopId, shop.time_zone, day]);
  }
}

/** Rebuilds every day of one shop, or of every shop (null), from the raw rows. Returns the shops rebuilt. */
export async function rebuildRollups(manager: EntityManager, shopId: string | null = null): Promise<number> {
  const shops = (await manager.query(
    `SELECT "id", "time_zone" FROM "shops" WHERE $1::uuid IS NULL OR "id" = $1::uuid ORDER BY "id"`,
    [shopId],
  )) as Array<{ id: string; time_zone: string }>;
  for (const shop of shops) {
    await manager.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('analytics_rollup_rebuild:' || $1))`, [shop.id]);
      await tx.query(`DELETE FROM "analytics_day_rollups" WHERE "shop_id" = $1`, [shop.id]);
      await tx.query(ROLLUP_ALL, [shop.id, shop.time_zone]);
    });
  }
  return shops.length;
}

/** $1 shop, $2 zone, $3..$4 the current period's dates: the rollup rows of its whole days. */
const ROLLUP_PERIOD = `r."shop_id" = $1 AND r."time_zone" = $2::text AND r."day" >= $3::date AND r."day" <= $4::date`;
const grain = (g: 'hour' | 'barber' | 'service') => `r."grain" = '${g}'`;

const periodParams = (s: AnalyticsScope) => [s.shopId, s.timeZone, s.current.from, s.current.to];

/** As loadTopServices, from the rollups. */
export async function loadTopServicesFromRollups(
  manager: EntityManager,
  scope: AnalyticsScope,
): Promise<ServiceFigures[]> {
  return (await manager.query(
    `SELECT r."service_name" AS "serviceName", sum(r."appointments")::int AS "appointments",
       round(coalesce(sum(r."price") FILTER (WHERE r."status" = 'completed' AND r."currency" = $5), 0), 2)::float8
         AS "revenue"
     FROM "analytics_day_rollups" r
     WHERE ${ROLLUP_PERIOD} AND ${grain('service')} AND r."status" IN ${KEPT}
     GROUP BY r."service_name"
     ORDER BY "appointments" DESC, "revenue" DESC, r."service_name"
     LIMIT 10`,
    [...periodParams(scope), scope.currency],
  )) as ServiceFigures[];
}

/** As loadHeatmap, from the rollups (the hour is the start's local hour, the weekday its local day's). */
export async function loadHeatmapFromRollups(manager: EntityManager, scope: AnalyticsScope): Promise<HeatmapCell[]> {
  return (await manager.query(
    `SELECT extract(isodow FROM r."day")::int AS "weekday", r."hour"::int AS "hour",
       sum(r."appointments")::int AS "bookings"
     FROM "analytics_day_rollups" r
     WHERE ${ROLLUP_PERIOD} AND ${grain('hour')} AND r."status" IN ${KEPT}
     GROUP BY 1, 2
     ORDER BY 1, 2`,
    periodParams(scope),
  )) as HeatmapCell[];
}

/** As loadDaily, from the rollups. */
export async function loadDailyFromRollups(manager: EntityManager, scope: AnalyticsScope): Promise<DailyFigures[]> {
  return (await manager.query(
    `WITH "per_day" AS (
       SELECT r."day", sum(r."appointments")::int AS "appointments",
         coalesce(sum(r."price") FILTER (WHERE r."status" = 'completed' AND r."currency" = $5), 0) AS "revenue"
       FROM "analytics_day_rollups" r
       WHERE ${ROLLUP_PERIOD} AND ${grain('hour')} AND r."status" IN ${KEPT}
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
