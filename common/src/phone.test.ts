import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, shopPhoneCountry } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['(415) 555-0123', 'US', '+14155550123'],
    ['415.555.0123', 'US', '+14155550123'],
    ['+1 415 555 0123', undefined, '+14155550123'],
    ['0044 20 7946 0958', 'US', '+442079460958'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['whatsapp:+14155550123', undefined, '+14155550123'],
    ['06 12 34 56 78', 'fr', '+33612345678'],
  ])('%s (default %s) is %s', (input, country, expected) => {
    expect(normalizePhone(input, country)).toBe(expected);
  });

  it('answers null for what is not a phone number', () => {
    expect(normalizePhone('', 'US')).toBeNull();
    expect(normalizePhone('hello', 'US')).toBeNull();
    expect(normalizePhone('12', 'US')).toBeNull();
    expect(normalizePhone('555-0123', undefined)).toBeNull();
  });
});

describe('formatPhone', () => {
  it.each([
    ['+14155550123', 'US', '(415) 555-0123'],
    ['+14165550123', 'US', '(416) 555-0123'],
    ['+442079460958', 'US', '+44 20 7946 0958'],
    ['+442079460958', 'GB', '020 7946 0958'],
    ['+14155550123', 'GB', '+1 415 555 0123'],
    ['+33612345678', 'FR', '06 12 34 56 78'],
    ['+33612345678', 'de', '+33 6 12 34 56 78'],
    ['+4915123456789', 'DE', '01512 3456789'],
    ['whatsapp:+14155550123', 'US', '(415) 555-0123'],
    ['+14155550123', undefined, '+1 415 555 0123'],
  ])('%s for a %s shop is %s', (input, country, expected) => {
    expect(formatPhone(input, country)).toBe(expected);
  });

  it('gives text that is not a phone number back as it is, and nothing as empty', () => {
    expect(formatPhone('call the front desk', 'US')).toBe('call the front desk');
    expect(formatPhone(null, 'US')).toBe('');
    expect(formatPhone('  ', 'US')).toBe('');
  });
});

describe('shopPhoneCountry', () => {
  it("is the shop's own number's country, else its locale's region, else the fallback", () => {
    expect(shopPhoneCountry({ phoneNumber: '+442079460958', locale: 'en-US' })).toBe('GB');
    expect(shopPhoneCountry({ phoneNumber: null, locale: 'fr-FR' })).toBe('FR');
    expect(shopPhoneCountry({ phoneNumber: '', locale: 'de' })).toBe('DE');
    expect(shopPhoneCountry({})).toBe('US');
    expect(shopPhoneCountry({ locale: 'xx-invalid-@@' }, 'CA')).toBe('CA');
  });
});
