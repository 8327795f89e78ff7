/** Constants of spec section 9 and the house rules. One place for each. */

export const PRODUCT_NAME = 'Barberly';

export const THEMES = ['classic', 'urban', 'minimalist'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_LABELS: Record<Theme, string> = {
  classic: 'Classic',
  urban: 'Urban',
  minimalist: 'Minimalist',
};

export const ROLES = ['owner', 'barber', 'client'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Shop Owner',
  barber: 'Barber',
  client: 'Client',
};

export const DEFAULT_PRIMARY_COLOR = '#1E293B';
export const DEFAULT_FONT = 'Inter';
export const DEFAULT_SERVICE_DURATION_MINUTES = 30;

/** Names that can never be a shop slug: they are, or may become, our own hosts and paths. */
export const RESERVED_SLUGS = ['www', 'api', 'admin', 'auth', 'app', 'static', 'assets'] as const;

export const LIMITS = {
  /** Signing in: the spec's 6, so accounts made before the stricter rule still get in. */
  passwordMin: 6,
  /** A new password (registration, sign-up, password change): 8, as NIST SP 800-63B asks (decision 0051). */
  newPasswordMin: 8,
  slugMin: 3,
  slugMax: 50,
  bioMax: 500,
  shopNameMinOnboarding: 2,
  shopNameMinDashboard: 3,
  serviceNameMin: 2,
  servicePriceMin: 1,
  serviceDurationMin: 5,
  serviceDurationStep: 5,
  barberNameMin: 2,
  /** Not in the spec: sane upper bounds so no field can carry a novel. */
  textMax: 200,
  descriptionMax: 1000,
  urlMax: 2048,
  servicePriceMax: 100000,
  serviceDurationMax: 1440,
} as const;

/** Timings of spec section 9, in milliseconds unless named otherwise. */
export const TIMINGS = {
  redirectCooldownMs: 3000,
  pauseAfterAuthMs: 100,
  loginDelayMs: 300,
  callbackDelayMs: 500,
  headerScrollThresholdPx: 10,
  anchorOffsetPx: 100,
  heroCycleMs: 3000,
  carouselMs: 4000,
  featureRevealThreshold: 0.1,
  launchRedirectMs: 200,
  launchFallbackMs: 1000,
  launchRelativeMs: 1500,
  markerCleanupMs: 3000,
  cachedShopFreshnessMs: 30_000,
  staleFlagsMs: 30 * 60_000,
  userQueryStaleMs: 5 * 60_000,
  dashboardRedirectCap: 3,
  tokenLookupRetries: 3,
  tokenLookupDelayMs: 100,
  toastDurationMs: 5000,
  toastLimit: 1,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  sessionRefreshCheckMs: 30_000,
  sessionRefreshMarginS: 90,
} as const;

export const PLANS = [
  { id: 'basic', name: 'Basic', priceMonthly: 29, maxBarbers: 2, popular: false, extras: [] as string[] },
  { id: 'pro', name: 'Pro', priceMonthly: 49, maxBarbers: 4, popular: true, extras: [] as string[] },
  {
    id: 'premium',
    name: 'Premium',
    priceMonthly: 99,
    maxBarbers: 8,
    popular: false,
    extras: ['Custom domain', 'White-label'],
  },
] as const;
export const TRIAL_DAYS = 14;
