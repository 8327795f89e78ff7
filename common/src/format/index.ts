/**
 * Display rules of spec section 9, written the shop's way (issue 13): prices with Intl.NumberFormat in the shop's
 * currency and locale, times on its 12- or 24-hour clock. Formatters are built once per (style, locale, currency)
 * or (locale, zone, clock) and kept: creating one per call halves SSR throughput. Every option is optional and falls
 * back to SHOP_LOCALE_DEFAULTS (USD, en-US, 12h), so callers written before issue 13 show what they showed.
 */
import { type Clock, SHOP_LOCALE_DEFAULTS } from '../money';

export interface MoneyOptions {
  /** ISO 4217; default USD. */
  currency?: string | null;
  /** BCP 47; default en-US. */
  locale?: string | null;
}

export interface ClockOptions {
  /** IANA zone the instant is shown in; default UTC. */
  timeZone?: string | null;
  locale?: string | null;
  clock?: Clock | null;
}

/** A shop's (or an appointment's) money and clock with the defaults filled in. */
export interface DisplaySettings {
  currency: string;
  locale: string;
  clock: Clock;
}

/** { currency: 'EUR' } gives EUR, en-US, 12h: a record made before issue 13 reads as USD, en-US, 12h. */
export function displaySettingsOf(
  shop: { currency?: string | null; locale?: string | null; clock?: string | null } | null | undefined,
): DisplaySettings {
  return {
    currency: shop?.currency || SHOP_LOCALE_DEFAULTS.currency,
    locale: shop?.locale || SHOP_LOCALE_DEFAULTS.locale,
    clock: shop?.clock === '24h' ? '24h' : '12h',
  };
}

/**
 * The settings of any payload that may carry them ('currency', 'locale', 'clock' read structurally; `fallback` fills
 * what it leaves out): summaries written before issue 13 (an appointment's shop, a barber's shop) lack them.
 */
export function displaySettingsFrom(
  payload: object | null | undefined,
  fallback?: Partial<DisplaySettings> | null,
): DisplaySettings {
  const own = (payload ?? {}) as { currency?: unknown; locale?: unknown; clock?: unknown };
  return displaySettingsOf({
    currency: stringOr(own.currency, fallback?.currency),
    locale: stringOr(own.locale, fallback?.locale),
    clock: stringOr(own.clock, fallback?.clock),
  });
}

function stringOr(value: unknown, fallback: string | undefined): string | undefined {
  return typeof value === 'string' && value ? value : fallback;
}

/**
 * An appointment is shown in the currency it was booked in (`currency` on the appointment, when the payload has
 * it), with its shop's locale and clock; `shop` (the page's own shop settings) fills what the payload leaves out.
 */
export function appointmentDisplayOf(
  appointment: { currency?: string | null; shop?: object | null },
  shop?: Partial<DisplaySettings> | null,
): DisplaySettings {
  const settings = displaySettingsFrom(appointment.shop, shop);
  return { ...settings, currency: appointment.currency || settings.currency };
}

const MAX_CACHED = 1000;
const numberFormats = new Map<string, Intl.NumberFormat>();

type MoneyStyle = 'money' | 'whole' | 'cents';

const STYLE_OPTIONS: Record<MoneyStyle, Intl.NumberFormatOptions> = {
  // Dashboard: the currency's own decimals (USD 2, JPY 0), grouped as the locale groups.
  money: {},
  // Public page: a whole amount without cents ('$25', '25 €'); grouping only from five digits, so '$1000' stays
  // as the spec's '$' prefix wrote it while '¥25,000' reads well.
  whole: { minimumFractionDigits: 0, maximumFractionDigits: 0, useGrouping: 'min2' },
  cents: { useGrouping: 'min2' },
};

