import {
  type Appointment,
  BOOKING_MESSAGES,
  formatClockTime,
  normalizePhone,
  STAFF_BOOKING_MESSAGES,
  StaffBookingRequestSchema,
  StaffMoveRequestSchema,
  StaffServicesRequestSchema,
} from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { forbidden, HttpError, notFound, parseInput } from '../../platform/http/errors';
import { BarberEntity } from '../barbers/barber.entity';
import { assertBarberMay } from '../barbers/barber-permissions';
import { hasServed } from '../clients/client-access';
import { linkClient } from '../clients/client-matching';
import { shopCountry } from '../messaging/texts';
import type { ShopEntity } from '../shops/shop.entity';
import { findShopById, SHOP_NOT_FOUND } from '../shops/shop-access';
import type { AppointmentEntity } from './appointment.entity';
import { toAppointmentDto } from './appointment-view';
import { type BookingDeps, candidateBarbers } from './booking.service';
import { bookVisit, changeServices, moveAppointment } from './lifecycle';
import { newManageToken } from './manage-token';
import { loadScopedAppointment } from './staff-actions';
import { loadVisitServices, placeVisit } from './visit';

/**
 * The calendar's writes (issue 25): the owner or a barber books a client for any time and moves appointments.
 * Built on the same placement as every booking (placeVisit: hours, time off, holds, the exclusion constraint);
 * staff skip the minimum notice only. A refused time is a 409 that names who or what has it.
 */

export type CalendarStaff =
  | { kind: 'owner'; shop: ShopEntity }
  | { kind: 'barber'; shop: ShopEntity; barber: BarberEntity };

