import { describe, expect, it } from 'vitest';
import {
  appointmentDisplayOf,
  clockForLocale,
  currencyChoices,
  currencyLabel,
  currencySymbol,
  displaySettingsOf,
  formatClockTime,
  formatDuration,
  formatMinutes,
  formatMoney,
  formatPrice,
  formatUsd,
  formatWallTime,
  localeChoices,
  localeLabel,
} from './index';

/** Intl separates the amount and the sign with a no-break space in fr-FR: the tests spell it. */
const NBSP = '\u00a0';

describe('formatPrice (public page)', () => {
  it.each([
    [25, '$25'],
    [0, '$0'],
    [25.5, '$25.50'],
    [19.99, '$19.99'],
    [1000, '$1000'],
    ['30', '$30'],
    ['12.5', '$12.50'],
  ])('%j gives %s', (value, expected) => {
    expect(formatPrice(value)).toBe(expected);
  });

  it.each([null, undefined, Number.NaN, 'abc', Number.POSITIVE_INFINITY])('%j gives $0', (value) => {
    expect(formatPrice(value)).toBe('$0');
  });
});

describe('formatUsd (dashboard)', () => {
  it.each([
    [25, '$25.00'],
    [0, '$0.00'],
    [0.99, '$0.99'],
    [25.5, '$25.50'],
    [1234.5, '$1,234.50'],
  ])('%j gives %s', (value, expected) => {
    expect(formatUsd(value)).toBe(expected);
  });
});

describe("formatPrice in the shop's currency and locale", () => {
  it.each([
    [25, { currency: 'EUR', locale: 'fr-FR' }, `25${NBSP}€`],
    [25.5, { currency: 'EUR', locale: 'fr-FR' }, `25,50${NBSP}€`],
    [25, { currency: 'GBP', locale: 'en-GB' }, '£25'],
    [12.5, { currency: 'GBP', locale: 'en-GB' }, '£12.50'],
    [2500, { currency: 'JPY', locale: 'ja-JP' }, '￥2500'],
    [25000, { currency: 'JPY', locale: 'en-US' }, '¥25,000'],
    [25, { currency: 'USD', locale: 'en-US' }, '$25'],
    [25.5, { currency: 'usd' }, '$25.50'],
  ])('%j %j gives %s', (value, options, expected) => {
    expect(formatPrice(value, options)).toBe(expected);
  });

  it('falls back to USD en-US for a currency or locale Intl does not know', () => {
    expect(formatPrice(25, { currency: 'ZZZZ', locale: 'en-US' })).toBe('$25');
    expect(formatPrice(25, { currency: 'USD', locale: '!!' })).toBe('$25');
  });
});

describe('formatMoney (dashboard)', () => {
  it.each([
    [25, undefined, '$25.00'],
    [1234.5, { currency: 'EUR', locale: 'fr-FR' }, `1\u202f234,50${NBSP}€`],
    [25, { currency: 'GBP', locale: 'en-GB' }, '£25.00'],
    [2500, { currency: 'JPY', locale: 'en-US' }, '¥2,500'],
    [2500.4, { currency: 'JPY', locale: 'en-US' }, '¥2,500'],
    ['19.9', { currency: 'EUR', locale: 'de-DE' }, `19,90${NBSP}€`],
  ])('%j %j gives %s', (value, options, expected) => {
    expect(formatMoney(value, options)).toBe(expected);
  });

  it('gives the same formatter back for the same settings (built once)', () => {
    const a = formatMoney(1, { currency: 'CHF', locale: 'de-CH' });
    expect(formatMoney(1, { currency: 'CHF', locale: 'de-CH' })).toBe(a);
  });
});

describe('currencySymbol', () => {
  it.each([
    [{}, '$'],
    [{ currency: 'EUR', locale: 'fr-FR' }, '€'],
    [{ currency: 'GBP', locale: 'en-GB' }, '£'],
    [{ currency: 'EUR' }, '€'],
  ])('%j gives %s', (options, expected) => {
    expect(currencySymbol(options)).toBe(expected);
  });
});

