import { type Appointment, type AppointmentItem, formatSlotLabel, localDateOf } from '@barberly/common';
import { type EntityManager, In } from 'typeorm';
import { BarberEntity } from '../barbers/barber.entity';
import { ShopEntity } from '../shops/shop.entity';
import { AppointmentEntity } from './appointment.entity';

/** An appointment with what its DTO and its mails need. */
export interface AppointmentContext {
  appointment: AppointmentEntity;
  barber: BarberEntity;
  shop: ShopEntity;
  /** The visit's line items (issue 14); absent: the one service the appointment's columns describe. */
  items?: AppointmentItem[];
}

/** What an appointment without loaded items is: one service, as its columns say. */
function itemsOfColumns(a: AppointmentEntity): AppointmentItem[] {
  return [
    { serviceId: a.serviceId, name: a.serviceName, durationMinutes: a.serviceDurationMinutes, price: a.servicePrice },
  ];
}

/** The line items of the given appointments, in order, by appointment id (one query). */
export async function loadItems(manager: EntityManager, ids: string[]): Promise<Map<string, AppointmentItem[]>> {
  const byId = new Map<string, AppointmentItem[]>();
  if (ids.length === 0) return byId;
  const rows = (await manager.query(
    `SELECT "appointment_id", "service_id", "service_name", "duration_minutes", "price" FROM "appointment_items"
     WHERE "appointment_id" = ANY($1::uuid[]) ORDER BY "appointment_id", "position"`,
    [ids],
  )) as Array<{
    appointment_id: string;
    service_id: string | null;
    service_name: string;
    duration_minutes: number;
    price: string;
  }>;
  for (const r of rows) {
    const item = {
      serviceId: r.service_id,
      name: r.service_name,
      durationMinutes: r.duration_minutes,
      price: Number(r.price),
    };
    const list = byId.get(r.appointment_id);
    if (list) list.push(item);
    else byId.set(r.appointment_id, [item]);
  }
  return byId;
}

export function toAppointmentDto({ appointment: a, barber, shop, items }: AppointmentContext): Appointment {
  return {
    id: a.id,
    status: a.status,
    start: a.startsAt.toISOString(),
    end: a.endsAt.toISOString(),
    localDate: localDateOf(a.startsAt, shop.timeZone),
    localTime: formatSlotLabel(a.startsAt, shop.timeZone),
    service: { id: a.serviceId, name: a.serviceName, durationMinutes: a.serviceDurationMinutes, price: a.servicePrice },
    currency: a.currency,
    items: items && items.length > 0 ? items : itemsOfColumns(a),
    seriesId: a.seriesId ?? null,
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
    clientId: a.clientId ?? null,
    bufferMinutes: a.bufferMinutes,
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
  // One after another: inside a transaction they share one connection, which runs one query at a time anyway (pg
  // warns when queries are queued on a client concurrently).
  const barber = await manager.getRepository(BarberEntity).findOneOrFail({ where: { id: appointment.barberId } });
  const shop = await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: appointment.shopId } });
  const items = await loadItems(manager, [appointment.id]);
  return { appointment, barber, shop, items: items.get(appointment.id) };
}

/** DTOs of many appointments of one shop, barbers and line items loaded once each. */
export async function toAppointmentDtos(
  manager: EntityManager,
  shop: ShopEntity,
  appointments: AppointmentEntity[],
): Promise<Appointment[]> {
  const ids = [...new Set(appointments.map((a) => a.barberId))];
  const barbers = ids.length ? await manager.getRepository(BarberEntity).find({ where: { id: In(ids) } }) : [];
  const items = await loadItems(
    manager,
    appointments.map((a) => a.id),
  );
  const byId = new Map(barbers.map((b) => [b.id, b]));
  return appointments.map((appointment) =>
    toAppointmentDto({
      appointment,
      barber: byId.get(appointment.barberId)!,
      shop,
      items: items.get(appointment.id),
    }),
  );
}

/** The last moment the client may cancel or move it themselves (the shop's cancellation cutoff). */
export function cutoffOf(ctx: AppointmentContext): Date {
  return new Date(ctx.appointment.startsAt.getTime() - ctx.shop.cancellationCutoffMinutes * 60_000);
}
