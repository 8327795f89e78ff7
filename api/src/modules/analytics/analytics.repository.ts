import {
  type AnalyticsSummary,
  type BarberFigures,
  type DailyFigures,
  type DateRange,
  type HeatmapCell,
  LIVE_APPOINTMENT_STATUSES,
  type ServiceFigures,
  WEEKDAYS,
} from '@barberly/common';
import type { EntityManager } from 'typeorm';

/**
 * The analytics' SQL (decision 0150). Every figure is computed in the shop's zone: a period is
 * `[from 00:00, to+1 00:00)` local, `(date::timestamp AT TIME ZONE tz)`, so a DST day has 23 or 25 hours.
 * Appointments are read by ("shop_id", "starts_at") (IDX_appointments_shop_start_status) and a client's other
 * appointments by ("client_id", "starts_at") (IDX_appointments_client_start).
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
const KEPT = `(${LIVE_APPOINTMENT_STATUSES.map((s) => `'${s}'`).join(', ')})`;
const WEEKDAY_NAMES = `ARRAY[${WEEKDAYS.map((d) => `'${d}'`).join(', ')}]`;

/** $1 shop, $2 zone, $3..$6 the two periods' dates. */
const PERIODS = `"periods" AS (
  SELECT p."kind", p."from_date", p."to_date",
    (p."from_date"::timestamp AT TIME ZONE $2::text) AS "start_at",
    ((p."to_date" + 1)::timestamp AT TIME ZONE $2::text) AS "end_at"
  FROM (VALUES ('current', $3::date, $4::date), ('prior', $5::date, $6::date)) AS p("kind", "from_date", "to_date")
)`;

const scopeParams = (s: AnalyticsScope) => [
  s.shopId,
  s.timeZone,
  s.current.from,
  s.current.to,
  s.prior.from,
  s.prior.to,
];

/** A rate rounded to 4 decimals, null when there is nothing to divide by. */
const rate = (part: string, whole: string) =>
  `CASE WHEN ${whole} = 0 THEN NULL ELSE round((${part})::numeric / ${whole}, 4)::float8 END`;

interface SummaryRow extends AnalyticsSummary {
  kind: PeriodKind;
  otherCurrencyAppointments: number;
}

/**
 * The summary of both periods in one statement. Appointments are the kept ones (confirmed, completed, no-show);
 * clients are appointments' client records (a walk-in without contact has none).
 */
