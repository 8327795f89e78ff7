import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26 item 4 (decision 0187): web push for barbers and owners.
 * - push_subscriptions: one row per browser a person turned push on in (the push service's endpoint and the keys
 *   the payload is encrypted to). A subscription the push service reports gone (404 or 410) is deleted.
 * - users.notify_push: which events a person wants pushed (absent keys: on); users.notify_email: an owner's e-mail
 *   choices (a barber's stay in barbers.notify_email, decision 0183).
 */
export class WebPush1795530000000 implements MigrationInterface {
  name = 'WebPush1795530000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "push_subscriptions" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
      "endpoint" varchar(2000) NOT NULL UNIQUE,
      "p256dh" varchar(200) NOT NULL,
      "auth" varchar(100) NOT NULL,
      "user_agent" varchar(300) NOT NULL DEFAULT '',
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "IDX_push_subscriptions_user" ON "push_subscriptions" ("user_id")`);
    await q.query(`ALTER TABLE "users" ADD COLUMN "notify_push" jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN "notify_email" jsonb NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" DROP COLUMN "notify_push", DROP COLUMN "notify_email"`);
    await q.query(`DROP TABLE "push_subscriptions"`);
  }
}
