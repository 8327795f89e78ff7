import { type BarberSchedule, LIVE_APPOINTMENT_STATUSES, type TimeRange } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import type { BarberEntity } from '../barbers/barber.entity';

/**
 * Live appointments (each until its blocked_until: the buffer blocks too), time off and active waitlist holds of the
 * given barbers that touch [range.start, range.end). Holds come with their expiry: computeSlots ignores an expired
 * one, and the booking code (visit.ts) refuses an unexpired one.
 */
export async function loadBarberSchedules(
  manager: EntityManager,
  barbers: BarberEntity[],
  range: TimeRange,
): Promise<BarberSchedule[]> {
  if (barbers.length === 0) return [];
  const ids = barbers.map((b) => b.id);
  // One after another: callers pass a transaction's manager too, whose one connection runs one query at a time.
  const appointments = (await manager.query(
    `SELECT "barber_id", "starts_at", "blocked_until" AS "ends_at" FROM "appointments"
       WHERE "barber_id" = ANY($1::uuid[]) AND "status" = ANY($2::varchar[])
         AND "starts_at" < $4 AND "blocked_until" > $3`,
    [ids, [...LIVE_APPOINTMENT_STATUSES], range.start, range.end],
  )) as Array<{ barber_id: string; starts_at: Date; ends_at: Date }>;
  const timeOff = (await manager.query(
    `SELECT "barber_id", "starts_at", "ends_at" FROM "barber_time_off"
       WHERE "barber_id" = ANY($1::uuid[]) AND "starts_at" < $3 AND "ends_at" > $2`,
    [ids, range.start, range.end],
  )) as Array<{ barber_id: string; starts_at: Date; ends_at: Date }>;
  const holds = (await manager.query(
    `SELECT "barber_id", "starts_at", "ends_at", "expires_at" FROM "slot_holds"
       WHERE "barber_id" = ANY($1::uuid[]) AND "status" = 'active' AND "starts_at" < $3 AND "ends_at" > $2`,
    [ids, range.start, range.end],
  )) as Array<{ barber_id: string; starts_at: Date; ends_at: Date; expires_at: Date }>;
  const of = (rows: Array<{ barber_id: string; starts_at: Date; ends_at: Date }>, id: string) =>
    rows.filter((r) => r.barber_id === id).map((r) => ({ start: r.starts_at, end: r.ends_at }));
  return barbers.map((barber) => ({
    id: barber.id,
    hours: barber.hoursJson,
    appointments: of(appointments, barber.id),
    timeOff: of(timeOff, barber.id),
    holds: holds
      .filter((h) => h.barber_id === barber.id)
      .map((h) => ({ start: h.starts_at, end: h.ends_at, expiresAt: h.expires_at })),
  }));
}

/**
 * Barber rotation: barbers with fewer live appointments on the day come first; ties go by name, then id, so the
 * order is stable. 'any' tries them in this order.
 */
export async function rotationOrder(
  manager: EntityManager,
  barbers: BarberEntity[],
  day: TimeRange,
): Promise<BarberEntity[]> {
  if (barbers.length <= 1) return barbers;
  const rows = (await manager.query(
    `SELECT "barber_id", count(*)::int AS "n" FROM "appointments"
     WHERE "barber_id" = ANY($1::uuid[]) AND "status" = ANY($2::varchar[]) AND "starts_at" >= $3 AND "starts_at" < $4
     GROUP BY "barber_id"`,
    [barbers.map((b) => b.id), [...LIVE_APPOINTMENT_STATUSES], day.start, day.end],
  )) as Array<{ barber_id: string; n: number }>;
  const load = new Map(rows.map((r) => [r.barber_id, r.n]));
  return [...barbers].sort(
    (a, b) =>
      (load.get(a.id) ?? 0) - (load.get(b.id) ?? 0) ||
      a.name.localeCompare(b.name, 'en') ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
