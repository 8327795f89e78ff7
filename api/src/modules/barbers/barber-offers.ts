import type { AppointmentItem, BarberServiceOffer } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import type { ServiceEntity } from '../services/service.entity';
import type { BarberEntity } from './barber.entity';

/**
 * Who does what (issue 14, decision 0160). A barber with offers_all_services does every service of the shop and
 * their barber_services rows only carry their own duration or price; otherwise they do only the services listed.
 * Pure once the rows are loaded, so booking (visit.ts) and availability's cache read the same answer.
 */

/** One barber's rows, by service id. */
export type BarberOffers = Map<string, BarberServiceOffer>;

/** The visit as a given barber does it: their durations and prices, summed; the cleanup after it. */
export interface BarberVisit {
  items: AppointmentItem[];
  /** 'Haircut + Beard trim' */
  name: string;
  durationMinutes: number;
  price: number;
  bufferMinutes: number;
}

/** The barber_services rows of the given barbers, by barber id (a barber without rows gets an empty map). */
export async function loadOffers(manager: EntityManager, barberIds: string[]): Promise<Map<string, BarberOffers>> {
  const byBarber = new Map<string, BarberOffers>(barberIds.map((id) => [id, new Map()]));
  if (barberIds.length === 0) return byBarber;
  const rows = (await manager.query(
    `SELECT "barber_id", "service_id", "duration_minutes", "price" FROM "barber_services"
     WHERE "barber_id" = ANY($1::uuid[]) ORDER BY "service_id"`,
    [barberIds],
  )) as Array<{ barber_id: string; service_id: string; duration_minutes: number | null; price: string | null }>;
  for (const r of rows) {
    byBarber.get(r.barber_id)?.set(r.service_id, {
      serviceId: r.service_id,
      durationMinutes: r.duration_minutes,
      price: r.price === null ? null : Number(r.price),
    });
  }
  return byBarber;
}

/** Whether the barber does the service at all. */
export function offersService(
  barber: Pick<BarberEntity, 'offersAllServices'>,
  offers: BarberOffers | undefined,
  serviceId: string,
): boolean {
  return barber.offersAllServices !== false || Boolean(offers?.has(serviceId));
}

const sumCents = (prices: number[]) => Math.round(prices.reduce((n, p) => n + Math.round(p * 100), 0)) / 100;

/**
 * This barber's version of the visit, or null when they do not do every service of it. Worked example: Marco does
 * a haircut in 45 minutes (the shop says 30) for 35, and the shop's 15-minute beard trim (buffer 10) for 15:
 * 'Haircut + Beard trim', 60 minutes, 50, buffer 10 (the largest buffer: one cleanup after the visit).
 */
export function barberVisit(
  barber: Pick<BarberEntity, 'offersAllServices'>,
  offers: BarberOffers | undefined,
  services: ServiceEntity[],
): BarberVisit | null {
  const items: AppointmentItem[] = [];
  let bufferMinutes = 0;
  for (const s of services) {
    if (!offersService(barber, offers, s.id)) return null;
    const own = offers?.get(s.id);
    items.push({
      serviceId: s.id,
      name: s.name,
      durationMinutes: own?.durationMinutes ?? s.durationMinutes,
      price: own?.price ?? Number(s.price),
    });
    bufferMinutes = Math.max(bufferMinutes, s.bufferMinutes ?? 0);
  }
  if (items.length === 0) return null;
  return {
    items,
    name: items.map((i) => i.name).join(' + '),
    durationMinutes: items.reduce((n, i) => n + i.durationMinutes, 0),
    price: sumCents(items.map((i) => i.price)),
    bufferMinutes,
  };
}
