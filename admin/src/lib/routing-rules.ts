import { isDevelopmentHost, type User } from '@barberly/common';
import { paths } from './routes';

/** Where to go: a path inside the admin, or a full page load (storefront pages, other hosts). */
export type Target = { kind: 'internal'; path: string } | { kind: 'external'; url: string };

const internal = (path: string): Target => ({ kind: 'internal', path });

export interface HostInfo {
  /** window.location.hostname */
  hostname: string;
  /** window.location.protocol, e.g. 'https:' */
  protocol: string;
  /** window.location.port, '' for the default */
  port: string;
  /** PublicConfig.appDomain */
  appDomain: string;
}

/** The product's domain, else the last two labels of the host ('app.barberly.com' gives 'barberly.com'). */
export function baseDomain(host: HostInfo): string {
  if (host.appDomain && !isDevelopmentHost(host.appDomain)) return host.appDomain;
  return host.hostname.split('.').slice(-2).join('.');
}

/**
 * Spec 4 'Post-login routing', in order:
 * 1. onboarding not complete: /onboarding
 * 2. owner with a shopSlug: on localhost or a development host the in-app owner dashboard; on a live domain a full
 *    page load of https://{shopSlug}.{base domain}
 * 3. barber with a shopSlug: the barber dashboard
 * 4. client: /dashboard/client
 * 5. anyone else: /dashboard
 */
export function postLoginTarget(user: User, host: HostInfo): Target {
  if (!user.onboardingCompleted) return internal(paths.onboarding);
  if (user.role === 'owner' && user.shopSlug) {
    if (isDevelopmentHost(host.hostname)) return internal(paths.ownerDashboard(user.shopSlug));
    const port = host.port ? `:${host.port}` : '';
    return { kind: 'external', url: `${host.protocol}//${user.shopSlug}.${baseDomain(host)}${port}` };
  }
  if (user.role === 'barber' && user.shopSlug) return internal(paths.barberDashboard(user.shopSlug));
  if (user.role === 'client') return internal(paths.clientDashboard);
  return internal(paths.dashboard);
}

/** Spec 2 'Dashboard button': owner or barber with a shopSlug to their dashboard; else /dashboard or /onboarding. */
export function dashboardButtonTarget(user: User): string {
  if (user.role === 'owner' && user.shopSlug) return paths.ownerDashboard(user.shopSlug);
  if (user.role === 'barber' && user.shopSlug) return paths.barberDashboard(user.shopSlug);
  return user.onboardingCompleted ? paths.dashboard : paths.onboarding;
}

/**
 * Spec 2 'Dashboard router' for /dashboard: unauthenticated to /, onboarding not complete to /onboarding, owner or
 * barber with a shopSlug to their dashboard; null means stay on the generic dashboard.
 */
export function dashboardRouterTarget(user: User | null): string | null {
  if (!user) return paths.home;
  if (!user.onboardingCompleted) return paths.onboarding;
  if (user.role === 'owner' && user.shopSlug) return paths.ownerDashboard(user.shopSlug);
  if (user.role === 'barber' && user.shopSlug) return paths.barberDashboard(user.shopSlug);
  return null;
}

/**
 * Paths the global redirect rules leave alone (spec 4): the callback, /redirecting, onboarding, every dashboard
 * path (including /owner/dashboard and /barber/dashboard), shop pages. Shop subdomains never reach the admin.
 */
export function isExcludedFromGlobalRedirects(pathname: string): boolean {
  const p = pathname.replace(/\/+$/, '') || '/';
  const under = (prefix: string) => p === prefix || p.startsWith(`${prefix}/`);
  return (
    under(paths.authCallback) ||
    under(paths.redirecting) ||
    under(paths.onboarding) ||
    under('/admin') ||
    under('/join') ||
    under(paths.dashboard) ||
    under(paths.ownerDashboardAlt) ||
    under(paths.barberDashboardAlt) ||
    under('/shop') ||
    under('/demo/shop')
  );
}

/**
 * Spec 4 'Global redirect rules', in order, for a path that is not excluded (see above):
 * - unauthenticated and not on / or /auth/callback: /
 * - onboarding not complete: /onboarding
 * - owner with a shop, on / or /onboarding: the spec says their public page /shop/{shopSlug}, but that leaves an
 *   owner no way back to their dashboard; decision 0022 sends them to the owner dashboard instead (it has Preview
 *   Site). /onboarding is excluded anyway (route table: no automatic redirects there).
 * - on /: owner to the owner dashboard, barber to the barber dashboard, anyone else to /dashboard
 * An owner or barber without a shopSlug has no dashboard of their own yet, so /dashboard (which routes them on).
 * null: stay.
 */
export function globalRedirectTarget(pathname: string, user: User | null): Target | null {
  if (isExcludedFromGlobalRedirects(pathname)) return null;
  const p = pathname.replace(/\/+$/, '') || '/';
  if (!user) return p === paths.home || p === paths.authCallback ? null : internal(paths.home);
  if (!user.onboardingCompleted) return internal(paths.onboarding);
  if (p === paths.home) {
    if (user.role === 'owner' && user.shopSlug) return internal(paths.ownerDashboard(user.shopSlug));
    if (user.role === 'barber' && user.shopSlug) return internal(paths.barberDashboard(user.shopSlug));
    return internal(paths.dashboard);
  }
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Dashboard paths use the slug; an id in that position (the spec's other reading) is redirected to the slug. */
export function looksLikeShopId(segment: string): boolean {
  return UUID.test(segment);
}
