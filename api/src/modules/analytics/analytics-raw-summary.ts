import type { AnalyticsSummary } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import {
  type AnalyticsScope,
  assertSeparate,
  KEPT,
  PERIODS,
  type PeriodKind,
  rate,
  scopeParams,
} from './analytics-scope';

/**
 * The summary computed from the appointments alone (issue 13): the reference the rollup read path
 * (analytics.repository.ts) is compared with in the tests; production reads the rollups.
 *
 * Speed (issue 13, docs/benchmarks.md): a period's appointments are read by ("shop_id", "starts_at") from
 * IDX_appointments_shop_start_status, which carries every column the figures read (index-only scans). Rows are first
 * counted in a few groups (period, status, source, currency...) and the figures taken from those groups. A client's
 * other appointments come from IDX_appointments_client_kept ("shop_id", "client_id", "starts_at", "id"; kept
 * statuses only), in one ordered pass with window functions instead of a lookup per visit.
 */

export interface SummaryRow extends AnalyticsSummary {
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

export interface SummaryOptions {
  /** Forces one way of reading clients' histories (tests compare both); by default by the periods' span. */
  wholeHistory?: boolean;
}

/**
 * The summary of both periods in one statement. Appointments are the kept ones (confirmed, completed, no-show);
 * clients are appointments' client records (a walk-in without contact has none).
 */
export async function loadSummariesRaw(
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
