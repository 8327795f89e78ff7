import type { EntityManager } from 'typeorm';
import { AppointmentEntity } from '../appointment.entity';
import type { AppointmentContext } from '../appointment-view';
import { candidateBarbers, loadVisitServices, placeVisit } from '../visit';
import { type Actor, snapshotOf } from './appointment-event';
import { replaceVisitItems } from './book';
import { type LifecycleDeps, recordEvent } from './event-log';

/**
 * Services changed: the visit keeps its start and barber and takes the new services, as that barber does them
 * (their lengths, prices and the buffer). One UPDATE gives the row its new end, checked by the exclusion
 * constraint against every other live appointment; if the longer visit runs into the next one the UPDATE fails
 * and the appointment keeps its services. Staff only (the calendar); staff may work inside the minimum notice.
 */
export async function changeServices(
  deps: LifecycleDeps,
  manager: EntityManager,
  ctx: AppointmentContext,
  input: { serviceIds: string[] },
  options: { actor: Actor },
): Promise<AppointmentContext> {
  const { appointment, shop } = ctx;
  const before = snapshotOf(appointment);
  const services = await loadVisitServices(manager, shop, input.serviceIds);
  const candidates = await candidateBarbers(manager, shop, appointment.barberId, appointment.startsAt);
  const { barber, result: items } = await placeVisit(
    manager,
    {
      shop,
      services,
      candidates,
      start: appointment.startsAt,
      now: deps.now(),
      ignoreNotice: true,
      barberNamed: true,
    },
    async (_candidate, visit, end) => {
      await manager.query(
        `UPDATE "appointments" SET "ends_at" = $2, "service_id" = $3, "service_name" = $4,
           "service_duration_minutes" = $5, "service_price" = $6, "buffer_minutes" = $7,
           "version" = "version" + 1, "updated_at" = now()
         WHERE "id" = $1`,
        [
          appointment.id,
          end,
          visit.items[0]?.serviceId ?? null,
          visit.name,
          visit.durationMinutes,
          visit.price,
          visit.bufferMinutes,
        ],
      );
      await replaceVisitItems(manager, appointment.id, visit.items);
      return visit.items;
    },
  );
  const changed = await manager.getRepository(AppointmentEntity).findOneOrFail({ where: { id: appointment.id } });
  await recordEvent(
    deps,
    manager,
    { appointment: changed, shop },
    { type: 'services_changed', actor: options.actor, before, after: snapshotOf(changed) },
  );
  return { appointment: changed, barber, shop, items };
}
