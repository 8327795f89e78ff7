import { describe, expect, it } from 'vitest';
import { defaultHours } from '../hours';
import { fieldErrors } from '../validation';
import { BOOKING_MESSAGES } from './messages';
import { BarberOwnSettingsPatchSchema, BookingRequestSchema, JoinShopSchema, TimeZoneSchema } from './schemas';
import { isValidTimeZone } from './time-zone';

const valid = {
  serviceId: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890',
  barberId: 'any',
  start: '2026-05-12T13:15:00Z',
  client: { name: 'Ana Client', email: 'ana@example.com', phone: '+1 555-0100' },
};

describe('BookingRequestSchema', () => {
  it('accepts a booking and turns the start into a Date', () => {
    const parsed = BookingRequestSchema.parse(valid);
    expect(parsed.start.toISOString()).toBe('2026-05-12T13:15:00.000Z');
    expect(parsed.note).toBe('');
  });

  it('accepts an offset start as the same instant', () => {
    const parsed = BookingRequestSchema.parse({ ...valid, start: '2026-05-12T09:15:00-04:00' });
    expect(parsed.start.toISOString()).toBe('2026-05-12T13:15:00.000Z');
  });

  it.each([
    [{ start: '2026-05-12 09:15' }, 'start', BOOKING_MESSAGES.start],
    [{ start: '2026-05-12T09:15:00' }, 'start', BOOKING_MESSAGES.start],
    [{ barberId: 'bob' }, 'barberId', BOOKING_MESSAGES.barberId],
    [{ serviceId: 'x' }, 'serviceId', BOOKING_MESSAGES.serviceId],
    [{ client: { ...valid.client, name: 'A' } }, 'client.name', BOOKING_MESSAGES.clientName],
    [{ client: { ...valid.client, email: 'nope' } }, 'client.email', 'Enter a valid email'],
    [{ client: { ...valid.client, phone: 'call me' } }, 'client.phone', BOOKING_MESSAGES.clientPhone],
    [{ note: 'x'.repeat(501) }, 'note', BOOKING_MESSAGES.note],
  ])('refuses %j with fields.%s', (patch, field, message) => {
    const result = BookingRequestSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)[field]).toBe(message);
  });
});

describe('time zones', () => {
  it.each(['UTC', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires'])(
    '%s is valid',
    (zone) => {
      expect(isValidTimeZone(zone)).toBe(true);
    },
  );
  it.each(['', 'Mars/Olympus', '+05:00', 'EST5EDT;DROP', 'x'.repeat(80)])('%j is refused', (zone) => {
    expect(isValidTimeZone(zone)).toBe(false);
    expect(TimeZoneSchema.safeParse(zone).success).toBe(false);
  });
});

describe('JoinShopSchema', () => {
  it('normalises case, spaces and dashes', () => {
    expect(JoinShopSchema.parse({ code: 'k7qx-3m2p' }).code).toBe('K7QX3M2P');
  });
  it.each(['K7QX3M2', 'K7QX3M2PP', 'O0QX3M2P'])('refuses %s', (code) => {
    expect(JoinShopSchema.safeParse({ code }).success).toBe(false);
  });
});

describe('BarberOwnSettingsPatchSchema', () => {
  it("takes a barber's own week, or null for the shop's", () => {
    expect(BarberOwnSettingsPatchSchema.parse({ hours_json: defaultHours() })).toEqual({ hours_json: defaultHours() });
    expect(BarberOwnSettingsPatchSchema.parse({ hours_json: null })).toEqual({ hours_json: null });
  });

  it('refuses the invite e-mail and the account link with a message saying only hours change here', () => {
    for (const body of [{ email: 'sam@example.com' }, { userId: null }, { hours_json: null, email: '' }]) {
      const result = BarberOwnSettingsPatchSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(BOOKING_MESSAGES.ownHoursOnly);
    }
  });
});
