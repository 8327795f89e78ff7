import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultHours, type Hours } from '../hours';
import {
  checkStart,
  computeShopSlots,
  computeSlots,
  dayBounds,
  isOnGrid,
  localInstant,
  nextHoldExpiry,
  openingWindow,
} from './compute-slots';

/** Hours open every day from `open` to `close`. */
function everyDay(open: string, close: string): Hours {
  const day = { open, close, closed: false };
  return {
    monday: { ...day },
    tuesday: { ...day },
    wednesday: { ...day },
    thursday: { ...day },
    friday: { ...day },
    saturday: { ...day },
    sunday: { ...day },
  };
}

const at = (iso: string) => new Date(iso);
const labels = (slots: Array<{ label: string }>) => slots.map((s) => s.label);
const starts = (slots: Array<{ start: Date }>) => slots.map((s) => s.start.toISOString());
/** A clock well before every test day, so notice and "past" do not interfere unless a test wants them to. */
const EARLY = at('2026-01-01T00:00:00Z');

// The answers must not depend on the machine's zone: every case runs with the process in UTC and in New York.
describe.each(['UTC', 'America/New_York'])('with the process in TZ=%s', (processZone) => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = processZone;
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  it('knows which zone the process runs in (the TZ switch took effect)', () => {
    const offset = new Date('2026-07-01T12:00:00Z').getTimezoneOffset();
    expect(offset).toBe(processZone === 'UTC' ? 0 : 240);
  });

  describe('buffers, holds and each barber’s own visit (issue 14)', () => {
    const base = {
      date: '2026-05-11',
      timeZone: 'UTC',
      hours: everyDay('09:00', '18:00'),
      now: EARLY,
      bookingHorizonDays: 365,
    };
    it('a 30-minute visit with a 15-minute buffer keeps clear of an appointment blocked until 10:45', () => {
      const slots = computeSlots({
        ...base,
        durationMinutes: 30,
        bufferMinutes: 15,
        appointments: [{ start: at('2026-05-11T10:00:00Z'), end: at('2026-05-11T10:45:00Z') }],
      });
      // 9:15 is clean by 10:00; 9:30's cleanup would run into 10:00; the buffer may run past closing (17:30).
      expect(labels(slots).slice(0, 3)).toEqual(['9:00 AM', '9:15 AM', '10:45 AM']);
      expect(labels(slots).at(-1)).toBe('5:30 PM');
    });

    it('the buffer need not miss time off, only the visit itself must', () => {
      const slots = computeSlots({
        ...base,
        durationMinutes: 30,
        bufferMinutes: 15,
        timeOff: [{ start: at('2026-05-11T10:00:00Z'), end: at('2026-05-11T11:00:00Z') }],
      });
      expect(labels(slots)).toContain('9:30 AM');
      expect(labels(slots)).not.toContain('9:45 AM');
    });

    it('an unexpired hold is busy, an expired one is not; the answer lasts until the first expiry', () => {
      const now = at('2026-05-11T08:00:00Z');
      const hold = { start: at('2026-05-11T14:00:00Z'), end: at('2026-05-11T14:30:00Z') };
      const held = computeSlots({
        ...base,
        now,
        minNoticeMinutes: 0,
        durationMinutes: 30,
        holds: [{ ...hold, expiresAt: at('2026-05-11T08:15:00Z') }],
      });
      expect(labels(held)).not.toContain('2:00 PM');
      expect(labels(held)).not.toContain('1:45 PM');
      const expired = computeSlots({
        ...base,
        now,
        minNoticeMinutes: 0,
        durationMinutes: 30,
        holds: [{ ...hold, expiresAt: at('2026-05-11T07:59:00Z') }],
      });
      expect(labels(expired)).toContain('2:00 PM');
      expect(
        nextHoldExpiry(
          [
            { holds: [{ ...hold, expiresAt: at('2026-05-11T08:15:00Z') }] },
            {
              holds: [
                { ...hold, expiresAt: at('2026-05-11T08:10:00Z') },
                { ...hold, expiresAt: at('2026-05-11T07:00:00Z') },
              ],
            },
          ],
          now,
        ),
      ).toBe(at('2026-05-11T08:10:00Z').getTime());
    });

    it('each barber is asked with their own duration: 45 minutes ends at 17:15, 30 at 17:30', () => {
      const slots = computeShopSlots({
        ...base,
        shopHours: base.hours,
        durationMinutes: 30,
        barbers: [
          { id: 'slow', appointments: [], durationMinutes: 45 },
          { id: 'quick', appointments: [] },
        ],
      });
      expect(slots.find((s) => s.label === '5:15 PM')?.barberIds).toEqual(['slow', 'quick']);
      expect(slots.at(-1)).toMatchObject({ label: '5:30 PM', barberIds: ['quick'] });
    });
  });

  describe('edges of opening hours', () => {
    it('9:00-18:00 with a 60-minute service: 9:00 to 17:00 every 15 minutes', () => {
      // 2026-05-11 is a Monday: default hours 09:00-18:00.
      const slots = computeSlots({
        date: '2026-05-11',
        timeZone: 'UTC',
        hours: defaultHours(),
        durationMinutes: 60,
        now: EARLY,
        bookingHorizonDays: 365,
      });
      expect(slots).toHaveLength(33);
      expect(slots[0]!.label).toBe('9:00 AM');
      expect(slots.at(-1)!.label).toBe('5:00 PM');
      expect(slots.at(-1)!.end.toISOString()).toBe('2026-05-11T18:00:00.000Z');
    });

    it('a close of 18:00 with a 45-minute service gives a last start of 17:15', () => {
      const slots = computeSlots({
        date: '2026-05-11',
        timeZone: 'Europe/Berlin',
        hours: defaultHours(),
        durationMinutes: 45,
        now: EARLY,
        bookingHorizonDays: 365,
      });
      expect(slots.at(-1)!.label).toBe('5:15 PM');
      // Berlin is UTC+2 in May: 17:15 local is 15:15Z.
      expect(slots.at(-1)!.start.toISOString()).toBe('2026-05-11T15:15:00.000Z');
    });

    it('an opening at 9:05 starts the grid at 9:15', () => {
      const slots = computeSlots({
        date: '2026-05-11',
        timeZone: 'UTC',
        hours: everyDay('09:05', '12:00'),
        durationMinutes: 60,
        now: EARLY,
        bookingHorizonDays: 365,
      });
      expect(labels(slots)).toEqual([
        '9:15 AM',
        '9:30 AM',
        '9:45 AM',
        '10:00 AM',
        '10:15 AM',
        '10:30 AM',
        '10:45 AM',
        '11:00 AM',
      ]);
    });

    it('a service longer than the day gives no slot; a closed day gives none', () => {
      const base = { timeZone: 'UTC', now: EARLY, bookingHorizonDays: 365 };
      expect(computeSlots({ ...base, date: '2026-05-16', hours: defaultHours(), durationMinutes: 7 * 60 })).toEqual([]);
      // Sunday is closed by default.
      expect(computeSlots({ ...base, date: '2026-05-17', hours: defaultHours(), durationMinutes: 30 })).toEqual([]);
      expect(openingWindow('2026-05-17', 'UTC', defaultHours())).toBeNull();
    });
  });

  describe('daylight saving time', () => {
    it('America/New_York spring-forward (2026-03-08): 2:00-2:59 does not exist, a service spans it in real minutes', () => {
      const slots = computeSlots({
        date: '2026-03-08',
        timeZone: 'America/New_York',
        hours: everyDay('00:00', '06:00'),
        durationMinutes: 60,
        now: EARLY,
        bookingHorizonDays: 365,
      });
      expect(slots).toHaveLength(17);
      expect(labels(slots).slice(6, 9)).toEqual(['1:30 AM', '1:45 AM', '3:00 AM']);
      // 0:00 EST is 05:00Z; 3:00 EDT is 07:00Z; the last start 5:00 EDT is 09:00Z and ends at the 6:00 close.
      expect(slots[0]!.start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
      expect(slots[8]!.start.toISOString()).toBe('2026-03-08T07:00:00.000Z');
      expect(slots.at(-1)!.start.toISOString()).toBe('2026-03-08T09:00:00.000Z');
      // 1:30 EST + 60 real minutes = 3:30 EDT.
      expect(slots[6]!.end.toISOString()).toBe('2026-03-08T07:30:00.000Z');
      // The local day is 23 hours long.
      const day = dayBounds('2026-03-08', 'America/New_York');
      expect(day.end.getTime() - day.start.getTime()).toBe(23 * 3_600_000);
    });

    it('America/New_York fall-back (2026-11-01): 1:00-1:59 happens twice, both offered as distinct instants', () => {
      const slots = computeSlots({
        date: '2026-11-01',
        timeZone: 'America/New_York',
        hours: everyDay('00:00', '06:00'),
        durationMinutes: 60,
        now: EARLY,
        bookingHorizonDays: 365,
      });
      expect(slots).toHaveLength(25);
      const oneFifteens = slots.filter((s) => s.label === '1:15 AM');
      expect(starts(oneFifteens)).toEqual(['2026-11-01T05:15:00.000Z', '2026-11-01T06:15:00.000Z']);
      expect(slots.at(-1)!.start.toISOString()).toBe('2026-11-01T10:00:00.000Z');
    });

    it('the same 9:00 opening is a different instant on either side of the change (New York)', () => {
      const first = (date: string) =>
        computeSlots({
          date,
          timeZone: 'America/New_York',
          hours: everyDay('09:00', '18:00'),
          durationMinutes: 30,
          now: EARLY,
          bookingHorizonDays: 365,
        })[0]!;
      expect(first('2026-03-07').start.toISOString()).toBe('2026-03-07T14:00:00.000Z');
      expect(first('2026-03-09').start.toISOString()).toBe('2026-03-09T13:00:00.000Z');
      expect(first('2026-10-31').start.toISOString()).toBe('2026-10-31T13:00:00.000Z');
      expect(first('2026-11-02').start.toISOString()).toBe('2026-11-02T14:00:00.000Z');
      expect(first('2026-11-02').label).toBe('9:00 AM');
    });

    it('Europe/London: BST starts 2026-03-29 and ends 2026-10-25', () => {
      const first = (date: string) =>
        computeSlots({
          date,
          timeZone: 'Europe/London',
          hours: everyDay('09:00', '17:00'),
          durationMinutes: 30,
          now: EARLY,
          bookingHorizonDays: 365,
        })[0]!.start.toISOString();
      expect(first('2026-03-28')).toBe('2026-03-28T09:00:00.000Z');
      expect(first('2026-03-30')).toBe('2026-03-30T08:00:00.000Z');
      expect(first('2026-10-24')).toBe('2026-10-24T08:00:00.000Z');
      expect(first('2026-10-26')).toBe('2026-10-26T09:00:00.000Z');
      // A night shop open 00:00-03:00 on the spring-forward day: 1:00-1:59 is skipped, 2 real hours remain.
      const night = computeSlots({
        date: '2026-03-29',
        timeZone: 'Europe/London',
        hours: everyDay('00:00', '03:00'),
        durationMinutes: 60,
        now: EARLY,
        bookingHorizonDays: 365,
      });
      expect(labels(night)).toEqual(['12:00 AM', '12:15 AM', '12:30 AM', '12:45 AM', '2:00 AM']);
    });
  });

  describe('the clock: past, notice and horizon', () => {
    const base = { timeZone: 'UTC', hours: defaultHours(), durationMinutes: 30 };

    it('drops starts in the past and sooner than the notice', () => {
      // Monday 2026-05-11 at 10:07: with 60 minutes of notice the first start is 11:15.
      const slots = computeSlots({
        ...base,
        date: '2026-05-11',
        now: at('2026-05-11T10:07:00Z'),
        minNoticeMinutes: 60,
      });
      expect(slots[0]!.label).toBe('11:15 AM');
      const noNotice = computeSlots({
        ...base,
        date: '2026-05-11',
        now: at('2026-05-11T10:07:00Z'),
        minNoticeMinutes: 0,
      });
      expect(noNotice[0]!.label).toBe('10:15 AM');
      // A day that is over has nothing.
      expect(computeSlots({ ...base, date: '2026-05-08', now: at('2026-05-11T10:07:00Z') })).toEqual([]);
    });

    it('offers days up to the horizon and none after', () => {
      const now = at('2026-05-11T10:00:00Z');
      expect(computeSlots({ ...base, date: '2026-05-21', now, bookingHorizonDays: 10 }).length).toBeGreaterThan(0);
      expect(computeSlots({ ...base, date: '2026-05-22', now, bookingHorizonDays: 10 })).toEqual([]);
    });
  });

  describe('busy time', () => {
    it('an appointment blocks every start that would overlap it; touching ends are fine', () => {
      const slots = computeSlots({
        date: '2026-05-11',
        timeZone: 'UTC',
        hours: everyDay('09:00', '12:00'),
        durationMinutes: 30,
        now: EARLY,
        bookingHorizonDays: 365,
        appointments: [{ start: at('2026-05-11T10:00:00Z'), end: at('2026-05-11T10:30:00Z') }],
        timeOff: [{ start: at('2026-05-11T11:00:00Z'), end: at('2026-05-11T12:00:00Z') }],
      });
      expect(labels(slots)).toEqual(['9:00 AM', '9:15 AM', '9:30 AM', '10:30 AM']);
    });

    it('merges barbers: a slot lists each barber free for it, a barber may have own hours', () => {
      const slots = computeShopSlots({
        date: '2026-05-11',
        timeZone: 'UTC',
        shopHours: everyDay('09:00', '10:00'),
        durationMinutes: 30,
        now: EARLY,
        bookingHorizonDays: 365,
        barbers: [
          { id: 'a', appointments: [{ start: at('2026-05-11T09:00:00Z'), end: at('2026-05-11T09:30:00Z') }] },
          { id: 'b', hours: everyDay('09:15', '10:00'), appointments: [] },
        ],
      });
      expect(slots).toEqual([
        { start: '2026-05-11T09:15:00.000Z', label: '9:15 AM', barberIds: ['b'] },
        { start: '2026-05-11T09:30:00.000Z', label: '9:30 AM', barberIds: ['a', 'b'] },
      ]);
    });
  });

  describe('checkStart (the server re-check of a requested start)', () => {
    const base = {
      timeZone: 'America/New_York',
      hours: defaultHours(),
      durationMinutes: 60,
      now: at('2026-05-11T12:00:00Z'),
      minNoticeMinutes: 60,
      bookingHorizonDays: 60,
    };
    it.each([
      ['2026-05-12T13:15:00Z', null, '9:15 AM EDT Tuesday'],
      ['2026-05-11T11:00:00Z', 'past', 'an hour ago'],
      ['2026-05-11T12:30:00Z', 'notice', 'in 30 minutes'],
      ['2026-07-13T13:00:00Z', 'horizon', '63 days ahead'],
      ['2026-05-17T14:00:00Z', 'closed', 'a Sunday'],
      ['2026-05-12T12:00:00Z', 'outside_hours', '8:00 AM'],
      ['2026-05-12T21:15:00Z', 'outside_hours', '5:15 PM: ends after 6:00 PM'],
      ['2026-05-12T13:10:00Z', 'off_grid', '9:10 AM'],
      ['2026-05-12T13:15:30Z', 'off_grid', 'with seconds'],
    ] as Array<[string, string | null, string]>)('%s gives %s (%s)', (start, expected) => {
      expect(checkStart({ ...base, start: at(start) })).toBe(expected);
    });

    it('refuses a start inside the barber’s time off; a walk-in ignores notice', () => {
      const timeOff = [{ start: at('2026-05-12T14:00:00Z'), end: at('2026-05-12T15:00:00Z') }];
      expect(checkStart({ ...base, start: at('2026-05-12T13:30:00Z'), timeOff })).toBe('time_off');
      expect(checkStart({ ...base, start: at('2026-05-11T14:00:00Z'), ignoreNotice: true })).toBeNull();
    });

    it('localInstant reads a day and a wall time in the given zone, DST included', () => {
      expect(localInstant('2026-11-23', '09:00', 'America/New_York')?.toISOString()).toBe('2026-11-23T14:00:00.000Z');
      expect(localInstant('2026-07-01', '09:00', 'America/New_York')?.toISOString()).toBe('2026-07-01T13:00:00.000Z');
      expect(localInstant('2026-07-01', '23:30', 'Asia/Kolkata')?.toISOString()).toBe('2026-07-01T18:00:00.000Z');
      expect(localInstant('2026-02-30', '09:00', 'UTC')).toBeNull();
      expect(localInstant('2026-07-01', '', 'UTC')).toBeNull();
      expect(localInstant('2026-07-01', '24:00', 'UTC')).toBeNull();
    });

    it('isOnGrid follows the local clock (Kolkata is UTC+5:30)', () => {
      expect(isOnGrid(at('2026-05-11T03:30:00Z'), 'Asia/Kolkata')).toBe(true);
      expect(isOnGrid(at('2026-05-11T03:00:00Z'), 'Asia/Kolkata')).toBe(true);
      expect(isOnGrid(at('2026-05-11T03:10:00Z'), 'Asia/Kolkata')).toBe(false);
    });
  });
});
