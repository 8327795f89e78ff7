import {
  BOOKING_MESSAGES,
  checkStart,
  dayBounds,
  localDateOf,
  type StartRefusal,
  VISIT_MESSAGES,
} from '@barberly/common';
import { type EntityManager, In } from 'typeorm';
import { badRequest } from '../../platform/http/errors';
import { rotationOrder } from '../availability/schedules';
import { BarberEntity } from '../barbers/barber.entity';
import { type BarberOffers, type BarberVisit, barberVisit, loadOffers, offersService } from '../barbers/barber-offers';
import { BarberTimeOffEntity } from '../barbers/barber-time-off.entity';
import { ServiceEntity } from '../services/service.entity';
import type { ShopEntity } from '../shops/shop.entity';
import { isUuid } from '../shops/shop-access';
import { barberHoursOn, shopHoursOn, specialDaysOn } from '../special-days/special-days.repository';
import { isOverlapViolation, refusedStart, slotTaken } from './booking-errors';

export type { BarberVisit } from '../barbers/barber-offers';

/**
 * A visit (issue 14, decision 0160): one or more services done back to back by one barber, booked as one
 * appointment with its line items. The one place booking, walk-ins, rescheduling, series and the waitlist place a
 * visit: who does what (barber_services), the barber's own durations and prices, the buffer after the visit, the
 * per-barber advisory lock and the waitlist's holds are all decided here; the exclusion constraint over
 * [starts_at, blocked_until) decides between bookings.
 */

export interface VisitPlacement {
  shop: ShopEntity;
  /** The shop's services, in the order they are done. */
  services: ServiceEntity[];
  /** Barbers to try, in order; the first free one who does every service gets it. */
  candidates: BarberEntity[];
  start: Date;
  now: Date;
  ignoreNotice?: boolean;
  /** The waitlist hold being claimed: it does not count against its own slot. */
  claimingHoldId?: string;
  /**
   * The client named the barber (not 'any'): one who does not do the visit is refused by name. Absent: named when
   * there is a single candidate.
   */
  barberNamed?: boolean;
}

export const SERVICE_REFUSED = () =>
  badRequest(BOOKING_MESSAGES.serviceNotFound, { serviceId: BOOKING_MESSAGES.serviceNotFound });

/** One service of the shop; 400 (the booking's wording) for one not of the shop. */
export async function loadShopService(manager: EntityManager, shop: ShopEntity, serviceId: string) {
  const service = isUuid(serviceId)
    ? await manager.getRepository(ServiceEntity).findOne({ where: { id: serviceId, shopId: shop.id } })
    : null;
  if (!service) throw SERVICE_REFUSED();
  return service;
}

/** The shop's services by id, in the order given; 400 (the booking's wording) for one not of the shop. */
export async function loadVisitServices(
  manager: EntityManager,
  shop: ShopEntity,
  serviceIds: string[],
): Promise<ServiceEntity[]> {
  const ids = serviceIds.map((id) => id.toLowerCase());
  if (ids.length === 0 || !ids.every(isUuid)) throw SERVICE_REFUSED();
  const rows = await manager.getRepository(ServiceEntity).find({ where: { id: In(ids), shopId: shop.id } });
  const byId = new Map(rows.map((s) => [s.id, s]));
  return ids.map((id) => {
    const service = byId.get(id);
    if (!service) throw SERVICE_REFUSED();
    return service;
  });
}

/** What this barber's version of the visit is; null when they do not do every service of it. */
export async function visitFor(
  manager: EntityManager,
  services: ServiceEntity[],
  barber: BarberEntity,
): Promise<BarberVisit | null> {
  const offers = await loadOffers(manager, [barber.id]);
  return barberVisit(barber, offers.get(barber.id), services);
}

/** Nobody among the candidates does the whole visit: name the barber and the service when one was asked for. */
function notOffered(
  services: ServiceEntity[],
  candidates: BarberEntity[],
  offers: Map<string, BarberOffers>,
  barberNamed: boolean,
) {
  const barber = candidates[0];
  const missing = barber && services.find((s) => !offersService(barber, offers.get(barber.id), s.id));
  if (barberNamed && barber && missing) {
    const message = VISIT_MESSAGES.notOffered(barber.name, missing.name);
    return badRequest(message, { barberId: message });
  }
  return badRequest(VISIT_MESSAGES.noBarberForVisit, { serviceIds: VISIT_MESSAGES.noBarberForVisit });
}

/**
 * The candidates who do the whole visit, in the order given, each with their version of it (one query). None: 400,
 * naming the barber and the service they do not do when the barber was named (default: a single candidate), else
 * 'No barber does all of these services'.
 */
export async function barberVisits(
  manager: EntityManager,
  services: ServiceEntity[],
  candidates: BarberEntity[],
  barberNamed = candidates.length === 1,
): Promise<Array<{ barber: BarberEntity; visit: BarberVisit }>> {
  const offers = await loadOffers(
    manager,
    candidates.map((b) => b.id),
  );
  const doers = candidates.flatMap((barber) => {
    const visit = barberVisit(barber, offers.get(barber.id), services);
    return visit ? [{ barber, visit }] : [];
  });
  if (doers.length === 0) throw notOffered(services, candidates, offers, barberNamed);
  return doers;
}

