import {
  type Clock,
  canonicalLocale,
  clockForLocale,
  currencyForLocale,
  type DisplaySettings,
  SHOP_LOCALE_DEFAULTS,
} from '@barberly/common';

/** The browser's language as a canonical BCP 47 tag ('fr-FR'), or en-US when it names none Intl accepts. */
export function browserLocale(language: string | undefined = globalThis.navigator?.language): string {
  return (language && canonicalLocale(language)) || SHOP_LOCALE_DEFAULTS.locale;
}

/**
 * A new shop's money and clock from the owner's browser (issue 13): 'fr-FR' gives EUR, fr-FR, 24h; 'en-US' gives
 * USD, en-US, 12h. The owner can change each on the hours step.
 */
export function browserDisplayDefaults(language?: string): DisplaySettings {
  const locale = browserLocale(language);
  const clock: Clock = clockForLocale(locale);
  return { currency: currencyForLocale(locale), locale, clock };
}
