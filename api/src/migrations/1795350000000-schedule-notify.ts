import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Availability's cache (issue 12, decision 0060) hears about every committed write that changes a shop's free times
 * from the database itself: row triggers on the tables availability reads call `pg_notify('barberly_schedule', ...)`
 * and Postgres delivers it at commit, in commit order, to every api process that listens, whichever process (or psql
 * session) made the change.
 *
 *   '{shopId}:shop'                                   the shop's hours, zone and rules, its services or its barbers
 *                                                     changed: everything cached for the shop goes
 *   '{shopId}:day:{a|o}:{rowId}:{barberId},{startMs},{endMs},{status}'
 *   '{shopId}:day:{a|o}:{rowId}:'                     an appointment (a) or time off (o) is now this, or is gone:
 *                                                     the cache sets or removes that row in the days it holds, so a
 *                                                     booking costs the readers no query
 *
 * A new table that availability reads needs a trigger like these.
 */
export class ScheduleNotify1795350000000 implements MigrationInterface {
  name = 'ScheduleNotify1795350000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION "barberly_schedule_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- plpgsql resolves a row's fields when a statement first runs, so each table keeps to its own branch.
        IF TG_TABLE_NAME = 'shops' THEN
          IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('barberly_schedule', NEW."id"::text || ':shop'); END IF;
          IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('barberly_schedule', OLD."id"::text || ':shop'); END IF;
        ELSE
          IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('barberly_schedule', NEW."shop_id"::text || ':shop'); END IF;
          IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('barberly_schedule', OLD."shop_id"::text || ':shop'); END IF;
        END IF;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE FUNCTION "barberly_busy_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        kind text := TG_ARGV[0];
        row_id uuid;
        barber uuid;
        shop uuid;
        state text := '';
      BEGIN
        IF TG_OP = 'DELETE' THEN
          row_id := OLD."id";
          barber := OLD."barber_id";
        ELSE
          row_id := NEW."id";
          barber := NEW."barber_id";
          state := NEW."barber_id"::text
            || ',' || floor(extract(epoch FROM NEW."starts_at") * 1000)::bigint::text
            || ',' || floor(extract(epoch FROM NEW."ends_at") * 1000)::bigint::text;
          -- Only appointments have a status (plpgsql resolves NEW's fields per statement, when it first runs).
          IF kind = 'a' THEN state := state || ',' || NEW."status"; ELSE state := state || ',off'; END IF;
        END IF;
        SELECT "shop_id" INTO shop FROM "barbers" WHERE "id" = barber;
        IF shop IS NOT NULL THEN
          PERFORM pg_notify('barberly_schedule', shop::text || ':day:' || kind || ':' || row_id::text || ':' || state);
        END IF;
        RETURN NULL;
      END
      $$`);
    // Appointments only when what availability reads changes (not notes or manage tokens).
    await q.query(`CREATE TRIGGER "schedule_changed"
      AFTER INSERT OR DELETE OR UPDATE OF "starts_at", "ends_at", "status", "barber_id" ON "appointments"
      FOR EACH ROW EXECUTE FUNCTION "barberly_busy_changed"('a')`);
    await q.query(`CREATE TRIGGER "schedule_changed" AFTER INSERT OR DELETE OR UPDATE ON "barber_time_off"
      FOR EACH ROW EXECUTE FUNCTION "barberly_busy_changed"('o')`);
    for (const table of ['barbers', 'services', 'shops']) {
      await q.query(`CREATE TRIGGER "schedule_changed" AFTER INSERT OR DELETE OR UPDATE ON "${table}"
        FOR EACH ROW EXECUTE FUNCTION "barberly_schedule_changed"()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['appointments', 'barber_time_off', 'barbers', 'services', 'shops']) {
      await q.query(`DROP TRIGGER IF EXISTS "schedule_changed" ON "${table}"`);
    }
    await q.query(`DROP FUNCTION IF EXISTS "barberly_schedule_changed"()`);
    await q.query(`DROP FUNCTION IF EXISTS "barberly_busy_changed"()`);
  }
}
