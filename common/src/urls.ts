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
  const port = origin.port ? `:${origin.port}` : '';
  return {
    standard: `${origin.origin}/shop/${safeSlug}`,
    subdomain: `${origin.protocol}//${safeSlug}.${opts.appDomain}${port}`,
  };
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
