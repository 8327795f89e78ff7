import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The assistant (issue 18): each user's conversation per shop, the writes it proposed (a person confirms or
 * rejects each one), the audit log of what was confirmed and by whom, and the model tokens a shop used per day.
 */
export class Assistant1795320000000 implements MigrationInterface {
  name = 'Assistant1795320000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "assistant_messages" (
        "id" bigserial PRIMARY KEY,
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "conversation" varchar(120) NOT NULL,
        "role" varchar(20) NOT NULL,
        "content" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX "IDX_assistant_messages_conversation" ON "assistant_messages" ("shop_id", "conversation", "id")`,
    );
    await q.query(`
      CREATE TABLE "assistant_proposals" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "conversation" varchar(120) NOT NULL,
        "actor" jsonb NOT NULL,
        "tool" varchar(60) NOT NULL,
        "args" jsonb NOT NULL,
        "summary" text NOT NULL,
        "displaces" jsonb NOT NULL DEFAULT '[]',
        "status" varchar(20) NOT NULL DEFAULT 'pending',
        "result" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "decided_at" timestamptz,
        CONSTRAINT "CHK_assistant_proposals_status"
          CHECK ("status" IN ('pending', 'confirmed', 'rejected', 'failed', 'expired'))
      )`);
    await q.query(
      `CREATE INDEX "IDX_assistant_proposals_pending" ON "assistant_proposals" ("shop_id", "conversation")
         WHERE "status" = 'pending'`,
    );
    await q.query(`
      CREATE TABLE "assistant_audit" (
        "id" bigserial PRIMARY KEY,
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "proposal_id" uuid NOT NULL REFERENCES "assistant_proposals"("id") ON DELETE CASCADE,
        "confirmed_by" jsonb NOT NULL,
        "channel" varchar(20) NOT NULL,
        "tool" varchar(60) NOT NULL,
        "args" jsonb NOT NULL,
        "outcome" varchar(20) NOT NULL,
        "detail" jsonb,
        "at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "IDX_assistant_audit_shop" ON "assistant_audit" ("shop_id", "at")`);
    await q.query(`
      CREATE TABLE "assistant_usage" (
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "day" date NOT NULL,
        "tokens" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("shop_id", "day")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "assistant_usage"');
    await q.query('DROP TABLE "assistant_audit"');
    await q.query('DROP TABLE "assistant_proposals"');
    await q.query('DROP TABLE "assistant_messages"');
  }
}
