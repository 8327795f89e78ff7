import type { BookedVia } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import type { BarberVisit } from '../../barbers/barber-offers';
import type { ShopEntity } from '../../shops/shop.entity';
import { AppointmentEntity } from '../appointment.entity';
import { type Actor, snapshotOf } from './appointment-event';
import { type LifecycleDeps, recordEvent } from './event-log';

export interface BookInput {
  shop: ShopEntity;
  /** The row's other columns (start, end, barber, client...); the visit sets the service columns and the buffer. */
  fields: Partial<AppointmentEntity>;
  visit: BarberVisit;
  actor: Actor;
  via: BookedVia;
  /** The new manage link's token, for the mails that carry it (never stored in the event). */
  manageToken?: string | null;
  /**
   * followOn: a series' later visit, booked with the series (or as its horizon moves): it is announced by the
   * series' first visit, so it gets its reminders only.
   */
  data?: { followOn?: boolean } & Record<string, unknown>;
}

/**
 * Booked: saves a new appointment and its line items, and its 'booked' event (same transaction). Called from
 * placeVisit's write step, inside its savepoint: the exclusion constraint decides (23P01 rolls all of it back).
 * Every way of booking goes through here: online, staff, walk-in, series, waitlist claim, assistant.
 */
export async function bookVisit(
  deps: LifecycleDeps,
  manager: EntityManager,
  input: BookInput,
): Promise<AppointmentEntity> {
  const { fields, visit } = input;
  const repo = manager.getRepository(AppointmentEntity);
  const saved = await repo.save(
    repo.create({
      ...fields,
      serviceId: fields.serviceId ?? visit.items[0]?.serviceId ?? null,
      serviceName: visit.name,
      serviceDurationMinutes: visit.durationMinutes,
      servicePrice: visit.price,
      bufferMinutes: visit.bufferMinutes,
    }),
  );
  // blocked_until is the trigger's; the row we hand back says the same.
  saved.blockedUntil = new Date(saved.endsAt.getTime() + saved.bufferMinutes * 60_000);
  await insertItems(manager, saved.id, visit.items);
  await recordEvent(
    deps,
    manager,
    { appointment: saved, shop: input.shop, manageToken: input.manageToken ?? null },
    { type: 'booked', actor: input.actor, via: input.via, after: snapshotOf(saved), data: input.data ?? {} },
  );
  return saved;
}

/** Replaces an appointment's line items (a moved visit, done as the new barber does it). */
export async function replaceVisitItems(manager: EntityManager, appointmentId: string, items: BarberVisit['items']) {
  await manager.query(`DELETE FROM "appointment_items" WHERE "appointment_id" = $1`, [appointmentId]);
  await insertItems(manager, appointmentId, items);
}

async function insertItems(manager: EntityManager, appointmentId: string, items: BarberVisit['items']) {
  if (items.length === 0) return;
  const params: unknown[] = [appointmentId];
  const rows = items.map((item, position) => {
    params.push(position, item.serviceId, item.name, item.durationMinutes, item.price);
    const n = params.length;
    return `($1, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
  });
  await manager.query(
    `INSERT INTO "appointment_items" ("appointment_id", "position", "service_id", "service_name", "duration_minutes", "price")
     VALUES ${rows.join(', ')}`,
    params,
  );
}
