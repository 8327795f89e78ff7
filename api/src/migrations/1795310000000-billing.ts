import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plans and billing (issue 17): each shop's plan and subscription state as Stripe last told us (Stripe is the truth;
 * the nightly reconcile corrects drift), and every Stripe event applied, so a redelivered one is applied once.
 */
export class Billing1795310000000 implements MigrationInterface {
  name = 'Billing1795310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "shop_billing" (
        "shop_id" uuid PRIMARY KEY REFERENCES "shops"("id") ON DELETE CASCADE,
        "plan" varchar(20),
        "status" varchar(20) NOT NULL,
        "trial_ends_at" timestamptz,
        "stripe_customer_id" varchar(255),
        "stripe_subscription_id" varchar(255),
        "stripe_state_at" bigint NOT NULL DEFAULT 0,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_shop_billing_customer" ON "shop_billing" ("stripe_customer_id") WHERE "stripe_customer_id" IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE "stripe_events" (
        "id" varchar(255) PRIMARY KEY,
        "type" varchar(100) NOT NULL,
        "created" bigint NOT NULL,
        "received_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "stripe_events"');
    await q.query('DROP TABLE "shop_billing"');
  }
}
