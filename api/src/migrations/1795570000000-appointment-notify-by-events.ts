import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 24 (decision 0191): availability's and analytics' caches and the live calendar hear of an appointment's
 * change from the lifecycle's events (availability/schedule-notify.listener.ts sends the same payloads in the
 * change's transaction), so the two row triggers on appointments go. The triggers on time off, holds, barbers,
 * services, barber_services, shops and special days stay, and so do the functions they call.
 */
export class AppointmentNotifyByEvents1795570000000 implements MigrationInterface {
  name = 'AppointmentNotifyByEvents1795570000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "schedule_changed" ON "appointments"`);
    await q.query(`DROP TRIGGER "calendar_changed" ON "appointments"`);
  }

  async down(q: QueryRunner): Promise<void> {
    // As migrations 1795390000000 and 1795550000000 left them.
    await q.query(`CREATE TRIGGER "schedule_changed"
      AFTER INSERT OR DELETE OR UPDATE OF "starts_at", "ends_at", "blocked_until", "status", "barber_id" ON "appointments"
      FOR EACH ROW EXECUTE FUNCTION "barberly_busy_changed"('a')`);
    await q.query(`CREATE TRIGGER "calendar_changed" AFTER INSERT OR DELETE OR UPDATE ON "appointments"
      FOR EACH ROW EXECUTE FUNCTION "barberly_calendar_changed"('appointment')`);
  }
}
