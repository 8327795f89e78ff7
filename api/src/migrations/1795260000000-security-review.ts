import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The security review (issue 11): an e-mail change waits for the new address to confirm it; a barber invite can be
 * claimed through a single-use link sent to the invited address; signing keys record when they were retired.
 */
export class SecurityReview1795260000000 implements MigrationInterface {
  name = 'SecurityReview1795260000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "auth_users"
        ADD COLUMN "email_change" varchar(320),
        ADD COLUMN "email_change_token_hash" varchar(64),
        ADD COLUMN "email_change_sent_at" timestamptz`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_auth_users_email_change_token" ON "auth_users" ("email_change_token_hash")
         WHERE "email_change_token_hash" IS NOT NULL`,
    );
    await q.query(`
      ALTER TABLE "barbers"
        ADD COLUMN "invite_token_hash" varchar(64),
        ADD COLUMN "invite_sent_at" timestamptz`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_barbers_invite_token" ON "barbers" ("invite_token_hash") WHERE "invite_token_hash" IS NOT NULL`,
    );
    await q.query(`ALTER TABLE "auth_signing_keys" ADD COLUMN "retired_at" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "auth_signing_keys" DROP COLUMN "retired_at"');
    await q.query('DROP INDEX "UQ_barbers_invite_token"');
    await q.query('ALTER TABLE "barbers" DROP COLUMN "invite_token_hash", DROP COLUMN "invite_sent_at"');
    await q.query('DROP INDEX "UQ_auth_users_email_change_token"');
    await q.query(
      'ALTER TABLE "auth_users" DROP COLUMN "email_change", DROP COLUMN "email_change_token_hash", DROP COLUMN "email_change_sent_at"',
    );
  }
}
