import type { PageContextServer } from 'vike/types';
import type { ManageRouteData } from '../../../../../components/booking/booking-route';
import { loadBookingShop } from '../../../../../lib/booking-data';

/** The shop's shell only: the payment's state is read by the browser with the token (issue 27). */
export async function data(pageContext: PageContextServer): Promise<ManageRouteData> {
  const shop = await loadBookingShop(pageContext);
  if (shop.kind !== 'ok') return shop;
  return { ...shop, token: pageContext.routeParams.token ?? '' };
}
