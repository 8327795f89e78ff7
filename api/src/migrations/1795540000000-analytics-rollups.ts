import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29 item 3 (decision 0188): per-day rollups of appointments for analytics, in the shop's zone.
 * Three grains in one table (`grain`), each per (shop, local day, status, source, currency) with the count, the booked
 * prices' sum and the booked seconds' sum: 'hour' (and the local starting hour: the daily figures, the heatmap and the
 * period's counts), 'barber' (and the barber) and 'service' (and the service name). Whole days are read from here
 * instead of every appointment (a few dozen rows a day, whatever the bookings). Kept by the lifecycle's rollup listener inside the change's
 * transaction (analytics-rollups.ts recomputes the days a change touches); `npm run analytics:rebuild-rollups -w api`
 * fills it from the raw rows (after this migration, a restore, or a change written outside the lifecycle).
 * `day` and `hour` are the start's wall clock in the shop's zone at the time of the recompute: a change of the shop's
 * zone needs a rebuild (the read path checks `time_zone` and falls back to the raw rows otherwise).
 */
export class AnalyticsRollups1795540000000 implements MigrationInterface {
  name = 'AnalyticsRollups1795540000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "analytics_day_rollups" (
      "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
      "day" date NOT NULL,
      "grain" varchar(10) NOT NULL CHECK ("grain" IN ('hour', 'barber', 'service')),
      "hour" smallint,
      "time_zone" varchar(64) NOT NULL,
      "barber_id" uuid,
      "service_name" varchar(200),
      "status" varchar(20) NOT NULL,
      "source" varchar(20) NOT NULL,
      "currency" char(3) NOT NULL,
      "appointments" integer NOT NULL,
      "price" numeric(14,2) NOT NULL,
      "seconds" bigint NOT NULL
    )`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_analytics_day_rollups" ON "analytics_day_rollups" ("shop_id", "day", "grain", "hour", "barber_id", "service_name", "status", "source", "currency") NULLS NOT DISTINCT`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "analytics_day_rollups"');
  }
}
