import type { PageContextServer } from 'vike/types';
import type { ManageRouteData } from '../../../../../components/booking/booking-route';
import { loadBookingShop } from '../../../../../lib/booking-data';

/** The shop's shell only: the held slot itself is read by the browser with the token. */
export async function data(pageContext: PageContextServer): Promise<ManageRouteData> {
  const shop = await loadBookingShop(pageContext);
  if (shop.kind !== 'ok') return shop;
  return { ...shop, token: pageContext.routeParams.token ?? '' };
}
