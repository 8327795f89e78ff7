import {
  type Appointment,
  BOOKING_MESSAGES,
  checkStart,
  isCalendarDate,
  localDateOf,
  normalizePhone,
  type Series,
  SeriesRequestSchema,
  type SeriesResult,
  VISIT_MESSAGES,
} from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { badRequest, HttpError, notFound, parseInput } from '../../platform/http/errors';
import { type AppointmentContext, loadAppointmentContext, toAppointmentDto } from '../appointments/appointment-view';
import type { BookingDeps } from '../appointments/booking-deps';
import { refusedStart } from '../appointments/booking-errors';
import { BARBER_REFUSED, loadVisitServices, visitFor } from '../appointments/visit';
import { BarberEntity } from '../barbers/barber.entity';
import { linkClient } from '../clients/client-matching';
import { shopCountry } from '../messaging/texts';
import type { ShopEntity } from '../shops/shop.entity';
import { isUuid, loadOwnedShop } from '../shops/shop-access';
import { shopHoursOn, specialDaysOn } from '../special-days/special-days.repository';
import { acceptInSeries, bookOccurrences, notOffered, seriesFromAppointment } from './series-placement';
import { seriesResult, toSeriesDto } from './series-read';
import {
  bookingWindow,
  type ClientFields,
  clientFieldsOf,
  collisionNotFound,
  contextOf,
  datesWithin,
  insertSeries,
  loadSeries,
  markExtended,
  ruleFor,
  SERIES_COLUMNS,
  type SeriesContext,
  type SeriesRow,
} from './series-rows';

/** The owner's series routes: make one (or make a visit the first of one), read them, settle collisions. */

/**
 * The appointment 'Make this a series…' adopts as the first visit, locked for the transaction: the shop's own (404
 * otherwise), not yet in a series (409), confirmed (409), still ahead (400, like a past start), and still at the
 * start, with the barber and the services, the owner saw (409 appointmentChanged: it moved meanwhile).
 */
export async function adoptableAppointment(
  manager: EntityManager,
  shop: ShopEntity,
  input: z.output<typeof SeriesRequestSchema> & { fromAppointmentId: string },
  now: Date,
): Promise<AppointmentContext> {
  const ctx = isUuid(input.fromAppointmentId)
    ? await loadAppointmentContext(manager, { id: input.fromAppointmentId }, true)
    : null;
  if (!ctx || ctx.appointment.shopId !== shop.id) throw notFound(BOOKING_MESSAGES.appointmentNotFound);
  const { appointment } = ctx;
  if (appointment.seriesId) throw new HttpError(409, 'already_in_series', VISIT_MESSAGES.alreadyInSeries);
  if (appointment.status !== 'confirmed') throw new HttpError(409, 'not_changeable', BOOKING_MESSAGES.notChangeable);
  if (appointment.startsAt.getTime() <= now.getTime()) {
    throw badRequest(BOOKING_MESSAGES.past, { start: BOOKING_MESSAGES.past });
  }
  const serviceIds = (ctx.items ?? [{ serviceId: appointment.serviceId }]).map((i) => i.serviceId?.toLowerCase());
  const same =
    appointment.startsAt.getTime() === input.start.getTime() &&
    appointment.barberId === input.barberId.toLowerCase() &&
    serviceIds.length === input.serviceIds.length &&
    serviceIds.every((id, i) => id === input.serviceIds[i]!.toLowerCase());
  if (!same) throw new HttpError(409, 'appointment_changed', VISIT_MESSAGES.appointmentChanged);
  return ctx;
}

