import {
  AgendaQuerySchema,
  type Appointment,
  AppointmentStatusPatchSchema,
  BOOKING_MESSAGES,
  computeShopSlots,
  dayBounds,
  LIVE_APPOINTMENT_STATUSES,
  localDateOf,
  normalizePhone,
  type ShopAgenda,
  type ShopStats,
  WALK_IN_CLIENT_NAME,
  WalkInRequestSchema,
} from '@barberly/common';
import { type EntityManager, In, MoreThan } from 'typeorm';
import { HttpError, parseInput } from '../../platform/http/errors';
import { loadBarberSchedules, rotationOrder } from '../availability/schedules';
import { BarberEntity } from '../barbers/barber.entity';
import { loadChairViewer } from '../barbers/own-chair';
import { linkClient } from '../clients/client-matching';
import { shopCountry } from '../messaging/texts';
import { cancelSeriesVisits } from '../series/series.service';
import type { ServiceEntity } from '../services/service.entity';
import type { ShopEntity } from '../shops/shop.entity';
import { loadOwnedShop } from '../shops/shop-access';
import { barberHoursOn, shopHoursOn, specialDaysOn } from '../special-days/special-days.repository';
import { AppointmentEntity } from './appointment.entity';
import { toAppointmentDto, toAppointmentDtos } from './appointment-view';
import type { BookingDeps } from './booking.service';
import { slotTaken } from './booking-errors';
import { bookVisit, cancelAppointment } from './lifecycle';
import { loadScopedAppointment, markInScope } from './staff-actions';
import { barberVisits, candidateBarbers, loadShopService, placeVisit } from './visit';

/** The owner's side: the day's agenda, status changes, walk-ins and the Overview's numbers. */

function dayOf(deps: BookingDeps, shop: ShopEntity, query: unknown): string {
  const { date } = parseInput(AgendaQuerySchema, query);
  return date ?? localDateOf(deps.now(), shop.timeZone);
}

async function appointmentsOfDay(manager: EntityManager, shop: ShopEntity, date: string) {
  const day = dayBounds(date, shop.timeZone);
  return manager
    .getRepository(AppointmentEntity)
    .createQueryBuilder('a')
    .where('a.shop_id = :shopId AND a.starts_at >= :start AND a.starts_at < :end', {
      shopId: shop.id,
      start: day.start,
      end: day.end,
    })
    .orderBy('a.starts_at', 'ASC')
    .addOrderBy('a.created_at', 'ASC')
    .getMany();
}

/** GET /api/shops/{id}/appointments?date= */
/** Each appointment's latest outgoing text and its delivery status (issue 15), for the agenda. */
async function withLastTexts(manager: EntityManager, appointments: Appointment[]): Promise<Appointment[]> {
  if (appointments.length === 0) return appointments;
  const rows = (await manager.query(
    `SELECT DISTINCT ON ("appointment_id") "appointment_id", "kind", "channel", "status", "updated_at"
     FROM "text_messages" WHERE "appointment_id" = ANY($1) AND "direction" = 'out'
     ORDER BY "appointment_id", "created_at" DESC`,
    [appointments.map((a) => a.id)],
  )) as Array<{ appointment_id: string; kind: string; channel: 'sms' | 'whatsapp'; status: string; updated_at: Date }>;
  const byId = new Map(rows.map((r) => [r.appointment_id, r]));
  return appointments.map((a) => {
    const last = byId.get(a.id);
    return {
      ...a,
      lastText: last
        ? { kind: last.kind, channel: last.channel, status: last.status, at: last.updated_at.toISOString() }
        : null,
    };
  });
}

export async function getAgenda(
  deps: BookingDeps,
  shopId: string,
  userId: string,
  query: unknown,
): Promise<ShopAgenda> {
  const manager = deps.dataSource.manager;
  // The owner sees every chair; a barber of the shop their own (My Calendar, issue 26), contacts as the owner allows.
  const { shop, ownBarber, hideContacts } = await loadChairViewer(manager, shopId, userId);
  const date = dayOf(deps, shop, query);
  const [allRows, allBarbers] = await Promise.all([
    appointmentsOfDay(manager, shop, date),
    manager.getRepository(BarberEntity).find({ where: { shopId: shop.id }, order: { createdAt: 'ASC', id: 'ASC' } }),
  ]);
  const rows = ownBarber ? allRows.filter((r) => r.barberId === ownBarber.id) : allRows;
  const barbers = ownBarber ? allBarbers.filter((b) => b.id === ownBarber.id) : allBarbers;
  const appointments = (await withLastTexts(manager, await toAppointmentDtos(manager, shop, rows))).map((a) =>
    hideContacts ? { ...a, client: { ...a.client, email: '', phone: '' } } : a,
  );
  appointments.sort((a, b) => a.start.localeCompare(b.start) || a.barber.name.localeCompare(b.barber.name, 'en'));
  return {
    date,
    timeZone: shop.timeZone,
    appointments,
    barbers: barbers.map((b) => ({
      barber: { id: b.id, name: b.name, profileImageUrl: b.profileImageUrl },
      appointments: appointments.filter((a) => a.barber.id === b.id),
    })),
  };
}