export async function loadSummaries(
  manager: EntityManager,
  scope: AnalyticsScope,
  now: Date,
): Promise<Record<PeriodKind, SummaryRow>> {
  const rows = (await manager.query(
    `WITH ${PERIODS},
    "appts" AS (
      SELECT p."kind", p."start_at", a."id", a."status", a."source", a."service_price", a."currency", a."client_id",
        a."starts_at", a."ends_at", a."status" IN ${KEPT} AS "kept"
      FROM "periods" p
      JOIN "appointments" a ON a."shop_id" = $1 AND a."starts_at" >= p."start_at" AND a."starts_at" < p."end_at"
    ),
    "counts" AS (
      SELECT p."kind",
        count(a."id") FILTER (WHERE a."kept")::int AS "appointments",
        count(a."id") FILTER (WHERE a."status" = 'completed')::int AS "completed",
        count(a."id") FILTER (WHERE a."status" = 'cancelled')::int AS "cancellations",
        count(a."id") FILTER (WHERE a."status" = 'no_show')::int AS "no_shows",
        count(a."id") FILTER (WHERE a."kept" AND a."starts_at" <= $8)::int AS "started",
        count(a."id") FILTER (WHERE a."status" = 'no_show' AND a."starts_at" <= $8)::int AS "started_no_shows",
        count(a."id") FILTER (WHERE a."status" = 'completed' AND a."currency" = $7)::int AS "paid",
        coalesce(sum(a."service_price") FILTER (WHERE a."status" = 'completed' AND a."currency" = $7), 0) AS "revenue",
        count(a."id") FILTER (WHERE a."kept" AND a."source" = 'online')::int AS "online",
        count(a."id") FILTER (WHERE a."kept" AND a."source" = 'walk_in')::int AS "walk_in",
        count(a."id") FILTER (WHERE a."kept" AND a."currency" <> $7)::int AS "other_currency"
      FROM "periods" p LEFT JOIN "appts" a ON a."kind" = p."kind"
      GROUP BY p."kind"
    ),
    -- New: the client's first kept appointment ever is in the period; returning: they had one before it.
    "period_clients" AS (
      SELECT DISTINCT a."kind", a."start_at", a."client_id" FROM "appts" a WHERE a."kept" AND a."client_id" IS NOT NULL
    ),
    "client_counts" AS (
      SELECT pc."kind",
        count(*) FILTER (WHERE NOT e."before")::int AS "new_clients",
        count(*) FILTER (WHERE e."before")::int AS "returning_clients"
      FROM "period_clients" pc
      CROSS JOIN LATERAL (
        SELECT EXISTS (
          SELECT 1 FROM "appointments" b
          WHERE b."client_id" = pc."client_id" AND b."starts_at" < pc."start_at" AND b."status" IN ${KEPT}
        ) AS "before"
        OFFSET 0 -- kept a subquery: flattened, the EXISTS would run once per FILTER below
      ) e
      GROUP BY pc."kind"
    ),
    -- Retention: another completed visit within 42 days (local calendar) of the first completed one in the period.
    "first_visits" AS (
      SELECT a."kind", a."client_id", min(a."starts_at") AS "first_at" FROM "appts" a
      WHERE a."status" = 'completed' AND a."client_id" IS NOT NULL
      GROUP BY a."kind", a."client_id"
    ),
    "retention" AS (
      SELECT f."kind", count(*)::int AS "visitors",
        count(*) FILTER (WHERE EXISTS (
          SELECT 1 FROM "appointments" b
          WHERE b."client_id" = f."client_id" AND b."status" = 'completed' AND b."starts_at" > f."first_at"
            AND b."starts_at" <= ((f."first_at" AT TIME ZONE $2::text) + interval '42 days') AT TIME ZONE $2::text
        ))::int AS "retained"
      FROM "first_visits" f GROUP BY f."kind"
    ),
    -- Rebook: the client's next kept appointment after a completed visit was created by the visit's end + 24 h.
    "rebook" AS (
      SELECT v."kind", count(*)::int AS "visits",
        count(*) FILTER (WHERE n."created_at" <= v."ends_at" + interval '24 hours')::int AS "rebooked"
      FROM "appts" v
      LEFT JOIN LATERAL (
        SELECT b."created_at" FROM "appointments" b
        WHERE b."client_id" = v."client_id" AND b."starts_at" > v."starts_at" AND b."status" IN ${KEPT}
        ORDER BY b."starts_at", b."id" LIMIT 1
      ) n ON true
      WHERE v."status" = 'completed' AND v."client_id" IS NOT NULL
      GROUP BY v."kind"
    )
    SELECT c."kind",
      round(c."revenue", 2)::float8 AS "revenue",
      c."appointments", c."completed", c."cancellations", c."no_shows" AS "noShows",
      ${rate('c."started_no_shows"', 'c."started"')} AS "noShowRate",
      CASE WHEN c."paid" = 0 THEN NULL ELSE round(c."revenue" / c."paid", 2)::float8 END AS "averageTicket",
      coalesce(cc."new_clients", 0) AS "newClients",
      coalesce(cc."returning_clients", 0) AS "returningClients",
      ${rate('r."retained"', 'coalesce(r."visitors", 0)')} AS "retention",
      ${rate('rb."rebooked"', 'coalesce(rb."visits", 0)')} AS "rebookRate",
      ${rate('c."online"', 'c."appointments"')} AS "onlineShare",
      ${rate('c."walk_in"', 'c."appointments"')} AS "walkInShare",
      c."other_currency" AS "otherCurrencyAppointments"
    FROM "counts" c
    LEFT JOIN "client_counts" cc ON cc."kind" = c."kind"
    LEFT JOIN "retention" r ON r."kind" = c."kind"
    LEFT JOIN "rebook" rb ON rb."kind" = c."kind"`,
    [...scopeParams(scope), scope.currency, now],
  )) as SummaryRow[];
  const byKind = Object.fromEntries(rows.map((r) => [r.kind, r])) as Record<PeriodKind, SummaryRow>;
  return byKind;
}

/**
 * A day's opening window as a tstzrange from an hours_json day ({open, close, closed}): wall times made instants
 * with AT TIME ZONE (DST-correct), empty when closed, unset or not after opening, as openingWindow() in common.
 */
