import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { ShopRouteData } from '../../../../components/shop-route';
import { demoShopFor } from '../../../../lib/demo-shops';
import { buildShopView } from '../../../../lib/shop-view';
import type { StorefrontAbortReason } from '../../../../lib/storefront-context';

/** Sample data built in: no api call, whatever state the api is in. */
export function data(pageContext: PageContextServer): ShopRouteData {
  const theme = pageContext.routeParams.theme ?? '';
  const page = demoShopFor(theme);
  if (!page) throw render(404, { kind: 'demo-not-found', theme } satisfies StorefrontAbortReason);
  const { storefront } = pageContext;
  const result = buildShopView(page, {
    now: storefront.now,
    canonicalUrl: `${storefront.origin}/demo/shop/${page.shop.theme}`,
    homeUrl: pageContext.homeUrl,
    demo: true,
  });
  return result.kind === 'ok' ? { kind: 'ok', view: result.view } : { kind: 'incomplete' };
}
