import type { Appointment } from '@barberly/common';
import { describe, expect, it } from 'vitest';
import { composeBookingMail } from './booking-mails';

/** 12:30Z on 2026-07-06 is 14:30 in Paris; the api's localTime is always '2:30 PM' (en-US). */
function appointment(money: { currency?: string; shop?: Record<string, string> } = {}): Appointment {
  return {
    id: 'a1',
    status: 'confirmed',
    start: '2026-07-06T12:30:00.000Z',
    end: '2026-07-06T13:15:00.000Z',
    localDate: '2026-07-06',
    localTime: '2:30 PM',
    service: { id: 's1', name: 'Coupe', durationMinutes: 45, price: 32.5 },
    barber: { id: 'b1', name: 'Sam', profileImageUrl: '' },
    shop: {
      id: 'shop-1',
      slug: 'salon',
      name: 'Salon',
      address: '1 rue de Rivoli',
      phoneNumber: '',
      timeZone: 'Europe/Paris',
      ...money.shop,
    },
    client: { name: 'Ann Lee', email: 'ann@example.com', phone: '' },
    note: '',
    source: 'online',
    createdAt: '2026-07-01T00:00:00.000Z',
    updatedAt: '2026-07-01T00:00:00.000Z',
    ...(money.currency ? { currency: money.currency } : {}),
  } as Appointment;
}

const compose = (a: Appointment) =>
  composeBookingMail({ kind: 'confirmation', appointment: a, version: 1, ownerEmail: null, now: new Date(0) });

describe("booking mails in the shop's money and clock (issue 13)", () => {
  it('writes the booked price in euros the French way and the time on a 24-hour clock', () => {
    const mail = compose(appointment({ currency: 'EUR', shop: { currency: 'EUR', locale: 'fr-FR', clock: '24h' } }));
    expect(mail?.subject).toBe('Booked: Coupe at Salon, 2026-07-06 14:30');
    expect(mail?.text).toContain('Service: Coupe (45 min, 32,50\u00a0€)');
    expect(mail?.text).toContain('When: Monday, July 6, 2026 at 14:30 (Europe/Paris)');
  });

  it('keeps the currency the appointment was booked in when the shop has changed its own since', () => {
    const mail = compose(appointment({ currency: 'USD', shop: { currency: 'EUR', locale: 'en-US', clock: '12h' } }));
    expect(mail?.text).toContain('Service: Coupe (45 min, $32.50)');
  });

  it('writes USD and a 12-hour time for a payload without money and clock, as before issue 13', () => {
    const mail = compose(appointment());
    expect(mail?.subject).toBe('Booked: Coupe at Salon, 2026-07-06 2:30 PM');
    expect(mail?.text).toContain('Service: Coupe (45 min, $32.50)');
    expect(mail?.text).toContain('When: Monday, July 6, 2026 at 2:30 PM (Europe/Paris)');
  });
});

describe("phone numbers in mails as the shop's country writes them (issue 28)", () => {
  const french = (client: string) => {
    const a = appointment({ shop: { locale: 'fr-FR', phoneNumber: '+33142682000' } });
    return { ...a, client: { ...a.client, phone: client } };
  };

  it("writes the shop's number nationally for its own clients", () => {
    expect(compose(french(''))?.text).toContain('Shop phone: 01 42 68 20 00');
  });

  it("writes a client's number from home nationally and one from abroad internationally, in the owner's notice", () => {
    const notice = (phone: string) =>
      composeBookingMail({
        kind: 'owner_notice',
        appointment: french(phone),
        version: 1,
        ownerEmail: 'owner@example.com',
        now: new Date(0),
      })?.text;
    expect(notice('+33612345678')).toContain('Client: Ann Lee, ann@example.com, 06 12 34 56 78');
    expect(notice('+14155550123')).toContain('Client: Ann Lee, ann@example.com, +1 415 555 0123');
  });
});