/** PATCH /api/shops/{id}/appointments/{appointmentId} {status} */
export async function setAppointmentStatus(
  deps: BookingDeps,
  shopId: string,
  appointmentId: string,
  userId: string,
  body: unknown,
): Promise<Appointment> {
  const { status, scope, reason } = parseInput(AppointmentStatusPatchSchema, body);
  const shop = await loadOwnedShop(deps.dataSource.manager, shopId, userId);
  // Completed or no-show; from cancelled this takes the time back, which the constraint may refuse.
  const actor = { kind: 'staff' as const, id: userId };
  if (status !== 'cancelled') return markInScope(deps, { shop, actor }, appointmentId, status);
  await deps.mailQueue.ready();
  return deps.dataSource.transaction(async (manager) => {
    const ctx = await loadScopedAppointment(manager, { shop }, appointmentId, true);
    if (ctx.appointment.status !== 'cancelled') {
      // A visit of a series may take every later visit with it (issue 14).
      // The owner's reason, if any, is kept on the cancelled event(s): the history reads it back.
      const why = reason || null;
      if (ctx.appointment.seriesId && scope) await cancelSeriesVisits(deps, manager, ctx, scope, actor, why);
      else await cancelAppointment(deps, manager, ctx, { actor, reason: why });
    }
    return toAppointmentDto(ctx);
  });
}

/**
 * POST /api/shops/{id}/walk-in: the next free start on the shop's 15-minute grid from now (no notice: the client
 * is at the door), with the requested barber or the rotation's pick among the free ones. A race with an online
 * booking moves on to the next start.
 */
export async function bookWalkIn(
  deps: BookingDeps,
  shopId: string,
  userId: string,
  body: unknown,
): Promise<Appointment> {
  const input = parseInput(WalkInRequestSchema, body);
  await deps.mailQueue.ready();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await deps.dataSource.transaction(async (manager) => {
        const shop = await loadOwnedShop(manager, shopId, userId);
        const service = await loadShopService(manager, shop, input.serviceId);
        const now = deps.now();
        if (input.date && input.date !== localDateOf(now, shop.timeZone)) {
          throw new HttpError(400, 'invalid_input', BOOKING_MESSAGES.walkInTodayOnly, {
            date: BOOKING_MESSAGES.walkInTodayOnly,
          });
        }
        const gap = await nextWalkInGap(manager, shop, service, input.barberId, now);
        if (!gap) throw new HttpError(409, 'no_free_slot', BOOKING_MESSAGES.walkInNoSlot);
        const { start, candidates } = gap;
        const who = {
          name: input.client?.name ?? '',
          email: input.client?.email ?? '',
          phone: input.client?.phone ?? '',
        };
        const phoneE164 = who.phone
          ? normalizePhone(who.phone, shopCountry(shop, deps.config.DEFAULT_PHONE_COUNTRY ?? 'US'))
          : null;
        const clientId = await linkClient(
          manager,
          shop.id,
          { ...who, name: who.name || WALK_IN_CLIENT_NAME, phoneE164 },
          shopCountry(shop, deps.config.DEFAULT_PHONE_COUNTRY ?? 'US'),
        );
        const { result, barber, visit } = await placeVisit(
          manager,
          { shop, services: [service], candidates, start, now, ignoreNotice: true, barberNamed: false },
          (candidate, visit, end) =>
            bookVisit(deps, manager, {
              shop,
              visit,
              actor: deps.actor ?? { kind: 'staff', id: userId },
              via: 'walk_in',
              fields: {
                shopId: shop.id,
                barberId: candidate.id,
                currency: shop.currency,
                startsAt: start,
                endsAt: end,
                status: 'confirmed',
                source: 'walk_in',
                clientName: who.name || WALK_IN_CLIENT_NAME,
                clientEmail: who.email.toLowerCase(),
                clientPhone: who.phone,
                clientPhoneE164: phoneE164,
                clientId,
                note: '',
                manageTokenHash: null,
                version: 1,
              },
            }),
        );
        return toAppointmentDto({ appointment: result, barber, shop, items: visit.items });
      });
    } catch (err) {
      const raced = err instanceof HttpError && err.code === 'slot_taken';
      if (!raced || attempt === 2) throw err;
    }
  }
  throw slotTaken();
}

/**
 * The first free start from now on today's 15-minute grid, with no notice (the client is at the door), and the
 * barbers who do the visit and are free then, in rotation order; null when none is left today. The walk-in button
 * and the assistant share it. A named barber who does not do the service: 400 with their name.
 */