/** The shop's owner, or a barber whose account is linked to one of its barbers; anyone else 403. */
export async function calendarStaff(manager: EntityManager, shopId: string, userId: string): Promise<CalendarStaff> {
  const shop = await findShopById(manager, shopId);
  if (!shop) throw notFound(SHOP_NOT_FOUND);
  if (shop.ownerId === userId) return { kind: 'owner', shop };
  const barber = await manager
    .getRepository(BarberEntity)
    .findOne({ where: { shopId: shop.id, userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  if (!barber) throw forbidden('Only the owner of this shop can change it.');
  return { kind: 'barber', shop, barber };
}

/** Barbers act only in their own chair unless the owner lets them book any (shop setting, default off). */
function assertChair(staff: CalendarStaff, barberId: string): void {
  // Issue 26: the owner may turn a barber's booking and moving off altogether (bookOwnChair, default on).
  if (staff.kind === 'barber') assertBarberMay(staff.shop, staff.barber, 'bookOwnChair');
  if (staff.kind === 'barber' && staff.barber.id !== barberId && !staff.shop.barbersBookAnyChair) {
    throw forbidden(STAFF_BOOKING_MESSAGES.ownChairOnly);
  }
}

/**
 * Turns a refusal of the time into words naming what holds it: the appointment (client and times) or the time off
 * that overlaps [start, end + buffer) for that barber. Other errors pass through.
 */
async function explainRefusal(
  manager: EntityManager,
  err: unknown,
  shop: ShopEntity,
  barberId: string,
  start: Date,
  minutes: number,
  excludeId: string | null = null,
): Promise<unknown> {
  const timeOffRefusal = err instanceof HttpError && err.status === 400 && err.message === BOOKING_MESSAGES.timeOff;
  if (!(err instanceof HttpError) || !(err.code === 'slot_taken' || timeOffRefusal)) return err;
  const end = new Date(start.getTime() + minutes * 60_000);
  const clock = { timeZone: shop.timeZone, locale: shop.locale, clock: shop.clock };
  const [barber] = (await manager.query(`SELECT "name" FROM "barbers" WHERE "id" = $1`, [barberId])) as Array<{
    name: string;
  }>;
  const barberName = barber?.name ?? 'The barber';
  const [other] = (await manager.query(
    `SELECT "client_name", "starts_at", "ends_at" FROM "appointments"
     WHERE "barber_id" = $1 AND "status" <> 'cancelled'
       AND "starts_at" < $3 AND "ends_at" + make_interval(mins => "buffer_minutes") > $2
       AND ($4::uuid IS NULL OR "id" <> $4::uuid)
     ORDER BY "starts_at" LIMIT 1`,
    [barberId, start, end, excludeId],
  )) as Array<{ client_name: string; starts_at: Date; ends_at: Date }>;
  if (other) {
    return new HttpError(
      409,
      'slot_taken',
      STAFF_BOOKING_MESSAGES.taken(
        barberName,
        other.client_name || 'a client',
        formatClockTime(other.starts_at, clock),
        formatClockTime(other.ends_at, clock),
      ),
    );
  }
  const [off] = (await manager.query(
    `SELECT "starts_at", "ends_at" FROM "barber_time_off" WHERE "barber_id" = $1 AND "starts_at" < $3 AND "ends_at" > $2
     ORDER BY "starts_at" LIMIT 1`,
    [barberId, start, end],
  )) as Array<{ starts_at: Date; ends_at: Date }>;
  if (off) {
    return new HttpError(
      409,
      'slot_taken',
      STAFF_BOOKING_MESSAGES.takenByTimeOff(
        barberName,
        formatClockTime(off.starts_at, clock),
        formatClockTime(off.ends_at, clock),
      ),
    );
  }
  return new HttpError(409, 'slot_taken', STAFF_BOOKING_MESSAGES.takenGeneric(barberName));
}

/** The client named by id: the shop's, not erased, followed through merges; a barber only one they served. */
async function loadClient(manager: EntityManager, staff: CalendarStaff, clientId: string, now: Date) {
  const rows = (await manager.query(
    `WITH RECURSIVE chain AS (
       SELECT "id", "name", "email", "phone", "merged_into_id", "erased_at", 0 AS depth FROM "clients"
       WHERE "id" = $1 AND "shop_id" = $2
       UNION ALL
       SELECT c."id", c."name", c."email", c."phone", c."merged_into_id", c."erased_at", chain.depth + 1
       FROM "clients" c JOIN chain ON c."id" = chain."merged_into_id" WHERE chain.depth < 10
     )
     SELECT * FROM chain WHERE "merged_into_id" IS NULL LIMIT 1`,
    [clientId, staff.shop.id],
  )) as Array<{ id: string; name: string; email: string | null; phone: string | null; erased_at: Date | null }>;
  const client = rows[0];
  if (!client || client.erased_at) throw notFound(STAFF_BOOKING_MESSAGES.clientNotFound);
  if (staff.kind === 'barber' && !(await hasServed(manager, client.id, staff.barber.id, now))) {
    throw notFound(STAFF_BOOKING_MESSAGES.clientNotFound);
  }
  return { id: client.id, name: client.name, email: client.email ?? '', phone: client.phone ?? '' };
}

/** POST /api/shops/{shopId}/bookings → 201 Appointment (with manageUrl when the client has an e-mail). */
export async function staffBook(deps: BookingDeps, shopId: string, userId: string, body: unknown) {
  const input = parseInput(StaffBookingRequestSchema, body);
  await deps.mailQueue.ready();
  return deps.dataSource.transaction(async (manager) => {
    const staff = await calendarStaff(manager, shopId, userId);
    const shop = staff.shop;
    assertChair(staff, input.barberId);
    const now = deps.now();
    const country = shopCountry(shop, deps.config.DEFAULT_PHONE_COUNTRY ?? 'US');
    const services = await loadVisitServices(manager, shop, input.serviceIds);
    const candidates = await candidateBarbers(manager, shop, input.barberId, input.start);
    const known = input.clientId ? await loadClient(manager, staff, input.clientId, now) : null;
    const who = known ?? {
      name: input.client?.name ?? '',
      email: (input.client?.email ?? '').toLowerCase(),
      phone: input.client?.phone ?? '',
    };
    const phoneE164 = who.phone ? normalizePhone(who.phone, country) : null;
    const clientId = known?.id ?? (await linkClient(manager, shop.id, { ...who, phoneE164 }, country));
    const token = newManageToken();
    let placed: Awaited<ReturnType<typeof placeVisit<AppointmentEntity>>>;
    try {
      placed = await placeVisit(
        manager,
        { shop, services, candidates, start: input.start, now, ignoreNotice: true, barberNamed: true },
        (candidate, visit, end) =>
          bookVisit(deps, manager, {
            shop,
            visit,
            actor: { kind: 'staff', id: userId },
            via: 'staff',
            manageToken: token.token,
            // The confirmation goes only when the staff asked for it (notify); the reminders always.
            data: { notify: Boolean(input.notify) },
            fields: {
              shopId: shop.id,
              barberId: candidate.id,
              currency: shop.currency,
              startsAt: input.start,
              endsAt: end,
              status: 'confirmed',
              source: 'staff',
              clientName: who.name,
              clientEmail: who.email.toLowerCase(),
              clientPhone: who.phone,
              clientPhoneE164: phoneE164,
              clientId,
              note: input.note,
              manageTokenHash: token.hash,
              version: 1,
            },
          }),
      );
    } catch (err) {
      const minutes = services.reduce((sum, s) => sum + s.durationMinutes, 0);
      throw await explainRefusal(manager, err, shop, input.barberId, input.start, minutes);
    }
    const { result: appointment, barber, visit } = placed;
    return toAppointmentDto({ appointment, barber, shop, items: visit.items });
  });
}

/** POST /api/shops/{shopId}/appointments/{appointmentId}/move {start, barberId?} → 200 Appointment; 409 in words. */
export async function staffMove(
  deps: BookingDeps,
  shopId: string,
  appointmentId: string,
  userId: string,
  body: unknown,
): Promise<Appointment> {
  const input = parseInput(StaffMoveRequestSchema, body);
  await deps.mailQueue.ready();
  return deps.dataSource.transaction(async (manager) => {
    const staff = await calendarStaff(manager, shopId, userId);
    // A barber sees only their own chair's appointments (404 outside it), unless the owner lets them book any.
    const scope =
      staff.kind === 'barber' && !staff.shop.barbersBookAnyChair
        ? { shop: staff.shop, barberId: staff.barber.id }
        : { shop: staff.shop };
    const ctx = await loadScopedAppointment(manager, scope, appointmentId, true);
    if (ctx.appointment.status !== 'confirmed') {
      throw new HttpError(409, 'not_changeable', BOOKING_MESSAGES.notChangeable);
    }
    const barberId = input.barberId ?? ctx.appointment.barberId;
    assertChair(staff, barberId);
    try {
      // The client's own reschedule path: one UPDATE, one "rescheduled" mail and a fresh reminder.
      const moved = await moveAppointment(
        deps,
        manager,
        ctx,
        { start: input.start, barberId },
        { ignoreNotice: true, actor: { kind: 'staff', id: userId } },
      );
      return toAppointmentDto(moved);
    } catch (err) {
      const minutes = ctx.appointment.serviceDurationMinutes;
      throw await explainRefusal(manager, err, staff.shop, barberId, input.start, minutes, ctx.appointment.id);
    }
  });
}

/**
 * POST /api/shops/{shopId}/appointments/{appointmentId}/services {serviceIds} → 200 Appointment: the visit keeps its
 * start and barber and takes these services as the barber does them (lengths, prices, the buffer); a longer visit
 * that runs into another appointment or time off is a 409 in words. The client is not mailed: the time is the same.
 */
export async function staffChangeServices(
  deps: BookingDeps,
  shopId: string,
  appointmentId: string,
  userId: string,
  body: unknown,
): Promise<Appointment> {
  const input = parseInput(StaffServicesRequestSchema, body);
  return deps.dataSource.transaction(async (manager) => {
    const staff = await calendarStaff(manager, shopId, userId);
    const scope =
      staff.kind === 'barber' && !staff.shop.barbersBookAnyChair
        ? { shop: staff.shop, barberId: staff.barber.id }
        : { shop: staff.shop };
    const ctx = await loadScopedAppointment(manager, scope, appointmentId, true);
    if (ctx.appointment.status !== 'confirmed') {
      throw new HttpError(409, 'not_changeable', BOOKING_MESSAGES.notChangeable);
    }
    const { appointment, shop } = ctx;
    const services = await loadVisitServices(manager, shop, input.serviceIds);
    try {
      const changed = await changeServices(
        deps,
        manager,
        ctx,
        { serviceIds: input.serviceIds },
        { actor: { kind: 'staff', id: userId } },
      );
      return toAppointmentDto(changed);
    } catch (err) {
      const minutes = services.reduce((sum, s) => sum + s.durationMinutes, 0);
      throw await explainRefusal(
        manager,
        err,
        shop,
        appointment.barberId,
        appointment.startsAt,
        minutes,
        appointment.id,
      );
    }
  });
}
