import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 25 item 2: barbers book from the calendar only in their own chair unless the owner lets them book any
 * (decision 0181). Default off. A booking made from the calendar is marked as such: source 'staff'.
 */
export class StaffCalendar1795490000000 implements MigrationInterface {
  name = 'StaffCalendar1795490000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "shops" ADD COLUMN "barbers_book_any_chair" boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE "appointments" DROP CONSTRAINT "CHK_appointments_source"`);
    await q.query(
      `ALTER TABLE "appointments" ADD CONSTRAINT "CHK_appointments_source" CHECK ("source" IN ('online', 'walk_in', 'staff'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE "appointments" SET "source" = 'online' WHERE "source" = 'staff'`);
    await q.query(`ALTER TABLE "appointments" DROP CONSTRAINT "CHK_appointments_source"`);
    await q.query(
      `ALTER TABLE "appointments" ADD CONSTRAINT "CHK_appointments_source" CHECK ("source" IN ('online', 'walk_in'))`,
    );
    await q.query(`ALTER TABLE "shops" DROP COLUMN "barbers_book_any_chair"`);
  }
}
