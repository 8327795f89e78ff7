import { type Appointment, formatSlotLabel, localDateOf } from '@barberly/common';
import { type EntityManager, In } from 'typeorm';
import { BarberEntity } from '../barbers/barber.entity';
import { ShopEntity } from '../shops/shop.entity';
import { AppointmentEntity } from './appointment.entity';

/** An appointment with what its DTO and its mails need. */
export interface AppointmentContext {
  appointment: AppointmentEntity;
  barber: BarberEntity;
  shop: ShopEntity;
}

export function toAppointmentDto({ appointment: a, barber, shop }: AppointmentContext): Appointment {
  return {
    id: a.id,
    status: a.status,
    start: a.startsAt.toISOString(),
    end: a.endsAt.toISOString(),
    localDate: localDateOf(a.startsAt, shop.timeZone),
    localTime: formatSlotLabel(a.startsAt, shop.timeZone),
    service: { id: a.serviceId, name: a.serviceName, durationMinutes: a.serviceDurationMinutes, price: a.servicePrice },
    currency: a.currency,
    barber: { id: barber.id, name: barber.name, profileImageUrl: barber.profileImageUrl },
    shop: {
      id: shop.id,
      slug: shop.slug,
      name: shop.name,
      address: shop.address,
      phoneNumber: shop.phoneNumber,
      timeZone: shop.timeZone,
      currency: shop.currency,
      locale: shop.locale,
      clock: shop.clock,
    },
    client: { name: a.clientName, email: a.clientEmail, phone: a.clientPhone },
    note: a.note,
    source: a.source,
    reminderChannel: a.reminderChannel ?? 'email',
    clientConfirmedAt: a.clientConfirmedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** One appointment and its barber and shop; `lock` takes a row lock on the appointment (inside a transaction). */
export async function loadAppointmentContext(
  manager: EntityManager,
  where: { id: string } | { manageTokenHash: string },
  lock = false,
): Promise<AppointmentContext | null> {
  const appointment = await manager.getRepository(AppointmentEntity).findOne({
    where,
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!appointment) return null;
  const [barber, shop] = await Promise.all([
    manager.getRepository(BarberEntity).findOneOrFail({ where: { id: appointment.barberId } }),
    manager.getRepository(ShopEntity).findOneOrFail({ where: { id: appointment.shopId } }),
  ]);
  return { appointment, barber, shop };
}

/** DTOs of many appointments of one shop, barbers loaded once. */
export async function toAppointmentDtos(
  manager: EntityManager,
  shop: ShopEntity,
  appointments: AppointmentEntity[],
): Promise<Appointment[]> {
  const ids = [...new Set(appointments.map((a) => a.barberId))];
  const barbers = ids.length ? await manager.getRepository(BarberEntity).find({ where: { id: In(ids) } }) : [];
  const byId = new Map(barbers.map((b) => [b.id, b]));
  return appointments.map((appointment) =>
    toAppointmentDto({ appointment, barber: byId.get(appointment.barberId)!, shop }),
  );
}
