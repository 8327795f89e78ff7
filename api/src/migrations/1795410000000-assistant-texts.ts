import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Clients talk to the assistant by text (issue 23 item 9, decision 0171):
 *   - shops.assistant_answers_texts: the owner's switch "The assistant answers texts" (off by default);
 *   - text_takeovers: a conversation (shop, client's number) the owner has taken over, and until when the assistant
 *     stays silent in it (24 hours from the takeover, an owner's own reply, or the assistant handing over).
 */
export class AssistantTexts1795410000000 implements MigrationInterface {
  name = 'AssistantTexts1795410000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "shops" ADD COLUMN "assistant_answers_texts" boolean NOT NULL DEFAULT false`);
    await q.query(`
      CREATE TABLE "text_takeovers" (
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "phone" varchar(20) NOT NULL,
        "until" timestamptz NOT NULL,
        "reason" varchar(20) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("shop_id", "phone"),
        CONSTRAINT "CHK_text_takeovers_reason" CHECK ("reason" IN ('owner', 'reply', 'handed_over'))
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "text_takeovers"');
    await q.query('ALTER TABLE "shops" DROP COLUMN "assistant_answers_texts"');
  }
}
