/**
 * A visit of one or more services (issue 14, decision 0160), as the booking flow shows it: who can do it and what it
 * comes to. Pure; the api decides what is booked, these only say it the same way beforehand.
 */
import type { BarberView, ServiceView } from './shop-view';

export interface VisitTotal {
  durationMinutes: number;
  price: number;
}

/** Whether the barber does every service of the visit: all of the shop's, or each one listed for them. */
export function offersVisit(barber: BarberView, serviceIds: readonly string[]): boolean {
  if (barber.offersAllServices) return true;
  return serviceIds.every((id) => barber.offers.some((o) => o.serviceId === id));
}

/** The barbers who do every service of the visit, in the shop's order. */
export function barbersForVisit(barbers: readonly BarberView[], serviceIds: readonly string[]): BarberView[] {
  return barbers.filter((b) => offersVisit(b, serviceIds));
}

/**
 * The visit's duration and price, summed, with the barber's own duration and price where they have one (null: the
 * shop's, as for 'any barber'). Cut 30 min $25 + Beard 20 min $15 gives 50 min $40; with Marco's beard at 25 min
 * $18 it gives 55 min $43. A service without a duration counts `defaultMinutes`. Unknown ids count nothing.
 */
export function visitTotal(
  services: readonly ServiceView[],
  serviceIds: readonly string[],
  barber: BarberView | null,
  defaultMinutes = 0,
): VisitTotal {
  let durationMinutes = 0;
  let price = 0;
  for (const id of serviceIds) {
    const service = services.find((s) => s.id === id);
    if (!service) continue;
    const own = barber?.offers.find((o) => o.serviceId === id);
    durationMinutes += own?.durationMinutes ?? service.durationMinutes ?? defaultMinutes;
    // Cents, so 32.5 + 10.1 is 42.6 and not 42.599999.
    price += Math.round((own?.price ?? service.price) * 100);
  }
  return { durationMinutes, price: price / 100 };
}

/** The visit's services in the order chosen: clicking a chosen one removes it, a new one goes last (up to `max`). */
export function toggleService(chosen: readonly string[], id: string, max: number): string[] {
  if (chosen.includes(id)) return chosen.filter((c) => c !== id);
  return chosen.length >= max ? [...chosen] : [...chosen, id];
}
