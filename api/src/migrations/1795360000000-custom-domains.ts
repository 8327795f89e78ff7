import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom domains (issue 16): each domain a shop asked for, with the token its TXT record must carry. Several shops
 * may ask for the same hostname (a pending claim cannot squat it); only one may hold it proven, which a partial
 * unique index guarantees. `shops.custom_domain` mirrors the shop's active (primary) domain for the page's links.
 */
export class CustomDomains1795360000000 implements MigrationInterface {
  name = 'CustomDomains1795360000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "shop_domains" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "hostname" varchar(253) NOT NULL,
        "token" varchar(64) NOT NULL,
        "status" varchar(10) NOT NULL DEFAULT 'pending'
          CHECK ("status" IN ('pending', 'verified', 'active', 'failed')),
        "reason" text,
        "checked_at" timestamptz,
        "verified_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "UQ_shop_domains_shop_host" ON "shop_domains" ("shop_id", "hostname")`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_shop_domains_proven_host" ON "shop_domains" ("hostname") WHERE "status" IN ('verified', 'active')`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_shop_domains_one_active" ON "shop_domains" ("shop_id") WHERE "status" = 'active'`,
    );
    await q.query('ALTER TABLE "shops" ADD COLUMN "custom_domain" varchar(253)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "shops" DROP COLUMN "custom_domain"');
    await q.query('DROP TABLE "shop_domains"');
  }
}
