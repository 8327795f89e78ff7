import {
  addDays,
  computeSlots,
  dayBounds,
  formatClockTime,
  formatDayLabel,
  LIVE_APPOINTMENT_STATUSES,
  localDateOf,
  localInstant,
  openingWindow,
  type TimeRange,
  VISIT_LIMITS,
  VISIT_MESSAGES,
} from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { HttpError } from '../../platform/http/errors';
import type { BookingDeps } from '../appointments/booking.service';
import { newManageToken } from '../appointments/manage-token';
import { type BarberVisit, visitFor } from '../appointments/visit';
import type { BarberEntity } from '../barbers/barber.entity';
import type { ServiceEntity } from '../services/service.entity';
import type { ShopEntity } from '../shops/shop.entity';
import { barberHoursOn, shopHoursOn, specialDaysOn } from '../special-days/special-days.repository';
import { enqueueHoldExpiry, enqueueWaitlistCheck, enqueueWaitlistMail } from './waitlist-queue';

/**
 * Slot holds (decision 0160): a freed slot kept for one waitlisted client for VISIT_LIMITS.holdMinutes. A hold covers
 * the visit's blocked range [start, start + duration + buffer) of one barber. Making one takes the same per-barber
 * advisory lock as placeVisit and re-checks the range against live appointments (to blocked_until) and other active,
 * unexpired holds, so a slot is held for one client at a time and nobody books it meanwhile.
 */

/** The waitlist runs on booking's runtime: the database, the shared pg-boss, the clock, the public origin. */
export type WaitlistDeps = BookingDeps;

export type HoldStatus = 'active' | 'claimed' | 'expired' | 'released';

export interface HoldRow {
  id: string;
  shop_id: string;
  barber_id: string;
  service_ids: string[];
  starts_at: Date;
  /** The end of the blocked range (the visit and its buffer). */
  ends_at: Date;
  expires_at: Date;
  waitlist_entry_id: string | null;
  status: HoldStatus;
  appointment_id: string | null;
}

export const HOLD_COLUMNS = `"id", "shop_id", "barber_id", "service_ids", "starts_at", "ends_at", "expires_at",
  "waitlist_entry_id", "status", "appointment_id"`;

export const holdExpired = () => new HttpError(410, 'hold_expired', VISIT_MESSAGES.holdExpired);
export const holdTaken = () => new HttpError(409, 'hold_taken', VISIT_MESSAGES.holdTaken);
export const offerSlotTaken = () => new HttpError(409, 'offer_slot_taken', VISIT_MESSAGES.offerSlotTaken);

/** An active hold whose time ran out counts as expired, whether or not its expiry job has run yet. */
export function effectiveStatus(hold: Pick<HoldRow, 'status' | 'expires_at'>, now: Date): HoldStatus {
  return hold.status === 'active' && hold.expires_at.getTime() <= now.getTime() ? 'expired' : hold.status;
}

/** The lock placeVisit takes for a barber: bookings and holds of one barber queue on it for the transaction. */
export async function lockBarber(manager: EntityManager, barberId: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`barber:${barberId}`]);
}

/** True when no live appointment (to its blocked_until) and no other active, unexpired hold touches [start, end). */
export async function rangeIsFree(
  manager: EntityManager,
  barberId: string,
  range: TimeRange,
  now: Date,
  exceptHoldId: string | null = null,
): Promise<boolean> {
  const [row] = (await manager.query(
    `SELECT NOT EXISTS (
         SELECT 1 FROM "appointments" WHERE "barber_id" = $1 AND "status" = ANY($4::varchar[])
           AND "starts_at" < $3 AND "blocked_until" > $2)
       AND NOT EXISTS (
         SELECT 1 FROM "slot_holds" WHERE "barber_id" = $1 AND "status" = 'active' AND "expires_at" > $5
           AND "starts_at" < $3 AND "ends_at" > $2 AND ($6::uuid IS NULL OR "id" <> $6::uuid)) AS "free"`,
    [barberId, range.start, range.end, [...LIVE_APPOINTMENT_STATUSES], now, exceptHoldId],
  )) as Array<{ free: boolean }>;
  return row?.free === true;
}

