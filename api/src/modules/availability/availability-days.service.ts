import {
  type AvailabilityDay,
  AvailabilityDaysQuerySchema,
  type AvailabilityDaysResponse,
  addDays,
  type BarberSchedule,
  BOOKING_DEFAULTS,
  closedReason,
  computeShopSlots,
  DAY_REASONS,
  datesFrom,
  findSpecialDay,
  localDateOf,
  nextHoldExpiry,
  openingWindow,
} from '@barberly/common';
import { notFound, parseInput } from '../../platform/http/errors';
import type { BarberEntity } from '../barbers/barber.entity';
import type { BarberVisit } from '../barbers/barber-offers';
import { SHOP_NOT_FOUND } from '../shops/shop-access';
import { barberHoursOn, shopHoursOn } from '../special-days/special-days.repository';
import { type AvailabilityDeps, visitDoers } from './availability.service';
import { ANSWER_MAX_AGE_MS, type CachedAnswer, createUncachedAvailability } from './availability-cache';

interface Doer {
  barber: BarberEntity;
  visit: BarberVisit;
}

/**
 * GET /api/shops/{slugOrId}/availability/days?serviceIds=&barberId=any|{id}&from=&to= (issue 25, item 7): for each
 * day of at most 62, whether the visit has a free start, and why not ('Closed (Christmas Day)', 'Fully booked').
 * Each day is worked out exactly as the one-day answer works it out (the same schedules from the same cache, the same
 * slot code), so `free` is true exactly when GET /availability?date= lists a slot; a test compares them day by day.
 * For a named barber with nothing free, `othersFree` lists the other barbers who do the visit and have a free start
 * that day. The answer is kept and dropped like the one-day answer (decision 0060): its key starts with 'days|'.
 */
export async function getAvailabilityDaysAnswer(
  deps: AvailabilityDeps,
  slugOrId: string,
  query: unknown,
  viewerId: string | undefined,
  url?: string,
): Promise<CachedAnswer> {
  const cache = deps.availabilityCache ?? createUncachedAvailability(deps.dataSource);
  const snapshot = await cache.snapshot(slugOrId);
  const shop = snapshot?.shop;
  if (!snapshot || !shop || (!shop.isActive && shop.ownerId !== viewerId)) throw notFound(SHOP_NOT_FOUND);
  const input = parseInput(AvailabilityDaysQuerySchema, query);
  const { serviceIds, doers } = visitDoers(snapshot, input);
  const named = input.barberId !== 'any';
  // Everyone who does the visit, for othersFree: only asked about when the named barber has nothing.
  const others: Doer[] = named
    ? visitDoers(snapshot, { ...input, barberId: 'any' }).doers.filter((d) => d.barber.id !== doers[0]!.barber.id)
    : [];
  const now = deps.now();
  const key = `days|${input.from}|${input.to}|${[...serviceIds].sort().join(',')}|${input.barberId.toLowerCase()}`;
  if (url) cache.remember(url, shop.id, key);
  return cache.answer(shop.id, key, now.getTime(), async () => {
    const today = localDateOf(now, shop.timeZone);
    const lastDay = addDays(today, shop.bookingHorizonDays ?? BOOKING_DEFAULTS.bookingHorizonDays);
    const noticeMs = (shop.minNoticeMinutes ?? BOOKING_DEFAULTS.minNoticeMinutes) * 60_000;
    let validUntil = now.getTime() + ANSWER_MAX_AGE_MS;
    const everyone = [...doers, ...others];

    /** The free slots of `who` on `date`, as the one-day answer computes them. */
    const slotsOf = (date: string, who: Doer[], all: BarberSchedule[]) => {
      const schedules = who.map((d) => ({
        ...all.find((s) => s.id === d.barber.id)!,
        hours: barberHoursOn(date, shop.hoursJson, d.barber, snapshot.specialDays),
        durationMinutes: d.visit.durationMinutes,
        bufferMinutes: d.visit.bufferMinutes,
      }));
      validUntil = Math.min(validUntil, nextHoldExpiry(schedules, now));
      return computeShopSlots({
        date,
        timeZone: shop.timeZone,
        shopHours: shopHoursOn(date, shop.hoursJson, snapshot.specialDays),
        durationMinutes: who[0]!.visit.durationMinutes,
        now,
        minNoticeMinutes: shop.minNoticeMinutes,
        bookingHorizonDays: shop.bookingHorizonDays,
        barbers: schedules,
      });
    };

    const days: AvailabilityDay[] = [];
    for (const date of datesFrom(input.from, input.to)) {
      if (date < today) {
        days.push({ date, free: false, reason: DAY_REASONS.past });
        continue;
      }
      if (date > lastDay) {
        days.push({ date, free: false, reason: DAY_REASONS.notYetOpen });
        continue;
      }
      const shopSpecial = findSpecialDay(snapshot.specialDays, date, null);
      if (!openingWindow(date, shop.timeZone, shopHoursOn(date, shop.hoursJson, snapshot.specialDays))) {
        days.push({ date, free: false, closed: true, reason: closedReason(shopSpecial?.reason) });
        continue;
      }
      const all = await cache.schedules(
        snapshot,
        date,
        everyone.map((d) => d.barber),
      );
      const slots = slotsOf(date, doers, all);
      if (slots[0]) {
        validUntil = Math.min(validUntil, Date.parse(slots[0].start) - noticeMs + 1);
        days.push({ date, free: true });
        continue;
      }
      // Nobody asked works that day: closed for them ('Closed (Holiday)' when the barber's own special day says so).
      const working = doers.filter((d) =>
        openingWindow(date, shop.timeZone, barberHoursOn(date, shop.hoursJson, d.barber, snapshot.specialDays)),
      );
      const day: AvailabilityDay =
        working.length === 0
          ? {
              date,
              free: false,
              closed: true,
              reason: closedReason(
                named ? findSpecialDay(snapshot.specialDays, date, doers[0]!.barber.id)?.reason : '',
              ),
            }
          : { date, free: false, reason: DAY_REASONS.fullyBooked };
      if (others.length > 0) {
        const theirs = slotsOf(date, others, all);
        const free = new Set(theirs.flatMap((s) => s.barberIds));
        const ids = others.filter((d) => free.has(d.barber.id)).map((d) => d.barber.id);
        if (ids.length > 0) day.othersFree = ids;
        // A free start of another barber passes its notice too: the answer changes then.
        if (theirs[0]) validUntil = Math.min(validUntil, Date.parse(theirs[0].start) - noticeMs + 1);
      }
      days.push(day);
    }
    const response: AvailabilityDaysResponse = { timeZone: shop.timeZone, from: input.from, to: input.to, days };
    return { body: JSON.stringify(response), validUntil };
  });
}
