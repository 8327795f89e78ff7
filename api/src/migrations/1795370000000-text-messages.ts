import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Text reminders (issue 15): the shop's messaging settings, each appointment's reminder channel with the client's
 * consent (its time and wording), every text in or out (an outgoing appointment text at most once per kind and
 * version: the claim that makes a retried or restarted job send nothing twice), and numbers that opted out per shop.
 */
export class TextMessages1795370000000 implements MigrationInterface {
  name = 'TextMessages1795370000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "shops"
        ADD COLUMN "sms_enabled" boolean NOT NULL DEFAULT false,
        ADD COLUMN "whatsapp_enabled" boolean NOT NULL DEFAULT false,
        ADD COLUMN "second_reminder_minutes" integer NOT NULL DEFAULT 0,
        ADD COLUMN "quiet_start" varchar(5) NOT NULL DEFAULT '21:00',
        ADD COLUMN "quiet_end" varchar(5) NOT NULL DEFAULT '08:00',
        ADD COLUMN "text_templates" jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await q.query(`
      ALTER TABLE "appointments"
        ADD COLUMN "reminder_channel" varchar(10) NOT NULL DEFAULT 'email',
        ADD COLUMN "reminder_consent_at" timestamptz,
        ADD COLUMN "reminder_consent_text" text,
        ADD COLUMN "client_phone_e164" varchar(20),
        ADD COLUMN "client_confirmed_at" timestamptz`);
    await q.query(`
      CREATE TABLE "text_messages" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "appointment_id" uuid REFERENCES "appointments"("id") ON DELETE SET NULL,
        "direction" varchar(3) NOT NULL CHECK ("direction" IN ('in', 'out')),
        "channel" varchar(10) NOT NULL CHECK ("channel" IN ('sms', 'whatsapp')),
        "kind" varchar(20) NOT NULL,
        "version" integer,
        "phone" varchar(20) NOT NULL,
        "body" text NOT NULL,
        "status" varchar(12) NOT NULL,
        "provider_sid" varchar(64),
        "error" text,
        "job" jsonb,
        "fell_back_at" timestamptz,
        "read_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_text_messages_once" ON "text_messages" ("appointment_id", "kind", "version")
       WHERE "direction" = 'out' AND "appointment_id" IS NOT NULL AND "version" IS NOT NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_text_messages_sid" ON "text_messages" ("provider_sid") WHERE "provider_sid" IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "IDX_text_messages_shop" ON "text_messages" ("shop_id", "created_at" DESC)`);
    await q.query(`CREATE INDEX "IDX_text_messages_phone" ON "text_messages" ("phone", "created_at" DESC)`);
    await q.query(`
      CREATE TABLE "text_opt_outs" (
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "phone" varchar(20) NOT NULL,
        "opted_out_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("shop_id", "phone")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "text_opt_outs"');
    await q.query('DROP TABLE "text_messages"');
    await q.query(`ALTER TABLE "appointments" DROP COLUMN "reminder_channel", DROP COLUMN "reminder_consent_at",
      DROP COLUMN "reminder_consent_text", DROP COLUMN "client_phone_e164", DROP COLUMN "client_confirmed_at"`);
    await q.query(`ALTER TABLE "shops" DROP COLUMN "sms_enabled", DROP COLUMN "whatsapp_enabled",
      DROP COLUMN "second_reminder_minutes", DROP COLUMN "quiet_start", DROP COLUMN "quiet_end", DROP COLUMN "text_templates"`);
  }
}