/** What keeps a barber busy around a day: blocked ranges (appointments with buffers, held slots) and time off. */
async function busyAround(
  manager: EntityManager,
  barberId: string,
  range: TimeRange,
  now: Date,
): Promise<{ blocked: TimeRange[]; timeOff: TimeRange[] }> {
  const rows = (await manager.query(
    `SELECT "starts_at", "blocked_until" AS "ends_at" FROM "appointments"
       WHERE "barber_id" = $1 AND "status" = ANY($4::varchar[]) AND "starts_at" < $3 AND "blocked_until" > $2
     UNION ALL
     SELECT "starts_at", "ends_at" FROM "slot_holds"
       WHERE "barber_id" = $1 AND "status" = 'active' AND "expires_at" > $5 AND "starts_at" < $3 AND "ends_at" > $2`,
    [barberId, range.start, range.end, [...LIVE_APPOINTMENT_STATUSES], now],
  )) as Array<{ starts_at: Date; ends_at: Date }>;
  const off = (await manager.query(
    `SELECT "starts_at", "ends_at" FROM "barber_time_off" WHERE "barber_id" = $1 AND "starts_at" < $3 AND "ends_at" > $2`,
    [barberId, range.start, range.end],
  )) as Array<{ starts_at: Date; ends_at: Date }>;
  const ranges = (list: Array<{ starts_at: Date; ends_at: Date }>) =>
    list.map((r) => ({ start: r.starts_at, end: r.ends_at }));
  return { blocked: ranges(rows), timeOff: ranges(off) };
}

export interface FreeStart {
  barber: BarberEntity;
  visit: BarberVisit;
  start: Date;
  /** The blocked range's end: start + duration + buffer. */
  blockedUntil: Date;
}

/**
 * The earliest start on `date` within the wall-clock window [from, to) (the visit starts in it) at which one of the
 * barbers, tried in order, is free for their whole version of the visit: within their hours and the shop's, outside
 * time off, clear of appointments and holds, buffer included. Starts come no earlier than a hold's length from now,
 * so the client has the whole hold to claim it. Ties go to the earlier barber in the list.
 * Worked example: open 9:00-18:00, a 30-minute cut with a 10-minute buffer, window 10:00-12:00, appointments
 * 9:00-10:30 and 11:00-12:00 with the same buffer (blocked to 10:40 and 12:10): 10:45 would block the barber to
 * 11:25, into the 11:00 visit; the next free start, 12:15, is past the window, so no start matches.
 */
export async function earliestFreeStart(
  manager: EntityManager,
  input: {
    shop: ShopEntity;
    services: ServiceEntity[];
    barbers: BarberEntity[];
    date: string;
    from: string;
    to: string;
    now: Date;
  },
): Promise<FreeStart | null> {
  const { shop, date, now } = input;
  const windowStart = localInstant(date, input.from, shop.timeZone);
  const windowEnd = localInstant(date, input.to, shop.timeZone);
  // The day as it stands: no offers on a day a special day closes (issue 25), only its own hours on one it changes.
  const specials = await specialDaysOn(manager, shop.id, date);
  const shopWindow = openingWindow(date, shop.timeZone, shopHoursOn(date, shop.hoursJson, specials));
  if (!windowStart || !windowEnd || !shopWindow) return null;
  // Blocked ranges of the days around reach into this one (a late visit's buffer, a hold across midnight).
  const around = {
    start: dayBounds(addDays(date, -1), shop.timeZone).start,
    end: dayBounds(addDays(date, 1), shop.timeZone).end,
  };
  let best: FreeStart | null = null;
  for (const barber of input.barbers) {
    const visit = await visitFor(manager, input.services, barber);
    if (!visit) continue;
    const busy = await busyAround(manager, barber.id, around, now);
    const bufferMs = visit.bufferMinutes * 60_000;
    // The visit's buffer must clear what follows it: a blocked range counts from `buffer` earlier.
    const blocked = busy.blocked.map((b) => ({ start: new Date(b.start.getTime() - bufferMs), end: b.end }));
    const slots = computeSlots({
      date,
      timeZone: shop.timeZone,
      hours: barberHoursOn(date, shop.hoursJson, barber, specials),
      durationMinutes: visit.durationMinutes,
      now,
      minNoticeMinutes: VISIT_LIMITS.holdMinutes,
      bookingHorizonDays: shop.bookingHorizonDays,
      appointments: blocked,
      timeOff: busy.timeOff,
    });
    const first = slots.find(
      (s) => s.start >= shopWindow.start && s.end <= shopWindow.end && s.start >= windowStart && s.start < windowEnd,
    );
    if (first && (!best || first.start < best.start)) {
      best = { barber, visit, start: first.start, blockedUntil: new Date(first.end.getTime() + bufferMs) };
    }
  }
  return best;
}

