/** Server side of the booking and manage pages: the shop through the cache, its view and its booking days. */
import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { type BookingView, buildBookingView } from './booking-view';
import { buildShopView, type ShopView } from './shop-view';
import type { ShopLoad, StorefrontAbortReason } from './storefront-context';

export type BookingShop = { kind: 'ok'; view: ShopView; booking: BookingView } | { kind: 'incomplete' };

export async function loadBookingShop(pageContext: PageContextServer): Promise<BookingShop> {
  const slug = (pageContext.routeParams.slug ?? '').toLowerCase();
  const { storefront } = pageContext;
  let load: ShopLoad;
  try {
    load = await storefront.loadShop(slug);
  } catch {
    throw render(503, { kind: 'shop-load-failed', slug } satisfies StorefrontAbortReason);
  }
  if (load.status === 'not-found') throw render(404, { kind: 'shop-not-found', slug } satisfies StorefrontAbortReason);
  const base = storefront.shopBase(slug);
  const result = buildShopView(load.page, {
    now: storefront.now,
    canonicalUrl: storefront.shopUrl(slug, load.page.shop.customDomain),
    homeUrl: pageContext.homeUrl,
    bookUrl: `${base}/book`,
  });
  if (result.kind !== 'ok') return { kind: 'incomplete' };
  return {
    kind: 'ok',
    view: result.view,
    booking: buildBookingView(load.page, result.view, { now: storefront.now, base }),
  };
}