describe('formatClockTime', () => {
  const at = new Date('2026-07-06T18:30:00Z');

  it('writes 12-hour times with AM/PM by default (spec 9)', () => {
    expect(formatClockTime(at, { timeZone: 'America/New_York' })).toBe('2:30 PM');
    expect(formatClockTime('2026-07-06T13:05:00Z', { timeZone: 'America/New_York' })).toBe('9:05 AM');
  });

  it('writes 24-hour times on a 24h clock', () => {
    expect(formatClockTime(at, { timeZone: 'America/New_York', clock: '24h' })).toBe('14:30');
    expect(formatClockTime(at, { timeZone: 'Europe/Paris', locale: 'fr-FR', clock: '24h' })).toBe('20:30');
    expect(formatClockTime('2026-07-06T07:05:00Z', { timeZone: 'Europe/Paris', locale: 'fr-FR', clock: '24h' })).toBe(
      '09:05',
    );
  });

  it('follows the zone across a DST change (New York springs forward at 2:00 on 2026-03-08)', () => {
    const zone = { timeZone: 'America/New_York', clock: '24h' as const };
    expect(formatClockTime('2026-03-08T06:30:00Z', zone)).toBe('01:30');
    expect(formatClockTime('2026-03-08T07:30:00Z', zone)).toBe('03:30');
    expect(formatClockTime('2026-03-08T07:30:00Z', { timeZone: 'America/New_York' })).toBe('3:30 AM');
  });

  it('gives N/A for a missing or invalid instant', () => {
    expect(formatClockTime(null)).toBe('N/A');
    expect(formatClockTime('not a date')).toBe('N/A');
  });

  it('falls back to UTC for a zone Intl does not know', () => {
    expect(formatClockTime(at, { timeZone: 'Mars/Olympus' })).toBe('6:30 PM');
  });
});

describe('formatWallTime', () => {
  it.each([
    ['13:30', undefined, '1:30 PM'],
    ['00:05', undefined, '12:05 AM'],
    ['13:30', { clock: '24h' as const }, '13:30'],
    ['09:00', { clock: '24h' as const, locale: 'fr-FR' }, '09:00'],
    ['25:00', undefined, 'N/A'],
    ['', undefined, 'N/A'],
  ])('%j %j gives %s', (value, options, expected) => {
    expect(formatWallTime(value, options)).toBe(expected);
  });
});

describe('displaySettingsOf and appointmentDisplayOf', () => {
  it('fills the defaults of a shop made before issue 13', () => {
    expect(displaySettingsOf({})).toEqual({ currency: 'USD', locale: 'en-US', clock: '12h' });
    expect(displaySettingsOf(null)).toEqual({ currency: 'USD', locale: 'en-US', clock: '12h' });
  });

  it("shows an appointment in its booked currency with its shop's locale and clock", () => {
    const shop = { currency: 'GBP', locale: 'fr-FR', clock: '24h' };
    expect(appointmentDisplayOf({ currency: 'EUR', shop })).toEqual({ currency: 'EUR', locale: 'fr-FR', clock: '24h' });
    expect(appointmentDisplayOf({ shop })).toEqual({ currency: 'GBP', locale: 'fr-FR', clock: '24h' });
  });

  it("takes what the payload leaves out from the page's shop", () => {
    const page = { currency: 'EUR', locale: 'fr-FR', clock: '24h' as const };
    expect(appointmentDisplayOf({ shop: { locale: null } }, page)).toEqual(page);
    expect(appointmentDisplayOf({ currency: 'GBP', shop: {} }, page)).toEqual({ ...page, currency: 'GBP' });
  });
});

describe('currencyChoices', () => {
  it('offers the common currencies first, then every one Intl knows', () => {
    const choices = currencyChoices();
    expect(choices.slice(0, 3)).toEqual(['USD', 'EUR', 'GBP']);
    expect(choices).toContain('SEK');
    expect(new Set(choices).size).toBe(choices.length);
  });
});

describe('pickers: clockForLocale, localeChoices, labels', () => {
  it('suggests the clock a locale writes', () => {
    expect(clockForLocale('en-US')).toBe('12h');
    expect(clockForLocale('fr-FR')).toBe('24h');
    expect(clockForLocale('en-GB')).toBe('24h');
    expect(clockForLocale('!!')).toBe('12h');
  });

  it("keeps a shop's own locale among the choices", () => {
    expect(localeChoices('en-US')[0]).toBe('en-US');
    expect(localeChoices('sw-KE')[0]).toBe('sw-KE');
  });

  it('names currencies and locales', () => {
    expect(currencyLabel('EUR')).toBe('EUR – Euro');
    expect(localeLabel('fr-FR')).toBe('French (France) – fr-FR');
  });
});

describe('formatDuration', () => {
  it.each([
    [5, '5 min'],
    [30, '30 min'],
    [45, '45 min'],
    [59, '59 min'],
    [60, '1 hr'],
    [75, '1 hr 15 min'],
    [90, '1 hr 30 min'],
    [120, '2 hr'],
    [135, '2 hr 15 min'],
    [180, '3 hr'],
  ])('%i minutes gives %s', (value, expected) => {
    expect(formatDuration(value)).toBe(expected);
  });

  it('treats a missing duration as 0 min', () => {
    expect(formatDuration(null)).toBe('0 min');
    expect(formatDuration(undefined)).toBe('0 min');
  });
});

describe('formatMinutes', () => {
  it('shows the minutes in words', () => {
    expect(formatMinutes(30)).toBe('30 minutes');
    expect(formatMinutes(90)).toBe('90 minutes');
  });
});
