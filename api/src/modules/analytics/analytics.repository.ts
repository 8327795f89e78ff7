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
 *
 * Speed (issue 13, docs/benchmarks.md): a period's appointments are read by ("shop_id", "starts_at") from
 * IDX_appointments_shop_start_status, which carries every column the figures read (index-only scans: the
 * appointments row is wide, and taking it apart costs more than the rest of the work). Rows are first counted in a
 * few groups (period, status, source, currency...) and the figures taken from those groups, not from a dozen
 * FILTERs per row. A client's other appointments come from IDX_appointments_client_kept ("shop_id", "client_id",
 * "starts_at", "id"; kept statuses only), in one ordered pass with window functions instead of a lookup per visit.
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

/** Whether two periods together are long enough to read every client's whole history in one pass (see stream). */
export const WHOLE_HISTORY_FROM_DAYS = 365;

/**
 * The per-client pass of the summary: every kept appointment of the shop's clients in ("client_id", "starts_at",
 * "id") order, from IDX_appointments_client_kept, with window functions, so nothing is looked up per visit and
 * nothing sorted. Each row carries:
 *   - "first_start": the client's first row in the pass;
 *   - "next_start", "next_created": the client's next kept appointment after it (by start, then id);
 *   - "next_completed": the start of the client's next completed appointment strictly after it, if within 43 days.
 * Two ways to choose the rows, same figures:
 *   - whole (the two periods span WHOLE_HISTORY_FROM_DAYS or more): the shop's whole index range, read in order;
 *     "first_start" is then the client's first kept appointment ever;
 *   - otherwise only the clients seen in either period (`clients`), from the earlier period's start, and ending 43
 *     days after the later period (retention looks 42 local days ahead: at most 42 days and an hour) unless that is
 *     still to come ("cut" false: every later row is read). Whether a client came before is then asked of the index
 *     (cameBefore), and with "cut" a row whose next one lies past the end is looked up (nextCreated).
 * $1 shop; `now` the parameter holding the clock.
 */
const clientStream = (clients: string, now: string, whole: boolean) => `"stream_bounds" AS (
      SELECT ${whole ? `'-infinity'::timestamptz` : 'min(p."start_at")'} AS "lo",
        max(p."end_at") + interval '43 days' AS "hi",
        ${whole ? 'false' : `max(p."end_at") + interval '43 days' <= ${now}`} AS "cut"
      FROM "periods" p
    ),
    "stream" AS (
      SELECT b."client_id", b."starts_at", b."status", b."ends_at", sb."cut", sb."lo",
        first_value(b."starts_at") OVER "w" AS "first_start",
        lead(b."starts_at") OVER "w" AS "next_start",
        lead(b."created_at") OVER "w" AS "next_created",
        min(b."starts_at") FILTER (WHERE b."status" = 'completed') OVER (
          PARTITION BY b."client_id" ORDER BY b."starts_at"
          RANGE BETWEEN interval '1 microsecond' FOLLOWING AND interval '43 days' FOLLOWING
        ) AS "next_completed"
      FROM "stream_bounds" sb
      JOIN "appointments" b ON b."shop_id" = $1 AND b."client_id" IS NOT NULL AND b."status" IN ${KEPT}${
        whole
          ? ''
          : `
        AND b."starts_at" >= sb."lo" AND (NOT sb."cut" OR b."starts_at" < sb."hi")
      WHERE b."client_id" IN (SELECT "client_id" FROM ${clients})`
      }
      WINDOW "w" AS (PARTITION BY b."client_id" ORDER BY b."starts_at", b."id")
    )`;

/**
 * The created_at of the client's next kept appointment after stream row `v` (by start, then id), as
 * `SELECT ... ORDER BY starts_at, id LIMIT 1` gives it: the row after it in the stream, unless that one starts at the
 * same instant or the stream was cut before it (then the index is asked: rare).
 */
const nextCreated = (v: string) => `CASE
      WHEN ${v}."next_start" > ${v}."starts_at" THEN ${v}."next_created"
      WHEN ${v}."next_start" IS NULL AND NOT ${v}."cut" THEN NULL
      ELSE (
        SELECT b."created_at" FROM "appointments" b
        WHERE b."shop_id" = $1 AND b."client_id" = ${v}."client_id" AND b."starts_at" > ${v}."starts_at"
          AND b."status" IN ${KEPT}
        ORDER BY b."starts_at", b."id" LIMIT 1
      )
    END`;

