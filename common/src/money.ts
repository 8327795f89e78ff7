import { z } from './zod';

/**
 * A shop's money and clock (issue 13): the ISO 4217 currency its prices are in, the BCP 47 locale they and its
 * dates are written in, and a 12- or 24-hour clock. Defaults keep every shop made before issue 13 as it was.
 */
export const SHOP_LOCALE_DEFAULTS = { currency: 'USD', locale: 'en-US', clock: '12h' } as const;

export const CLOCKS = ['12h', '24h'] as const;
export type Clock = (typeof CLOCKS)[number];

export const MONEY_MESSAGES = {
  currency: 'Currency must be a three-letter ISO 4217 code, like USD or EUR',
  locale: 'Locale must be a language tag, like en-US or fr-FR',
  clock: 'Clock must be 12h or 24h',
} as const;

/** Intl knows the code: 'usd' gives 'USD'; 'XYZ' and 'dollars' are refused. */
export function isCurrencyCode(value: string): boolean {
  if (!/^[A-Za-z]{3}$/.test(value)) return false;
  const known = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('currency');
  return known ? known.includes(value.toUpperCase()) : true;
}

/** A well-formed BCP 47 tag Intl accepts ('en-US', 'fr-FR', 'de'); returns the canonical form. */
export function canonicalLocale(value: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(value);
    return canonical && canonical.length <= 35 ? canonical : null;
  } catch {
    return null;
  }
}

export const CurrencySchema = z
  .string()
  .trim()
  .refine(isCurrencyCode, MONEY_MESSAGES.currency)
  .transform((v) => v.toUpperCase());

export const LocaleSchema = z
  .string()
  .trim()
  .refine((v) => canonicalLocale(v) !== null, MONEY_MESSAGES.locale)
  .transform((v) => canonicalLocale(v) as string);

export const ClockSchema = z.enum(CLOCKS, { message: MONEY_MESSAGES.clock });

export const ShopLocaleSchema = z.object({ currency: CurrencySchema, locale: LocaleSchema, clock: ClockSchema });
export type ShopLocale = z.output<typeof ShopLocaleSchema>;

/** The currency a browser's locale suggests for a new shop ('fr-FR' gives EUR, 'en-GB' GBP); USD when unknown. */
export function currencyForLocale(locale: string | undefined): string {
  const region = locale ? regionOf(locale) : null;
  return (region && REGION_CURRENCY[region]) || SHOP_LOCALE_DEFAULTS.currency;
}

/** The region of a locale ('en-GB' gives GB), used as the shop's default phone country too. */
export function regionOf(locale: string): string | null {
  try {
    return new Intl.Locale(locale).maximize().region ?? null;
  } catch {
    return null;
  }
}

const EURO = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
];
const REGION_CURRENCY: Record<string, string> = {
  ...Object.fromEntries(EURO.map((r) => [r, 'EUR'])),
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  RO: 'RON',
  BG: 'BGN',
  TR: 'TRY',
  JP: 'JPY',
  CN: 'CNY',
  IN: 'INR',
  BR: 'BRL',
  MX: 'MXN',
  AR: 'ARS',
  CL: 'CLP',
  CO: 'COP',
  ZA: 'ZAR',
  NG: 'NGN',
  KE: 'KES',
  EG: 'EGP',
  MA: 'MAD',
  AE: 'AED',
  SA: 'SAR',
  IL: 'ILS',
  KR: 'KRW',
  SG: 'SGD',
  HK: 'HKD',
  PH: 'PHP',
  ID: 'IDR',
  MY: 'MYR',
  TH: 'THB',
  VN: 'VND',
  UA: 'UAH',
};
