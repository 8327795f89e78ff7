import type { AppointmentListener } from '../appointments/lifecycle';
import { localDaysOf, recomputeClientVisits, recomputeRollupDays } from './analytics-rollups';

/**
 * Keeps analytics' per-day rollups and client visit rows (decision 0188) in the change's own transaction: `enqueue`
 * runs inside it, right after the event row, so they commit exactly when the change does. It recomputes the local
 * days of the appointment before and after the change, and the rows of its client (their first visit, next
 * appointment, retention and rebook depend on each other), from the raw rows (idempotent: a replay changes
 * nothing). Not an outbox job: rollups a moment behind their appointments would make a report disagree with the
 * calendar, and recomputing a day and a client is a few milliseconds.
 */
export const analyticsRollupListener: AppointmentListener = {
  name: 'analytics-rollups',
  types: ['booked', 'moved', 'services_changed', 'confirmed', 'cancelled', 'completed', 'no_show'],
  async enqueue(event, ctx) {
    const days = localDaysOf(ctx.shop.timeZone, [event.before?.start, event.after?.start, ctx.appointment.startsAt]);
    await recomputeRollupDays(ctx.manager, ctx.shop.id, days);
    await recomputeClientVisits(ctx.manager, ctx.shop.id, [ctx.appointment.clientId]);
  },
};
