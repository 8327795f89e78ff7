import { createHash } from 'node:crypto';
import { type BarberSchedule, dayBounds, LIVE_APPOINTMENT_STATUSES, type SpecialDay } from '@barberly/common';
import type { DataSource } from 'typeorm';
import { BarberEntity } from '../barbers/barber.entity';
import { type BarberOffers, loadOffers } from '../barbers/barber-offers';
import { ServiceEntity } from '../services/service.entity';
import type { ShopEntity } from '../shops/shop.entity';
import { findShopBySlugOrId } from '../shops/shop-access';
import { loadSpecialDays } from '../special-days/special-days.repository';

/**
 * What availability reads from the database (decision 0060), in the shapes its cache keeps: a shop's snapshot (the
 * shop, its services, barbers, who does what, special days) and a day's busy rows. With or without the cache, every
 * answer is computed from these.
 */

export interface ShopSnapshot {
  shop: ShopEntity;
  services: Map<string, ServiceEntity>;
  /** In the order 'any' lists them (created first first). */
  barbers: BarberEntity[];
  /** Each barber's barber_services rows (issue 14), by barber id. */
  offers: Map<string, BarberOffers>;
  /**
   * The shop's and its barbers' special days (issue 25): a change to one notifies scope 'shop' (migration
   * 1795480000000), which drops this snapshot.
   */
  specialDays: SpecialDay[];
}

export interface Busy {
  barberId: string;
  start: Date;
  end: Date;
  kind: 'appointment' | 'time_off' | 'hold';
  /** A hold's expiry (epoch ms). */
  expiresAt?: number;
}

/** A day's busy rows by row id (appointment, time off or hold): setting or removing one row is idempotent. */
export interface Day {
  start: number;
  end: number;
  busy: Map<string, Busy>;
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export async function loadSnapshot(dataSource: DataSource, slugOrId: string): Promise<ShopSnapshot | null> {
  const manager = dataSource.manager;
  const shop = await findShopBySlugOrId(manager, slugOrId);
  if (!shop) return null;
  const [services, barbers] = await Promise.all([
    manager.getRepository(ServiceEntity).find({ where: { shopId: shop.id } }),
    manager.getRepository(BarberEntity).find({ where: { shopId: shop.id }, order: { createdAt: 'ASC', id: 'ASC' } }),
  ]);
  const offers = await loadOffers(
    manager,
    barbers.map((b) => b.id),
  );
  // All of them: a shop sets a dozen or two a year, and the questions may be about any date (tests move the clock).
  const specialDays = await loadSpecialDays(manager, shop.id, '0001-01-01', '9999-12-31');
  return { shop, services: new Map(services.map((s) => [s.id, s])), barbers, offers, specialDays };
}

export async function loadBusy(dataSource: DataSource, shopId: string, date: string, timeZone: string): Promise<Day> {
  const range = dayBounds(date, timeZone);
  const rows = (await dataSource.query(
    `SELECT a."id", a."barber_id", a."starts_at", a."blocked_until" AS "ends_at", 'appointment' AS "kind",
         NULL::timestamptz AS "expires_at"
       FROM "appointments" a
       WHERE a."shop_id" = $1 AND a."status" = ANY($2::varchar[]) AND a."starts_at" < $4 AND a."blocked_until" > $3
     UNION ALL
     SELECT t."id", t."barber_id", t."starts_at", t."ends_at", 'time_off' AS "kind", NULL::timestamptz AS "expires_at"
       FROM "barber_time_off" t
       JOIN "barbers" b ON b."id" = t."barber_id"
       WHERE b."shop_id" = $1 AND t."starts_at" < $4 AND t."ends_at" > $3
     UNION ALL
     SELECT h."id", h."barber_id", h."starts_at", h."ends_at", 'hold' AS "kind", h."expires_at"
       FROM "slot_holds" h
       WHERE h."shop_id" = $1 AND h."status" = 'active' AND h."starts_at" < $4 AND h."ends_at" > $3`,
    [shopId, [...LIVE_APPOINTMENT_STATUSES], range.start, range.end],
  )) as Array<{
    id: string;
    barber_id: string;
    starts_at: Date;
    ends_at: Date;
    kind: Busy['kind'];
    expires_at: Date | null;
  }>;
  return {
    start: range.start.getTime(),
    end: range.end.getTime(),
    busy: new Map(
      rows.map((r) => [
        r.id,
        {
          barberId: r.barber_id,
          start: r.starts_at,
          end: r.ends_at,
          kind: r.kind,
          ...(r.expires_at ? { expiresAt: r.expires_at.getTime() } : {}),
        },
      ]),
    ),
  };
}

export function schedulesOf(day: Day, barbers: BarberEntity[]): BarberSchedule[] {
  return barbers.map((barber) => {
    const appointments: BarberSchedule['appointments'] = [];
    const timeOff: NonNullable<BarberSchedule['timeOff']> = [];
    const holds: NonNullable<BarberSchedule['holds']> = [];
    for (const b of day.busy.values()) {
      if (b.barberId !== barber.id) continue;
      if (b.kind === 'hold') holds.push({ start: b.start, end: b.end, expiresAt: new Date(b.expiresAt ?? 0) });
      else (b.kind === 'appointment' ? appointments : timeOff).push({ start: b.start, end: b.end });
    }
    return { id: barber.id, hours: barber.hoursJson, appointments, timeOff, holds };
  });
}
