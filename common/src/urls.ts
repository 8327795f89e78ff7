/** Where a shop's site lives, built from the product's public origin and domain. */

export interface ShopUrls {
  /** origin + /shop/{slug}: always works. */
  standard: string;
  /** {slug}.{appDomain}, with the origin's scheme and port. */
  subdomain: string;
}

/**
 * buildShopUrls('joes', { publicOrigin: 'http://localhost:3000', appDomain: 'localhost' })
 * gives standard 'http://localhost:3000/shop/joes' and subdomain 'http://joes.localhost:3000'.
 */
export function buildShopUrls(slug: string, opts: { publicOrigin: string; appDomain: string }): ShopUrls {
  const origin = new URL(opts.publicOrigin);
  const safeSlug = encodeURIComponent(slug);
  return {
    standard: `${origin.origin}/shop/${safeSlug}`,
    subdomain: originOnHost(`${safeSlug}.${opts.appDomain}`, opts.publicOrigin),
  };
}

/** A shop's site: its active custom domain (issue 16) when it has one, else its subdomain; no trailing slash. */
export function shopSiteOrigin(
  slug: string,
  opts: { publicOrigin: string; appDomain: string; customDomain?: string | null },
): string {
  return opts.customDomain ? originOnHost(opts.customDomain, opts.publicOrigin) : buildShopUrls(slug, opts).subdomain;
}

/**
 * A storefront page of a shop for links sent out (mails, texts): `/{path}` on its custom domain, with the public
 * origin's scheme and port, else `/shop/{slug}/{path}` on the public origin. `path` comes encoded, without a
 * leading slash ('appointments/{token}', 'book?service=...').
 */
export function shopPageUrl(
  publicOrigin: string,
  shop: { slug: string; customDomain?: string | null },
  path: string,
): string {
  if (shop.customDomain) return `${originOnHost(shop.customDomain, publicOrigin)}/${path}`;
  return `${new URL(publicOrigin).origin}/shop/${encodeURIComponent(shop.slug)}/${path}`;
}

/** `host` with the public origin's scheme and port: originOnHost('www.joescuts.com', 'http://localhost:3000'). */
export function originOnHost(host: string, publicOrigin: string): string {
  const origin = new URL(publicOrigin);
  return `${origin.protocol}//${host}${origin.port ? `:${origin.port}` : ''}`;
}

/** Spec 9: development is detected by a hostname containing localhost or replit. */
export function isDevelopmentHost(hostname: string): boolean {
  const lower = hostname.toLowerCase();
  return lower.includes('localhost') || lower.includes('replit');
}

/**
 * Spec 4: an absolute URL gets https:// prepended if it has no scheme ('//host' gets 'https:').
 * Relative paths stay as they are.
 */
export function withScheme(url: string): string {
  if (url.startsWith('//')) return `https:${url}`;
  if (url.startsWith('/')) return url;
  if (/^https?:\/\//i.test(url)) return url;
  return `https://${url}`;
}
