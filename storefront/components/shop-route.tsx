/** The page, head, title and description shared by /shop/{slug} (and its subdomain) and /demo/shop/{theme}. */
import type { PageContext } from 'vike/types';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { serializeJsonLd, shopDescription, shopJsonLd, shopTitle } from '../lib/seo';
import type { ShopView } from '../lib/shop-view';
import { ShopPage } from './shop-page';
import { StatusScreen } from './status-screen';

export type ShopRouteData = { kind: 'ok'; view: ShopView } | { kind: 'incomplete' };

export function ShopRoutePage() {
  const data = useData<ShopRouteData>();
  const { homeUrl } = usePageContext();
  if (data.kind === 'incomplete') {
    return (
      <StatusScreen
        title="No Shop Data"
        message="It appears this shop's data is incomplete. Please contact support."
        homeUrl={homeUrl}
      />
    );
  }
  return <ShopPage view={data.view} />;
}

export function shopRouteTitle(pageContext: PageContext<ShopRouteData>): string {
  const data = pageContext.data;
  return data.kind === 'ok' ? shopTitle(data.view.shop.name, data.view.theme) : 'No Shop Data';
}

export function shopRouteDescription(pageContext: PageContext<ShopRouteData>): string | null {
  const data = pageContext.data;
  return data.kind === 'ok' ? shopDescription(data.view) : null;
}

/** Server-only: canonical link, Open Graph, theme colour and the HairSalon JSON-LD. */
export function ShopRouteHead() {
  const data = useData<ShopRouteData>();
  if (data.kind !== 'ok') return <meta name="robots" content="noindex" />;
  const { view } = data;
  return (
    <>
      <link rel="canonical" href={view.urls.canonical} />
      <meta property="og:type" content="website" />
      <meta property="og:url" content={view.urls.canonical} />
      <meta property="og:site_name" content={view.shop.name} />
      {view.shop.logoUrl ? <meta property="og:image" content={view.shop.logoUrl} /> : null}
      <meta name="twitter:card" content="summary" />
      <meta name="theme-color" content={view.primaryColor} />
      {view.demo ? <meta name="robots" content="noindex" /> : null}
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes '<', '>' and '&'
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(shopJsonLd(view)) }}
      />
    </>
  );
}