/**
 * Whether client row `r` ("client_id", "first_start", "lo") had been before the day of `last`, their last kept
 * appointment in a period: their first kept appointment ever is on an earlier local day (a stream row), else (only
 * when the stream did not start at the beginning) one index probe before the stream's start finds one. The client's
 * whole history counts, not only what lies before the period (issue 28): a client who first came in January and
 * came back in March is returning in a 12-month view, and two services on one day are one visit.
 */
const cameBefore = (r: string, last: string) => `((${r}."first_start" AT TIME ZONE $2::text)::date
      < (${last} AT TIME ZONE $2::text)::date OR (
      ${r}."lo" > '-infinity' AND (
        SELECT true FROM "appointments" b
        WHERE b."shop_id" = $1 AND b."client_id" = ${r}."client_id" AND b."status" IN ${KEPT}
          AND b."starts_at" < ${r}."lo"
        LIMIT 1 -- a probe per client, never a hash of the whole earlier history
      ) IS NOT NULL
    ))`;

/** Whole days from the prior period's first day to the current one's last, both included. */
function spanDays(scope: AnalyticsScope): number {
  const first = Date.parse(`${scope.prior.from}T00:00:00Z`);
  const last = Date.parse(`${scope.current.to}T00:00:00Z`);
  return Math.round((last - first) / 86_400_000) + 1;
}

/** The periods must not overlap (each row is given to at most one): resolvePeriods makes them adjacent. */
function assertSeparate(scope: AnalyticsScope): void {
  if (!(scope.prior.to < scope.current.from))
    throw new Error('analytics: the prior period must end before the current one');
}

export interface SummaryOptions {
  /** Forces one way of reading clients' histories (tests compare both); by default by the periods' span. */
  wholeHistory?: boolean;
}

/**
 * The summary of both periods in one statement. Appointments are the kept ones (confirmed, completed, no-show);
 * clients are appointments' client records (a walk-in without contact has none).
 */
