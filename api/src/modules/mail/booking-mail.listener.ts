import type { AppointmentEntity } from '../appointments/appointment.entity';
import type { AppointmentEvent, AppointmentListener, ListenerContext } from '../appointments/lifecycle';
import type { ShopEntity } from '../shops/shop.entity';
import type { ScheduledMail } from './mail-queue';

/**
 * Booking mails (and the texts the mail worker sends in their place, issue 15) follow the lifecycle's events
 * (issue 24): queued in the change's transaction, sent after it commits by the mail worker, retried with backoff.
 * Keyed by (kind, appointment, version): the same event queued twice queues each mail once.
 *
 *   booked      confirmation (with the manage link) and the owner's notice unless the shop's staff booked it,
 *               and the reminders; a walk-in gets none; a series' later visit gets its reminders only; a booking
 *               made by the staff in the calendar gets its reminders, and the confirmation when they asked
 *   moved       the rescheduled mail and fresh reminders (the old ones went stale with the version)
 *   cancelled   the client's and the owner's cancellation mails, except for walk-ins and quiet cancellations
 */
export const bookingMailListener: AppointmentListener = {
  name: 'booking-mail',
  types: ['booked', 'moved', 'cancelled'],
  async enqueue(event, ctx) {
    const mails = mailsFor(event, ctx);
    await ctx.queue.enqueue(ctx.manager, mails, ctx.now);
  },
};

export function mailsFor(event: AppointmentEvent, ctx: ListenerContext): ScheduledMail[] {
  const { shop, now } = ctx;
  // The appointment as the event left it (its version and start): a replay later queues the same mails.
  const a = event.after
    ? ({ ...ctx.appointment, version: event.after.version, startsAt: new Date(event.after.start) } as AppointmentEntity)
    : ctx.appointment;
  const token = ctx.manageToken ?? null;
  switch (event.type) {
    case 'booked': {
      if (a.source === 'walk_in') return [];
      if (event.data.followOn) return reminderMail(a, shop, now, token);
      // Booked by the staff in the calendar: the client is told only when the staff asked for it (notify).
      if (event.via === 'staff') {
        if (!a.clientEmail) return [];
        const confirmation = { kind: 'confirmation' as const, appointmentId: a.id, version: a.version };
        return [
          ...(event.data.notify ? [{ job: token ? { ...confirmation, manageToken: token } : confirmation }] : []),
          ...reminderMail(a, shop, now, token),
        ];
      }
      return bookingMails(a, shop, token, now, { ownerNotice: event.actor.kind !== 'staff' });
    }
    case 'moved': {
      if (!a.clientEmail) return [];
      const job = { kind: 'rescheduled' as const, appointmentId: a.id, version: a.version };
      return [{ job: token ? { ...job, manageToken: token } : job }, ...reminderMail(a, shop, now, token)];
    }
    case 'cancelled': {
      if (a.source === 'walk_in' || event.data.quiet) return [];
      return [
        { job: { kind: 'cancellation', appointmentId: a.id, version: a.version } },
        { job: { kind: 'owner_cancellation', appointmentId: a.id, version: a.version } },
      ];
    }
    default:
      return [];
  }
}

/** The mails a new booking causes: confirmation, the owner's notice (when asked), and the reminders. */
export function bookingMails(
  appointment: AppointmentEntity,
  shop: ShopEntity,
  manageToken: string | null,
  now: Date,
  options: { ownerNotice?: boolean } = {},
): ScheduledMail[] {
  const base = { appointmentId: appointment.id, version: appointment.version };
  const mails: ScheduledMail[] = [];
  if (appointment.clientEmail) {
    mails.push({ job: { ...base, kind: 'confirmation', ...(manageToken ? { manageToken } : {}) } });
  }
  if (options.ownerNotice ?? true) mails.push({ job: { ...base, kind: 'owner_notice' } });
  mails.push(...reminderMail(appointment, shop, now, manageToken));
  return mails;
}

/**
 * The reminder, due reminderLeadMinutes before the start. A booking made inside the lead time gets none: its
 * confirmation has just said the same thing.
 */
export function reminderMail(
  appointment: AppointmentEntity,
  shop: ShopEntity,
  now: Date,
  manageToken?: string | null,
): ScheduledMail[] {
  if (!appointment.clientEmail) return [];
  // The manage link's token rides along where the client has it (their booking, their own move): a text reminder
  // carries the link (issue 15).
  const base = { appointmentId: appointment.id, version: appointment.version, ...(manageToken ? { manageToken } : {}) };
  const reminders: ScheduledMail[] = [];
  const first =
    shop.reminderLeadMinutes > 0 ? appointment.startsAt.getTime() - shop.reminderLeadMinutes * 60_000 : null;
  if (first !== null && first > now.getTime())
    reminders.push({ job: { ...base, kind: 'reminder' }, at: new Date(first) });
  // The optional second reminder (issue 15), unless it would coincide with the first.
  const minutes = shop.secondReminderMinutes ?? 0;
  const second = minutes > 0 ? appointment.startsAt.getTime() - minutes * 60_000 : null;
  if (second !== null && second > now.getTime() && second !== first) {
    reminders.push({ job: { ...base, kind: 'second_reminder' }, at: new Date(second) });
  }
  return reminders;
}
