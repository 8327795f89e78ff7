import { type CountryCode, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A phone number as E.164 (`+14155550123`), or null when it is not a possible number.
 * `defaultCountry` is the shop's country (ISO 3166-1 alpha-2) for numbers written without a `+` prefix:
 * with 'US', "(415) 555-0123" and "415.555.0123" both give +14155550123; "+44 20 7946 0958" ignores it.
 * WhatsApp addresses ("whatsapp:+1415...") are accepted and returned without the prefix.
 */
export function normalizePhone(input: string, defaultCountry?: string): string | null {
  const raw = input.trim().replace(/^whatsapp:/i, '');
  if (!raw) return null;
  const country =
    defaultCountry && /^[A-Za-z]{2}$/.test(defaultCountry) ? (defaultCountry.toUpperCase() as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(raw.startsWith('00') ? `+${raw.slice(2)}` : raw, country);
  if (!parsed?.isPossible()) return null;
  return parsed.number;
}

/** The country (ISO 3166-1 alpha-2) a number written with its +country code belongs to: '+44 20 7946 0958' is GB. */
export function phoneCountry(input: string): string | null {
  return parsePhoneNumberFromString(input.trim())?.country ?? null;
}

/** A shop's phone country: that of its own number, else its locale's region ('en-GB' gives GB), else `fallback`. */
export function shopPhoneCountry(
  shop: { phoneNumber?: string | null; locale?: string | null },
  fallback = 'US',
): string {
  const own = shop.phoneNumber ? parsePhoneNumberFromString(shop.phoneNumber.trim())?.country : undefined;
  if (own) return own;
  if (shop.locale) {
    try {
      const region = new Intl.Locale(shop.locale).maximize().region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // A tag Intl refuses: the fallback.
    }
  }
  return fallback;
}

/**
 * A phone number as people of the shop's country write it (issue 28): the national format for a number of the
 * shop's country (or one sharing its calling code, as the US and Canada do), the international format for others.
 * Stored numbers are E.164; text that is not a phone number is given back as it is, and null or empty as ''.
 * Worked examples with a US shop: '+14155550123' gives '(415) 555-0123', '+442079460958' gives '+44 20 7946 0958';
 * with a GB shop: '+442079460958' gives '020 7946 0958'; with a FR shop: '+33612345678' gives '06 12 34 56 78'.
 */
export function formatPhone(value: string | null | undefined, shopCountry?: string | null): string {
  const raw = value?.trim() ?? '';
  if (!raw) return '';
  const country =
    shopCountry && /^[A-Za-z]{2}$/.test(shopCountry) ? (shopCountry.toUpperCase() as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(raw.replace(/^whatsapp:/i, ''), country);
  if (!parsed?.isPossible()) return raw;
  if (country && parsed.countryCallingCode === getCountryCallingCode(country)) return parsed.formatNational();
  return parsed.formatInternational();
}
