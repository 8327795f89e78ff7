import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Clients and analytics (issue 13): a shop's currency, locale and clock; each appointment keeps the currency it was
 * booked in (price and duration it already kept); a shop's clients, one per person, linked from their appointments,
 * with private notes and tags. Existing appointments are matched to clients here by e-mail, then by phone.
 */
export class ClientsAnalytics1795380000000 implements MigrationInterface {
  name = 'ClientsAnalytics1795380000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "shops"
        ADD COLUMN "currency" char(3) NOT NULL DEFAULT 'USD',
        ADD COLUMN "locale" varchar(35) NOT NULL DEFAULT 'en-US',
        ADD COLUMN "clock" varchar(3) NOT NULL DEFAULT '12h',
        ADD CONSTRAINT "CHK_shops_clock" CHECK ("clock" IN ('12h', '24h'))`);

    await q.query(`
      CREATE TABLE "clients" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "name" varchar(200) NOT NULL DEFAULT '',
        "email" varchar(320),
        "phone" varchar(20),
        "tags" text[] NOT NULL DEFAULT '{}',
        "merged_into_id" uuid REFERENCES "clients"("id") ON DELETE SET NULL,
        "erased_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_clients_email_lower" CHECK ("email" IS NULL OR "email" = lower("email"))
      )`);
    // One live record per e-mail in a shop: two first bookings racing cannot make two of one person.
    await q.query(`
      CREATE UNIQUE INDEX "UQ_clients_shop_email" ON "clients" ("shop_id", "email")
      WHERE "email" IS NOT NULL AND "merged_into_id" IS NULL AND "erased_at" IS NULL`);
    // A phone may be shared (a family's): not unique.
    await q.query(`CREATE INDEX "IDX_clients_shop_phone" ON "clients" ("shop_id", "phone") WHERE "phone" IS NOT NULL`);
    await q.query(`CREATE INDEX "IDX_clients_shop_name" ON "clients" ("shop_id", lower("name"))`);

    await q.query(`
      CREATE TABLE "client_notes" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "client_id" uuid NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
        "author_user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
        "author_name" varchar(200) NOT NULL DEFAULT '',
        "body" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "IDX_client_notes_client" ON "client_notes" ("client_id", "created_at")`);

    await q.query(`
      ALTER TABLE "appointments"
        ADD COLUMN "currency" char(3) NOT NULL DEFAULT 'USD',
        ADD COLUMN "client_id" uuid REFERENCES "clients"("id") ON DELETE SET NULL`);
    await q.query(`UPDATE "appointments" a SET "currency" = s."currency" FROM "shops" s WHERE s."id" = a."shop_id"`);
    await q.query(
      `CREATE INDEX "IDX_appointments_client_start" ON "appointments" ("client_id", "starts_at") WHERE "client_id" IS NOT NULL`,
    );
    // Analytics read a shop's appointments by start with every column their figures use, so a period is read from
    // the index alone (an index-only scan): the appointments row is wide, and taking it apart for a few of its
    // columns cost more than the rest of the work (docs/benchmarks.md, issue 13).
    await q.query(
      `CREATE INDEX "IDX_appointments_shop_start_status" ON "appointments" ("shop_id", "starts_at") INCLUDE ("status", "source", "service_price", "currency", "client_id", "barber_id", "ends_at", "service_name")`,
    );
    // A client's kept appointments in order, for analytics' new/returning, retention and rebook and the client
    // list's figures: per client (a probe) or the shop's clients one after another (one ordered pass), index-only.
    await q.query(
      `CREATE INDEX "IDX_appointments_client_kept" ON "appointments" ("shop_id", "client_id", "starts_at", "id") INCLUDE ("status", "created_at", "ends_at", "service_price", "currency") WHERE "client_id" IS NOT NULL AND "status" IN ('confirmed', 'completed', 'no_show')`,
    );

    // Existing appointments: one client per e-mail, then per phone for those without one.
    await q.query(`
      INSERT INTO "clients" ("shop_id", "name", "email", "phone", "created_at")
      SELECT DISTINCT ON ("shop_id", lower("client_email"))
        "shop_id", "client_name", lower("client_email"), "client_phone_e164", "created_at"
      FROM "appointments" WHERE "client_email" <> ''
      ORDER BY "shop_id", lower("client_email"), "starts_at" DESC`);
    await q.query(`
      UPDATE "appointments" a SET "client_id" = c."id" FROM "clients" c
      WHERE a."client_email" <> '' AND c."shop_id" = a."shop_id" AND c."email" = lower(a."client_email")`);
    await q.query(`
      INSERT INTO "clients" ("shop_id", "name", "phone", "created_at")
      SELECT DISTINCT ON ("shop_id", "client_phone_e164") "shop_id", "client_name", "client_phone_e164", "created_at"
      FROM "appointments" a
      WHERE a."client_id" IS NULL AND a."client_phone_e164" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "clients" c WHERE c."shop_id" = a."shop_id" AND c."phone" = a."client_phone_e164")
      ORDER BY "shop_id", "client_phone_e164", "starts_at" DESC`);
    await q.query(`
      UPDATE "appointments" a SET "client_id" = (
        SELECT c."id" FROM "clients" c WHERE c."shop_id" = a."shop_id" AND c."phone" = a."client_phone_e164"
        ORDER BY c."created_at", c."id" LIMIT 1)
      WHERE a."client_id" IS NULL AND a."client_phone_e164" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "IDX_appointments_client_kept"');
    await q.query('DROP INDEX "IDX_appointments_shop_start_status"');
    await q.query('DROP INDEX "IDX_appointments_client_start"');
    await q.query('ALTER TABLE "appointments" DROP COLUMN "client_id", DROP COLUMN "currency"');
    await q.query('DROP TABLE "client_notes"');
    await q.query('DROP TABLE "clients"');
    await q.query(
      'ALTER TABLE "shops" DROP CONSTRAINT "CHK_shops_clock", DROP COLUMN "clock", DROP COLUMN "locale", DROP COLUMN "currency"',
    );
  }
}
