import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { ShopRouteData } from '../../../components/shop-route';
import { buildShopView } from '../../../lib/shop-view';
import type { ShopLoad, StorefrontAbortReason } from '../../../lib/storefront-context';

export async function data(pageContext: PageContextServer): Promise<ShopRouteData> {
  const slug = (pageContext.routeParams.slug ?? '').toLowerCase();
  const { storefront } = pageContext;
  let load: ShopLoad;
  try {
    load = await storefront.loadShop(slug);
  } catch {
    // The spec's load failure: the Shop Not Found screen with 'Error loading shop'; 503, so nothing caches it.
    throw render(503, { kind: 'shop-load-failed', slug } satisfies StorefrontAbortReason);
  }
  if (load.status === 'not-found') throw render(404, { kind: 'shop-not-found', slug } satisfies StorefrontAbortReason);
  const result = buildShopView(load.page, {
    now: storefront.now,
    canonicalUrl: storefront.shopUrl(slug, load.page.shop.customDomain),
    homeUrl: pageContext.homeUrl,
    bookUrl: `${storefront.shopBase(slug)}/book`,
  });
  return result.kind === 'ok' ? { kind: 'ok', view: result.view } : { kind: 'incomplete' };
}
