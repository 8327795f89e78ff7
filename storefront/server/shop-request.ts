import { shopSlugFromHost } from '@barberly/common';

export interface ShopRequest {
  /** The URL Vike routes: a subdomain's '/' becomes '/shop/{slug}'. */
  url: string;
  /** The shop this URL shows, if any; null for demos, assets and other paths. */
  slug: string | null;
  /** Set when the request came in on {slug}.{APP_DOMAIN}. */
  subdomain: string | null;
  /** Answer with a redirect instead of a page. */
  redirect: string | null;
  /** Go Home: the product's front page. */
  homeUrl: string;
  /**
   * Where the shop's pages live on this host, for links between them: '' on the shop's own subdomain ('/book'),
   * '/shop/{slug}' elsewhere ('/shop/joes/book').
   */
  shopBase: (slug: string) => string;
  /**
   * The shop's own site (canonical link, og:url, JSON-LD url): its active custom domain when it has one,
   * {scheme}://{domain}{:port}/, else {scheme}://{slug}.{APP_DOMAIN}{:port}/.
   */
  shopUrl: (slug: string, customDomain?: string | null) => string;
  /** {scheme}://{host}{:port} with this request's scheme and port (redirects between a shop's hosts). */
  originOf: (host: string) => string;
  /** Set when the request came in on a custom domain that serves this shop. */
  customHost: string | null;
  /** This request's origin (for demo canonicals). */
  origin: string;
}

const SHOP_PATH = /^\/shop\/([^/?#]+)/;
/** The slug pattern of common's SlugSchema; anything else cannot be a shop and never reaches the api. */
const SLUG = /^[a-z0-9-]{1,50}$/;

function firstValue(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v?.split(',')[0]?.trim() || undefined;
}

/** The host a request was sent to (X-Forwarded-Host from the hop in front, else Host), port included. */
export function requestHost(headers: Record<string, string | string[] | undefined>): string {
  return firstValue(headers['x-forwarded-host']) ?? firstValue(headers.host) ?? '';
}

/**
 * Where a request goes. Examples with APP_DOMAIN 'localhost':
 *   Host joes.localhost:3000, '/'          -> url '/shop/joes', subdomain 'joes', home 'http://localhost:3000/'
 *   Host joes.localhost:3000, '/book?x=1'  -> url '/shop/joes/book?x=1'
 *   Host localhost:3000, '/shop/joes'      -> url '/shop/joes', slug 'joes', home '/'
 *   Host localhost:3000, '/shop/'          -> redirect '/' (spec: no slug outside demo mode goes to /)
 */
export function resolveShopRequest(input: {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  appDomain: string;
  /** A custom domain's shop (the host map's answer for this request's host): served as its subdomain would be. */
  customSlug?: string | null;
}): ShopRequest {
  const host = requestHost(input.headers);
  const proto = firstValue(input.headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  const portMatch = /:(\d{1,5})$/.exec(host);
  const port = portMatch ? `:${portMatch[1]}` : '';
  const customSlug = input.customSlug && SLUG.test(input.customSlug) ? input.customSlug : null;
  const subdomain = customSlug ?? shopSlugFromHost(host, input.appDomain);
  const safeHost = /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) ? host.toLowerCase() : `${input.appDomain}${port}`;

  let url = input.url.startsWith('/') ? input.url : `/${input.url}`;
  let redirect: string | null = null;
  let rewritten = false;
  const pathname = url.split('?')[0] ?? '/';
  // On a custom domain every path but the assets is the shop's own: /shop/{other} there is never another shop.
  const ownPaths = customSlug ? /^\/_sf(\/|$)/ : /^\/(shop|demo|_sf)(\/|$)/;
  if (subdomain && !ownPaths.test(pathname)) {
    url = `/shop/${subdomain}${pathname === '/' ? url.slice(1) : url}`;
    rewritten = true;
  } else if (pathname === '/shop' || pathname === '/shop/') {
    redirect = '/';
  }

  const match = SHOP_PATH.exec(url);
  let slug: string | null = null;
  if (match?.[1]) {
    try {
      const decoded = decodeURIComponent(match[1]).toLowerCase();
      slug = SLUG.test(decoded) ? decoded : null;
    } catch {
      slug = null;
    }
  }

  return {
    url,
    slug,
    subdomain,
    redirect,
    homeUrl: subdomain ? `${proto}://${input.appDomain}${port}/` : '/',
    shopBase: (s) => (rewritten && s === subdomain ? '' : `/shop/${encodeURIComponent(s)}`),
    shopUrl: (s, customDomain) =>
      customDomain && /^[a-z0-9.-]+$/.test(customDomain)
        ? `${proto}://${customDomain}${port}/`
        : `${proto}://${encodeURIComponent(s)}.${input.appDomain}${port}/`,
    originOf: (h) => `${proto}://${h}${port}`,
    customHost: customSlug ? safeHost.replace(/:\d+$/, '') : null,
    origin: `${proto}://${safeHost}`,
  };
}
