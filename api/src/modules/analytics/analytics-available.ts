import { hoursOf } from './analytics-raw-barbers';
import { WEEKDAY_NAMES } from './analytics-scope';

/**
 * The "available" CTE of the barbers' statement (with $1 shop, $2 zone and "periods"): per period and barber, the
 * seconds of their hours within the shop's hours (a barber's hours narrow the shop's, as in computeShopSlots), less
 * their time off, as analytics-raw-barbers.ts computes it day by day, with the zone converted only where it matters:
 *   - a day without a DST change is as long as its wall-clock window (09:00-19:00 is 10 hours), so those days are
 *     counted per weekday and multiplied, without converting anything;
 *   - the few days with a DST change (their length is not 24 hours) get their windows converted one by one;
 *   - time off is taken from the windows of the days it touches only.
 * A 731-day report with its prior period is 1,462 days of 12 barbers: 17,544 windows converted before, a few dozen
 * now.
 */
export const availableSeconds = (barbers: string) => `"week" AS MATERIALIZED (
      SELECT h."barber_id", h."dow",
        ${hoursOf('h."shop_day"', 'open')} AS "shop_open", ${hoursOf('h."shop_day"', 'close')} AS "shop_close",
        ${hoursOf('h."own_day"', 'open')} AS "own_open", ${hoursOf('h."own_day"', 'close')} AS "own_close"
      FROM (
        SELECT b."id" AS "barber_id", w."dow", s."hours_json" -> w."name" AS "shop_day",
          coalesce(b."hours_json", s."hours_json") -> w."name" AS "own_day"
        FROM ${barbers} b
        JOIN "shops" s ON s."id" = $1
        CROSS JOIN unnest(${WEEKDAY_NAMES}) WITH ORDINALITY AS w("name", "dow")
      ) h
    ),
    "days" AS MATERIALIZED (
      SELECT p."kind", d."day", extract(isodow FROM d."day")::int AS "dow",
        ((d."day" + 1)::timestamp AT TIME ZONE $2::text) - (d."day"::timestamp AT TIME ZONE $2::text)
          <> interval '24 hours' AS "dst"
      FROM "periods" p
      CROSS JOIN LATERAL (SELECT p."from_date" + i AS "day" FROM generate_series(0, p."to_date" - p."from_date") i) d
    ),
    "time_off" AS (
      SELECT t."barber_id", range_agg(tstzrange(t."starts_at", t."ends_at")) AS "off"
      FROM "barber_time_off" t
      WHERE t."barber_id" IN (SELECT "id" FROM ${barbers})
        AND t."starts_at" < (SELECT max("end_at") FROM "periods") AND t."ends_at" > (SELECT min("start_at") FROM "periods")
      GROUP BY t."barber_id"
    ),
    -- The local days each barber's time off touches.
    "off_days" AS (
      SELECT DISTINCT o."barber_id", g::date AS "day"
      FROM "time_off" o
      CROSS JOIN unnest(o."off") r
      CROSS JOIN generate_series((lower(r) AT TIME ZONE $2::text)::date, (upper(r) AT TIME ZONE $2::text)::date,
        interval '1 day') g
    ),
    -- The windows of the days that need them as instants (DST-correct), as the raw statement has every day's.
    "converted" AS (
      SELECT d."kind", k."barber_id", d."dst", o."off",
        tstzrange((d."day" + k."shop_open") AT TIME ZONE $2::text, (d."day" + k."shop_close") AT TIME ZONE $2::text)
          * tstzrange((d."day" + k."own_open") AT TIME ZONE $2::text, (d."day" + k."own_close") AT TIME ZONE $2::text)
          AS "win"
      FROM "days" d
      JOIN "week" k ON k."dow" = d."dow" AND k."shop_open" IS NOT NULL AND k."own_open" IS NOT NULL
      LEFT JOIN "off_days" od ON od."barber_id" = k."barber_id" AND od."day" = d."day"
      LEFT JOIN "time_off" o ON o."barber_id" = od."barber_id"
      WHERE d."dst" OR od."day" IS NOT NULL
    ),
    "parts" AS (
      -- Days without a DST change: the wall-clock window's length, once per weekday.
      SELECT n."kind", k."barber_id", n."days" * (least(k."shop_close", k."own_close") - greatest(k."shop_open", k."own_open"))
        AS "length"
      FROM (SELECT "kind", "dow", count(*)::int AS "days" FROM "days" WHERE NOT "dst" GROUP BY 1, 2) n
      JOIN "week" k ON k."dow" = n."dow"
      WHERE k."shop_open" IS NOT NULL AND k."own_open" IS NOT NULL
        AND least(k."shop_close", k."own_close") > greatest(k."shop_open", k."own_open")
      UNION ALL
      -- Days with a DST change: the window converted.
      SELECT c."kind", c."barber_id", upper(c."win") - lower(c."win") FROM "converted" c
      WHERE c."dst" AND NOT isempty(c."win")
      UNION ALL
      -- Time off: what it takes from the windows of the days it touches.
      SELECT c."kind", c."barber_id", -(
        SELECT coalesce(sum(upper(r) - lower(r)), interval '0') FROM unnest(tstzmultirange(c."win") * c."off") r
      )
      FROM "converted" c WHERE c."off" IS NOT NULL AND NOT isempty(c."win")
    ),
    "available" AS (
      SELECT p."kind", p."barber_id", extract(epoch FROM sum(p."length")) AS "seconds"
      FROM "parts" p
      GROUP BY p."kind", p."barber_id"
    )`;
