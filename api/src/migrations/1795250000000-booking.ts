import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Booking (issue #7): shop booking settings and join codes, barber hours/time off/user link, appointments whose
 * overlap per barber the database itself refuses (exclusion constraint over a tstzrange, btree_gist for the
 * uuid equality), idempotency keys of public bookings, and the record of booking mails sent.
 */
export class Booking1795250000000 implements MigrationInterface {
  name = 'Booking1795250000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE EXTENSION IF NOT EXISTS btree_gist');
    await q.query(`
      ALTER TABLE "shops"
        ADD COLUMN "time_zone" varchar(64) NOT NULL DEFAULT 'UTC',
        ADD COLUMN "min_notice_minutes" integer NOT NULL DEFAULT 60,
        ADD COLUMN "cancellation_cutoff_minutes" integer NOT NULL DEFAULT 120,
        ADD COLUMN "reminder_lead_minutes" integer NOT NULL DEFAULT 1440,
        ADD COLUMN "booking_horizon_days" integer NOT NULL DEFAULT 60,
        ADD COLUMN "join_code" varchar(8),
        ADD CONSTRAINT "CHK_shops_booking_settings" CHECK (
          "min_notice_minutes" >= 0 AND "cancellation_cutoff_minutes" >= 0 AND "reminder_lead_minutes" >= 0
          AND "booking_horizon_days" >= 1)`);
    await q.query(`CREATE UNIQUE INDEX "UQ_shops_join_code" ON "shops" ("join_code") WHERE "join_code" IS NOT NULL`);

    await q.query(`
      ALTER TABLE "barbers"
        ADD COLUMN "hours_json" jsonb,
        ADD COLUMN "email" varchar(320),
        ADD COLUMN "user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_barbers_shop_user" ON "barbers" ("shop_id", "user_id") WHERE "user_id" IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "IDX_barbers_user" ON "barbers" ("user_id") WHERE "user_id" IS NOT NULL`);

    await q.query(`
      CREATE TABLE "barber_time_off" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "barber_id" uuid NOT NULL REFERENCES "barbers"("id") ON DELETE CASCADE,
        "starts_at" timestamptz NOT NULL,
        "ends_at" timestamptz NOT NULL,
        "reason" varchar(200) NOT NULL DEFAULT '',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_barber_time_off_order" CHECK ("ends_at" > "starts_at")
      )`);
    await q.query(`CREATE INDEX "IDX_barber_time_off_barber" ON "barber_time_off" ("barber_id", "starts_at")`);

    await q.query(`
      CREATE TABLE "appointments" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "barber_id" uuid NOT NULL REFERENCES "barbers"("id") ON DELETE CASCADE,
        "service_id" uuid REFERENCES "services"("id") ON DELETE SET NULL,
        "service_name" varchar(200) NOT NULL,
        "service_duration_minutes" integer NOT NULL,
        "service_price" numeric(10,2) NOT NULL,
        "starts_at" timestamptz NOT NULL,
        "ends_at" timestamptz NOT NULL,
        "status" varchar(20) NOT NULL DEFAULT 'confirmed',
        "source" varchar(20) NOT NULL DEFAULT 'online',
        "client_name" varchar(200) NOT NULL,
        "client_email" varchar(320) NOT NULL DEFAULT '',
        "client_phone" varchar(50) NOT NULL DEFAULT '',
        "note" text NOT NULL DEFAULT '',
        "manage_token_hash" varchar(64),
        "version" integer NOT NULL DEFAULT 1,
        "cancelled_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_appointments_order" CHECK ("ends_at" > "starts_at"),
        CONSTRAINT "CHK_appointments_status" CHECK ("status" IN ('confirmed', 'cancelled', 'completed', 'no_show')),
        CONSTRAINT "CHK_appointments_source" CHECK ("source" IN ('online', 'walk_in')),
        CONSTRAINT "EXCL_appointments_barber_overlap" EXCLUDE USING gist (
          "barber_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&
        ) WHERE ("status" IN ('confirmed', 'completed', 'no_show'))
      )`);
    await q.query(`CREATE INDEX "IDX_appointments_shop_start" ON "appointments" ("shop_id", "starts_at")`);
    await q.query(`CREATE INDEX "IDX_appointments_barber_start" ON "appointments" ("barber_id", "starts_at")`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_appointments_manage_token" ON "appointments" ("manage_token_hash") WHERE "manage_token_hash" IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE "booking_idempotency_keys" (
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "key" varchar(200) NOT NULL,
        "request_hash" varchar(64) NOT NULL,
        "appointment_id" uuid REFERENCES "appointments"("id") ON DELETE CASCADE,
        "response" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("shop_id", "key")
      )`);
    await q.query(`CREATE INDEX "IDX_booking_idempotency_created" ON "booking_idempotency_keys" ("created_at")`);

    await q.query(`
      CREATE TABLE "booking_mails_sent" (
        "appointment_id" uuid NOT NULL REFERENCES "appointments"("id") ON DELETE CASCADE,
        "kind" varchar(30) NOT NULL,
        "version" integer NOT NULL,
        "sent_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("appointment_id", "kind", "version")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "booking_mails_sent"');
    await q.query('DROP TABLE "booking_idempotency_keys"');
    await q.query('DROP TABLE "appointments"');
    await q.query('DROP TABLE "barber_time_off"');
    await q.query('DROP INDEX "UQ_barbers_shop_user"');
    await q.query('DROP INDEX "IDX_barbers_user"');
    await q.query('ALTER TABLE "barbers" DROP COLUMN "hours_json", DROP COLUMN "email", DROP COLUMN "user_id"');
    await q.query('DROP INDEX "UQ_shops_join_code"');
    await q.query(`
      ALTER TABLE "shops" DROP CONSTRAINT "CHK_shops_booking_settings",
        DROP COLUMN "time_zone", DROP COLUMN "min_notice_minutes", DROP COLUMN "cancellation_cutoff_minutes",
        DROP COLUMN "reminder_lead_minutes", DROP COLUMN "booking_horizon_days", DROP COLUMN "join_code"`);
  }
}