/** The series' client as the owner typed them, linked to the shop's client record like any booking's. */
export async function ownerClientFields(
  deps: BookingDeps,
  manager: EntityManager,
  shop: ShopEntity,
  input: z.output<typeof SeriesRequestSchema>['client'],
): Promise<ClientFields> {
  // The schema requires a client unless an appointment is adopted; this keeps the types honest.
  if (!input) throw badRequest(BOOKING_MESSAGES.clientName, { 'client.name': BOOKING_MESSAGES.clientName });
  const country = shopCountry(shop, deps.config.DEFAULT_PHONE_COUNTRY ?? 'US');
  const phoneE164 = normalizePhone(input.phone, country);
  const clientId = await linkClient(manager, shop.id, { ...input, phoneE164 }, country);
  return {
    clientName: input.name,
    clientEmail: input.email.toLowerCase(),
    clientPhone: input.phone,
    clientPhoneE164: phoneE164,
    clientId,
    note: '',
    reminderChannel: 'email',
  };
}

/**
 * POST /api/shops/{shopId}/series (owner). The first visit is `start`; every occurrence within the booking horizon
 * is booked now in one transaction (the owner may ignore the minimum notice, as for walk-ins and moves). A start
 * the shop itself refuses (the past, off the grid, closed, outside its hours, beyond the horizon) is a 400: the
 * rule would repeat it. The client gets one confirmation (the first visit booked, with its manage link, which
 * manages the whole series) and each visit's reminders; the owner made it, so no owner notice.
 *
 * With `fromAppointmentId` ('Make this a series…') that appointment is the first visit (adoptableAppointment says
 * which may be): it joins the series as its first occurrence, its client, note and reminder choice are the
 * series', and the following occurrences are booked as above. The client already has that visit's confirmation,
 * whose manage link now manages the series, so only the new visits' reminders are sent (as for a client's own
 * series).
 */
export async function createSeries(
  deps: BookingDeps,
  shopId: string,
  userId: string,
  body: unknown,
): Promise<SeriesResult> {
  await loadOwnedShop(deps.dataSource.manager, shopId, userId);
  const input = parseInput(SeriesRequestSchema, body);
  await deps.mailQueue.ready();
  return deps.dataSource.transaction(async (manager) => {
    const shop = await loadOwnedShop(manager, shopId, userId);
    const now = deps.now();
    const { fromAppointmentId } = input;
    const adopted = fromAppointmentId
      ? await adoptableAppointment(manager, shop, { ...input, fromAppointmentId }, now)
      : null;
    const barber = isUuid(input.barberId)
      ? await manager.getRepository(BarberEntity).findOne({ where: { id: input.barberId, shopId: shop.id } })
      : null;
    if (!barber) throw BARBER_REFUSED();
    const services = await loadVisitServices(manager, shop, input.serviceIds);
    const visit = await visitFor(manager, services, barber);
    if (!visit) throw await notOffered(manager, services, barber);
    const rule = ruleFor(input.start, shop.timeZone, input.repeat);
    const firstDate = localDateOf(input.start, shop.timeZone);
    const refusal = checkStart({
      start: input.start,
      durationMinutes: visit.durationMinutes,
      timeZone: shop.timeZone,
      // The first visit's day as it stands (a special day, issue 25); later visits go through placeVisit.
      hours: shopHoursOn(firstDate, shop.hoursJson, await specialDaysOn(manager, shop.id, firstDate)),
      now,
      bookingHorizonDays: shop.bookingHorizonDays,
      ignoreNotice: true,
    });
    if (refusal) throw refusedStart(refusal, shop);

    if (adopted) {
      const { ctx, booked, collisions } = await seriesFromAppointment(deps, manager, {
        shop,
        appointment: adopted.appointment,
        barber,
        services,
        rule,
        client: clientFieldsOf(adopted.appointment),
        createdBy: 'owner',
        manageTokenHash: null,
        actor: { kind: 'staff', id: userId },
      });
      return seriesResult(
        manager,
        ctx,
        [adopted, ...booked.map((b) => ({ appointment: b.appointment, barber: b.barber, shop }))],
        collisions,
        now,
      );
    }

    const client = await ownerClientFields(deps, manager, shop, input.client);
    const row = await insertSeries(manager, {
      shop,
      barber,
      services,
      rule,
      client,
      createdBy: 'owner',
      manageTokenHash: null,
    });
    const ctx: SeriesContext = { row, shop, barber, services };
    const { lastDay } = bookingWindow(shop, now);
    // The first visit booked is announced (confirmation with its manage link); the others get their reminders.
    const { booked, collisions } = await bookOccurrences(deps, manager, ctx, datesWithin(row, lastDay), client, {
      actor: { kind: 'staff', id: userId },
      announceFirst: true,
    });
    await markExtended(manager, row, lastDay);
    return seriesResult(
      manager,
      ctx,
      booked.map((b) => ({ appointment: b.appointment, barber: b.barber, shop })),
      collisions,
      now,
    );
  });
}

