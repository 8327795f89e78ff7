import type { PageContextServer } from 'vike/types';
import type { BookRouteData } from '../../../../components/booking/booking-route';
import { loadBookingShop } from '../../../../lib/booking-data';
import { offersVisit } from '../../../../lib/visit';

/**
 * The shop, its booking days, and the service or barber the button carried (?service=ID, ?barber=ID). A barber
 * who does not do the service (issue 14) is dropped: the flow then shows the barbers who do.
 */
export async function data(pageContext: PageContextServer): Promise<BookRouteData> {
  const shop = await loadBookingShop(pageContext);
  if (shop.kind !== 'ok') return shop;
  const search = pageContext.urlParsed.search;
  const serviceId = shop.view.services.some((s) => s.id === search.service) ? (search.service ?? null) : null;
  const barber = shop.view.barbers.find((b) => b.id === search.barber);
  const barberId = barber && (!serviceId || offersVisit(barber, [serviceId])) ? barber.id : null;
  return { ...shop, preselect: { serviceId, barberId } };
}