export async function loadSummaries(
  manager: EntityManager,
  scope: AnalyticsScope,
  now: Date,
  options: SummaryOptions = {},
): Promise<Record<PeriodKind, SummaryRow>> {
  assertSeparate(scope);
  const whole = options.wholeHistory ?? spanDays(scope) >= WHOLE_HISTORY_FROM_DAYS;
  // Per client, one column per period: "_c" the current, "_p" the prior.
  const perKind = (k: 'c' | 'p') => {
    const completed = `v."kind" = '${k}' AND v."completed"`;
    return `bool_or(v."kind" = '${k}') AS "in_${k}",
        count(*) FILTER (WHERE ${completed})::int AS "visits_${k}",
        -- Rebook: the client's next kept appointment after a completed visit was created by the visit's end + 24 h.
        count(*) FILTER (WHERE ${completed} AND ${nextCreated('v')} <= v."ends_at" + interval '24 hours')::int
          AS "rebooked_${k}",
        -- Retention: another completed visit within 42 days (local calendar) of the first completed one in the
        -- period. Rows with the same start share "next_completed", so the first visit was retained exactly when the
        -- earliest retained visit is the earliest visit.
        min(v."starts_at") FILTER (WHERE ${completed}) AS "first_visit_${k}",
        max(v."starts_at") FILTER (WHERE v."kind" = '${k}') AS "last_${k}",
        min(v."starts_at") FILTER (WHERE ${completed} AND v."retained") AS "first_retained_${k}"`;
  };
  // Returning: by their last appointment in the period, the client had been before (on an earlier day, in their
  // whole history); new: the period holds their first kept appointment ever and they have not been back since.
  const cameBeforeOf = (k: 'c' | 'p') =>
    `CASE WHEN pc."in_${k}" THEN ${cameBefore('pc', `pc."last_${k}"`)} END AS "came_before_${k}"`;
  const figuresOf = (k: 'c' | 'p') => `count(*) FILTER (WHERE NOT r."came_before_${k}")::int AS "new_clients_${k}",
        count(*) FILTER (WHERE r."came_before_${k}")::int AS "returning_clients_${k}",
        count(r."first_visit_${k}")::int AS "visitors_${k}",
        count(*) FILTER (WHERE r."first_retained_${k}" = r."first_visit_${k}")::int AS "retained_${k}",
        coalesce(sum(r."visits_${k}"), 0)::int AS "visits_${k}",
        coalesce(sum(r."rebooked_${k}"), 0)::int AS "rebooked_${k}"`;
  const pick = (name: string) => `CASE WHEN c."kind" = 'current' THEN cf."${name}_c" ELSE cf."${name}_p" END`;
  const rows = (await manager.query(
    `WITH ${PERIODS},
    "spans" AS (
      SELECT max(p."start_at") FILTER (WHERE p."kind" = 'current') AS "c_start",
        max(p."end_at") FILTER (WHERE p."kind" = 'current') AS "c_end",
        max(p."start_at") FILTER (WHERE p."kind" = 'prior') AS "p_start",
        max(p."end_at") FILTER (WHERE p."kind" = 'prior') AS "p_end"
      FROM "periods" p
    ),
    -- The periods' appointments counted by what the figures tell apart (an index-only scan, a few dozen groups).
    "groups" AS (
      SELECT p."kind", a."status", a."source", a."currency" = $7 AS "home", a."starts_at" <= $8 AS "started",
        count(a."starts_at")::int AS "n", sum(a."service_price") AS "price"
      FROM "periods" p
      LEFT JOIN "appointments" a ON a."shop_id" = $1 AND a."starts_at" >= p."start_at" AND a."starts_at" < p."end_at"
      GROUP BY 1, 2, 3, 4, 5
    ),
    "counts" AS (
      SELECT g."kind",
        coalesce(sum(g."n") FILTER (WHERE g."status" IN ${KEPT}), 0)::int AS "appointments",
        coalesce(sum(g."n") FILTER (WHERE g."status" = 'completed'), 0)::int AS "completed",
        coalesce(sum(g."n") FILTER (WHERE g."status" = 'cancelled'), 0)::int AS "cancellations",
        coalesce(sum(g."n") FILTER (WHERE g."status" = 'no_show'), 0)::int AS "no_shows",
        coalesce(sum(g."n") FILTER (WHERE g."status" IN ${KEPT} AND g."started"), 0)::int AS "started",
        coalesce(sum(g."n") FILTER (WHERE g."status" = 'no_show' AND g."started"), 0)::int AS "started_no_shows",
        coalesce(sum(g."n") FILTER (WHERE g."status" = 'completed' AND g."home"), 0)::int AS "paid",
        coalesce(sum(g."price") FILTER (WHERE g."status" = 'completed' AND g."home"), 0) AS "revenue",
        coalesce(sum(g."n") FILTER (WHERE g."status" IN ${KEPT} AND g."source" = 'online'), 0)::int AS "online",
        coalesce(sum(g."n") FILTER (WHERE g."status" IN ${KEPT} AND g."source" = 'walk_in'), 0)::int AS "walk_in",
        coalesce(sum(g."n") FILTER (WHERE g."status" IN ${KEPT} AND NOT g."home"), 0)::int AS "other_currency"
      FROM "groups" g
      GROUP BY g."kind"
    ),
    ${
      whole
        ? ''
        : `-- The clients with a kept appointment in either period.
    "period_clients" AS (
      SELECT DISTINCT a."client_id"
      FROM "periods" p
      JOIN "appointments" a ON a."shop_id" = $1 AND a."starts_at" >= p."start_at" AND a."starts_at" < p."end_at"
      WHERE a."status" IN ${KEPT} AND a."client_id" IS NOT NULL
    ),`
    }
    ${clientStream('"period_clients"', '$8', whole)},
    -- Per client (the stream is in client order: no hashing), each period's visits, rebooks and retention.
    "per_client" AS (
      SELECT v."client_id", min(v."first_start") AS "first_start", min(v."lo") AS "lo",
        ${perKind('c')},
        ${perKind('p')}
      FROM (
        -- Only the periods' rows (the others served the window functions), each told its period once.
        SELECT s.*, s."status" = 'completed' AS "completed",
          CASE WHEN s."starts_at" >= sb."c_start" THEN 'c' ELSE 'p' END AS "kind",
          -- The next completed visit is within 42 local days: within 41 days surely, past 43 never (the window's
          -- frame), in between by the calendar.
          s."next_completed" IS NOT NULL AND (s."next_completed" <= s."starts_at" + interval '41 days'
            OR s."next_completed" <= ((s."starts_at" AT TIME ZONE $2::text) + interval '42 days') AT TIME ZONE $2::text
          ) AS "retained"
        FROM "stream" s CROSS JOIN "spans" sb
        WHERE (s."starts_at" >= sb."c_start" AND s."starts_at" < sb."c_end")
          OR (s."starts_at" >= sb."p_start" AND s."starts_at" < sb."p_end")
      ) v
      GROUP BY v."client_id"
    ),
    "client_figures" AS (
      SELECT ${figuresOf('c')},
        ${figuresOf('p')}
      FROM (
        -- OFFSET 0: each probe runs once per client, not once per FILTER that reads its answer.
        SELECT pc.*, ${cameBeforeOf('c')}, ${cameBeforeOf('p')}
        FROM "per_client" pc
        WHERE pc."in_c" OR pc."in_p"
        OFFSET 0
      ) r
    )
    SELECT c."kind",
      round(c."revenue", 2)::float8 AS "revenue",
      c."appointments", c."completed", c."cancellations", c."no_shows" AS "noShows",
      ${rate('c."started_no_shows"', 'c."started"')} AS "noShowRate",
      CASE WHEN c."paid" = 0 THEN NULL ELSE round(c."revenue" / c."paid", 2)::float8 END AS "averageTicket",
      ${pick('new_clients')} AS "newClients",
      ${pick('returning_clients')} AS "returningClients",
      ${rate(pick('retained'), pick('visitors'))} AS "retention",
      ${rate(pick('rebooked'), pick('visits'))} AS "rebookRate",
      ${rate('c."online"', 'c."appointments"')} AS "onlineShare",
      ${rate('c."walk_in"', 'c."appointments"')} AS "walkInShare",
      c."other_currency" AS "otherCurrencyAppointments"
    FROM "counts" c CROSS JOIN "client_figures" cf`,
    [...scopeParams(scope), scope.currency, now],
  )) as SummaryRow[];
  const byKind = Object.fromEntries(rows.map((r) => [r.kind, r])) as Record<PeriodKind, SummaryRow>;
  return byKind;
}

