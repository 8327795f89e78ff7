import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The live calendar (issue 25 item 4, decision 0189) hears about every committed change to what a calendar shows
 * from the database itself: row triggers on appointments (any column: a confirmation or a note counts too), time
 * off and special days call `pg_notify('barberly_calendar', json)`. Postgres delivers it at commit to every api
 * process that listens, whichever process, worker or psql session made the change, so every write path (the
 * lifecycle's transitions included) is covered without a listener of its own.
 *
 *   {"s": shopId, "b": barberId | null, "k": "appointment" | "time_off" | "special_day", "id": rowId}
 *
 * b is null for a change of the whole shop (a shop-wide special day). An appointment moved to another chair is
 * announced for both chairs.
 */
export class CalendarLive1795550000000 implements MigrationInterface {
  name = 'CalendarLive1795550000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION "barberly_calendar_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        kind text := TG_ARGV[0];
        row_id uuid;
        new_barber uuid;
        old_barber uuid;
        shop uuid;
      BEGIN
        IF TG_OP <> 'DELETE' THEN row_id := NEW."id"; new_barber := NEW."barber_id"; END IF;
        IF TG_OP <> 'INSERT' THEN row_id := OLD."id"; old_barber := OLD."barber_id"; END IF;
        -- plpgsql resolves a row's fields when a statement first runs, so each table keeps to its own branch.
        IF kind = 'time_off' THEN
          SELECT "shop_id" INTO shop FROM "barbers" WHERE "id" = coalesce(new_barber, old_barber);
        ELSIF TG_OP = 'DELETE' THEN
          shop := OLD."shop_id";
        ELSE
          shop := NEW."shop_id";
        END IF;
        IF shop IS NULL THEN RETURN NULL; END IF;
        IF TG_OP <> 'DELETE' THEN
          PERFORM pg_notify('barberly_calendar',
            json_build_object('s', shop, 'b', new_barber, 'k', kind, 'id', row_id)::text);
        END IF;
        IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND old_barber IS DISTINCT FROM new_barber) THEN
          PERFORM pg_notify('barberly_calendar',
            json_build_object('s', shop, 'b', old_barber, 'k', kind, 'id', row_id)::text);
        END IF;
        RETURN NULL;
      END
      $$`);
    await q.query(`CREATE TRIGGER "calendar_changed" AFTER INSERT OR DELETE OR UPDATE ON "appointments"
      FOR EACH ROW EXECUTE FUNCTION "barberly_calendar_changed"('appointment')`);
    await q.query(`CREATE TRIGGER "calendar_changed" AFTER INSERT OR DELETE OR UPDATE ON "barber_time_off"
      FOR EACH ROW EXECUTE FUNCTION "barberly_calendar_changed"('time_off')`);
    await q.query(`CREATE TRIGGER "calendar_changed" AFTER INSERT OR DELETE OR UPDATE ON "special_days"
      FOR EACH ROW EXECUTE FUNCTION "barberly_calendar_changed"('special_day')`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['appointments', 'barber_time_off', 'special_days']) {
      await q.query(`DROP TRIGGER IF EXISTS "calendar_changed" ON "${table}"`);
    }
    await q.query(`DROP FUNCTION IF EXISTS "barberly_calendar_changed"()`);
  }
}
