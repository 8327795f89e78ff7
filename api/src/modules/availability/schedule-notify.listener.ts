import type { AppointmentEventType } from '@barberly/common';
import type { AppointmentListener } from '../appointments/lifecycle';
import { CALENDAR_CHANNEL } from '../calendar-live/calendar-hub';
import { SCHEDULE_CHANNEL } from './schedule-notify';

/** The transitions that write what availability reads: the start, the end (so blocked_until), the status, the chair. */
const SCHEDULE_TYPES: ReadonlySet<AppointmentEventType> = new Set([
  'booked',
  'moved',
  'services_changed',
  'cancelled',
  'completed',
  'no_show',
]);

/**
 * The caches and the live calendar hear of an appointment's change from its event (issue 24, decision 0191), as
 * they heard it from the row triggers this replaced (migration 1795570000000): `enqueue` runs in the change's
 * transaction and NOTIFYs there, so Postgres delivers it at commit, in commit order, to every api process that
 * listens (and not at all if the change rolls back). Payloads as the triggers sent them, read from the row as the
 * change left it:
 *
 *   barberly_schedule   '{shopId}:day:a:{id}:{barberId},{startMs},{blockedUntilMs},{status}' (schedule-notify.ts):
 *                       availability's and analytics' caches; only for the transitions in SCHEDULE_TYPES
 *   barberly_calendar   {"s": shopId, "b": barberId, "k": "appointment", "id": id} (calendar-live), for every
 *                       transition; a move to another chair also for the chair it left
 *
 * Postgres folds identical notifications of one transaction into one, as it did for the triggers.
 */
export const scheduleNotifyListener: AppointmentListener = {
  name: 'schedule-notify',
  types: ['booked', 'moved', 'services_changed', 'confirmed', 'cancelled', 'completed', 'no_show', 'series_joined'],
  async enqueue(event, ctx) {
    await ctx.manager.query(
      `SELECT
         CASE WHEN $4::boolean THEN pg_notify($2, a."shop_id"::text || ':day:a:' || a."id"::text || ':'
           || a."barber_id"::text
           || ',' || floor(extract(epoch FROM a."starts_at") * 1000)::bigint::text
           || ',' || floor(extract(epoch FROM a."blocked_until") * 1000)::bigint::text
           || ',' || a."status") END AS "schedule",
         pg_notify($3, json_build_object('s', a."shop_id", 'b', a."barber_id", 'k', 'appointment', 'id', a."id")::text)
           AS "calendar",
         CASE WHEN $5::uuid IS NOT NULL AND $5::uuid IS DISTINCT FROM a."barber_id"
           THEN pg_notify($3, json_build_object('s', a."shop_id", 'b', $5::uuid, 'k', 'appointment', 'id', a."id")::text)
         END AS "left_chair"
       FROM "appointments" a
       WHERE a."id" = $1`,
      [
        event.appointmentId,
        SCHEDULE_CHANNEL,
        CALENDAR_CHANNEL,
        SCHEDULE_TYPES.has(event.type),
        event.before?.barberId ?? null,
      ],
    );
  },
};