function numberFormat(style: MoneyStyle, options: MoneyOptions | undefined): Intl.NumberFormat {
  const locale = options?.locale || SHOP_LOCALE_DEFAULTS.locale;
  const currency = (options?.currency || SHOP_LOCALE_DEFAULTS.currency).toUpperCase();
  const key = `${style}|${locale}|${currency}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = buildNumberFormat(style, locale, currency);
    if (numberFormats.size >= MAX_CACHED) numberFormats.clear();
    numberFormats.set(key, format);
  }
  return format;
}

/** A tag or code Intl refuses (a record older than validation) falls back to the default, never throws. */
function buildNumberFormat(style: MoneyStyle, locale: string, currency: string): Intl.NumberFormat {
  const attempts: Array<[string, string]> = [
    [locale, currency],
    [SHOP_LOCALE_DEFAULTS.locale, currency],
    [SHOP_LOCALE_DEFAULTS.locale, SHOP_LOCALE_DEFAULTS.currency],
  ];
  for (const [l, c] of attempts) {
    try {
      return new Intl.NumberFormat(l, { style: 'currency', currency: c, ...STYLE_OPTIONS[style] });
    } catch {
      // next attempt
    }
  }
  throw new Error('unreachable: en-US USD is always known');
}

function amountOf(value: number | string | null | undefined): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/** Dashboard: always the currency's decimals. 25 gives '$25.00'; { currency: 'EUR', locale: 'fr-FR' } '25,00 €'. */
export function formatMoney(amount: number | string | null | undefined, options?: MoneyOptions): string {
  return numberFormat('money', options).format(amountOf(amount));
}

/** Dashboard, before issue 13: 25 gives '$25.00'. */
export function formatUsd(price: number): string {
  return formatMoney(price);
}

/**
 * Public page: whole amounts without cents. 25 gives '$25', 25.5 gives '$25.50'; { currency: 'EUR', locale:
 * 'fr-FR' } gives '25 €' and '25,50 €'; a missing or malformed price gives '$0'.
 */
export function formatPrice(price: number | string | null | undefined, options?: MoneyOptions): string {
  const value = amountOf(price);
  return numberFormat(Number.isInteger(value) ? 'whole' : 'cents', options).format(value);
}

/** The currency's sign in the locale, for a field label: USD '$', EUR '€', GBP in en-GB '£', CAD in en-US 'CA$'. */
export function currencySymbol(options?: MoneyOptions): string {
  const part = numberFormat('money', options)
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? (options?.currency || SHOP_LOCALE_DEFAULTS.currency);
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

function timeFormat(options: ClockOptions | undefined): Intl.DateTimeFormat {
  const locale = options?.locale || SHOP_LOCALE_DEFAULTS.locale;
  const timeZone = options?.timeZone || 'UTC';
  const clock = options?.clock === '24h' ? '24h' : '12h';
  const key = `${locale}|${timeZone}|${clock}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = buildTimeFormat(locale, timeZone, clock);
    if (timeFormats.size >= MAX_CACHED) timeFormats.clear();
    timeFormats.set(key, format);
  }
  return format;
}

function buildTimeFormat(locale: string, timeZone: string, clock: Clock): Intl.DateTimeFormat {
  const attempts: Array<[string, string]> = [
    [locale, timeZone],
    [SHOP_LOCALE_DEFAULTS.locale, timeZone],
    [SHOP_LOCALE_DEFAULTS.locale, 'UTC'],
  ];
  for (const [l, zone] of attempts) {
    try {
      return new Intl.DateTimeFormat(l, {
        timeZone: zone,
        // 24h: '09:05' in every locale (ICU would write '9:05' in some and '09:05' in others); 12h: '9:05 AM'.
        hour: clock === '24h' ? '2-digit' : 'numeric',
        minute: '2-digit',
        hourCycle: clock === '24h' ? 'h23' : 'h12',
      });
    } catch {
      // next attempt
    }
  }
  throw new Error('unreachable: en-US UTC is always known');
}

/** ICU writes '2:30\u202fPM'; the product has always written '2:30 PM' (spec 9), and texts and mails are plain. */
const NARROW_SPACE = /[\u202f\u00a0]/g;

/**
 * The wall-clock time of an instant in a zone, on the shop's clock: 2026-07-06T18:30Z in New York gives '2:30 PM'
 * (12h) or '14:30' (24h); a missing or invalid instant gives 'N/A'.
 */
export function formatClockTime(instant: Date | string | number | null | undefined, options?: ClockOptions): string {
  if (instant === null || instant === undefined || instant === '') return 'N/A';
  const at = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(at.getTime())) return 'N/A';
  return timeFormat(options).format(at).replace(NARROW_SPACE, ' ');
}

/** A shop-hours time 'HH:MM' on the shop's clock: '13:30' gives '1:30 PM' or '13:30'; malformed gives 'N/A'. */
export function formatWallTime(value: string | null | undefined, options?: Omit<ClockOptions, 'timeZone'>): string {
  const match = value ? /^(\d{1,2}):(\d{2})$/.exec(value) : null;
  if (!match) return 'N/A';
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return 'N/A';
  return formatClockTime(Date.UTC(2000, 0, 1, hours, minutes), { ...options, timeZone: 'UTC' });
}

