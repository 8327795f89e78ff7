import type { BarberFigures } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import {
  type AnalyticsScope,
  assertSeparate,
  BARBER_FIGURES,
  KEPT,
  PERIODS,
  type PeriodKind,
  scopeParams,
  WEEKDAY_NAMES,
} from './analytics-scope';

/** The barbers' figures computed from the appointments alone (issue 13): the reference for the rollup read path. */

/**
 * A day's opening window from an hours_json day ({open, close, closed}) as its wall-clock times, both null when
 * closed, unset or not after opening (as openingWindow() in common). Read once per barber and weekday, not per day.
 */
export const hoursOf = (day: string, field: 'open' | 'close') => `CASE
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
export async function loadBarberFiguresRaw(
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
    ${BARBER_FIGURES}`,
    [...scopeParams(scope), scope.currency, barberId],
  )) as BarberPeriodFigures[];
}
