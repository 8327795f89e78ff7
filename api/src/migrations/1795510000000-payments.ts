import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27 (decision 0184): shops get paid through their own Stripe account (Connect, Express, direct charges).
 * - payment_accounts: the shop's connected account and what Stripe still asks for.
 * - payment_policies: the owner's policy, one row per shop (service_id null) and one per service that overrides it.
 * - payment_checkouts: a booking waiting on Stripe Checkout, with its slot hold (slot_holds) and the policy in words;
 *   it becomes an appointment once, when Stripe's signed webhook says it was paid (or the card saved). No client
 *   details are copied here: the client's record (client_id) holds them until the booking is made.
 * - appointment_payment_terms: per appointment, the policy that applies, its wording and when the client accepted
 *   it, the Stripe customer and saved card, and the no-show decision (who, when).
 * - appointment_payments: every charge of an appointment (deposit, prepayment, fees, and the balance at the chair),
 *   by card through Stripe or recorded by hand; refunds and disputes hang off them.
 * - payment_webhook_events: each Connect event id once (a redelivery does nothing).
 */
export class Payments1795510000000 implements MigrationInterface {
  name = 'Payments1795510000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "payment_accounts" (
      "shop_id" uuid PRIMARY KEY REFERENCES "shops"("id") ON DELETE CASCADE,
      "stripe_account_id" varchar(100) NOT NULL UNIQUE,
      "details_submitted" boolean NOT NULL DEFAULT false,
      "charges_enabled" boolean NOT NULL DEFAULT false,
      "payouts_enabled" boolean NOT NULL DEFAULT false,
      "requirements" varchar(100)[] NOT NULL DEFAULT '{}',
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE "payment_policies" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
      "service_id" uuid REFERENCES "services"("id") ON DELETE CASCADE,
      "mode" varchar(20) NOT NULL,
      "deposit" jsonb,
      "cancellation_window_hours" integer NOT NULL DEFAULT 24,
      "late_cancel_fee" jsonb,
      "no_show_fee" jsonb,
      "updated_by" uuid,
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "CHK_payment_policies_mode" CHECK ("mode" IN ('none', 'deposit', 'prepay', 'card_on_file')),
      CONSTRAINT "CHK_payment_policies_window" CHECK ("cancellation_window_hours" BETWEEN 0 AND 168)
    )`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_payment_policies_shop" ON "payment_policies" ("shop_id") WHERE "service_id" IS NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_payment_policies_service" ON "payment_policies" ("service_id") WHERE "service_id" IS NOT NULL`,
    );
    await q.query(`CREATE TABLE "payment_checkouts" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
      "hold_id" uuid REFERENCES "slot_holds"("id") ON DELETE SET NULL,
      "client_id" uuid REFERENCES "clients"("id") ON DELETE SET NULL,
      "barber_id" uuid NOT NULL REFERENCES "barbers"("id") ON DELETE CASCADE,
      "service_ids" uuid[] NOT NULL,
      "starts_at" timestamptz NOT NULL,
      "reminders" jsonb NOT NULL DEFAULT '{}',
      "stripe_account_id" varchar(100) NOT NULL,
      "checkout_session_id" varchar(200) UNIQUE,
      "mode" varchar(20) NOT NULL,
      "kind" varchar(20) NOT NULL,
      "amount" numeric(10,2) NOT NULL DEFAULT 0,
      "currency" char(3) NOT NULL,
      "policy" jsonb NOT NULL,
      "policy_text" text NOT NULL,
      "manage_token_hash" varchar(64) NOT NULL UNIQUE,
      "manage_token" varchar(64),
      "status" varchar(20) NOT NULL DEFAULT 'open',
      "appointment_id" uuid REFERENCES "appointments"("id") ON DELETE SET NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "completed_at" timestamptz,
      CONSTRAINT "CHK_payment_checkouts_mode" CHECK ("mode" IN ('payment', 'setup')),
      CONSTRAINT "CHK_payment_checkouts_status" CHECK ("status" IN ('open', 'completed', 'expired', 'refunded'))
    )`);
    await q.query(`CREATE INDEX "IDX_payment_checkouts_shop" ON "payment_checkouts" ("shop_id", "created_at")`);
    await q.query(`CREATE TABLE "appointment_payment_terms" (
      "appointment_id" uuid PRIMARY KEY REFERENCES "appointments"("id") ON DELETE CASCADE,
      "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
      "checkout_id" uuid REFERENCES "payment_checkouts"("id") ON DELETE SET NULL,
      "policy" jsonb NOT NULL,
      "policy_text" text NOT NULL,
      "accepted_at" timestamptz NOT NULL,
      "stripe_account_id" varchar(100) NOT NULL,
      "stripe_customer_id" varchar(100),
      "stripe_payment_method_id" varchar(100),
      "no_show_decision" varchar(10),
      "no_show_decided_by" uuid,
      "no_show_decided_at" timestamptz,
      "late_cancel_applied_at" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "CHK_appointment_payment_terms_decision" CHECK ("no_show_decision" IN ('charged', 'waived'))
    )`);
    await q.query(`CREATE TABLE "appointment_payments" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
      "appointment_id" uuid REFERENCES "appointments"("id") ON DELETE SET NULL,
      "checkout_id" uuid REFERENCES "payment_checkouts"("id") ON DELETE SET NULL,
      "barber_id" uuid REFERENCES "barbers"("id") ON DELETE SET NULL,
      "kind" varchar(20) NOT NULL,
      "method" varchar(20) NOT NULL DEFAULT 'card',
      "status" varchar(20) NOT NULL,
      "amount" numeric(10,2) NOT NULL,
      "tip_amount" numeric(10,2) NOT NULL DEFAULT 0,
      "refunded_amount" numeric(10,2) NOT NULL DEFAULT 0,
      "application_fee_amount" numeric(10,2) NOT NULL DEFAULT 0,
      "currency" char(3) NOT NULL,
      "stripe_account_id" varchar(100),
      "stripe_payment_intent_id" varchar(200) UNIQUE,
      "stripe_charge_id" varchar(200),
      "failure_code" varchar(100),
      "failure_message" varchar(500),
      "action_url" varchar(2000),
      "created_by" uuid,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "CHK_appointment_payments_kind"
        CHECK ("kind" IN ('deposit', 'prepay', 'late_cancel_fee', 'no_show_fee', 'balance')),
      CONSTRAINT "CHK_appointment_payments_status" CHECK ("status" IN
        ('pending', 'succeeded', 'requires_action', 'failed', 'refunded', 'partially_refunded', 'waived')),
      CONSTRAINT "CHK_appointment_payments_refund" CHECK ("refunded_amount" <= "amount" + "tip_amount")
    )`);
    await q.query(`CREATE INDEX "IDX_appointment_payments_appointment" ON "appointment_payments" ("appointment_id")`);
    await q.query(`CREATE INDEX "IDX_appointment_payments_shop" ON "appointment_payments" ("shop_id", "created_at")`);
    await q.query(`CREATE INDEX "IDX_appointment_payments_charge" ON "appointment_payments" ("stripe_charge_id")`);
    await q.query(`CREATE TABLE "payment_refunds" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
      "payment_id" uuid NOT NULL REFERENCES "appointment_payments"("id") ON DELETE CASCADE,
      "appointment_id" uuid REFERENCES "appointments"("id") ON DELETE SET NULL,
      "amount" numeric(10,2) NOT NULL,
      "reason" varchar(500) NOT NULL,
      "stripe_refund_id" varchar(200) UNIQUE,
      "status" varchar(20) NOT NULL DEFAULT 'succeeded',
      "created_by" uuid,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "CHK_payment_refunds_amount" CHECK ("amount" > 0)
    )`);
    await q.query(`CREATE INDEX "IDX_payment_refunds_shop" ON "payment_refunds" ("shop_id", "created_at")`);
    await q.query(`CREATE TABLE "payment_disputes" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
      "payment_id" uuid REFERENCES "appointment_payments"("id") ON DELETE SET NULL,
      "appointment_id" uuid REFERENCES "appointments"("id") ON DELETE SET NULL,
      "stripe_dispute_id" varchar(200) NOT NULL UNIQUE,
      "amount" numeric(10,2) NOT NULL,
      "currency" char(3) NOT NULL,
      "reason" varchar(100) NOT NULL DEFAULT '',
      "status" varchar(40) NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "IDX_payment_disputes_shop" ON "payment_disputes" ("shop_id", "created_at")`);
    await q.query(`CREATE TABLE "payment_webhook_events" (
      "id" varchar(200) PRIMARY KEY,
      "type" varchar(100) NOT NULL,
      "account" varchar(100),
      "created" bigint NOT NULL,
      "received_at" timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'payment_webhook_events',
      'payment_disputes',
      'payment_refunds',
      'appointment_payments',
      'appointment_payment_terms',
      'payment_checkouts',
      'payment_policies',
      'payment_accounts',
    ]) {
      await q.query(`DROP TABLE IF EXISTS "${table}"`);
    }
  }
}
