import { DateTime } from 'luxon';
import { formatSlotLabel } from './compute-slots';

/**
 * The appointment lifecycle's events (issue 24, decision 0179): every change of an appointment is one of these,
 * written with the change; listeners (mail, texts, waitlist offers, series upkeep) follow from them, and together
 * they are the appointment's history.
 */
export const APPOINTMENT_EVENT_TYPES = [
  'booked',
  'moved',
  'services_changed',
  'confirmed',
  'cancelled',
  'completed',
  'no_show',
  'series_joined',
  'reminder_sent',
] as const;
export type AppointmentEventType = (typeof APPOINTMENT_EVENT_TYPES)[number];

export const ACTOR_KINDS = ['client', 'staff', 'assistant', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** How an appointment was booked: the route that made it. */
export type BookedVia = 'online' | 'staff' | 'walk_in' | 'series' | 'waitlist' | 'assistant';

/** The bookable facts kept before and after a change (never the client's name or contact). */
export interface AppointmentSnapshot {
  status: string;
  start: string;
  end: string;
  barberId: string;
  serviceName: string;
  price: number;
  seriesId: string | null;
  /** The row's version after the change (queued reminders of older versions are stale). */
  version: number;
}

/** GET /api/shops/{id}/appointments/{appointmentId}/events: one line of the history. */
export interface AppointmentHistoryEvent {
  id: string;
  type: AppointmentEventType;
  at: string;
  actor: { kind: ActorKind; name: string | null };
  via: string | null;
  reason: string | null;
  before: AppointmentSnapshot | null;
  after: AppointmentSnapshot | null;
  /** The line as the owner reads it: 'Moved to 4:30 PM by Marcus'. */
  text: string;
}

export interface AppointmentHistory {
  appointmentId: string;
  timeZone: string;
  events: AppointmentHistoryEvent[];
}

const VIA_WORDS: Record<string, string> = {
  online: 'online',
  staff: 'by the shop',
  walk_in: 'as a walk-in',
  series: 'as part of a series',
  waitlist: 'from the waitlist',
  assistant: 'by the assistant',
};

/** 'by the client', 'by Marcus', 'by the assistant', '' for the system (it did what it was told to). */
function byWhom(actor: { kind: ActorKind; name: string | null }): string {
  if (actor.kind === 'client') return ' by the client';
  if (actor.kind === 'assistant') return ' by the assistant';
  if (actor.kind === 'staff') return actor.name ? ` by ${actor.name}` : ' by the shop';
  return '';
}

/**
 * The words of one event, in the shop's zone. Worked examples: a client's online booking reads 'Booked online by
 * the client'; Marcus moving it to 16:30 in the shop's zone reads 'Moved to 4:30 PM by Marcus'; a reminder sent by
 * text and delivered reads 'Reminder sent by SMS, delivered'.
 */
export function describeAppointmentEvent(
  event: Pick<AppointmentHistoryEvent, 'type' | 'actor' | 'via' | 'reason' | 'before' | 'after'> & {
    data?: Record<string, unknown>;
  },
  timeZone: string,
): string {
  const by = byWhom(event.actor);
  const data = event.data ?? {};
  switch (event.type) {
    case 'booked':
      return `Booked ${VIA_WORDS[event.via ?? 'online'] ?? 'online'}${by}`;
    case 'moved': {
      const after = event.after;
      if (!after) return `Moved${by}`;
      const sameDay =
        event.before &&
        DateTime.fromISO(event.before.start, { zone: timeZone }).hasSame(
          DateTime.fromISO(after.start, { zone: timeZone }),
          'day',
        );
      const time = formatSlotLabel(new Date(after.start), timeZone);
      const day = sameDay ? '' : `${DateTime.fromISO(after.start, { zone: timeZone }).toFormat('d LLL')} `;
      return `Moved to ${day}${time}${by}`;
    }
    case 'services_changed':
      return `Services changed to ${event.after?.serviceName ?? 'another visit'}${by}`;
    case 'confirmed':
      return `Confirmed${by}`;
    case 'cancelled':
      return `Cancelled${by}${event.reason ? ` (${event.reason})` : ''}`;
    case 'completed':
      return `Marked completed${by}`;
    case 'no_show':
      return `Marked no-show${by}`;
    case 'series_joined':
      return `Made part of a series${by}`;
    case 'reminder_sent': {
      const channel = data.channel === 'sms' ? 'SMS' : data.channel === 'whatsapp' ? 'WhatsApp' : 'e-mail';
      const status = typeof data.status === 'string' && data.status ? `, ${data.status}` : '';
      return `Reminder sent by ${channel}${status}`;
    }
    default:
      return 'Changed';
  }
}

/** '3 Nov 10:02' in the shop's zone (24-hour, as the history reads). */
export function formatEventTime(at: string, timeZone: string): string {
  return DateTime.fromISO(at, { zone: timeZone }).toFormat('d LLL H:mm');
}