/**
 * A day's opening window from an hours_json day ({open, close, closed}) as its wall-clock times, both null when
 * closed, unset or not after opening (as openingWindow() in common). Read once per barber and weekday, not per day.
 */
const hoursOf = (day: string, field: 'open' | 'close') => `CASE
  WHEN ${day} IS NULL OR coalesce((${day}->>'closed')::boolean, false)
    OR coalesce(${day}->>'open', '') = '' OR coalesce(${day}->>'close', '') = '' THEN NULL
  WHEN (${day}->>'close')::time <= (${day}->>'open')::time THEN NULL
  ELSE (${day}->>'${field}')::time
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
  assertSeparate(scope);
  return (await manager.query(
    `WITH ${PERIODS},
    "shop_barbers" AS (
      SELECT b."id", b."name", b."created_at", b."hours_json" FROM "barbers" b
      WHERE b."shop_id" = $1 AND ($8::uuid IS NULL OR b."id" = $8::uuid)
    ),
    -- Each barber's hours per ISO weekday (1 Monday .. 7 Sunday): the shop's and their own (else the shop's).
    "week" AS MATERIALIZED (
      SELECT h."barber_id", h."dow",
        ${hoursOf('h."shop_day"', 'open')} AS "shop_open", ${hoursOf('h."shop_day"', 'close')} AS "shop_close",
        ${hoursOf('h."own_day"', 'open')} AS "own_open", ${hoursOf('h."own_day"', 'close')} AS "own_close"
      FROM (
        SELECT b."id" AS "barber_id", w."dow", s."hours_json" -> w."name" AS "shop_day",
          coalesce(b."hours_json", s."hours_json") -> w."name" AS "own_day"
        FROM "shop_barbers" b
        JOIN "shops" s ON s."id" = $1
        CROSS JOIN unnest(${WEEKDAY_NAMES}) WITH ORDINALITY AS w("name", "dow")
      ) h
    ),
    -- Each day's window: the shop's hours that day intersected with the barber's (DST-correct: wall times made
    -- instants with AT TIME ZONE); empty when either is closed.
    "windows" AS MATERIALIZED (
      SELECT p."kind", k."barber_id",
        CASE WHEN k."shop_open" IS NULL OR k."own_open" IS NULL THEN 'empty'::tstzrange
          ELSE tstzrange((d."day" + k."shop_open") AT TIME ZONE $2::text, (d."day" + k."shop_close") AT TIME ZONE $2::text)
            * tstzrange((d."day" + k."own_open") AT TIME ZONE $2::text, (d."day" + k."own_close") AT TIME ZONE $2::text)
        END AS "win"
      FROM "periods" p
      CROSS JOIN LATERAL (SELECT p."from_date" + i AS "day" FROM generate_series(0, p."to_date" - p."from_date") i) d
      JOIN "week" k ON k."dow" = extract(isodow FROM d."day")
    ),
    -- Each barber's time off over both periods as one union.
    "time_off" AS (
      SELECT t."barber_id", range_agg(tstzrange(t."starts_at", t."ends_at")) AS "off"
      FROM "barber_time_off" t
      WHERE t."barber_id" IN (SELECT "id" FROM "shop_barbers")
        AND t."starts_at" < (SELECT max("end_at") FROM "periods") AND t."ends_at" > (SELECT min("start_at") FROM "periods")
      GROUP BY t."barber_id"
    ),
    -- Available: every window's length, less the part of it the time off covers (only windows that touch any).
    "available" AS (
      SELECT w."kind", w."barber_id",
        extract(epoch FROM sum(upper(w."win") - lower(w."win")) - coalesce(sum((
          SELECT sum(upper(r) - lower(r)) FROM unnest(tstzmultirange(w."win") * o."off") r
        )) FILTER (WHERE o."off" && w."win"), interval '0')) AS "seconds"
      FROM "windows" w
      LEFT JOIN "time_off" o ON o."barber_id" = w."barber_id"
      WHERE NOT isempty(w."win")
      GROUP BY w."kind", w."barber_id"
    ),
    -- The periods' kept appointments of these barbers (the barber filter as an array, so the shop's appointments
    -- are read by ("shop_id", "starts_at") for the periods only), index-only.
    "appts" AS (
      SELECT p."kind", p."start_at", a."barber_id", a."client_id", a."status", a."currency", a."service_price",
        a."starts_at", a."ends_at"
      FROM "periods" p
      JOIN "appointments" a ON a."shop_id" = $1 AND a."starts_at" >= p."start_at" AND a."starts_at" < p."end_at"
      WHERE a."status" IN ${KEPT} AND a."barber_id" = ANY (ARRAY(SELECT "id" FROM "shop_barbers"))
    ),
    "booked" AS (
      SELECT g."kind", g."barber_id", sum(g."n")::int AS "appointments",
        coalesce(sum(g."price") FILTER (WHERE g."paid"), 0) AS "revenue",
        extract(epoch FROM sum(g."length")) / 60 AS "minutes"
      FROM (
        SELECT a."kind", a."barber_id", a."status" = 'completed' AND a."currency" = $7 AS "paid", count(*) AS "n",
          sum(a."service_price") AS "price", sum(a."ends_at" - a."starts_at") AS "length"
        FROM "appts" a GROUP BY 1, 2, 3
      ) g
      GROUP BY g."kind", g."barber_id"
    ),
    -- Distinct clients per barber from the (period, barber, client) groups (hashed, where count(DISTINCT) would sort
    -- every appointment), returning as in the summary: the client's first kept appointment ever (with anyone) is on
    -- an earlier local day than their last one with this barber in the period.
    "pairs" AS MATERIALIZED (
      SELECT a."kind", a."barber_id", a."client_id", max(a."starts_at") AS "last_at"
      FROM "appts" a WHERE a."client_id" IS NOT NULL
      GROUP BY 1, 2, 3
    ),
    "first_kept" AS MATERIALIZED (
      SELECT c."client_id", (
        SELECT b."starts_at" FROM "appointments" b
        WHERE b."shop_id" = $1 AND b."client_id" = c."client_id" AND b."status" IN ${KEPT}
        ORDER BY b."starts_at" LIMIT 1
      ) AS "first_at"
      FROM (SELECT DISTINCT "client_id" FROM "pairs") c
    ),
    "booked_clients" AS (
      SELECT d."kind", d."barber_id", count(*)::int AS "clients",
        count(*) FILTER (
          WHERE (f."first_at" AT TIME ZONE $2::text)::date < (d."last_at" AT TIME ZONE $2::text)::date
        )::int AS "returning_clients"
      FROM "pairs" d
      JOIN "first_kept" f ON f."client_id" = d."client_id"
      GROUP BY d."kind", d."barber_id"
    )
    SELECT p."kind", b."id" AS "barberId", b."name",
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

/**
 * Kept appointments of the current period by ISO weekday and starting hour, both read on the shop's wall clock.
 * Counted per start instant first: many appointments share one, and the zone conversion is the costly part.
 */
export async function loadHeatmap(manager: EntityManager, scope: AnalyticsScope): Promise<HeatmapCell[]> {
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
export async function loadDaily(manager: EntityManager, scope: AnalyticsScope): Promise<DailyFigures[]> {
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
