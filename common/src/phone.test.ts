import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone';

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
