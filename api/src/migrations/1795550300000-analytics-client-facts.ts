import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29 item 3 (decision 0188, "Per-client facts"): what the distinct-client figures need, kept on write, and the
 * rollups' SQL in the database so every writer keeps them the same way.
 *
 * - `analytics_client_visits`: one row per kept appointment (confirmed, completed, no-show) with a client, carrying
 *   what its client's other kept appointments say about it, in the shop's zone: the client's first kept local day;
 *   the previous and next kept appointment's start (by start, then id); for a completed one, the previous completed
 *   one's start, whether another completed visit follows within 42 local days (retention) and whether the next kept
 *   appointment (starting later) was created by its end + 24 h (rebook); the next kept appointment's start with the
 *   same barber. A period's new and returning clients, retention, rebook and each barber's clients are then counts
 *   of the period's rows (the client's first or last row in it), not a pass over every client's whole history.
 * - `analytics_day_rollups` gains the grain 'day' (per local day, status, source and currency: the summary's counts
 *   and the daily figures) and an index by (shop, grain, day) for the read path.
 * - Functions, one definition for every writer: `analytics_recompute_days(shop, days)` and
 *   `analytics_recompute_clients(shop, clients)` (the lifecycle's listener, in the change's transaction, after an
 *   advisory lock per day and per client taken in order), `analytics_rebuild(shop)` (the rebuild command, this
 *   migration, a change of the shop's zone).
 * - Triggers for the two writes no lifecycle event describes: an appointment given to another client (a merge,
 *   analytics-rollups.ts) recomputes both clients; a shop's new zone rebuilds its rows in it.
 * - Fills both tables for every shop, so nothing needs the rebuild command after this migration.
 */

const KEPT = `('confirmed', 'completed', 'no_show')`;

export class AnalyticsClientFacts1795550300000 implements MigrationInterface {
  name = 'AnalyticsClientFacts1795550300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "analytics_day_rollups" DROP CONSTRAINT "analytics_day_rollups_grain_check"`);
    await q.query(`ALTER TABLE "analytics_day_rollups" ADD CONSTRAINT "analytics_day_rollups_grain_check"
      CHECK ("grain" IN ('day', 'hour', 'barber', 'service'))`);
    await q.query(`CREATE INDEX "IDX_analytics_day_rollups_read" ON "analytics_day_rollups" ("shop_id", "grain", "day")
      INCLUDE ("time_zone", "hour", "barber_id", "service_name", "status", "source", "currency", "appointments",
        "price", "seconds")`);

    await q.query(`CREATE TABLE "analytics_client_visits" (
      "appointment_id" uuid PRIMARY KEY REFERENCES "appointments"("id") ON DELETE CASCADE,
      "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
      "client_id" uuid NOT NULL,
      "barber_id" uuid,
      "starts_at" timestamptz NOT NULL,
      "day" date NOT NULL,
      "time_zone" varchar(64) NOT NULL,
      "completed" boolean NOT NULL,
      "first_day" date NOT NULL,
      "prev_start" timestamptz,
      "next_start" timestamptz,
      "prev_completed_start" timestamptz,
      "next_barber_start" timestamptz,
      "retained" boolean NOT NULL,
      "rebooked" boolean NOT NULL
    )`);
    await q.query(`CREATE INDEX "IDX_analytics_client_visits_start" ON "analytics_client_visits" ("shop_id", "starts_at")
      INCLUDE ("client_id", "barber_id", "day", "time_zone", "completed", "first_day", "prev_start", "next_start",
        "prev_completed_start", "next_barber_start", "retained", "rebooked")`);
    await q.query(
      `CREATE INDEX "IDX_analytics_client_visits_client" ON "analytics_client_visits" ("shop_id", "client_id")`,
    );

    // The rollup rows of shop p_shop's appointments starting in [p_from, p_to), in zone p_zone: four grains as
    // GROUPING SETS over the rows first counted per start instant, barber and service (the zone converted once per
    // group, not per row).
    await q.query(`CREATE FUNCTION "analytics_roll_up"(p_shop uuid, p_zone text, p_from timestamptz, p_to timestamptz)
      RETURNS void LANGUAGE sql AS $$
      INSERT INTO "analytics_day_rollups"
        ("shop_id", "day", "grain", "hour", "time_zone", "barber_id", "service_name", "status", "source", "currency",
         "appointments", "price", "seconds")
      SELECT p_shop, l."day",
        CASE WHEN grouping(l."hour") = 0 THEN 'hour' WHEN grouping(l."barber_id") = 0 THEN 'barber'
          WHEN grouping(l."service_name") = 0 THEN 'service' ELSE 'day' END,
        l."hour", p_zone, l."barber_id", l."service_name", l."status", l."source", l."currency",
        sum(l."n")::int, coalesce(sum(l."price"), 0), coalesce(sum(l."seconds"), 0)::bigint
      FROM (
        SELECT (s."local")::date AS "day", extract(hour FROM s."local")::smallint AS "hour", s.*
        FROM (
          SELECT a."starts_at" AT TIME ZONE p_zone AS "local", a."barber_id", a."service_name", a."status",
            a."source", a."currency", count(*) AS "n", sum(a."service_price") AS "price",
            sum(extract(epoch FROM a."ends_at" - a."starts_at")) AS "seconds"
          FROM "appointments" a
          WHERE a."shop_id" = p_shop AND a."starts_at" >= p_from AND a."starts_at" < p_to
          GROUP BY a."starts_at", a."barber_id", a."service_name", a."status", a."source", a."currency"
        ) s
      ) l
      GROUP BY l."day", l."status", l."source", l."currency",
        GROUPING SETS ((), (l."hour"), (l."barber_id"), (l."service_name"))
    $$`);

    // The client visit rows of shop p_shop's clients p_clients (all when null), in zone p_zone. Window functions
    // over each client's kept appointments in (start, id) order; "retained" as the summary always counted it: a
    // completed visit starting later and at most 42 local days after (within 41 days surely, past 43 never, in
    // between by the calendar); "rebooked": the next kept appointment that starts later (the index is asked only
    // when the next one starts at the same instant) was created by the visit's end + 24 h.
    await q.query(`CREATE FUNCTION "analytics_visit_facts"(p_shop uuid, p_zone text, p_clients uuid[])
      RETURNS void LANGUAGE sql AS $$
      INSERT INTO "analytics_client_visits"
        ("appointment_id", "shop_id", "client_id", "barber_id", "starts_at", "day", "time_zone", "completed",
         "first_day", "prev_start", "next_start", "prev_completed_start", "next_barber_start", "retained", "rebooked")
      SELECT w."id", p_shop, w."client_id", w."barber_id", w."starts_at", (w."starts_at" AT TIME ZONE p_zone)::date,
        p_zone, w."completed", (w."first_start" AT TIME ZONE p_zone)::date, w."prev_start", w."next_start",
        CASE WHEN w."completed" THEN w."prev_same" END, w."next_barber_start",
        w."completed" AND w."next_completed" IS NOT NULL AND (w."next_completed" <= w."starts_at" + interval '41 days'
          OR w."next_completed" <= ((w."starts_at" AT TIME ZONE p_zone) + interval '42 days') AT TIME ZONE p_zone),
        w."completed" AND coalesce(CASE
          WHEN w."next_start" > w."starts_at" THEN w."next_created"
          WHEN w."next_start" IS NULL THEN NULL
          ELSE (
            SELECT b."created_at" FROM "appointments" b
            WHERE b."shop_id" = p_shop AND b."client_id" = w."client_id" AND b."starts_at" > w."starts_at"
              AND b."status" IN ${KEPT}
            ORDER BY b."starts_at", b."id" LIMIT 1
          )
        END <= w."ends_at" + interval '24 hours', false)
      FROM (
        SELECT a."id", a."client_id", a."barber_id", a."starts_at", a."ends_at", a."status" = 'completed' AS "completed",
          first_value(a."starts_at") OVER "c" AS "first_start",
          lag(a."starts_at") OVER "c" AS "prev_start",
          lead(a."starts_at") OVER "c" AS "next_start",
          lead(a."created_at") OVER "c" AS "next_created",
          lag(a."starts_at") OVER (PARTITION BY a."client_id", a."status" = 'completed' ORDER BY a."starts_at", a."id")
            AS "prev_same",
          lead(a."starts_at") OVER (PARTITION BY a."client_id", a."barber_id" ORDER BY a."starts_at", a."id")
            AS "next_barber_start",
          min(a."starts_at") FILTER (WHERE a."status" = 'completed') OVER (
            PARTITION BY a."client_id" ORDER BY a."starts_at"
            RANGE BETWEEN interval '1 microsecond' FOLLOWING AND interval '43 days' FOLLOWING
          ) AS "next_completed"
        FROM "appointments" a
        WHERE a."shop_id" = p_shop AND a."client_id" IS NOT NULL AND a."status" IN ${KEPT}
          AND (p_clients IS NULL OR a."client_id" = ANY (p_clients))
        WINDOW "c" AS (PARTITION BY a."client_id" ORDER BY a."starts_at", a."id")
      ) w
    $$`);

    await q.query(`CREATE FUNCTION "analytics_recompute_days"(p_shop uuid, p_days date[])
      RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        zone text;
        d date;
      BEGIN
        SELECT "time_zone" INTO zone FROM "shops" WHERE "id" = p_shop;
        IF zone IS NULL THEN RETURN; END IF;
        -- Sorted, so two changes touching the same days take their locks in one order (no deadlock).
        FOR d IN SELECT DISTINCT x FROM unnest(p_days) x WHERE x IS NOT NULL ORDER BY 1 LOOP
          PERFORM pg_advisory_xact_lock(hashtext('analytics_rollup:' || p_shop || ':' || to_char(d, 'YYYY-MM-DD')));
          DELETE FROM "analytics_day_rollups" WHERE "shop_id" = p_shop AND "day" = d;
          PERFORM "analytics_roll_up"(p_shop, zone, d::timestamp AT TIME ZONE zone, (d + 1)::timestamp AT TIME ZONE zone);
        END LOOP;
      END
    $$`);

    await q.query(`CREATE FUNCTION "analytics_recompute_clients"(p_shop uuid, p_clients uuid[])
      RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        zone text;
        c uuid;
        ids uuid[];
      BEGIN
        SELECT "time_zone" INTO zone FROM "shops" WHERE "id" = p_shop;
        IF zone IS NULL THEN RETURN; END IF;
        SELECT array_agg(DISTINCT x ORDER BY x) INTO ids FROM unnest(p_clients) x WHERE x IS NOT NULL;
        IF ids IS NULL THEN RETURN; END IF;
        FOREACH c IN ARRAY ids LOOP
          PERFORM pg_advisory_xact_lock(hashtext('analytics_client:' || p_shop || ':' || c));
        END LOOP;
        -- A row may still name the client its appointment had before (a merge): it goes too.
        DELETE FROM "analytics_client_visits" v
        WHERE v."shop_id" = p_shop AND (v."client_id" = ANY (ids) OR v."appointment_id" IN (
          SELECT a."id" FROM "appointments" a WHERE a."shop_id" = p_shop AND a."client_id" = ANY (ids)));
        PERFORM "analytics_visit_facts"(p_shop, zone, ids);
      END
    $$`);

    await q.query(`CREATE FUNCTION "analytics_rebuild"(p_shop uuid) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        zone text;
      BEGIN
        SELECT "time_zone" INTO zone FROM "shops" WHERE "id" = p_shop;
        IF zone IS NULL THEN RETURN; END IF;
        PERFORM pg_advisory_xact_lock(hashtext('analytics_rollup_rebuild:' || p_shop));
        DELETE FROM "analytics_day_rollups" WHERE "shop_id" = p_shop;
        PERFORM "analytics_roll_up"(p_shop, zone, '-infinity', 'infinity');
        DELETE FROM "analytics_client_visits" WHERE "shop_id" = p_shop;
        PERFORM "analytics_visit_facts"(p_shop, zone, NULL);
      END
    $$`);

    await q.query(`CREATE FUNCTION "analytics_client_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM "analytics_recompute_clients"(NEW."shop_id", ARRAY[OLD."client_id", NEW."client_id"]);
        RETURN NULL;
      END
    $$`);
    await q.query(`CREATE TRIGGER "analytics_client_moved" AFTER UPDATE OF "client_id" ON "appointments"
      FOR EACH ROW WHEN (OLD."client_id" IS DISTINCT FROM NEW."client_id")
      EXECUTE FUNCTION "analytics_client_moved"()`);
    await q.query(`CREATE FUNCTION "analytics_zone_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM "analytics_rebuild"(NEW."id");
        RETURN NULL;
      END
    $$`);
    await q.query(`CREATE TRIGGER "analytics_zone_changed" AFTER UPDATE OF "time_zone" ON "shops"
      FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone")
      EXECUTE FUNCTION "analytics_zone_changed"()`);

    await q.query(`SELECT "analytics_rebuild"("id") FROM "shops"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS "analytics_zone_changed" ON "shops"`);
    await q.query(`DROP TRIGGER IF EXISTS "analytics_client_moved" ON "appointments"`);
    for (const fn of [
      '"analytics_zone_changed"()',
      '"analytics_client_moved"()',
      '"analytics_rebuild"(uuid)',
      '"analytics_recompute_clients"(uuid, uuid[])',
      '"analytics_recompute_days"(uuid, date[])',
      '"analytics_visit_facts"(uuid, text, uuid[])',
      '"analytics_roll_up"(uuid, text, timestamptz, timestamptz)',
    ]) {
      await q.query(`DROP FUNCTION IF EXISTS ${fn}`);
    }
    await q.query('DROP TABLE "analytics_client_visits"');
    await q.query('DROP INDEX "IDX_analytics_day_rollups_read"');
    await q.query(`DELETE FROM "analytics_day_rollups" WHERE "grain" = 'day'`);
    await q.query(`ALTER TABLE "analytics_day_rollups" DROP CONSTRAINT "analytics_day_rollups_grain_check"`);
    await q.query(`ALTER TABLE "analytics_day_rollups" ADD CONSTRAINT "analytics_day_rollups_grain_check"
      CHECK ("grain" IN ('hour', 'barber', 'service'))`);
  }
}