const windowOf = (day: string) => `CASE
  WHEN ${day} IS NULL OR coalesce((${day}->>'closed')::boolean, false)
    OR coalesce(${day}->>'open', '') = '' OR coalesce(${day}->>'close', '') = '' THEN 'empty'::tstzrange
  WHEN (h."day" + (${day}->>'close')::time) <= (h."day" + (${day}->>'open')::time) THEN 'empty'::tstzrange
  ELSE tstzrange((h."day" + (${day}->>'open')::time) AT TIME ZONE $2::text,
                 (h."day" + (${day}->>'close')::time) AT TIME ZONE $2::text)
END`;

export interface BarberPeriodFigures extends BarberFigures {
  kind: PeriodKind;
}

/**
 * Every barber of the shop (or just `barberId`) in both periods. Available minutes: for each day of the period, the
 * barber's hours (their own, else the shop's) within the shop's hours that day (a barber's hours narrow the shop's,
 * as in computeShopSlots), less the union of their time off. Booked minutes: kept appointments starting in the period.
 */
export async function loadBarberFigures(
  manager: EntityManager,
  scope: AnalyticsScope,
  barberId: string | null,
): Promise<BarberPeriodFigures[]> {
  return (await manager.query(
    `WITH ${PERIODS},
    "shop_barbers" AS (
      SELECT b."id", b."name", b."created_at", b."hours_json" FROM "barbers" b
      WHERE b."shop_id" = $1 AND ($8::uuid IS NULL OR b."id" = $8::uuid)
    ),
    "day_hours" AS (
      SELECT p."kind", b."id" AS "barber_id", d."day",
        s."hours_json" -> w."name" AS "shop_day",
        coalesce(b."hours_json", s."hours_json") -> w."name" AS "own_day"
      FROM "periods" p
      CROSS JOIN LATERAL (SELECT p."from_date" + i AS "day" FROM generate_series(0, p."to_date" - p."from_date") i) d
      CROSS JOIN LATERAL (SELECT (${WEEKDAY_NAMES})[extract(isodow FROM d."day")::int] AS "name") w
      CROSS JOIN "shop_barbers" b
      JOIN "shops" s ON s."id" = $1
    ),
    -- Materialised: each day's window is worked out once, not again wherever "win" is used below.
    "windows" AS MATERIALIZED (
      SELECT h."kind", h."barber_id", (${windowOf('h."shop_day"')}) * (${windowOf('h."own_day"')}) AS "win"
      FROM "day_hours" h
    ),
    "available" AS (
      SELECT w."kind", w."barber_id", sum(f."seconds") / 60 AS "minutes"
      FROM "windows" w
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(extract(epoch FROM upper(r) - lower(r))), 0) AS "seconds"
        FROM unnest(tstzmultirange(w."win") - coalesce((
          SELECT range_agg(tstzrange(t."starts_at", t."ends_at")) FROM "barber_time_off" t
          WHERE t."barber_id" = w."barber_id" AND t."starts_at" < upper(w."win") AND t."ends_at" > lower(w."win")
        ), '{}'::tstzmultirange)) AS r
      ) f
      WHERE NOT isempty(w."win")
      GROUP BY w."kind", w."barber_id"
    ),
    -- The barber filter as an array (an InitPlan), not a join: the shop's appointments are then read by
    -- ("shop_id", "starts_at") for the period only, not each barber's whole history by ("barber_id", "starts_at").
    "appts" AS (
      SELECT p."kind", p."start_at", a."barber_id", a."client_id", a."status", a."currency", a."service_price",
        a."starts_at", a."ends_at"
      FROM "periods" p
      JOIN "appointments" a ON a."shop_id" = $1 AND a."starts_at" >= p."start_at" AND a."starts_at" < p."end_at"
      WHERE a."status" IN ${KEPT} AND a."barber_id" = ANY (ARRAY(SELECT "id" FROM "shop_barbers"))
    ),
    -- Whether a client came before the period depends on the client and the period only: asked once per client
    -- of the period, not once per appointment.
    "came_before" AS (
      SELECT pc."kind", pc."client_id"
      FROM (SELECT DISTINCT a."kind", a."start_at", a."client_id" FROM "appts" a WHERE a."client_id" IS NOT NULL) pc
      WHERE EXISTS (
        SELECT 1 FROM "appointments" b
        WHERE b."client_id" = pc."client_id" AND b."starts_at" < pc."start_at" AND b."status" IN ${KEPT}
      )
    ),
    -- Distinct clients per barber from the distinct (barber, client) pairs: hashed, where count(DISTINCT) would
    -- sort every appointment.
    "booked_clients" AS (
      SELECT d."kind", d."barber_id", count(*)::int AS "clients",
        count(*) FILTER (WHERE cb."client_id" IS NOT NULL)::int AS "returning_clients"
      FROM (SELECT DISTINCT a."kind", a."barber_id", a."client_id" FROM "appts" a WHERE a."client_id" IS NOT NULL) d
      LEFT JOIN "came_before" cb ON cb."kind" = d."kind" AND cb."client_id" = d."client_id"
      GROUP BY d."kind", d."barber_id"
    ),
    "booked" AS (
      SELECT a."kind", a."barber_id", count(*)::int AS "appointments",
        coalesce(sum(a."service_price") FILTER (WHERE a."status" = 'completed' AND a."currency" = $7), 0) AS "revenue",
        sum(extract(epoch FROM a."ends_at" - a."starts_at")) / 60 AS "minutes"
      FROM "appts" a GROUP BY a."kind", a."barber_id"
    )
    SELECT p."kind", b."id" AS "barberId", b."name",
      coalesce(k."appointments", 0) AS "appointments",
      round(coalesce(k."revenue", 0), 2)::float8 AS "revenue",
      round(coalesce(k."minutes", 0))::int AS "bookedMinutes",
      round(coalesce(v."minutes", 0))::int AS "availableMinutes",
      CASE WHEN coalesce(v."minutes", 0) = 0 THEN NULL
        ELSE round(coalesce(k."minutes", 0) / v."minutes", 4)::float8 END AS "utilisation",
      coalesce(c."returning_clients", 0) AS "returningClients",
      coalesce(c."clients", 0) AS "clients"
    FROM "periods" p
    CROSS JOIN "shop_barbers" b
    LEFT JOIN "booked" k ON k."kind" = p."kind" AND k."barber_id" = b."id"
    LEFT JOIN "booked_clients" c ON c."kind" = p."kind" AND c."barber_id" = b."id"
    LEFT JOIN "available" v ON v."kind" = p."kind" AND v."barber_id" = b."id"
    ORDER BY p."kind", b."created_at", b."id"`,
    [...scopeParams(scope), scope.currency, barberId],
  )) as BarberPeriodFigures[];
}

