import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Availability's cache (issue 12) hears about every committed write that changes a shop's free times from the
 * database itself: row triggers on the tables availability reads send `NOTIFY barberly_schedule, '{shopId}:{scope}'`
 * and Postgres delivers it at commit, to every api process that listens, whichever process (or psql session) made
 * the change. Scope 'shop' (the shop's hours, zone and rules, its services, its barbers) drops everything cached
 * for the shop; scope 'day' (appointments, time off) drops its day schedules and answers. Postgres folds identical
 * notifications of one transaction into one. A new table that availability reads needs the same trigger.
 */
export class ScheduleNotify1795350000000 implements MigrationInterface {
  name = 'ScheduleNotify1795350000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION "barberly_schedule_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        scope text := TG_ARGV[0];
        row_new record;
        row_old record;
        shop uuid;
      BEGIN
        IF TG_OP <> 'DELETE' THEN row_new := NEW; END IF;
        IF TG_OP <> 'INSERT' THEN row_old := OLD; END IF;
        FOR i IN 1..2 LOOP
          shop := NULL;
          IF i = 1 AND TG_OP <> 'DELETE' THEN
            IF TG_TABLE_NAME = 'shops' THEN shop := row_new."id";
            ELSIF TG_TABLE_NAME = 'barber_time_off' THEN
              SELECT "shop_id" INTO shop FROM "barbers" WHERE "id" = row_new."barber_id";
            ELSE shop := row_new."shop_id";
            END IF;
          ELSIF i = 2 AND TG_OP <> 'INSERT' THEN
            IF TG_TABLE_NAME = 'shops' THEN shop := row_old."id";
            ELSIF TG_TABLE_NAME = 'barber_time_off' THEN
              SELECT "shop_id" INTO shop FROM "barbers" WHERE "id" = row_old."barber_id";
            ELSE shop := row_old."shop_id";
            END IF;
          END IF;
          IF shop IS NOT NULL THEN
            PERFORM pg_notify('barberly_schedule', shop::text || ':' || scope);
          END IF;
        END LOOP;
        RETURN NULL;
      END
      $$`);
    // Appointments only when what availability reads changes (not notes or manage tokens).
    const triggers: Array<[table: string, events: string, scope: 'day' | 'shop']> = [
      ['appointments', 'INSERT OR DELETE OR UPDATE OF "starts_at", "ends_at", "status", "barber_id", "shop_id"', 'day'],
      ['barber_time_off', 'INSERT OR DELETE OR UPDATE', 'day'],
      ['barbers', 'INSERT OR DELETE OR UPDATE', 'shop'],
      ['services', 'INSERT OR DELETE OR UPDATE', 'shop'],
      ['shops', 'INSERT OR DELETE OR UPDATE', 'shop'],
    ];
    for (const [table, events, scope] of triggers) {
      await q.query(
        `CREATE TRIGGER "schedule_changed" AFTER ${events} ON "${table}" FOR EACH ROW EXECUTE FUNCTION "barberly_schedule_changed"('${scope}')`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['appointments', 'barber_time_off', 'barbers', 'services', 'shops']) {
      await q.query(`DROP TRIGGER IF EXISTS "schedule_changed" ON "${table}"`);
    }
    await q.query(`DROP FUNCTION IF EXISTS "barberly_schedule_changed"()`);
  }
}
