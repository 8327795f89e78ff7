import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Booking the way barbershops book (issue 14, decision 0160):
 *   - who does what: a barber offers every service (offers_all_services) or only those listed in barber_services,
 *     whose rows may also carry the barber's own duration and price for a service;
 *   - buffers: a service's cleanup minutes after it; an appointment keeps its buffer and blocks its barber until
 *     blocked_until (= ends_at + buffer, kept by a trigger), and the no-overlap constraint covers that range;
 *   - several services in one visit: appointment_items, one row per service as booked (every existing appointment
 *     gets its one item);
 *   - recurring series: appointment_series, its occurrences are real appointments (series_id, series_occurrence:
 *     the local date the rule gave), collisions kept in series_collisions until the owner or client resolves them;
 *   - waitlist: waitlist_entries, and slot_holds that keep a freed slot for the first in line for 15 minutes (the
 *     booking code takes a per-barber advisory lock and refuses a range an active hold covers).
 * Availability's cache hears about barber_services and slot_holds like the tables it already reads.
 */
export class VisitsSeriesWaitlist1795390000000 implements MigrationInterface {
  name = 'VisitsSeriesWaitlist1795390000000';

  async up(q: QueryRunner): Promise<void> {
    // Who does what.
    await q.query(`
      ALTER TABLE "services"
        ADD COLUMN "buffer_minutes" integer NOT NULL DEFAULT 0,
        ADD CONSTRAINT "CHK_services_buffer" CHECK ("buffer_minutes" BETWEEN 0 AND 120)`);
    await q.query(`ALTER TABLE "barbers" ADD COLUMN "offers_all_services" boolean NOT NULL DEFAULT true`);
    await q.query(`
      CREATE TABLE "barber_services" (
        "barber_id" uuid NOT NULL REFERENCES "barbers"("id") ON DELETE CASCADE,
        "service_id" uuid NOT NULL REFERENCES "services"("id") ON DELETE CASCADE,
        "duration_minutes" integer,
        "price" numeric(10,2),
        PRIMARY KEY ("barber_id", "service_id"),
        CONSTRAINT "CHK_barber_services_duration" CHECK ("duration_minutes" IS NULL OR "duration_minutes" BETWEEN 5 AND 480),
        CONSTRAINT "CHK_barber_services_price" CHECK ("price" IS NULL OR "price" >= 0)
      )`);
    await q.query(`CREATE INDEX "IDX_barber_services_service" ON "barber_services" ("service_id")`);
    await q.query(`
      ALTER TABLE "shops"
        ADD COLUMN "clients_may_repeat" boolean NOT NULL DEFAULT false,
        ADD COLUMN "waitlist_enabled" boolean NOT NULL DEFAULT true`);

    // Buffers, covered by the no-overlap constraint.
    await q.query(`
      ALTER TABLE "appointments"
        ADD COLUMN "buffer_minutes" integer NOT NULL DEFAULT 0,
        ADD COLUMN "blocked_until" timestamptz`);
    await q.query(`UPDATE "appointments" SET "blocked_until" = "ends_at"`);
    await q.query(`
      CREATE FUNCTION "barberly_blocked_until"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."blocked_until" := NEW."ends_at" + make_interval(mins => NEW."buffer_minutes");
        RETURN NEW;
      END
      $$`);
    await q.query(`CREATE TRIGGER "blocked_until" BEFORE INSERT OR UPDATE OF "ends_at", "buffer_minutes" ON "appointments"
      FOR EACH ROW EXECUTE FUNCTION "barberly_blocked_until"()`);
    await q.query(`
      ALTER TABLE "appointments"
        ALTER COLUMN "blocked_until" SET NOT NULL,
        ADD CONSTRAINT "CHK_appointments_buffer" CHECK ("buffer_minutes" BETWEEN 0 AND 120),
        DROP CONSTRAINT "EXCL_appointments_barber_overlap",
        ADD CONSTRAINT "EXCL_appointments_barber_overlap" EXCLUDE USING gist (
          "barber_id" WITH =, tstzrange("starts_at", "blocked_until") WITH &&
        ) WHERE ("status" IN ('confirmed', 'completed', 'no_show'))`);

    // Several services in one visit.
    await q.query(`
      CREATE TABLE "appointment_items" (
        "appointment_id" uuid NOT NULL REFERENCES "appointments"("id") ON DELETE CASCADE,
        "position" smallint NOT NULL,
        "service_id" uuid REFERENCES "services"("id") ON DELETE SET NULL,
        "service_name" varchar(200) NOT NULL,
        "duration_minutes" integer NOT NULL,
        "price" numeric(10,2) NOT NULL,
        "buffer_minutes" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("appointment_id", "position")
      )`);
    await q.query(`
      INSERT INTO "appointment_items" ("appointment_id", "position", "service_id", "service_name", "duration_minutes", "price")
      SELECT "id", 0, "service_id", "service_name", "service_duration_minutes", "service_price" FROM "appointments"`);

    // Recurring series.
    await q.query(`
      CREATE TABLE "appointment_series" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "barber_id" uuid NOT NULL REFERENCES "barbers"("id") ON DELETE CASCADE,
        "service_ids" uuid[] NOT NULL,
        "client_id" uuid REFERENCES "clients"("id") ON DELETE SET NULL,
        "client_name" varchar(200) NOT NULL,
        "client_email" varchar(320) NOT NULL DEFAULT '',
        "client_phone" varchar(50) NOT NULL DEFAULT '',
        "interval_weeks" smallint NOT NULL,
        "local_time" varchar(5) NOT NULL,
        "first_date" date NOT NULL,
        "until_date" date,
        "occurrences" smallint,
        "rrule" text NOT NULL,
        "created_by" varchar(10) NOT NULL,
        "manage_token_hash" varchar(64),
        "status" varchar(10) NOT NULL DEFAULT 'active',
        "extended_to" date NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_series_interval" CHECK ("interval_weeks" BETWEEN 1 AND 12),
        CONSTRAINT "CHK_series_end" CHECK ("until_date" IS NOT NULL OR "occurrences" IS NOT NULL),
        CONSTRAINT "CHK_series_created_by" CHECK ("created_by" IN ('owner', 'client')),
        CONSTRAINT "CHK_series_status" CHECK ("status" IN ('active', 'cancelled', 'ended'))
      )`);
    await q.query(`CREATE INDEX "IDX_series_shop" ON "appointment_series" ("shop_id", "status")`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_series_manage_token" ON "appointment_series" ("manage_token_hash") WHERE "manage_token_hash" IS NOT NULL`,
    );
    await q.query(`
      ALTER TABLE "appointments"
        ADD COLUMN "series_id" uuid REFERENCES "appointment_series"("id") ON DELETE SET NULL,
        ADD COLUMN "series_occurrence" date`);
    // One appointment per occurrence of a series, whatever became of it (a cancelled one is not made again).
    await q.query(`CREATE UNIQUE INDEX "UQ_appointments_series_occurrence" ON "appointments" ("series_id", "series_occurrence")
      WHERE "series_id" IS NOT NULL`);
    await q.query(`
      CREATE TABLE "series_collisions" (
        "series_id" uuid NOT NULL REFERENCES "appointment_series"("id") ON DELETE CASCADE,
        "occurrence_date" date NOT NULL,
        "wanted_start" timestamptz NOT NULL,
        "status" varchar(10) NOT NULL DEFAULT 'open',
        "appointment_id" uuid REFERENCES "appointments"("id") ON DELETE SET NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("series_id", "occurrence_date"),
        CONSTRAINT "CHK_series_collisions_status" CHECK ("status" IN ('open', 'resolved', 'dismissed'))
      )`);

    // Waitlist and holds.
    await q.query(`
      CREATE TABLE "waitlist_entries" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "date" date NOT NULL,
        "window_start" varchar(5) NOT NULL,
        "window_end" varchar(5) NOT NULL,
        "barber_id" uuid REFERENCES "barbers"("id") ON DELETE CASCADE,
        "service_ids" uuid[] NOT NULL,
        "client_id" uuid REFERENCES "clients"("id") ON DELETE SET NULL,
        "client_name" varchar(200) NOT NULL,
        "client_email" varchar(320) NOT NULL,
        "client_phone" varchar(50) NOT NULL DEFAULT '',
        "status" varchar(10) NOT NULL DEFAULT 'waiting',
        "manage_token_hash" varchar(64) NOT NULL,
        "appointment_id" uuid REFERENCES "appointments"("id") ON DELETE SET NULL,
        "created_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_waitlist_window" CHECK ("window_start" < "window_end"),
        CONSTRAINT "CHK_waitlist_status" CHECK ("status" IN ('waiting', 'offered', 'booked', 'expired', 'left'))
      )`);
    await q.query(
      `CREATE INDEX "IDX_waitlist_shop_date" ON "waitlist_entries" ("shop_id", "date", "status", "created_at")`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_waitlist_token" ON "waitlist_entries" ("manage_token_hash")`);
    await q.query(`
      CREATE TABLE "slot_holds" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "barber_id" uuid NOT NULL REFERENCES "barbers"("id") ON DELETE CASCADE,
        "service_ids" uuid[] NOT NULL,
        "starts_at" timestamptz NOT NULL,
        "ends_at" timestamptz NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "waitlist_entry_id" uuid REFERENCES "waitlist_entries"("id") ON DELETE CASCADE,
        "token_hash" varchar(64) NOT NULL,
        "status" varchar(10) NOT NULL DEFAULT 'active',
        "appointment_id" uuid REFERENCES "appointments"("id") ON DELETE SET NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_slot_holds_order" CHECK ("ends_at" > "starts_at"),
        CONSTRAINT "CHK_slot_holds_status" CHECK ("status" IN ('active', 'claimed', 'expired', 'released'))
      )`);
    await q.query(`CREATE UNIQUE INDEX "UQ_slot_holds_token" ON "slot_holds" ("token_hash")`);
    await q.query(
      `CREATE INDEX "IDX_slot_holds_barber_active" ON "slot_holds" ("barber_id", "starts_at") WHERE "status" = 'active'`,
    );

    // Availability's cache: appointments are busy until blocked_until; holds are busy while active and unexpired
    // ('{barber},{startMs},{endMs},held:{expiresMs}'); barber_services changes what a barber offers (shop scope).
    await q.query(`
      CREATE OR REPLACE FUNCTION "barberly_busy_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
          -- plpgsql resolves NEW's fields per statement, when it first runs: each table keeps to its own branch.
          IF kind = 'a' THEN
            state := NEW."barber_id"::text
              || ',' || floor(extract(epoch FROM NEW."starts_at") * 1000)::bigint::text
              || ',' || floor(extract(epoch FROM NEW."blocked_until") * 1000)::bigint::text
              || ',' || NEW."status";
          ELSIF kind = 'h' THEN
            IF NEW."status" = 'active' THEN
              state := NEW."barber_id"::text
                || ',' || floor(extract(epoch FROM NEW."starts_at") * 1000)::bigint::text
                || ',' || floor(extract(epoch FROM NEW."ends_at") * 1000)::bigint::text
                || ',held:' || floor(extract(epoch FROM NEW."expires_at") * 1000)::bigint::text;
            END IF;
          ELSE
            state := NEW."barber_id"::text
              || ',' || floor(extract(epoch FROM NEW."starts_at") * 1000)::bigint::text
              || ',' || floor(extract(epoch FROM NEW."ends_at") * 1000)::bigint::text
              || ',off';
          END IF;
        END IF;
        SELECT "shop_id" INTO shop FROM "barbers" WHERE "id" = barber;
        IF shop IS NOT NULL THEN
          PERFORM pg_notify('barberly_schedule', shop::text || ':day:' || kind || ':' || row_id::text || ':' || state);
        END IF;
        RETURN NULL;
      END
      $$`);
    await q.query(`DROP TRIGGER "schedule_changed" ON "appointments"`);
    await q.query(`CREATE TRIGGER "schedule_changed"
      AFTER INSERT OR DELETE OR UPDATE OF "starts_at", "ends_at", "blocked_until", "status", "barber_id" ON "appointments"
      FOR EACH ROW EXECUTE FUNCTION "barberly_busy_changed"('a')`);
    await q.query(`CREATE TRIGGER "schedule_changed" AFTER INSERT OR DELETE OR UPDATE ON "slot_holds"
      FOR EACH ROW EXECUTE FUNCTION "barberly_busy_changed"('h')`);
    await q.query(`
      CREATE FUNCTION "barberly_barber_services_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        shop uuid;
      BEGIN
        SELECT "shop_id" INTO shop FROM "barbers" WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."barber_id" ELSE NEW."barber_id" END;
        IF shop IS NOT NULL THEN PERFORM pg_notify('barberly_schedule', shop::text || ':shop'); END IF;
        RETURN NULL;
      END
      $$`);
    await q.query(`CREATE TRIGGER "schedule_changed" AFTER INSERT OR DELETE OR UPDATE ON "barber_services"
      FOR EACH ROW EXECUTE FUNCTION "barberly_barber_services_changed"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "schedule_changed" ON "barber_services"`);
    await q.query(`DROP FUNCTION "barberly_barber_services_changed"()`);
    await q.query(`DROP TRIGGER "schedule_changed" ON "slot_holds"`);
    await q.query(`DROP TABLE "slot_holds"`);
    await q.query(`DROP TABLE "waitlist_entries"`);
    await q.query(`DROP TABLE "series_collisions"`);
    await q.query(`DROP INDEX "UQ_appointments_series_occurrence"`);
    await q.query(`ALTER TABLE "appointments" DROP COLUMN "series_occurrence", DROP COLUMN "series_id"`);
    await q.query(`DROP TABLE "appointment_series"`);
    await q.query(`DROP TABLE "appointment_items"`);
    await q.query(`DROP TRIGGER "schedule_changed" ON "appointments"`);
    await q.query(`
      ALTER TABLE "appointments"
        DROP CONSTRAINT "EXCL_appointments_barber_overlap",
        ADD CONSTRAINT "EXCL_appointments_barber_overlap" EXCLUDE USING gist (
          "barber_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&
        ) WHERE ("status" IN ('confirmed', 'completed', 'no_show'))`);
    await q.query(`DROP TRIGGER "blocked_until" ON "appointments"`);
    await q.query(`DROP FUNCTION "barberly_blocked_until"()`);
    await q.query(
      `ALTER TABLE "appointments" DROP CONSTRAINT "CHK_appointments_buffer", DROP COLUMN "blocked_until", DROP COLUMN "buffer_minutes"`,
    );
    await q.query(`ALTER TABLE "shops" DROP COLUMN "waitlist_enabled", DROP COLUMN "clients_may_repeat"`);
    await q.query(`DROP TABLE "barber_services"`);
    await q.query(`ALTER TABLE "barbers" DROP COLUMN "offers_all_services"`);
    await q.query(`ALTER TABLE "services" DROP CONSTRAINT "CHK_services_buffer", DROP COLUMN "buffer_minutes"`);
    // The appointments trigger as migration 1795350000000 made it (its function is replaced back by hand there).
    await q.query(`CREATE TRIGGER "schedule_changed"
      AFTER INSERT OR DELETE OR UPDATE OF "starts_at", "ends_at", "status", "barber_id" ON "appointments"
      FOR EACH ROW EXECUTE FUNCTION "barberly_busy_changed"('a')`);
  }
}
