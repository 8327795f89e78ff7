import type { PageContextServer } from 'vike/types';
import type { ManageRouteData } from '../../../../../components/booking/booking-route';
import type { ManagedVisit } from '../../../../../lib/booking-api';
import { loadBookingShop } from '../../../../../lib/booking-data';

/**
 * The shop, and the appointment read for this render so it is in the HTML (issue 28); when the api cannot answer
 * here the browser reads it with the token. The page is private and never cached (+config.ts).
 */
export async function data(pageContext: PageContextServer): Promise<ManageRouteData> {
  const shop = await loadBookingShop(pageContext);
  if (shop.kind !== 'ok') return shop;
  const token = pageContext.routeParams.token ?? '';
  const appointment = (await pageContext.storefront.loadManaged?.(token)) ?? null;
  return { ...shop, token, appointment: appointment as ManagedVisit | null };
}
