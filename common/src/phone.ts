import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

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