/**
 * Checks the start against the shop's rules, then tries each candidate: one who does the whole visit, within their
 * hours and time off for [start, start + duration) (the buffer may run past closing), not under someone else's
 * hold for [start, start + duration + buffer), and then the write itself (the exclusion constraint). Each try runs
 * in a savepoint, so a refusal (23P01, a hold) leaves the transaction usable for the next barber and releases that
 * barber's advisory lock at once. `write` inserts or moves the row for that barber and their version of the visit;
 * it must set buffer_minutes to the visit's buffer so the trigger's blocked_until covers it.
 */
export async function placeVisit<T>(
  manager: EntityManager,
  placement: VisitPlacement,
  write: (barber: BarberEntity, visit: BarberVisit, end: Date) => Promise<T>,
): Promise<{ result: T; barber: BarberEntity; visit: BarberVisit }> {
  const { shop, start, now } = placement;
  const doers = await barberVisits(manager, placement.services, placement.candidates, placement.barberNamed);

  const rules = (durationMinutes: number) => ({
    start,
    durationMinutes,
    timeZone: shop.timeZone,
    now,
    minNoticeMinutes: shop.minNoticeMinutes,
    bookingHorizonDays: shop.bookingHorizonDays,
    ignoreNotice: placement.ignoreNotice,
  });
  // The shortest version first: what the shop's rules refuse for it (the past, notice, a closed day) they refuse
  // for everyone.
  const shortest = Math.min(...doers.map((d) => d.visit.durationMinutes));
  // The week as it stands on the start's day: a special day (issue 25) closes it or gives it other hours.
  const date = localDateOf(start, shop.timeZone);
  const specials = await specialDaysOn(manager, shop.id, date);
  const shopHours = shopHoursOn(date, shop.hoursJson, specials);
  const shopRefusal = checkStart({ ...rules(shortest), hours: shopHours });
  if (shopRefusal) throw refusedStart(shopRefusal, shop);

  let barberRefusal: StartRefusal | null = null;
  let taken = false;
  for (const { barber, visit } of doers) {
    const end = new Date(start.getTime() + visit.durationMinutes * 60_000);
    const blockedUntil = new Date(end.getTime() + visit.bufferMinutes * 60_000);
    const timeOff = await manager
      .getRepository(BarberTimeOffEntity)
      .createQueryBuilder('t')
      .where('t.barber_id = :id AND t.starts_at < :end AND t.ends_at > :start', { id: barber.id, start, end })
      .getMany();
    const refusal =
      checkStart({ ...rules(visit.durationMinutes), hours: shopHours }) ??
      checkStart({
        ...rules(visit.durationMinutes),
        hours: barberHoursOn(date, shop.hoursJson, barber, specials),
        timeOff: timeOff.map((t) => ({ start: t.startsAt, end: t.endsAt })),
      });
    if (refusal) {
      barberRefusal ??= refusal;
      continue;
    }
    await manager.query('SAVEPOINT place_visit');
    try {
      // Holding and booking take the same per-barber lock: a hold cannot be made between our look and our write.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('barber:' || $1::text, 0))`, [barber.id]);
      // The app's clock (the database's in production): tests move it, and availability reads holds by it too.
      const held = (await manager.query(
        `SELECT 1 FROM "slot_holds"
         WHERE "barber_id" = $1 AND "status" = 'active' AND "expires_at" > $2
           AND "starts_at" < $4 AND "ends_at" > $3 AND ($5::uuid IS NULL OR "id" <> $5::uuid)
         LIMIT 1`,
        [barber.id, now, start, blockedUntil, placement.claimingHoldId ?? null],
      )) as unknown[];
      if (held.length > 0) {
        await manager.query('ROLLBACK TO SAVEPOINT place_visit');
        taken = true;
        continue;
      }
      const result = await write(barber, visit, end);
      await manager.query('RELEASE SAVEPOINT place_visit');
      return { result, barber, visit };
    } catch (err) {
      await manager.query('ROLLBACK TO SAVEPOINT place_visit');
      if (!isOverlapViolation(err)) throw err;
      taken = true;
    }
  }
  if (taken || !barberRefusal) throw slotTaken();
  if (doers.length > 1) throw badRequest(BOOKING_MESSAGES.noBarberFree, { start: BOOKING_MESSAGES.noBarberFree });
  throw refusedStart(barberRefusal, shop);
}

export const BARBER_REFUSED = () =>
  badRequest(BOOKING_MESSAGES.barberNotFound, { barberId: BOOKING_MESSAGES.barberNotFound });

/** The barbers a request may go to: the one named (it must work at the shop), or all of them in rotation order. */
export async function candidateBarbers(
  manager: EntityManager,
  shop: ShopEntity,
  barberId: string,
  start: Date,
): Promise<BarberEntity[]> {
  const repo = manager.getRepository(BarberEntity);
  if (barberId !== 'any') {
    const barber = isUuid(barberId) ? await repo.findOne({ where: { id: barberId, shopId: shop.id } }) : null;
    if (!barber) throw BARBER_REFUSED();
    return [barber];
  }
  const all = await repo.find({ where: { shopId: shop.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  if (all.length === 0) throw badRequest(BOOKING_MESSAGES.noBarbers, { barberId: BOOKING_MESSAGES.noBarbers });
  return rotationOrder(manager, all, dayBounds(localDateOf(start, shop.timeZone), shop.timeZone));
}
