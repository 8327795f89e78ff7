import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23 items 2, 6 and 8, and issue 30's shared assistant limits (decision 0173):
 *
 * - `operator_email_proofs`: an ADMIN_EMAILS account proves its address with a mailed link before the operator
 *   console opens (e-mail confirmation is off by default). Keyed by account and address: a changed address needs
 *   a new proof.
 * - `operator_audit`: every trial extension, who did it, to which shop, when, and the trial before and after.
 * - `barberly_hosts` notifications: each api process keeps the hostnames Caddy may get certificates for in memory
 *   and reloads a shop's names when Postgres says they changed (proven domains, the shop's slug or its being
 *   active), whichever process (api, worker, psql) changed them.
 * - `assistant_rate`: the assistant's per-person message rate when there is no Redis, shared by every api process.
 */
export class OperatorsHostsAssistantBudget1795430000000 implements MigrationInterface {
  name = 'OperatorsHostsAssistantBudget1795430000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "operator_email_proofs" (
        "user_id" uuid NOT NULL,
        "email" varchar(320) NOT NULL,
        "token_hash" varchar(64),
        "sent_at" timestamptz,
        "proven_at" timestamptz,
        PRIMARY KEY ("user_id", "email")
      )`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_operator_email_proofs_token" ON "operator_email_proofs" ("token_hash") WHERE "token_hash" IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE "operator_audit" (
        "id" bigserial PRIMARY KEY,
        "operator_user_id" uuid NOT NULL,
        "operator_email" varchar(320) NOT NULL,
        "action" varchar(40) NOT NULL,
        "shop_id" uuid,
        "before" jsonb,
        "after" jsonb,
        "at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "IDX_operator_audit_shop" ON "operator_audit" ("shop_id", "at")`);

    await q.query(`
      CREATE FUNCTION "barberly_hosts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'shops' THEN
          IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('barberly_hosts', NEW."id"::text); END IF;
          IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('barberly_hosts', OLD."id"::text); END IF;
        ELSE
          IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('barberly_hosts', NEW."shop_id"::text); END IF;
          IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('barberly_hosts', OLD."shop_id"::text); END IF;
        END IF;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE TRIGGER "barberly_hosts_shops" AFTER INSERT OR DELETE OR UPDATE OF "slug", "is_active" ON "shops"
      FOR EACH ROW EXECUTE FUNCTION "barberly_hosts_changed"()`);
    await q.query(`
      CREATE TRIGGER "barberly_hosts_shop_domains" AFTER INSERT OR DELETE OR UPDATE ON "shop_domains"
      FOR EACH ROW EXECUTE FUNCTION "barberly_hosts_changed"()`);

    await q.query(`
      CREATE TABLE "assistant_rate" (
        "key" varchar(200) PRIMARY KEY,
        "window_start" timestamptz NOT NULL,
        "count" integer NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "assistant_rate"');
    await q.query('DROP TRIGGER "barberly_hosts_shop_domains" ON "shop_domains"');
    await q.query('DROP TRIGGER "barberly_hosts_shops" ON "shops"');
    await q.query('DROP FUNCTION "barberly_hosts_changed"()');
    await q.query('DROP TABLE "operator_audit"');
    await q.query('DROP TABLE "operator_email_proofs"');
  }
}
