/** Every path the admin knows, in one place (spec 2, route table). */
export const paths = {
  home: '/',
  authCallback: '/auth/callback',
  onboarding: '/onboarding',
  dashboard: '/dashboard',
  ownerDashboard: (shopSlug: string) => `/dashboard/owner/${encodeURIComponent(shopSlug)}`,
  barberDashboard: (shopSlug: string) => `/dashboard/barber/${encodeURIComponent(shopSlug)}`,
  clientDashboard: '/dashboard/client',
  ownerDashboardAlt: '/owner/dashboard',
  barberDashboardAlt: '/barber/dashboard',
  redirecting: '/redirecting',
  profile: '/profile',
  /** The operator's texts (issue 28), from admin/public/legal/*.md. */
  terms: '/terms',
  privacy: '/privacy',
  /** Served by the storefront through the proxy: reach it with a full page load, never the router. */
  shop: (slug: string) => `/shop/${encodeURIComponent(slug)}`,
  demoShop: (theme: string) => `/demo/shop/${encodeURIComponent(theme)}`,
  /** Served by the api: a full page load that ends signed out on /. */
  logout: '/api/logout',
} as const;

/** Ids of page sections other features link to with '#id' (features do not import each other). */
export const anchors = {
  /** The owner dashboard's plan banner (features/billing): where a plan limit sends the owner. */
  plan: 'your-plan',
} as const;

/**
 * Router state for links that take a signed-in person to the landing page on purpose (the dashboards' "landing
 * page" link): the global 'On /' redirect leaves them there. `navigate(paths.home, { state: stayOnLanding })`.
 */
export const stayOnLanding = { stayOnLanding: true } as const;

export function wantsToStayOnLanding(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { stayOnLanding?: unknown }).stayOnLanding === true;
}

/**
 * Router state the onboarding wizard hands the owner dashboard at launch (issue 28): the dashboard says the shop is
 * live and links to `siteUrl`. Features do not import each other, so the shape lives here.
 */
export function launchedState(siteUrl: string) {
  return { launchedSiteUrl: siteUrl } as const;
}

export function launchedSiteUrlOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const url = (state as { launchedSiteUrl?: unknown }).launchedSiteUrl;
  return typeof url === 'string' && /^(https?:\/\/|\/)/.test(url) ? url : null;
}