/**
 * Holds [start, blockedUntil) of the barber for the entry, in the caller's transaction, after taking the barber's
 * lock and re-checking the range (null when it is no longer free). The entry becomes 'offered'; the offer mail and
 * the expiry job go into the same transaction.
 */
export async function createHold(
  deps: Pick<WaitlistDeps, 'mailQueue'>,
  manager: EntityManager,
  input: {
    shopId: string;
    entryId: string;
    barberId: string;
    serviceIds: string[];
    start: Date;
    blockedUntil: Date;
    now: Date;
  },
): Promise<{ id: string; token: string; expiresAt: Date } | null> {
  const { now } = input;
  await lockBarber(manager, input.barberId);
  if (!(await rangeIsFree(manager, input.barberId, { start: input.start, end: input.blockedUntil }, now))) return null;
  const token = newManageToken();
  const expiresAt = new Date(now.getTime() + VISIT_LIMITS.holdMinutes * 60_000);
  const [row] = (await manager.query(
    `INSERT INTO "slot_holds" ("shop_id", "barber_id", "service_ids", "starts_at", "ends_at", "expires_at",
       "waitlist_entry_id", "token_hash", "created_at")
     VALUES ($1, $2, $3::uuid[], $4, $5, $6, $7, $8, $9) RETURNING "id"`,
    [
      input.shopId,
      input.barberId,
      input.serviceIds,
      input.start,
      input.blockedUntil,
      expiresAt,
      input.entryId,
      token.hash,
      now,
    ],
  )) as Array<{ id: string }>;
  const id = row!.id;
  await manager.query(`UPDATE "waitlist_entries" SET "status" = 'offered', "updated_at" = now() WHERE "id" = $1`, [
    input.entryId,
  ]);
  await enqueueWaitlistMail(manager, deps.mailQueue, { kind: 'offer', holdId: id, token: token.token });
  await enqueueHoldExpiry(manager, deps.mailQueue, id, expiresAt, now);
  return { id, token: token.token, expiresAt };
}

/** Releases the entry's active hold (the client left, or the owner offered another time) and passes its slot on. */
export async function releaseEntryHolds(
  deps: Pick<WaitlistDeps, 'mailQueue'>,
  manager: EntityManager,
  shop: Pick<ShopEntity, 'id' | 'timeZone'>,
  entryId: string,
): Promise<void> {
  const released = (await manager.query(
    `UPDATE "slot_holds" SET "status" = 'released' WHERE "waitlist_entry_id" = $1 AND "status" = 'active'
     RETURNING "starts_at"`,
    [entryId],
  )) as [Array<{ starts_at: Date }>, number];
  for (const hold of released[0]) {
    await enqueueWaitlistCheck(manager, deps.mailQueue, shop.id, localDateOf(hold.starts_at, shop.timeZone));
  }
}

/**
 * Expires an active hold (locked by the caller) and its entry, and queues the check that offers the slot to the
 * next in line.
 */
export async function expireHold(
  deps: Pick<WaitlistDeps, 'mailQueue'>,
  manager: EntityManager,
  shop: Pick<ShopEntity, 'id' | 'timeZone'>,
  hold: HoldRow,
): Promise<void> {
  await manager.query(`UPDATE "slot_holds" SET "status" = 'expired' WHERE "id" = $1 AND "status" = 'active'`, [
    hold.id,
  ]);
  if (hold.waitlist_entry_id) {
    await manager.query(
      `UPDATE "waitlist_entries" SET "status" = 'expired', "updated_at" = now() WHERE "id" = $1 AND "status" = 'offered'`,
      [hold.waitlist_entry_id],
    );
  }
  await enqueueWaitlistCheck(manager, deps.mailQueue, shop.id, localDateOf(hold.starts_at, shop.timeZone));
}

/** 'Saturday, December 5, 2026 · 10:00 AM' in the shop's zone, on its clock. */
export function holdLabel(start: Date, shop: Pick<ShopEntity, 'timeZone' | 'clock' | 'locale'>): string {
  const time = formatClockTime(start, { timeZone: shop.timeZone, clock: shop.clock, locale: shop.locale });
  return `${formatDayLabel(start, shop.timeZone)} · ${time}`;
}
