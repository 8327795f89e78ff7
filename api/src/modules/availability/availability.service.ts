import {
  AvailabilityQuerySchema,
  type AvailabilityResponse,
  BOOKING_DEFAULTS,
  BOOKING_MESSAGES,
  computeShopSlots,
  nextHoldExpiry,
  VISIT_MESSAGES,
} from '@barberly/common';
import type { DataSource } from 'typeorm';
import { badRequest, notFound, parseInput } from '../../platform/http/errors';
import { barberVisit, offersService } from '../barbers/barber-offers';
import type { ServiceEntity } from '../services/service.entity';
import { SHOP_NOT_FOUND } from '../shops/shop-access';
import { barberHoursOn, shopHoursOn } from '../special-days/special-days.repository';
import {
  ANSWER_MAX_AGE_MS,
  type AvailabilityCache,
  type CachedAnswer,
  createUncachedAvailability,
  type ShopSnapshot,
} from './availability-cache';

export interface AvailabilityDeps {
  dataSource: DataSource;
  now: () => Date;
  /** main.ts's cache (decision 0060); without one (most tests) every question reads the database. */
  availabilityCache?: AvailabilityCache;
}

/** A visit's services and the barbers asked who do all of them, each with their version of the visit. */
export interface VisitQuestion {
  serviceId?: string;
  serviceIds?: string[];
  barberId: string;
}

/**
 * The services of a question and the barbers asked ('any': all of the shop's) who do them all, each with their own
 * duration and buffer. A named barber who does not do one of them: 400 with their name; nobody does them all: 400.
 */
export function visitDoers(snapshot: ShopSnapshot, input: VisitQuestion) {
  const serviceIds = (input.serviceIds ?? [input.serviceId as string]).map((id) => id.toLowerCase());
  const services: ServiceEntity[] = [];
  for (const id of serviceIds) {
    const service = snapshot.services.get(id);
    if (!service) throw badRequest(BOOKING_MESSAGES.serviceNotFound, { serviceId: BOOKING_MESSAGES.serviceNotFound });
    services.push(service);
  }
  const named = input.barberId !== 'any';
  const asked = named ? snapshot.barbers.filter((b) => b.id === input.barberId.toLowerCase()) : snapshot.barbers;
  if (asked.length === 0 && named) {
    throw badRequest(BOOKING_MESSAGES.barberNotFound, { barberId: BOOKING_MESSAGES.barberNotFound });
  }
  const doers = asked.flatMap((barber) => {
    const visit = barberVisit(barber, snapshot.offers.get(barber.id), services);
    return visit ? [{ barber, visit }] : [];
  });
  if (doers.length === 0) {
    const barber = asked[0];
    const missing = barber && services.find((s) => !offersService(barber, snapshot.offers.get(barber.id), s.id));
    if (named && barber && missing) {
      const message = VISIT_MESSAGES.notOffered(barber.name, missing.name);
      throw badRequest(message, { barberId: message });
    }
    throw badRequest(VISIT_MESSAGES.noBarberForVisit, { serviceIds: VISIT_MESSAGES.noBarberForVisit });
  }
  return { serviceIds, services, doers };
}

/**
 * GET /api/shops/{slug}/availability: free starts of the day, in the shop's zone, as the JSON text sent and its
 * ETag. The same answer whether it comes from the cache or straight from the database (a property test compares).
 * The question is a visit (issue 14): one or more services; each barber who does all of them is asked with their
 * own duration and the visit's buffer, and the others are left out ('any') or refused by name.
 */
export async function getAvailabilityAnswer(
  deps: AvailabilityDeps,
  slugOrId: string,
  query: unknown,
  viewerId: string | undefined,
  /** The request's URL, for the hot path's next look-up (availability.router.ts). */
  url?: string,
): Promise<CachedAnswer> {
  const cache = deps.availabilityCache ?? createUncachedAvailability(deps.dataSource);
  const snapshot = await cache.snapshot(slugOrId);
  const shop = snapshot?.shop;
  if (!snapshot || !shop || (!shop.isActive && shop.ownerId !== viewerId)) throw notFound(SHOP_NOT_FOUND);
  const input = parseInput(AvailabilityQuerySchema, query);
  const { serviceIds, doers } = visitDoers(snapshot, input);
  const now = deps.now();
  // The order of a visit's services changes neither its length nor its buffer: one answer for both orders.
  const key = `${input.date}|${[...serviceIds].sort().join(',')}|${input.barberId.toLowerCase()}`;
  if (url) cache.remember(url, shop.id, key);
  return cache.answer(shop.id, key, now.getTime(), async () => {
    const schedules = (
      await cache.schedules(
        snapshot,
        input.date,
        doers.map((d) => d.barber),
      )
    ).map((schedule, i) => ({
      ...schedule,
      // The week as it stands on this date: special days (issue 25) close it or give it other hours.
      hours: barberHoursOn(input.date, shop.hoursJson, doers[i]!.barber, snapshot.specialDays),
      durationMinutes: doers[i]!.visit.durationMinutes,
      bufferMinutes: doers[i]!.visit.bufferMinutes,
    }));
    const slots = computeShopSlots({
      date: input.date,
      timeZone: shop.timeZone,
      shopHours: shopHoursOn(input.date, shop.hoursJson, snapshot.specialDays),
      durationMinutes: doers[0]!.visit.durationMinutes,
      now,
      minNoticeMinutes: shop.minNoticeMinutes,
      bookingHorizonDays: shop.bookingHorizonDays,
      barbers: schedules,
    });
    const response: AvailabilityResponse = { date: input.date, timeZone: shop.timeZone, slots };
    // The first slot is the first to pass its notice; until then `now` changes nothing (but the horizon's edge).
    const noticeMs = (shop.minNoticeMinutes ?? BOOKING_DEFAULTS.minNoticeMinutes) * 60_000;
    const first = slots[0] ? Date.parse(slots[0].start) - noticeMs + 1 : Number.POSITIVE_INFINITY;
    // A hold frees its time when it expires, with no write to tell us: the answer lasts no longer than the
    // earliest hold it relied on.
    const validUntil = Math.min(first, now.getTime() + ANSWER_MAX_AGE_MS, nextHoldExpiry(schedules, now));
    return { body: JSON.stringify(response), validUntil };
  });
}

/** The parsed answer, for callers inside the api (the assistant's tools). */
export async function getAvailability(
  deps: AvailabilityDeps,
  slugOrId: string,
  query: unknown,
  viewerId: string | undefined,
): Promise<AvailabilityResponse> {
  return JSON.parse((await getAvailabilityAnswer(deps, slugOrId, query, viewerId)).body) as AvailabilityResponse;
}
