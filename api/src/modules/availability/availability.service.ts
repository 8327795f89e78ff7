import {
  AvailabilityQuerySchema,
  type AvailabilityResponse,
  BOOKING_DEFAULTS,
  BOOKING_MESSAGES,
  computeShopSlots,
} from '@barberly/common';
import type { DataSource } from 'typeorm';
import { badRequest, notFound, parseInput } from '../../platform/http/errors';
import { SHOP_NOT_FOUND } from '../shops/shop-access';
import {
  ANSWER_MAX_AGE_MS,
  type AvailabilityCache,
  type CachedAnswer,
  createUncachedAvailability,
} from './availability-cache';

export interface AvailabilityDeps {
  dataSource: DataSource;
  now: () => Date;
  /** main.ts's cache (decision 0060); without one (most tests) every question reads the database. */
  availabilityCache?: AvailabilityCache;
}

/**
 * GET /api/shops/{slug}/availability: free starts of the day, in the shop's zone, as the JSON text sent and its
 * ETag. The same answer whether it comes from the cache or straight from the database (a property test compares).
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
  const service = snapshot.services.get(input.serviceId);
  if (!service) throw badRequest(BOOKING_MESSAGES.serviceNotFound, { serviceId: BOOKING_MESSAGES.serviceNotFound });
  const barbers =
    input.barberId === 'any' ? snapshot.barbers : snapshot.barbers.filter((b) => b.id === input.barberId.toLowerCase());
  if (barbers.length === 0 && input.barberId !== 'any') {
    throw badRequest(BOOKING_MESSAGES.barberNotFound, { barberId: BOOKING_MESSAGES.barberNotFound });
  }
  const now = deps.now();
  const key = `${input.date}|${service.id}|${input.barberId.toLowerCase()}`;
  if (url) cache.remember(url, shop.id, key);
  return cache.answer(shop.id, key, now.getTime(), async () => {
    const schedules = await cache.schedules(snapshot, input.date, barbers);
    const slots = computeShopSlots({
      date: input.date,
      timeZone: shop.timeZone,
      shopHours: shop.hoursJson,
      durationMinutes: service.durationMinutes,
      now,
      minNoticeMinutes: shop.minNoticeMinutes,
      bookingHorizonDays: shop.bookingHorizonDays,
      barbers: schedules,
    });
    const response: AvailabilityResponse = { date: input.date, timeZone: shop.timeZone, slots };
    // The first slot is the first to pass its notice; until then `now` changes nothing (but the horizon's edge).
    const noticeMs = (shop.minNoticeMinutes ?? BOOKING_DEFAULTS.minNoticeMinutes) * 60_000;
    const first = slots[0] ? Date.parse(slots[0].start) - noticeMs + 1 : Number.POSITIVE_INFINITY;
    return { body: JSON.stringify(response), validUntil: Math.min(first, now.getTime() + ANSWER_MAX_AGE_MS) };
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
