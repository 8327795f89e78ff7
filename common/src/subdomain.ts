import { LIMITS } from './constants';
import { isReservedSlug } from './slug';

/** Hosting-platform preview domains never carry a shop subdomain. */
const PREVIEW_SUFFIXES = [
  'vercel.app',
  'netlify.app',
  'replit.dev',
  'replit.app',
  'repl.co',
  'pages.dev',
  'onrender.com',
  'herokuapp.com',
];

/** A UUID anywhere in a label: how hosting platforms name deployments ('3f9a2c1b-1b2d-4e5f-8a9b-0c1d2e3f4a5b-00-x'). */
const UUID_IN_LABEL = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/**
 * Long hyphenated project ids are deployment names, not shops. A label longer than any slug, or one carrying
 * a UUID, is a project id. Ordinary slugs with several hyphens ('joe-and-sons-barber-shop') are shops.
 */
function looksLikeProjectId(label: string): boolean {
  return label.length > LIMITS.slugMax || UUID_IN_LABEL.test(label);
}

/** A Host header's name: lower case, without its port or a trailing dot (an IPv6 literal stays as it is). */
export function bareHost(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith('[')) return lower; // IPv6 literal: never a shop
  return lower.replace(/:\d+$/, '').replace(/\.$/, '');
}

function isIp(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');
}

export type DetectionMethod = 'path' | 'subdomain' | 'custom-host';

export interface ShopDetection {
  slug: string;
  method: DetectionMethod;
}

const SHOP_PATH = /^\/shop\/([^/?#]+)/;

/** A malformed escape ('%E0%A4%A') is not a slug; it must not throw (a throw would turn bad input into a 500). */
function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Which shop, if any, a request is for (spec 'Subdomain mode').
 * 1. A /shop/{slug} path wins.
 * 2. On the product's own domain ({appDomain}, including 'localhost' for development), a host
 *    '{slug}.{appDomain}' counts (deeper hosts use their first label); the bare domain and www do not.
 * 3. On other hosts, with `allowCustomHosts`, a host with more than two labels counts by its first label.
 * Localhost (bare), IPs and preview domains never count. Reserved names never count.
 */
export function detectShop(input: {
  host: string | null | undefined;
  path?: string;
  appDomain: string;
  allowCustomHosts?: boolean;
}): ShopDetection | null {
  const pathMatch = input.path ? SHOP_PATH.exec(input.path) : null;
  const pathSlug = pathMatch?.[1] ? safeDecode(pathMatch[1]) : null;
  if (pathSlug) return { slug: pathSlug.toLowerCase(), method: 'path' };

  const slug = shopSlugFromHost(input.host, input.appDomain, input.allowCustomHosts ?? false);
  if (!slug) return null;
  const appDomain = input.appDomain.toLowerCase();
  const host = bareHost(input.host ?? '');
  return { slug, method: host.endsWith(`.${appDomain}`) ? 'subdomain' : 'custom-host' };
}

export function shopSlugFromHost(
  rawHost: string | null | undefined,
  rawAppDomain: string,
  allowCustomHosts = false,
): string | null {
  if (!rawHost) return null;
  const host = bareHost(rawHost);
  const appDomain = bareHost(rawAppDomain);
  if (!host || isIp(host)) return null;

  let label: string | undefined;
  if (host.endsWith(`.${appDomain}`)) {
    label = host.slice(0, -(appDomain.length + 1)).split('.')[0];
  } else if (allowCustomHosts) {
    if (host === 'localhost' || host.endsWith('.localhost')) return null;
    if (PREVIEW_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) return null;
    const labels = host.split('.');
    if (labels.length <= 2) return null;
    label = labels[0];
  }
  if (!label || label === 'www' || isReservedSlug(label) || looksLikeProjectId(label)) return null;
  if (!/^[a-z0-9-]{1,63}$/.test(label)) return null;
  return label;
}

/**
 * A host that may be a shop's custom domain (issue 16): a dotted name that is not the product's own domain or one of
 * its subdomains, not localhost, not an IP address and not a hosting platform's preview domain. Whether a shop has
 * proven it is the api's answer (the storefront asks); the front door sends such hosts to the storefront.
 */
export function isCustomHost(rawHost: string | null | undefined, rawAppDomain: string): boolean {
  if (!rawHost) return false;
  const host = bareHost(rawHost);
  const appDomain = bareHost(rawAppDomain);
  if (!host.includes('.') || isIp(host) || !/^[a-z0-9.-]+$/.test(host)) return false;
  if (host === appDomain || host.endsWith(`.${appDomain}`)) return false;
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  return !PREVIEW_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}
