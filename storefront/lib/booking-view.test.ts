import { describe, expect, it } from 'vitest';
import {
  formatShortDay,
  holdPathOn,
  localDateIn,
  textChannelsOf,
  waitlistPathOn,
  wallTimesBetween,
} from './booking-view';

describe('textChannelsOf: the reminder channels the booking form offers besides e-mail', () => {
  it('offers SMS before WhatsApp when the api enabled both', () => {
    expect(textChannelsOf({ smsEnabled: true, whatsappEnabled: true })).toEqual(['sms', 'whatsapp']);
  });

  it('offers only what the api enabled', () => {
    expect(textChannelsOf({ smsEnabled: false, whatsappEnabled: true })).toEqual(['whatsapp']);
  });

  it('offers nothing for a record from before text reminders', () => {
    expect(textChannelsOf({})).toEqual([]);
  });
});

describe('waitlist and series helpers (issue 14)', () => {
  it('gives the waitlist window a quarter hour at a time, ends included', () => {
    expect(wallTimesBetween('09:00', '10:00', 15)).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00']);
  });

  it("reads an instant's calendar day in the shop's zone", () => {
    expect(localDateIn('2026-11-24T03:00:00Z', 'America/New_York')).toBe('2026-11-23');
    expect(localDateIn('2026-11-24T03:00:00Z', 'Europe/Paris')).toBe('2026-11-24');
  });

  it('writes short days and the pages of a waitlist entry and an offer on both hosts', () => {
    expect(formatShortDay('2026-12-22')).toBe('Tue, Dec 22');
    expect(waitlistPathOn('', 'wl 1')).toBe('/waitlist/wl%201');
    expect(holdPathOn('/shop/joes', 'h1')).toBe('/shop/joes/hold/h1');
  });
});
