import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 24 (decision 0179): the appointment lifecycle's events. Every transition of an appointment (booked, moved,
 * services changed, confirmed by the client, cancelled, completed, no-show) writes one row here in the same
 * transaction as the appointment row; listeners (mail, texts, waitlist offers, series upkeep, audit) follow from
 * them. The rows are the appointment's history (GET /api/shops/{id}/appointments/{appointmentId}/events).
 *
 * - `before` / `after` hold the appointment's bookable facts (status, start, end, barber, services, price), never
 *   the client's name, e-mail or phone: erasing a client (issue 21) leaves nothing of them here.
 * - `appointment_event_deliveries`: which after-commit handler has done its part for which event, so a replayed
 *   delivery (pg-boss is at-least-once) changes nothing.
 */
export class AppointmentEvents1795470000000 implements MigrationInterface {
  name = 'AppointmentEvents1795470000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "appointment_events" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        -- The order events were written in (several may share a created_at: a series books many at once).
        "seq" bigint GENERATED ALWAYS AS IDENTITY,
        "shop_id" uuid NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
        "appointment_id" uuid NOT NULL REFERENCES "appointments"("id") ON DELETE CASCADE,
        "type" varchar(40) NOT NULL,
        "actor_kind" varchar(20) NOT NULL CHECK ("actor_kind" IN ('client', 'staff', 'assistant', 'system')),
        "actor_id" uuid,
        "via" varchar(40),
        "reason" text,
        "before" jsonb,
        "after" jsonb,
        "data" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX "IDX_appointment_events_appointment" ON "appointment_events" ("appointment_id", "seq")`,
    );
    await q.query(`CREATE INDEX "IDX_appointment_events_shop" ON "appointment_events" ("shop_id", "created_at")`);
    await q.query(`
      CREATE TABLE "appointment_event_deliveries" (
        "event_id" uuid NOT NULL REFERENCES "appointment_events"("id") ON DELETE CASCADE,
        "handler" varchar(60) NOT NULL,
        "done_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("event_id", "handler")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "appointment_event_deliveries"');
    await q.query('DROP TABLE "appointment_events"');
  }
}
