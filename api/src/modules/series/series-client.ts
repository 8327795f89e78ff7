import { type Appointment, type RepeatInput, RepeatSchema, type SeriesResult } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { parseInput } from '../../platform/http/errors';
import type { AppointmentEntity } from '../appointments/appointment.entity';
import { toAppointmentDto } from '../appointments/appointment-view';
import type { BookingDeps } from '../appointments/booking-deps';
import type { BarberEntity } from '../barbers/barber.entity';
import type { ServiceEntity } from '../services/service.entity';
import type { ShopEntity } from '../shops/shop.entity';
import { acceptInSeries, seriesFromAppointment } from './series-placement';
import { seriesResult } from './series-read';
import { clientFieldsOf, ruleFor, seriesByToken } from './series-rows';

/** The client's side of a series: repeating their booking, and accepting an alternative from the manage link. */

/**
 * The client's series at the end of booking (where shop.clientsMayRepeat; the caller checks it): `appointment` is
 * their first visit, booked in the caller's transaction, whose manage token manages the series. The other
 * occurrences within the horizon are booked with the same client, note and reminder choice; each gets its
 * reminders (with its own manage link), no confirmation or owner notice of its own: the first visit's mails speak
 * for the booking. The client's minimum notice applies.
 */
export async function createSeriesForBooking(
  manager: EntityManager,
  deps: BookingDeps,
  input: {
    shop: ShopEntity;
    appointment: AppointmentEntity;
    services: ServiceEntity[];
    barber: BarberEntity;
    repeat: RepeatInput;
    client: { name: string; email: string; phone: string };
    manageTokenHash: string;
  },
): Promise<SeriesResult> {
  const { shop, appointment, barber } = input;
  const repeat = parseInput(RepeatSchema, input.repeat);
  const client = clientFieldsOf(appointment);
  const { ctx, booked, collisions } = await seriesFromAppointment(deps, manager, {
    shop,
    appointment,
    barber,
    services: input.services,
    rule: ruleFor(appointment.startsAt, shop.timeZone, repeat),
    client: { ...client, clientName: input.client.name, clientPhone: input.client.phone },
    createdBy: 'client',
    manageTokenHash: input.manageTokenHash,
    actor: { kind: 'client', id: appointment.clientId },
  });
  const now = deps.now();
  return seriesResult(
    manager,
    ctx,
    [{ appointment, barber, shop }, ...booked.map((b) => ({ appointment: b.appointment, barber: b.barber, shop }))],
    collisions,
    now,
  );
}

/**
 * POST /api/appointments/manage/{token}/series/collisions/{date}/accept {start} (client): any visit's manage token
 * of the series. Booked as the client's own booking: confirmation with the new visit's manage link, the owner's
 * notice, reminders; the minimum notice applies.
 */
export async function acceptCollisionAsClient(
  deps: BookingDeps,
  token: string,
  date: string,
  body: unknown,
): Promise<Appointment> {
  await deps.mailQueue.ready();
  return deps.dataSource.transaction(async (manager) => {
    const ctx = await seriesByToken(manager, token, true);
    const actor = { kind: 'client' as const, id: ctx.row.client_id };
    const { booked } = await acceptInSeries(deps, manager, ctx, date, body, 'client', actor);
    return toAppointmentDto({ appointment: booked.appointment, barber: booked.barber, shop: ctx.shop });
  });
}
