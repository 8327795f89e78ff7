/**
 * Turns the api's ShopPage into what the storefront renders: the spec's theme and colour rules applied, every URL
 * checked, hours in weekday order. Pure: the caller passes the clock and the URLs of the request.
 * The api is trusted for shape but not for content, and older records may miss fields: nothing here throws.
 */
import {
  type DayHours,
  type DisplaySettings,
  displaySettingsOf,
  formatPhone,
  formatSpecialDate,
  formatWallTime,
  localDateOf,
  resolvePrimaryColor,
  resolveTheme,
  type ShopPage,
  type ShopPageSpecialDay,
  shopPhoneCountry,
  specialDayNotice,
  type Theme,
  upcomingSpecialDays,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
} from '@barberly/common';
import { directionsHref, safeHttpUrl, telHref } from './links';

export interface ServiceView {
  id: string;
  name: string;
  description: string;
  price: number;
  /** null when the record has none: each theme decides what to show. */
  durationMinutes: number | null;
}

/** A service the barber does with their own duration or price (issue 14); null: the shop's. */
export interface BarberOfferView {
  serviceId: string;
  durationMinutes: number | null;
  price: number | null;
}

export interface BarberView {
  id: string;
  name: string;
  firstName: string;
  bio: string;
  imageUrl: string | null;
  /** Who does what (issue 14): every service of the shop (the default), or only those in `offers`. */
  offersAllServices: boolean;
  /** The services listed for the barber: the only ones offered when not offersAllServices, else overrides only. */
  offers: BarberOfferView[];
  /** Issue 26: 'tony.cuts' (letters, digits, dots, underscores) or ''. */
  instagramHandle?: string;
  /** Issue 26: their photos of their work, in their order (the owner's hidden ones never reach the page). */
  portfolio?: PortfolioImageView[];
}

/** One portfolio photo: each format's files by width, smallest first; only our own /api/uploads/ paths. */
export interface PortfolioImageView {
  id: string;
  caption: string;
  width: number;
  height: number;
  webp: Array<{ url: string; width: number }>;
  avif: Array<{ url: string; width: number }>;
}

export interface HoursView {
  day: Weekday;
  label: string;
  closed: boolean;
  /** 'HH:MM' 24-hour; '' when closed, missing or malformed (displayed 'N/A'). */
  open: string;
  close: string;
}

export interface ShopView {
  demo: boolean;
  theme: Theme;
  primaryColor: string;
  /** Branding font name, only letters, digits, spaces and hyphens (it ends up in CSS). */
  font: string | null;
  shop: {
    id: string;
    slug: string;
    name: string;
    bio: string;
    address: string;
    phone: string;
    phoneHref: string | null;
    /** The country whose way numbers are written on the shop's pages (shopPhoneCountry, issue 28). */
    phoneCountry: string;
    directionsUrl: string | null;
    logoUrl: string | null;
    features: string[];
  };
  /** The shop's currency, locale and clock (issue 13): every price and time on its pages is written with them. */
  display: DisplaySettings;
  /** Monday to Sunday; empty when the record has no hours at all. */
  hours: HoursView[];
  /**
   * The shop's closures and other hours of the next 14 days (issue 25), one line each: 'Closed on Friday, December 25
   * (Christmas Day)'. The reason is the owner's text (React escapes it).
   */
  specialDays: string[];
  services: ServiceView[];
  barbers: BarberView[];
  year: number;
  /** 'Powered by Barberly' in the footer: every plan but Premium (white-label) while billing is on. */
  poweredBy: boolean;
  /** Clients may make their booking the first of a repeating series (issue 14). */
  clientsMayRepeat: boolean;
  /** A day without a time that suits offers the waitlist (issue 14). */
  waitlistEnabled: boolean;
  /** The shop's plan has paused online booking (trial over, payment failed): the booking page says so. */
  bookingsPaused: boolean;
  urls: {
    /** The shop's own address ({slug}.{APP_DOMAIN}): canonical for search engines and sharing. */
    canonical: string;
    /** Go Home: the product's front page. */
    home: string;
    /** The booking page on this host ('/book' on the subdomain); null for demos, whose buttons stay inert. */
    book: string | null;
  };
}

export type ShopViewResult = { kind: 'ok'; view: ShopView } | { kind: 'incomplete' };

export interface ShopViewContext {
  now: Date;
  canonicalUrl: string;
  homeUrl: string;
  /** The booking page on this host; absent: no booking (demos). */
  bookUrl?: string | null;
  demo?: boolean;
}

type Loose = Record<string, unknown>;

function obj(value: unknown): Loose | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : null;
}

function text(value: unknown, max = 2000): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

