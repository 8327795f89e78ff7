import { describe, expect, it } from 'vitest';
import { browserDisplayDefaults, browserLocale } from './browser-locale';

describe('browserDisplayDefaults', () => {
  it.each([
    ['fr-FR', { currency: 'EUR', locale: 'fr-FR', clock: '24h' }],
    ['en-GB', { currency: 'GBP', locale: 'en-GB', clock: '24h' }],
    ['en-US', { currency: 'USD', locale: 'en-US', clock: '12h' }],
    ['ja-JP', { currency: 'JPY', locale: 'ja-JP', clock: '24h' }],
  ])("suggests a new shop's money and clock from the browser's language %s", (language, expected) => {
    expect(browserDisplayDefaults(language)).toEqual(expected);
  });

  it('falls back to en-US for a language Intl does not accept', () => {
    expect(browserLocale('not a tag!')).toBe('en-US');
    expect(browserDisplayDefaults('not a tag!')).toEqual({ currency: 'USD', locale: 'en-US', clock: '12h' });
  });
});