/** $1 shop, $2 zone, $3..$4 the period: its bounds as instants. */
const IN_PERIOD = `a."shop_id" = $1
  AND a."starts_at" >= ($3::date::timestamp AT TIME ZONE $2::text)
  AND a."starts_at" < (($4::date + 1)::timestamp AT TIME ZONE $2::text)`;

const periodParams = (s: AnalyticsScope) => [s.shopId, s.timeZone, s.current.from, s.current.to];

/** The ten most booked services of the current period by name (a renamed service is a new line). */
export async function loadTopServices(manager: EntityManager, scope: AnalyticsScope): Promise<ServiceFigures[]> {
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

/** Kept appointments of the current period by ISO weekday and starting hour, both read on the shop's wall clock. */
export async function loadHeatmap(manager: EntityManager, scope: AnalyticsScope): Promise<HeatmapCell[]> {
  return (await manager.query(
    `SELECT extract(isodow FROM a."starts_at" AT TIME ZONE $2::text)::int AS "weekday",
       extract(hour FROM a."starts_at" AT TIME ZONE $2::text)::int AS "hour",
       count(*)::int AS "bookings"
     FROM "appointments" a
     WHERE ${IN_PERIOD} AND a."status" IN ${KEPT}
     GROUP BY 1, 2
     ORDER BY 1, 2`,
    periodParams(scope),
  )) as HeatmapCell[];
}

/** One row per local day of the current period (generate_series over the dates), zeros included. */
export async function loadDaily(manager: EntityManager, scope: AnalyticsScope): Promise<DailyFigures[]> {
  return (await manager.query(
    `WITH "per_day" AS (
       SELECT (a."starts_at" AT TIME ZONE $2::text)::date AS "day", count(*)::int AS "appointments",
         coalesce(sum(a."service_price") FILTER (WHERE a."status" = 'completed' AND a."currency" = $5), 0) AS "revenue"
       FROM "appointments" a
       WHERE ${IN_PERIOD} AND a."status" IN ${KEPT}
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
