import { domainToASCII } from 'node:url';
import type { DomainsDeps } from './domain-rows';

/** Which host a request names (issue 16): may Caddy certify it, and which shop does it serve. */

/** A Host header or ?domain= value as the table keeps hostnames (ASCII, lower case, no port or trailing dot). */
export function normaliseHost(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 300) return null;
  const host = value.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const ascii = domainToASCII(host);
  return ascii && /^[a-z0-9.-]+$/.test(ascii) ? ascii : null;
}

/**
 * Caddy's on-demand TLS `ask`: may a certificate be issued for this name? Only for a domain a shop has proven
 * (its primary or an alias, which redirects over HTTPS), and for an existing shop's own subdomain.
 */
export async function domainAllowed(
  deps: Pick<DomainsDeps, 'dataSource' | 'config'>,
  value: unknown,
): Promise<boolean> {
  const host = normaliseHost(value);
  if (!host) return false;
  const [proven] = (await deps.dataSource.query(
    `SELECT 1 FROM "shop_domains" d JOIN "shops" s ON s."id" = d."shop_id"
     WHERE d."hostname" = $1 AND d."status" IN ('verified', 'active') AND s."is_active"`,
    [host],
  )) as unknown[];
  if (proven) return true;
  const appDomain = deps.config.APP_DOMAIN.toLowerCase().replace(/:\d+$/, '');
  if (!host.endsWith(`.${appDomain}`)) return false;
  const label = host.slice(0, -(appDomain.length + 1));
  if (label.includes('.')) return false;
  const [shop] = (await deps.dataSource.query('SELECT 1 FROM "shops" WHERE "slug" = $1 AND "is_active"', [
    label,
  ])) as unknown[];
  return Boolean(shop);
}

/** Which shop a custom host serves (the storefront's host map): its slug and the shop's primary domain. */
export async function resolveHost(
  deps: Pick<DomainsDeps, 'dataSource'>,
  value: unknown,
): Promise<{ slug: string; primary: string | null } | null> {
  const host = normaliseHost(value);
  if (!host) return null;
  const [row] = (await deps.dataSource.query(
    `SELECT s."slug", s."custom_domain" FROM "shop_domains" d JOIN "shops" s ON s."id" = d."shop_id"
     WHERE d."hostname" = $1 AND d."status" IN ('verified', 'active')`,
    [host],
  )) as Array<{ slug: string; custom_domain: string | null }>;
  return row ? { slug: row.slug, primary: row.custom_domain } : null;
}