function num(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const CURRENCY = /^[A-Za-z]{3}$/;
const LOCALE = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

/**
 * { currency: 'eur', locale: 'fr-FR', clock: '24h' } as written; anything malformed (a record older than issue 13, a
 * demo) takes the default. A well-formed code Intl does not know is left to the formatters, which fall back too.
 */
function displayOf(shop: Loose): DisplaySettings {
  const currency = text(shop.currency, 10);
  const locale = text(shop.locale, 35);
  return displaySettingsOf({
    currency: CURRENCY.test(currency) ? currency.toUpperCase() : null,
    locale: LOCALE.test(locale) ? locale : null,
    clock: text(shop.clock, 3),
  });
}
/** The branding schema's font rule (common BrandingSchema): the name ends up in CSS. */
const FONT = /^[\w -]{1,60}$/;

function hoursOf(raw: unknown): HoursView[] {
  const hours = obj(raw);
  if (!hours) return [];
  return WEEKDAYS.map((day) => {
    const entry = obj(hours[day]) as Partial<DayHours> | null;
    // A day without an entry is shown Closed; an open day with a missing or malformed time shows 'N/A' for it
    // (spec 9), never an invented time.
    const closed = !entry || entry.closed === true;
    const open = !closed && TIME.test(text(entry?.open)) ? text(entry?.open) : '';
    const close = !closed && TIME.test(text(entry?.close)) ? text(entry?.close) : '';
    return { day, label: WEEKDAY_LABELS[day], closed, open, close };
  });
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The next 14 days' special days of the shop's own (the api sends from yesterday on), in the shop's zone. */
function specialDaysOf(raw: unknown, now: Date, timeZone: string, display: DisplaySettings): string[] {
  if (!Array.isArray(raw)) return [];
  const days: ShopPageSpecialDay[] = raw.flatMap((entry) => {
    const day = obj(entry);
    const date = text(day?.date, 10);
    if (!day || !DATE.test(date)) return [];
    const closed = day.closed === true;
    const open = TIME.test(text(day.open)) ? text(day.open) : null;
    const close = TIME.test(text(day.close)) ? text(day.close) : null;
    if (!closed && (!open || !close)) return [];
    return [{ date, closed, open, close, reason: text(day.reason, 100) }];
  });
  let today: string;
  try {
    today = localDateOf(now, timeZone || 'UTC');
  } catch {
    today = localDateOf(now, 'UTC');
  }
  return upcomingSpecialDays(days, today).map((day) =>
    day.closed
      ? specialDayNotice(day)
      : `Open ${formatWallTime(day.open ?? '', display)} - ${formatWallTime(day.close ?? '', display)} on ${formatSpecialDate(day.date)}${day.reason ? ` (${day.reason})` : ''}`,
  );
}

function featuresOf(...brandings: (Loose | null)[]): string[] {
  for (const branding of brandings) {
    const list = branding?.features;
    if (Array.isArray(list)) {
      // Unique: each feature is shown once (and keys its list item).
      return [...new Set(list.map((f) => text(f, 80)).filter(Boolean))].slice(0, 12);
    }
  }
  return [];
}

function servicesOf(raw: unknown): ServiceView[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item, index) => {
    const s = obj(item);
    if (!s) return [];
    const duration = num(s.durationMinutes);
    return [
      {
        id: text(s.id, 100) || `service-${index}`,
        name: text(s.name, 200),
        description: text(s.description, 1000),
        price: num(s.price) ?? 0,
        durationMinutes: duration !== null && duration > 0 ? Math.round(duration) : null,
      },
    ];
  });
}

/** A barber's service list; a positive duration and a non-negative price count, anything else is the shop's. */
function offersOf(raw: unknown): BarberOfferView[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const o = obj(item);
    const serviceId = text(o?.serviceId, 100);
    if (!o || !serviceId) return [];
    const duration = num(o.durationMinutes);
    const price = num(o.price);
    return [
      {
        serviceId,
        durationMinutes: duration !== null && duration > 0 ? Math.round(duration) : null,
        price: price !== null && price >= 0 ? price : null,
      },
    ];
  });
}

function barbersOf(raw: unknown): BarberView[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item, index) => {
    const b = obj(item);
    const name = text(b?.name, 200);
    if (!b || !name) return [];
    return [
      {
        id: text(b.id, 100) || `barber-${index}`,
        name,
        firstName: name.split(/\s+/)[0] ?? name,
        bio: text(b.bio, 1000),
        imageUrl: safeHttpUrl(b.profileImageUrl),
        // A record from before issue 14 has no flag: the barber does everything, as before.
        offersAllServices: b.offersAllServices !== false,
        offers: offersOf(b.services),
        instagramHandle: /^[A-Za-z0-9._]{1,30}$/.test(text(b.instagramHandle, 30)) ? text(b.instagramHandle, 30) : '',
        portfolio: portfolioOf(b.portfolio),
      },
    ];
  });
}

