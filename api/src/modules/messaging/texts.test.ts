import { describe, expect, it } from 'vitest';
import type { AppointmentContext } from '../appointments/appointment-view';
import { fillTemplate, textDateValues, valuesFor } from './texts';

describe("textDateValues: a text's {date} and {time} on the shop's clock (issue 13)", () => {
  const start = new Date('2026-12-05T14:30:00.000Z');

  it('gives a 12-hour time without the shop settings, as before', () => {
    expect(textDateValues(start, 'America/New_York')).toEqual({ date: 'Sat 5 Dec', time: '9:30 AM' });
  });

  it("gives a 24-hour time on a 24h shop's clock", () => {
    expect(textDateValues(start, 'Europe/Paris', { locale: 'fr-FR', clock: '24h' })).toEqual({
      date: 'Sat 5 Dec',
      time: '15:30',
    });
  });

  it('fills a template with them', () => {
    const values = { shop: 'Salon', service: 'Coupe', barber: 'Sam', link: '', phone: '' };
    const time = textDateValues(start, 'Europe/Paris', { locale: 'fr-FR', clock: '24h' });
    expect(fillTemplate('{service} {date} {time}', { ...values, ...time })).toBe('Coupe Sat 5 Dec 15:30');
  });
});

describe("valuesFor: a text's {phone} as the shop's country writes it (issue 28)", () => {
  const ctx = (phoneNumber: string, locale: string) =>
    ({
      appointment: { serviceName: 'Cut', startsAt: new Date('2026-12-05T14:30:00.000Z') },
      barber: { name: 'Sam' },
      shop: { name: 'Salon', phoneNumber, locale, clock: '24h', timeZone: 'Europe/Paris' },
    }) as unknown as AppointmentContext;

  it('writes the number nationally, however it was typed', () => {
    expect(valuesFor(ctx('+33 1 42 68 20 00', 'fr-FR'), '').phone).toBe('01 42 68 20 00');
    expect(valuesFor(ctx('718.555.0100', 'en-US'), '').phone).toBe('(718) 555-0100');
  });
});
