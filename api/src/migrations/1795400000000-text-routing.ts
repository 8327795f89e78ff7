import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Texts reach the shop the client was talking to, and cannot be pumped (issue 23, decision 0170):
 * - a shop's own sender (a number or a Messaging Service, set by the operator or bought from Twilio) and the
 *   countries it texts (null: its own country);
 * - opt-outs of a shared sender (STOP there blocks every shop on it, as the carrier does);
 * - replies held while the client is asked which shop they meant, and the answer;
 * - texts of the platform itself (the "which shop?" question, a shared STOP's confirmation) belong to no shop.
 */
export class TextRouting1795400000000 implements MigrationInterface {
  name = 'TextRouting1795400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "shops"
        ADD COLUMN "text_from" varchar(20),
        ADD COLUMN "text_messaging_service_sid" varchar(34),
        ADD COLUMN "text_number_sid" varchar(34),
        ADD COLUMN "text_countries" varchar(2)[]`);
    await q.query(`CREATE UNIQUE INDEX "UQ_shops_text_from" ON "shops" ("text_from") WHERE "text_from" IS NOT NULL`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_shops_text_service" ON "shops" ("text_messaging_service_sid")
       WHERE "text_messaging_service_sid" IS NOT NULL`,
    );
    await q.query('ALTER TABLE "text_messages" ALTER COLUMN "shop_id" DROP NOT NULL');
    await q.query(`
      CREATE TABLE "text_sender_opt_outs" (
        "channel" varchar(10) NOT NULL CHECK ("channel" IN ('sms', 'whatsapp')),
        "phone" varchar(20) NOT NULL,
        "opted_out_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("channel", "phone")
      )`);
    await q.query(`
      CREATE TABLE "text_held_replies" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "phone" varchar(20) NOT NULL,
        "channel" varchar(10) NOT NULL CHECK ("channel" IN ('sms', 'whatsapp')),
        "body" text NOT NULL,
        "provider_sid" varchar(64) NOT NULL UNIQUE,
        "options" uuid[] NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX "IDX_text_held_replies_phone" ON "text_held_replies" ("phone", "channel", "created_at")`,
    );
    await q.query(`
      CREATE TABLE "text_shop_choices" (
        "phone" varchar(20) NOT NULL,
        "channel" varchar(10) NOT NULL CHECK ("channel" IN ('sms', 'whatsapp')),
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "chosen_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("phone", "channel")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "text_shop_choices"');
    await q.query('DROP TABLE "text_held_replies"');
    await q.query('DROP TABLE "text_sender_opt_outs"');
    await q.query('DELETE FROM "text_messages" WHERE "shop_id" IS NULL');
    await q.query('ALTER TABLE "text_messages" ALTER COLUMN "shop_id" SET NOT NULL');
    await q.query(`ALTER TABLE "shops" DROP COLUMN "text_from", DROP COLUMN "text_messaging_service_sid",
      DROP COLUMN "text_number_sid", DROP COLUMN "text_countries"`);
  }
}