/** Our upload paths only ('/api/uploads/portfolio/…-640.webp'): nothing a barber typed becomes an address. */
const UPLOAD_PATH = /^\/api\/uploads\/[a-z0-9-]+(\/[a-z0-9-]+)*\.(webp|avif)$/;

function sizesOf(raw: unknown, imageWidth: number): Array<{ url: string; width: number }> {
  const files = obj(raw);
  if (!files) return [];
  return Object.entries(files)
    .map(([w, url]) => ({ url: typeof url === 'string' ? url : '', width: Math.min(Number(w), imageWidth) }))
    .filter((f) => UPLOAD_PATH.test(f.url) && Number.isFinite(f.width) && f.width > 0)
    .sort((a, b) => a.width - b.width);
}

function portfolioOf(raw: unknown): PortfolioImageView[] {
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, 30).flatMap((item) => {
    const p = obj(item);
    const width = Number(p?.width);
    const height = Number(p?.height);
    if (!p || !(width > 0) || !(height > 0)) return [];
    const urls = obj(p.urls);
    const webp = sizesOf(urls?.webp, width);
    if (webp.length === 0) return [];
    return [
      { id: text(p.id, 100), caption: text(p.caption, 200), width, height, webp, avif: sizesOf(urls?.avif, width) },
    ];
  });
}

/**
 * { shop: { name: "Joe's", slug: 'joes', theme: 'urban', primaryColor: '#B91C1C', hours_json: {...} }, services, barbers }
 * gives an urban page in red. A record without a shop name or slug is 'incomplete' (the 'No Shop Data' screen).
 */
export function buildShopView(page: ShopPage | unknown, ctx: ShopViewContext): ShopViewResult {
  const root = obj(page);
  const shop = obj(root?.shop);
  const name = text(shop?.name, 200);
  const slug = text(shop?.slug, 100);
  if (!shop || !name || !slug) return { kind: 'incomplete' };

  const brandingJson = obj(shop.branding_json);
  const branding = obj(shop.branding);
  const templateInfo = obj(shop.template_info);
  const templateBranding = obj(templateInfo?.branding);

  const theme = resolveTheme({
    templateInfoName: text(templateInfo?.name) || null,
    brandingTemplate: text(brandingJson?.template) || null,
    shopTheme: text(shop.theme) || null,
  });
  const primaryColor = resolvePrimaryColor({
    templateInfoBranding: text(templateBranding?.primary_color) || null,
    storedBranding: text(brandingJson?.primary_color) || null,
    branding: text(branding?.primary_color) || null,
    primaryColor: text(shop.primaryColor) || null,
  });
  const font = text(brandingJson?.font) || text(branding?.font);
  const address = text(shop.address, 300);
  const phone = text(shop.phoneNumber, 50);
  const phoneCountry = shopPhoneCountry({ phoneNumber: phone, locale: text(shop.locale, 35) });

  return {
    kind: 'ok',
    view: {
      demo: ctx.demo ?? false,
      theme,
      primaryColor,
      font: FONT.test(font) ? font : null,
      shop: {
        id: text(shop.id, 100),
        slug,
        name,
        bio: text(shop.bio, 1000),
        address,
        // As the shop's country writes it ('(718) 555-0100' in the US, issue 28); the link keeps what the owner typed.
        phone: formatPhone(phone, phoneCountry),
        phoneHref: telHref(phone),
        phoneCountry,
        directionsUrl: directionsHref(address),
        logoUrl: safeHttpUrl(shop.logoUrl) ?? safeHttpUrl(brandingJson?.logo_url) ?? safeHttpUrl(branding?.logo_url),
        features: featuresOf(brandingJson, branding),
      },
      display: displayOf(shop),
      hours: hoursOf(shop.hours_json ?? shop.hours),
      specialDays: specialDaysOf(root?.specialDays, ctx.now, text(shop.timeZone, 60), displayOf(shop)),
      services: servicesOf(root?.services),
      barbers: barbersOf(root?.barbers),
      year: ctx.now.getUTCFullYear(),
      // Only an api that knows the feature sends the flag; without it the pages offer nothing they cannot do.
      clientsMayRepeat: shop.clientsMayRepeat === true,
      waitlistEnabled: shop.waitlistEnabled === true,
      poweredBy: obj(root?.billing)?.whiteLabel === false,
      bookingsPaused: obj(root?.billing)?.bookingsPaused === true,
      urls: { canonical: ctx.canonicalUrl, home: ctx.homeUrl, book: ctx.demo ? null : (ctx.bookUrl ?? null) },
    },
  };
}
