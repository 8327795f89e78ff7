import type { StaffNotificationEvent } from '@barberly/common';
import { DateTime } from 'luxon';
import type { EntityManager } from 'typeorm';
import { type NotifyDeps, type NotifyResult, notifyStaff } from './staff-notify';

/**
 * The lifecycle's events as notices to the chair (issue 26 item 4): booked (a waitlist claim is its own event),
 * cancelled, moved. The shape is the lifecycle's AppointmentEvent (decision 0179), read structurally.
 */
export interface AppointmentEventLike {
  id: string;
  shopId: string;
  appointmentId: string;
  type: string;
  actor: { kind: string; id?: string | null };
  via: string | null;
  before: { start: string; barberId: string | null } | null;
  after: { start: string; barberId: string | null } | null;
  data: Record<string, unknown>;
}

export const PUSHED_EVENT_TYPES = ['booked', 'cancelled', 'moved'] as const;

const when = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { zone }).setLocale('en-US').toFormat('ccc, LLL d · h:mm a');

export async function notifyAppointmentEvent(
  deps: NotifyDeps,
  event: AppointmentEventLike,
): Promise<NotifyResult | null> {
  if (event.type === 'cancelled' && event.data?.quiet === true) return null;
  const kind: StaffNotificationEvent | null =
    event.type === 'booked'
      ? event.via === 'waitlist'
        ? 'waitlistClaim'
        : 'newBooking'
      : event.type === 'cancelled'
        ? 'cancellation'
        : event.type === 'moved'
          ? 'moved'
          : null;
  if (!kind) return null;
  const row = await loadAppointment(deps.manager, event.appointmentId);
  if (!row) return null;
  const first = row.client_name.trim().split(/\s+/)[0] || 'A client';
  const service = row.service_name;
  const at = when(event.after?.start ?? event.before?.start ?? row.starts_at.toISOString(), row.time_zone);
  const text: Record<StaffNotificationEvent, { title: string; body: string }> = {
    newBooking: { title: 'New booking', body: `${first}, ${service}, ${at}` },
    waitlistClaim: { title: 'Waitlist claim', body: `${first} took the opening: ${service}, ${at}` },
    cancellation: { title: 'Cancelled', body: `${first} cancelled ${service}, ${at}` },
    moved: {
      title: 'Appointment moved',
      body: `${first}, ${service}: ${event.before ? `${when(event.before.start, row.time_zone)} → ` : ''}${at}`,
    },
    clientText: { title: '', body: '' },
  };
  const barberIds = [event.before?.barberId, event.after?.barberId, row.barber_id].filter(
    (id): id is string => typeof id === 'string',
  );
  return notifyStaff(deps, {
    shopId: event.shopId,
    barberIds: [...new Set(barberIds)],
    event: kind,
    ...text[kind],
    url: '/dashboard',
    tag: `appointment-${event.appointmentId}`,
    exceptUserId: event.actor.kind === 'staff' ? (event.actor.id ?? null) : null,
  });
}

interface AppointmentRow {
  client_name: string;
  service_name: string;
  starts_at: Date;
  barber_id: string | null;
  time_zone: string;
}

async function loadAppointment(manager: EntityManager, id: string): Promise<AppointmentRow | null> {
  const rows: AppointmentRow[] = await manager.query(
    `SELECT a."client_name", a."service_name", a."starts_at", a."barber_id", s."time_zone"
       FROM "appointments" a JOIN "shops" s ON s."id" = a."shop_id" WHERE a."id" = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** A client's text reached the shop (messaging's inbound path): the barber of their next visit and the owner. */
export async function notifyClientText(
  deps: NotifyDeps,
  text: { shopId: string; barberId: string | null; clientName: string | null; body: string },
): Promise<NotifyResult> {
  const first = text.clientName?.trim().split(/\s+/)[0] || 'A client';
  const body = text.body.length > 120 ? `${text.body.slice(0, 119)}…` : text.body;
  return notifyStaff(deps, {
    shopId: text.shopId,
    barberIds: text.barberId ? [text.barberId] : [],
    event: 'clientText',
    title: `Text from ${first}`,
    body,
    url: '/dashboard',
    tag: `text-${text.shopId}`,
  });
}
