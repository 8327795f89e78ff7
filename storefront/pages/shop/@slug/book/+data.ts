import type { PageContextServer } from 'vike/types';
import type { BookRouteData } from '../../../../components/booking/booking-route';
import { loadBookingShop } from '../../../../lib/booking-data';

/** The shop, its booking days, and the service or barber the button carried (?service=ID, ?barber=ID). */
export async function data(pageContext: PageContextServer): Promise<BookRouteData> {
  const shop = await loadBookingShop(pageContext);
  if (shop.kind !== 'ok') return shop;
  const search = pageContext.urlParsed.search;
  const serviceId = shop.view.services.some((s) => s.id === search.service) ? (search.service ?? null) : null;
  const barberId = shop.view.barbers.some((b) => b.id === search.barber) ? (search.barber ?? null) : null;
  return { ...shop, preselect: { serviceId, barberId } };
}
