/** Response shapes of the api (spec sections 3 and 7). The api maps its entities to these; nothing else is sent. */
import type { Role, Theme } from '../constants';
import type { Hours } from '../hours';
import type { ShopPageSpecialDay } from './special-day';

export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role | null;
  profileImageUrl: string | null;
  shopId: string | null;
  shopSlug: string | null;
  onboardingCompleted: boolean;
}

export interface Branding {
  primary_color?: string;
  font?: string;
  logo_url?: string;
  features?: string[];
  template?: string;
}

export interface Service {
  id: string;
  shopId: string;
  name: string;
  description: string;
  price: number;
  durationMinutes: number;
  /** Cleanup minutes after it that block the barber (issue 14); the dashboard shows it, the public page does not. */
  bufferMinutes?: number;
}

export interface Barber {
  id: string;
  shopId: string;
  name: string;
  bio: string;
  profileImageUrl: string;
  /** Who does what (issue 14): every service (default), or only `services`; overrides of duration and price. */
  offersAllServices?: boolean;
  services?: Array<{ serviceId: string; durationMinutes: number | null; price: number | null }>;
}

export interface Shop {
  id: string;
  ownerId: string;
  name: string;
  slug: string;
  bio: string;
  address: string;
  phoneNumber: string;
  theme: Theme;
  primaryColor: string;
  logoUrl: string;
  is_active: boolean;
  hours_json: Hours;
  branding_json: Branding;
  /** Same values as hours_json / branding_json: the spec reads both names. */
  hours: Hours;
  branding: Branding;
  subdomain_url: string;
  production_url: string;
  /** Bumped on every change to the shop, its services or its barbers: caches key on it. */
  version: number;
  /** The shop's active custom domain ('www.joescuts.com'), where its site lives; null when it has none (issue 16). */
  customDomain?: string | null;
  /** Text reminders the booking form may offer (issue 15): enabled by the owner and set up on this Barberly. */
  smsEnabled?: boolean;
  whatsappEnabled?: boolean;
  createdAt: string;
  updatedAt: string;
  // Booking settings (issue #7): the api always sends them; optional for callers written before them.
  /** IANA zone every day and slot of the shop is computed in. */
  timeZone?: string;
  /** Earliest online booking: now + this. Default 60. */
  minNoticeMinutes?: number;
  /** Clients may cancel or reschedule online until start - this. Default 120. */
  cancellationCutoffMinutes?: number;
  /** Reminder e-mail this long before the start (0: none). Default 1440. */
  reminderLeadMinutes?: number;
  /** Bookable days ahead. Default 60. */
  bookingHorizonDays?: number;
  // Money and clock (issue 13): the api always sends them.
  /** ISO 4217: every price of the shop is in it. Default USD. */
  currency?: string;
  /** BCP 47: prices and dates are written the shop's way. Default en-US. */
  locale?: string;
  /** '12h' (2:30 PM) or '24h' (14:30). Default 12h. */
  clock?: '12h' | '24h';
  // Issue 14.
  /** Clients may make their booking the first of a repeating series. Default false. */
  clientsMayRepeat?: boolean;
  /** A full day offers to join the waitlist. Default true. */
  waitlistEnabled?: boolean;
  /** Issue 25: barbers may book other barbers' chairs from the calendar. Default false (own chair only). */
  barbersBookAnyChair?: boolean;
}

/** GET /api/shops/{slugOrId} */
export interface ShopPage {
  shop: Shop;
  barbers: Barber[];
  services: Service[];
  /** The plan's effect on the public page (issue 17): the 'Powered by Barberly' line, paused online booking. */
  billing?: { whiteLabel: boolean; bookingsPaused: boolean };
  /**
   * The whole shop's special days (issue 25) from yesterday to 45 days on, by date: the storefront shows those of
   * the next 14 days ("Closed on Friday, December 25 (Christmas Day)"). Absent when it has none.
   */
  specialDays?: ShopPageSpecialDay[];
}

/** POST /api/shops */
export interface CreatedShop {
  id: string;
  slug: string;
  name: string;
  theme: Theme;
  subdomain_url: string;
  production_url: string;
}

/** POST /api/auth/complete-onboarding */
export interface CompleteOnboardingResponse {
  template: Theme;
  urls: { production: string; primary: string; development: string };
  productionUrl: string;
  shopUrl: string;
}

/** GET /api/config: the public subset of the server's configuration that the browser may know. */
export interface PublicConfig {
  appDomain: string;
  publicOrigin: string;
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Which provider sign-ins the auth server has enabled. */
  providers: { google: boolean; github: boolean };
  environment: 'Development' | 'Production';
}

/** Every error the api sends. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    requestId?: string;
  };
}

/** Message sent on the shop-change channel (Redis pub/sub or the in-process bus). */
export interface ShopChangedEvent {
  shopId: string;
  slug: string;
  version: number;
  /** Custom domains whose routing changed with this version (issue 16): caches forget what they knew of them. */
  hosts?: string[];
}
/** Redis keys and channels all start with a prefix (REDIS_KEY_PREFIX, default 'barberly:') so runs can share a server. */
export const DEFAULT_REDIS_KEY_PREFIX = 'barberly:';
export function shopChangedChannel(prefix: string = DEFAULT_REDIS_KEY_PREFIX): string {
  return `${prefix}shop-changed`;
}
