import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26 (decision 0183): the barber's own side.
 * - What barbers may do: the shop's defaults (`barber_permissions`, the keys absent take the product's defaults)
 *   and a per-barber override (`barbers.permissions`, only the keys the owner set).
 * - The barber's profile: Instagram handle and e-mail notification choices.
 * - Portfolio images (stored files under `storage_key`, three sizes in two formats).
 * - Calendar feed tokens, stored as sha256 of a 256-bit token: a barber's own chair or (barber_id null) the shop.
 */
export class BarberDay1795500000000 implements MigrationInterface {
  name = 'BarberDay1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "shops" ADD COLUMN "barber_permissions" jsonb NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE "barbers" ADD COLUMN "permissions" jsonb NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE "barbers" ADD COLUMN "instagram_handle" varchar(30) NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE "barbers" ADD COLUMN "notify_email" jsonb NOT NULL DEFAULT '{}'`);
    await q.query(`CREATE TABLE "portfolio_images" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
      "barber_id" uuid NOT NULL REFERENCES "barbers"("id") ON DELETE CASCADE,
      "storage_key" varchar(200) NOT NULL,
      "caption" varchar(200) NOT NULL DEFAULT '',
      "position" integer NOT NULL DEFAULT 0,
      "width" integer NOT NULL,
      "height" integer NOT NULL,
      "hidden" boolean NOT NULL DEFAULT false,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "IDX_portfolio_images_barber" ON "portfolio_images" ("barber_id", "position")`);
    await q.query(`CREATE TABLE "calendar_feeds" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
      "barber_id" uuid REFERENCES "barbers"("id") ON DELETE CASCADE,
      "user_id" uuid NOT NULL,
      "token_hash" varchar(64) NOT NULL UNIQUE,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    // One live feed per person and scope: replacing the token deletes the old row.
    await q.query(
      `CREATE UNIQUE INDEX "UQ_calendar_feeds_scope" ON "calendar_feeds" ("shop_id", "user_id", COALESCE("barber_id", '00000000-0000-0000-0000-000000000000'::uuid))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "calendar_feeds"`);
    await q.query(`DROP TABLE "portfolio_images"`);
    await q.query(`ALTER TABLE "barbers" DROP COLUMN "notify_email"`);
    await q.query(`ALTER TABLE "barbers" DROP COLUMN "instagram_handle"`);
    await q.query(`ALTER TABLE "barbers" DROP COLUMN "permissions"`);
    await q.query(`ALTER TABLE "shops" DROP COLUMN "barber_permissions"`);
  }
}
