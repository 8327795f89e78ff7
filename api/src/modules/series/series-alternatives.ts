import {
  addDays,
  computeSlots,
  dayBounds,
  LIVE_APPOINTMENT_STATUSES,
  localInstant,
  openingWindow,
  type SlotChoice,
  VISIT_LIMITS,
} from '@barberly/common';
import { DateTime } from 'luxon';
import type { EntityManager } from 'typeorm';
import { visitFor } from '../appointments/visit';
import type { BarberEntity } from '../barbers/barber.entity';
import type { ServiceEntity } from '../services/service.entity';
import type { ShopEntity } from '../shops/shop.entity';
import { barberHoursOn, loadSpecialDays, shopHoursOn } from '../special-days/special-days.repository';

/** What finding a series' alternatives needs: its shop, barber, services and wall time. */
export interface AlternativesContext {
  row: { service_ids: string[]; local_time: string };
  shop: ShopEntity;
  barber: BarberEntity;
  services: ServiceEntity[];
}

const dayLabel = (instant: Date, timeZone: string) =>
  DateTime.fromJSDate(instant, { zone: timeZone }).setLocale('en-US').toFormat('ccc, LLL d · h:mm a');

/**
 * The nearest free starts for the series' barber and services around a date: that day first, then one day either
 * side, and so on up to VISIT_LIMITS.alternativeDays; within a day, nearest to the series' wall time. Worked example:
 * wanted Tue 10:00 and taken until 11:00 with a 30-minute cut: Tue 9:30 AM, Tue 11:00 AM, Tue 9:00 AM, Tue 11:30 AM,
 * Tue 12:00 PM. A start is free when the visit fits the barber's hours, misses their time off, and the visit plus
 * its buffer misses their live appointments (with theirs) and unexpired holds.
 */
export async function alternativesFor(
  manager: EntityManager,
  ctx: AlternativesContext,
  date: string,
  now: Date,
  ignoreNotice: boolean,
): Promise<SlotChoice[]> {
  const { shop, barber, row } = ctx;
  // A service of the series was deleted: no version of the visit to place.
  if (ctx.services.length !== row.service_ids.length) return [];
  const visit = await visitFor(manager, ctx.services, barber);
  if (!visit) return [];
  const reach = VISIT_LIMITS.alternativeDays;
  const from = dayBounds(addDays(date, -reach - 1), shop.timeZone).start;
  const to = dayBounds(addDays(date, reach + 1), shop.timeZone).end;
  // One after another: inside a transaction they share one connection.
  type Row = { starts_at: Date; ends_at: Date };
  const appointments = (await manager.query(
    `SELECT "starts_at", "blocked_until" AS "ends_at" FROM "appointments"
     WHERE "barber_id" = $1 AND "status" = ANY($2::varchar[]) AND "starts_at" < $4 AND "blocked_until" > $3`,
    [barber.id, [...LIVE_APPOINTMENT_STATUSES], from, to],
  )) as Row[];
  const holds = (await manager.query(
    `SELECT "starts_at", "ends_at" FROM "slot_holds"
     WHERE "barber_id" = $1 AND "status" = 'active' AND "expires_at" > $2 AND "starts_at" < $4 AND "ends_at" > $3`,
    [barber.id, now, from, to],
  )) as Row[];
  const timeOff = (await manager.query(
    `SELECT "starts_at", "ends_at" FROM "barber_time_off" WHERE "barber_id" = $1 AND "starts_at" < $3 AND "ends_at" > $2`,
    [barber.id, from, to],
  )) as Row[];
  const ranges = (rows: Array<{ starts_at: Date; ends_at: Date }>) =>
    rows.map((r) => ({ start: r.starts_at, end: r.ends_at }));
  const busy = [...ranges(appointments), ...ranges(holds)];
  // Special days (issue 25): a closed day offers nothing, a day with its own hours offers those.
  const specials = await loadSpecialDays(manager, shop.id, addDays(date, -reach), addDays(date, reach));
  const bufferMs = visit.bufferMinutes * 60_000;

  const choices: Array<{ start: Date; offset: number; distance: number }> = [];
  for (let offset = -reach; offset <= reach; offset++) {
    const day = addDays(date, offset);
    const shopWindow = openingWindow(day, shop.timeZone, shopHoursOn(day, shop.hoursJson, specials));
    if (!shopWindow) continue;
    const target = localInstant(day, row.local_time, shop.timeZone)!.getTime();
    const slots = computeSlots({
      date: day,
      timeZone: shop.timeZone,
      hours: barberHoursOn(day, shop.hoursJson, barber, specials),
      durationMinutes: visit.durationMinutes,
      now,
      minNoticeMinutes: ignoreNotice ? 0 : shop.minNoticeMinutes,
      bookingHorizonDays: shop.bookingHorizonDays,
      appointments: busy,
      timeOff: ranges(timeOff),
    });
    for (const slot of slots) {
      // A barber's own hours narrow the shop's, never open it; the buffer after the visit must miss the others.
      if (slot.start < shopWindow.start || slot.end > shopWindow.end) continue;
      const blockedUntil = slot.end.getTime() + bufferMs;
      if (busy.some((b) => slot.start.getTime() < b.end.getTime() && blockedUntil > b.start.getTime())) continue;
      choices.push({ start: slot.start, offset: Math.abs(offset), distance: Math.abs(slot.start.getTime() - target) });
    }
  }
  return choices
    .sort((a, b) => a.offset - b.offset || a.distance - b.distance || a.start.getTime() - b.start.getTime())
    .slice(0, VISIT_LIMITS.alternativesMax)
    .map((c) => ({ start: c.start.toISOString(), label: dayLabel(c.start, shop.timeZone) }));
}