/** Offered first in the currency pickers; every other code Intl knows follows, alphabetically. */
export const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY', 'MXN', 'BRL', 'INR'] as const;

let currencyCodes: string[] | null = null;

/** COMMON_CURRENCIES, then all of Intl.supportedValuesOf('currency'); `current` is kept even if Intl lacks it. */
export function currencyChoices(current?: string | null): string[] {
  if (!currencyCodes) {
    const all =
      (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('currency') ?? [];
    const common = new Set<string>(COMMON_CURRENCIES);
    currencyCodes = [...COMMON_CURRENCIES, ...all.filter((c) => !common.has(c)).sort()];
  }
  const code = current?.toUpperCase();
  return code && !currencyCodes.includes(code) ? [code, ...currencyCodes] : currencyCodes;
}

const currencyNames = new Map<string, Intl.DisplayNames | null>();

/** 'EUR' in en-US gives 'EUR – Euro'; a runtime without the name gives the code alone. */
export function currencyLabel(code: string, locale: string = SHOP_LOCALE_DEFAULTS.locale): string {
  if (!currencyNames.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'currency' });
    } catch {
      names = null;
    }
    currencyNames.set(locale, names);
  }
  let name: string | undefined;
  try {
    name = currencyNames.get(locale)?.of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${code} – ${name}` : code;
}

/** The clock a locale writes by default: 'en-US' gives 12h, 'fr-FR' and 'en-GB' 24h; unknown gives 12h. */
export function clockForLocale(locale: string | null | undefined): Clock {
  try {
    const cycle = new Intl.DateTimeFormat(locale || SHOP_LOCALE_DEFAULTS.locale, { hour: 'numeric' }).resolvedOptions()
      .hourCycle;
    return cycle === 'h23' || cycle === 'h24' ? '24h' : '12h';
  } catch {
    return SHOP_LOCALE_DEFAULTS.clock;
  }
}

/** Offered in the locale pickers; the shop's or browser's own tag is added when it is not among them. */
export const COMMON_LOCALES = [
  'en-US',
  'en-GB',
  'en-CA',
  'en-AU',
  'en-IE',
  'en-NZ',
  'en-IN',
  'en-ZA',
  'fr-FR',
  'fr-CA',
  'fr-BE',
  'fr-CH',
  'de-DE',
  'de-AT',
  'de-CH',
  'es-ES',
  'es-MX',
  'es-AR',
  'it-IT',
  'nl-NL',
  'nl-BE',
  'pt-PT',
  'pt-BR',
  'sv-SE',
  'nb-NO',
  'da-DK',
  'fi-FI',
  'pl-PL',
  'cs-CZ',
  'ro-RO',
  'el-GR',
  'tr-TR',
  'ja-JP',
  'ko-KR',
  'zh-CN',
  'ar-AE',
  'he-IL',
] as const;

/** COMMON_LOCALES, with `current` first when it is not one of them. */
export function localeChoices(current?: string | null): string[] {
  const list: string[] = [...COMMON_LOCALES];
  return current && !list.includes(current) ? [current, ...list] : list;
}

const languageNames = new Map<string, Intl.DisplayNames | null>();

/** 'fr-FR' in en-US gives 'French (France) – fr-FR'; a runtime without the name gives the tag alone. */
export function localeLabel(tag: string, inLocale: string = SHOP_LOCALE_DEFAULTS.locale): string {
  if (!languageNames.has(inLocale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([inLocale], { type: 'language' });
    } catch {
      names = null;
    }
    languageNames.set(inLocale, names);
  }
  let name: string | undefined;
  try {
    name = languageNames.get(inLocale)?.of(tag);
  } catch {
    name = undefined;
  }
  return name && name !== tag ? `${name} – ${tag}` : tag;
}

/** Under 60 gives 'N min'; otherwise 'H hr' or 'H hr M min'. 90 gives '1 hr 30 min'. */
export function formatDuration(minutes: number | null | undefined): string {
  const value = minutes ?? 0;
  if (value < 60) return `${value} min`;
  const h = Math.floor(value / 60);
  const m = value % 60;
  return m === 0 ? `${h} hr` : `${h} hr ${m} min`;
}

/** Dashboard cards: 'N minutes'. */
export function formatMinutes(minutes: number): string {
  return `${minutes} minutes`;
}