export async function nextWalkInGap(
  manager: EntityManager,
  shop: ShopEntity,
  service: ServiceEntity | ServiceEntity[],
  barberId: string,
  now: Date,
): Promise<{ start: Date; label: string; candidates: BarberEntity[] } | null> {
  const services = Array.isArray(service) ? service : [service];
  const date = localDateOf(now, shop.timeZone);
  const doers = await barberVisits(
    manager,
    services,
    await candidateBarbers(manager, shop, barberId, now),
    barberId !== 'any',
  );
  const barbers = doers.map((d) => d.barber);
  const specials = await specialDaysOn(manager, shop.id, date);
  const schedules = (await loadBarberSchedules(manager, barbers, dayBounds(date, shop.timeZone))).map((s, i) => ({
    ...s,
    // Today as it stands: a special day (issue 25) may close it or shorten it.
    hours: barberHoursOn(date, shop.hoursJson, doers[i]!.barber, specials),
    durationMinutes: doers[i]!.visit.durationMinutes,
    bufferMinutes: doers[i]!.visit.bufferMinutes,
  }));
  const slot = computeShopSlots({
    date,
    timeZone: shop.timeZone,
    shopHours: shopHoursOn(date, shop.hoursJson, specials),
    durationMinutes: doers[0]!.visit.durationMinutes,
    now,
    minNoticeMinutes: 0,
    bookingHorizonDays: shop.bookingHorizonDays,
    barbers: schedules,
  })[0];
  if (!slot) return null;
  const free = barbers.filter((b) => slot.barberIds.includes(b.id));
  const candidates = await rotationOrder(manager, free, dayBounds(date, shop.timeZone));
  return { start: new Date(slot.start), label: slot.label, candidates };
}

/** GET /api/shops/{id}/stats?date= */
export async function getStats(deps: BookingDeps, shopId: string, userId: string, query: unknown): Promise<ShopStats> {
  const manager = deps.dataSource.manager;
  const shop = await loadOwnedShop(manager, shopId, userId);
  const date = dayOf(deps, shop, query);
  const now = deps.now();
  const rows = await appointmentsOfDay(manager, shop, date);
  const count = (status: string) => rows.filter((a) => a.status === status).length;
  const live = rows.filter((a) => (LIVE_APPOINTMENT_STATUSES as readonly string[]).includes(a.status));
  const [{ clients, upcoming }] = (await manager.query(
    `SELECT
       (SELECT count(DISTINCT lower("client_email"))::int FROM "appointments"
          WHERE "shop_id" = $1 AND "client_email" <> '' AND "status" = ANY($2::varchar[])) AS "clients",
       (SELECT count(*)::int FROM "appointments"
          WHERE "shop_id" = $1 AND "status" = 'confirmed' AND "starts_at" >= $3) AS "upcoming"`,
    [shop.id, [...LIVE_APPOINTMENT_STATUSES], now],
  )) as [{ clients: number; upcoming: number }];
  return {
    date,
    timeZone: shop.timeZone,
    todayAppointments: live.length,
    confirmed: count('confirmed'),
    completed: count('completed'),
    noShow: count('no_show'),
    cancelled: count('cancelled'),
    remainingToday: rows.filter((a) => a.status === 'confirmed' && a.startsAt.getTime() >= now.getTime()).length,
    bookedRevenue: Math.round(live.reduce((sum, a) => sum + a.servicePrice * 100, 0)) / 100,
    totalClients: clients,
    upcomingAppointments: upcoming,
  };
}

/** The barber dashboard's numbers for the barber rows linked to a user. */
export async function barberDay(
  deps: Pick<BookingDeps, 'dataSource' | 'now'>,
  shop: ShopEntity,
  barberIds: string[],
): Promise<{ todayAppointments: number; totalClients: number; upcomingAppointments: Appointment[] }> {
  if (barberIds.length === 0) return { todayAppointments: 0, totalClients: 0, upcomingAppointments: [] };
  const manager = deps.dataSource.manager;
  const now = deps.now();
  const day = dayBounds(localDateOf(now, shop.timeZone), shop.timeZone);
  const live = [...LIVE_APPOINTMENT_STATUSES];
  const [{ today, clients }] = (await manager.query(
    `SELECT
       (SELECT count(*)::int FROM "appointments" WHERE "barber_id" = ANY($1::uuid[]) AND "status" = ANY($2::varchar[])
          AND "starts_at" >= $3 AND "starts_at" < $4) AS "today",
       (SELECT count(DISTINCT lower("client_email"))::int FROM "appointments" WHERE "barber_id" = ANY($1::uuid[])
          AND "status" = ANY($2::varchar[]) AND "client_email" <> '') AS "clients"`,
    [barberIds, live, day.start, day.end],
  )) as [{ today: number; clients: number }];
  const next = await manager.getRepository(AppointmentEntity).find({
    where: { barberId: In(barberIds), status: 'confirmed', endsAt: MoreThan(now) },
    order: { startsAt: 'ASC', id: 'ASC' },
    take: 20,
  });
  return {
    todayAppointments: today,
    totalClients: clients,
    upcomingAppointments: await toAppointmentDtos(manager, shop, next),
  };
}
