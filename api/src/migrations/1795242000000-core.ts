import { DEFAULT_PRIMARY_COLOR, defaultHours } from '@barberly/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Profiles, shops, their services and barbers, and landing-page leads (issue #2). */
export class Core1795242000000 implements MigrationInterface {
  name = 'Core1795242000000';

  async up(q: QueryRunner): Promise<void> {
    const hours = JSON.stringify(defaultHours()).replaceAll("'", "''");
    await q.query(`CREATE TYPE "user_role" AS ENUM ('owner', 'barber', 'client')`);
    await q.query(`
      CREATE TABLE "users" (
        "id" uuid PRIMARY KEY,
        "email" varchar(320) NOT NULL,
        "first_name" varchar(100),
        "last_name" varchar(100),
        "role" "user_role",
        "profile_image_url" text,
        "shop_id" uuid,
        "onboarding_completed" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE "shops" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "name" varchar(200) NOT NULL,
        "slug" varchar(50) NOT NULL,
        "bio" text NOT NULL DEFAULT '',
        "address" varchar(200) NOT NULL DEFAULT '',
        "phone_number" varchar(50) NOT NULL DEFAULT '',
        "theme" varchar(20) NOT NULL DEFAULT 'classic',
        "primary_color" varchar(7) NOT NULL DEFAULT '${DEFAULT_PRIMARY_COLOR}',
        "logo_url" text NOT NULL DEFAULT '',
        "is_active" boolean NOT NULL DEFAULT true,
        "hours_json" jsonb NOT NULL DEFAULT '${hours}'::jsonb,
        "branding_json" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "version" integer NOT NULL DEFAULT 1,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_shops_theme" CHECK ("theme" IN ('classic', 'urban', 'minimalist')),
        CONSTRAINT "CHK_shops_primary_color" CHECK ("primary_color" ~ '^#[0-9a-fA-F]{6}$'),
        CONSTRAINT "CHK_shops_slug" CHECK ("slug" ~ '^[a-z0-9-]{3,50}$')
      )`);
    await q.query(`CREATE UNIQUE INDEX "UQ_shops_slug" ON "shops" ("slug")`);
    await q.query(`CREATE INDEX "IDX_shops_owner" ON "shops" ("owner_id", "created_at")`);
    await q.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_users_shop" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE SET NULL`,
    );
    await q.query(`
      CREATE TABLE "services" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "name" varchar(200) NOT NULL,
        "description" text NOT NULL DEFAULT '',
        "price" numeric(10,2) NOT NULL,
        "duration_minutes" integer NOT NULL DEFAULT 30,
        "sort_order" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_services_price" CHECK ("price" >= 0),
        CONSTRAINT "CHK_services_duration" CHECK ("duration_minutes" > 0)
      )`);
    await q.query(`CREATE INDEX "IDX_services_shop" ON "services" ("shop_id", "sort_order")`);
    await q.query(`
      CREATE TABLE "barbers" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "name" varchar(200) NOT NULL,
        "bio" text NOT NULL DEFAULT '',
        "profile_image_url" text NOT NULL DEFAULT '',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "IDX_barbers_shop" ON "barbers" ("shop_id", "created_at")`);
    await q.query(`
      CREATE TABLE "leads" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "full_name" varchar(200) NOT NULL,
        "email" varchar(320) NOT NULL,
        "phone" varchar(50) NOT NULL,
        "barbershop_name" varchar(200) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "leads"`);
    await q.query(`DROP TABLE "barbers"`);
    await q.query(`DROP TABLE "services"`);
    await q.query(`ALTER TABLE "users" DROP CONSTRAINT "FK_users_shop"`);
    await q.query(`DROP TABLE "shops"`);
    await q.query(`DROP TABLE "users"`);
    await q.query(`DROP TYPE "user_role"`);
  }
}
