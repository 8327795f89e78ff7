import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27 items 5 and 6 (decision 0186): checkout at the chair and the money views.
 * - appointment_payments gains what a checkout at the chair records: the services charged (`items`, the shop's
 *   services' names and prices, edited at the chair), the Checkout Session behind a payment link or QR code and its
 *   address, and how the receipt went (email, text or none).
 * - barber_pay_settings: how the owner pays each barber: a commission percentage of the services they did, or booth
 *   rent, a fixed amount per week the barber owes the shop. No row: commission 0 % (the owner has not said).
 */
export class ChairCheckout1795520000000 implements MigrationInterface {
  name = 'ChairCheckout1795520000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "appointment_payments"
      ADD COLUMN "items" jsonb,
      ADD COLUMN "stripe_checkout_session_id" varchar(200) UNIQUE,
      ADD COLUMN "checkout_url" varchar(2000),
      ADD COLUMN "receipt_channel" varchar(10)`);
    await q.query(`CREATE TABLE "barber_pay_settings" (
      "barber_id" uuid PRIMARY KEY REFERENCES "barbers"("id") ON DELETE CASCADE,
      "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
      "kind" varchar(20) NOT NULL,
      "commission_percent" numeric(5,2),
      "booth_rent_weekly" numeric(10,2),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "CHK_barber_pay_settings_kind" CHECK ("kind" IN ('commission', 'booth_rent')),
      CONSTRAINT "CHK_barber_pay_settings_values" CHECK (
        ("kind" = 'commission' AND "commission_percent" BETWEEN 0 AND 100)
        OR ("kind" = 'booth_rent' AND "booth_rent_weekly" >= 0))
    )`);
    await q.query(`CREATE INDEX "IDX_barber_pay_settings_shop" ON "barber_pay_settings" ("shop_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "barber_pay_settings"`);
    await q.query(`ALTER TABLE "appointment_payments"
      DROP COLUMN IF EXISTS "items", DROP COLUMN IF EXISTS "stripe_checkout_session_id",
      DROP COLUMN IF EXISTS "checkout_url", DROP COLUMN IF EXISTS "receipt_channel"`);
  }
}