/** GET /api/shops/{shopId}/series/{seriesId} (owner) */
export async function getSeries(deps: BookingDeps, shopId: string, seriesId: string, userId: string): Promise<Series> {
  const manager = deps.dataSource.manager;
  const shop = await loadOwnedShop(manager, shopId, userId);
  return toSeriesDto(manager, await loadSeries(manager, shop, seriesId), deps.now());
}

export const SeriesListQuerySchema = z.object({
  status: z
    .enum(['active', 'cancelled', 'ended'], { message: "Status must be 'active', 'cancelled' or 'ended'" })
    .optional(),
});

/** GET /api/shops/{shopId}/series?status=active (owner): the shop's series, by first visit. */
export async function listSeries(deps: BookingDeps, shopId: string, userId: string, query: unknown): Promise<Series[]> {
  const manager = deps.dataSource.manager;
  const shop = await loadOwnedShop(manager, shopId, userId);
  const { status } = parseInput(SeriesListQuerySchema, query);
  const rows = (await manager.query(
    `SELECT ${SERIES_COLUMNS} FROM "appointment_series" WHERE "shop_id" = $1 AND ($2::varchar IS NULL OR "status" = $2)
     ORDER BY "first_date", "created_at", "id"`,
    [shop.id, status ?? null],
  )) as SeriesRow[];
  const now = deps.now();
  const list: Series[] = [];
  for (const row of rows) list.push(await toSeriesDto(manager, await contextOf(manager, row, shop), now));
  return list;
}

/**
 * POST /api/shops/{shopId}/series/{seriesId}/collisions/{date}/accept {start} (owner) → the new visit. The client
 * hears of it like of a booking (confirmation with its manage link, reminders); no owner notice.
 */
export async function acceptCollision(
  deps: BookingDeps,
  shopId: string,
  seriesId: string,
  date: string,
  userId: string,
  body: unknown,
): Promise<Appointment> {
  await deps.mailQueue.ready();
  return deps.dataSource.transaction(async (manager) => {
    const shop = await loadOwnedShop(manager, shopId, userId);
    const ctx = await loadSeries(manager, shop, seriesId, true);
    const { booked } = await acceptInSeries(deps, manager, ctx, date, body, 'owner', { kind: 'staff', id: userId });
    return toAppointmentDto({ appointment: booked.appointment, barber: booked.barber, shop });
  });
}

/** POST /api/shops/{shopId}/series/{seriesId}/collisions/{date}/dismiss (owner): the visit is let go. */
export async function dismissCollision(
  deps: BookingDeps,
  shopId: string,
  seriesId: string,
  date: string,
  userId: string,
): Promise<void> {
  const manager = deps.dataSource.manager;
  const shop = await loadOwnedShop(manager, shopId, userId);
  const ctx = await loadSeries(manager, shop, seriesId);
  if (!isCalendarDate(date)) throw collisionNotFound();
  const [, count] = (await manager.query(
    `UPDATE "series_collisions" SET "status" = 'dismissed' WHERE "series_id" = $1 AND "occurrence_date" = $2 AND "status" = 'open'`,
    [ctx.row.id, date],
  )) as [unknown, number];
  if (count === 0) throw collisionNotFound();
}
