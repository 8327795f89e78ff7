import { describe, expect, it } from 'vitest';
import { computeShopSlots } from './booking/compute-slots';
import { defaultHours } from './hours';
import {
  AvailabilityDaysQuerySchema,
  barberHoursOnDate,
  hoursOnDate,
  SPECIAL_DAY_MESSAGES,
  SpecialDayRequestSchema,
  specialDayNotice,
  upcomingSpecialDays,
} from './special-days';

const week = defaultHours();

describe('hoursOnDate', () => {
  it('closes only the special day’s weekday', () => {
    const hours = hoursOnDate('2026-12-25', week, { closed: true, open: null, close: null });
    expect(hours.friday.closed).toBe(true);
    expect(hours.thursday).toEqual(week.thursday);
  });

  it('gives the day its own hours, which the slot code then offers', () => {
    const hours = hoursOnDate('2026-12-24', week, { closed: false, open: '10:00', close: '12:00' });
    const slots = computeShopSlots({
      date: '2026-12-24',
      timeZone: 'America/New_York',
      shopHours: hours,
      durationMinutes: 60,
      now: new Date('2026-12-01T00:00:00Z'),
      barbers: [{ id: 'b', appointments: [] }],
    });
    expect(slots.map((s) => s.label)).toEqual(['10:00 AM', '10:15 AM', '10:30 AM', '10:45 AM', '11:00 AM']);
  });

  it('lets a barber without hours of their own follow the shop’s special day, and their own day win', () => {
    const shopClosed = { closed: true, open: null, close: null };
    expect(barberHoursOnDate('2026-12-25', week, null, shopClosed, null).friday.closed).toBe(true);
    const own = barberHoursOnDate('2026-12-23', week, null, null, { closed: false, open: '12:00', close: '15:00' });
    expect(own.wednesday).toEqual({ open: '12:00', close: '15:00', closed: false });
  });
});

describe('SpecialDayRequestSchema', () => {
  const message = (body: unknown) => {
    const result = SpecialDayRequestSchema.safeParse(body);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('takes a closed day or a day with hours', () => {
    expect(SpecialDayRequestSchema.parse({ closed: true, reason: ' Christmas Day ' })).toMatchObject({
      closed: true,
      reason: 'Christmas Day',
      cancelAffected: false,
    });
    expect(message({ open: '10:00', close: '14:00' })).toBeNull();
  });

  it('refuses in words what is neither', () => {
    expect(message({})).toBe(SPECIAL_DAY_MESSAGES.shape);
    expect(message({ closed: true, open: '10:00' })).toBe(SPECIAL_DAY_MESSAGES.closedWithHours);
    expect(message({ open: '14:00', close: '10:00' })).toBe(SPECIAL_DAY_MESSAGES.closeAfterOpen);
    expect(message({ open: '9am', close: '10:00' })).toBe(SPECIAL_DAY_MESSAGES.time);
    expect(message({ closed: true, note: 'x' })).toBe(SPECIAL_DAY_MESSAGES.unknownField);
    expect(message({ closed: true, reason: 'x'.repeat(101) })).toBe(SPECIAL_DAY_MESSAGES.reason);
  });
});

describe('AvailabilityDaysQuerySchema', () => {
  const base = { serviceIds: '5b0f3c1e-8f0a-4a57-9b7e-2d1a3f4c5e6f', barberId: 'any' };
  it('answers at most 62 days', () => {
    expect(AvailabilityDaysQuerySchema.safeParse({ ...base, from: '2026-12-01', to: '2027-01-31' }).success).toBe(true);
    const over = AvailabilityDaysQuerySchema.safeParse({ ...base, from: '2026-12-01', to: '2027-02-01' });
    expect(over.success ? null : over.error.issues[0]?.message).toBe(SPECIAL_DAY_MESSAGES.daysRange);
  });
});

describe('specialDayNotice', () => {
  it('says the closure the way the storefront shows it', () => {
    expect(
      specialDayNotice({ date: '2026-12-25', closed: true, open: null, close: null, reason: 'Christmas Day' }),
    ).toBe('Closed on Friday, December 25 (Christmas Day)');
    expect(specialDayNotice({ date: '2026-12-24', closed: false, open: '10:00', close: '14:00', reason: '' })).toBe(
      'Open 10:00 AM - 2:00 PM on Thursday, December 24',
    );
  });

  it('keeps the next 14 days', () => {
    const days = [{ date: '2026-12-31' }, { date: '2026-12-25' }, { date: '2027-01-08' }, { date: '2026-12-20' }];
    expect(upcomingSpecialDays(days, '2026-12-25').map((d) => d.date)).toEqual(['2026-12-25', '2026-12-31']);
  });
});
