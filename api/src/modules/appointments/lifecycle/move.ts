import type { EntityManager } from 'typeorm';
import { AppointmentEntity } from '../appointment.entity';
import type { AppointmentContext } from '../appointment-view';
import { candidateBarbers, loadVisitServices, placeVisit, SERVICE_REFUSED } from '../visit';
import { type Actor, snapshotOf } from './appointment-event';
import { replaceVisitItems } from './book';
import { type LifecycleDeps, recordEvent } from './event-log';

export interface MoveOptions {
  actor: Actor;
  /** Staff may move inside the minimum notice; clients may not. */
  ignoreNotice?: boolean;
  /** The client's manage link token when they moved it themselves: the mail carries the link. */
  manageToken?: string;
}

/**
 * Moved: one UPDATE gives the row its new range (with its buffer), checked by the exclusion constraint against
 * every other live appointment, and releases the old range in the same statement. If the new time is taken the
 * UPDATE fails and the appointment keeps its old time. The visit keeps its services, done as the (new) barber does
 * them: their durations and the buffer follow, the names and prices the client booked stay. Listeners tell the
 * client (with a fresh reminder) and offer the freed time to the waitlist. Shared by the manage link, the staff's
 * tools and the assistant.
 */
export async function moveAppointment(
  deps: LifecycleDeps,
  manager: EntityManager,
  ctx: AppointmentContext,
  input: { start: Date; barberId?: string },
  options: MoveOptions,
): Promise<AppointmentContext> {
  const { appointment, shop } = ctx;
  const before = snapshotOf(appointment);
  const booked = ctx.items?.length
    ? ctx.items
    : [{ serviceId: appointment.serviceId, name: appointment.serviceName, price: appointment.servicePrice }];
  const serviceIds = booked.map((item) => item.serviceId);
  if (serviceIds.some((id) => !id)) throw SERVICE_REFUSED();
  const services = await loadVisitServices(manager, shop, serviceIds as string[]);
  const candidates = await candidateBarbers(manager, shop, input.barberId ?? appointment.barberId, input.start);
  const { barber, result: items } = await placeVisit(
    manager,
    {
      shop,
      services,
      candidates,
      start: input.start,
      now: deps.now(),
      ignoreNotice: options.ignoreNotice,
      barberNamed: true,
    },
    async (candidate, visit, end) => {
      await manager.query(
        `UPDATE "appointments" SET "starts_at" = $2, "ends_at" = $3, "barber_id" = $4,
           "service_duration_minutes" = $5, "buffer_minutes" = $6, "version" = "version" + 1, "updated_at" = now()
         WHERE "id" = $1`,
        [appointment.id, input.start, end, candidate.id, visit.durationMinutes, visit.bufferMinutes],
      );
      const kept = visit.items.map((item, i) => ({ ...item, name: booked[i]!.name, price: booked[i]!.price }));
      await replaceVisitItems(manager, appointment.id, kept);
      return kept;
    },
  );
  const moved = await manager.getRepository(AppointmentEntity).findOneOrFail({ where: { id: appointment.id } });
  await recordEvent(
    deps,
    manager,
    { appointment: moved, shop, manageToken: options.manageToken ?? null },
    { type: 'moved', actor: options.actor, before, after: snapshotOf(moved) },
  );
  return { appointment: moved, barber, shop, items };
}
