import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Special days (issue 25, item 6; decision 0180): a date on which the whole shop (barber_id null) or one barber is
 * closed or keeps its own hours. One row per (shop, date) and per (barber, date). Availability's cache hears about
 * every change as a change of the shop (scope 'shop', the trigger function of migration 1795350000000), as it does
 * for hours.
 */
export class SpecialDays1795480000000 implements MigrationInterface {
  name = 'SpecialDays1795480000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "special_days" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "barber_id" uuid REFERENCES "barbers"("id") ON DELETE CASCADE,
        "date" date NOT NULL,
        "closed" boolean NOT NULL,
        "open" varchar(5),
        "close" varchar(5),
        "reason" varchar(100) NOT NULL DEFAULT '',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_special_days_hours" CHECK (
          ("closed" AND "open" IS NULL AND "close" IS NULL)
          OR (NOT "closed" AND "open" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND "close" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
              AND "open" < "close"))
      )`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_special_days_shop_date" ON "special_days" ("shop_id", "date") WHERE "barber_id" IS NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_special_days_barber_date" ON "special_days" ("barber_id", "date") WHERE "barber_id" IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "IDX_special_days_shop_date_all" ON "special_days" ("shop_id", "date")`);
    await q.query(`CREATE TRIGGER "schedule_changed" AFTER INSERT OR DELETE OR UPDATE ON "special_days"
      FOR EACH ROW EXECUTE FUNCTION "barberly_schedule_changed"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "special_days"`);
  }
}
