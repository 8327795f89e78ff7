import { describe, expect, it } from 'vitest';
import { defaultHours, formatDayHours, formatTime12h, WEEKDAY_LABELS, WEEKDAYS } from './hours';

describe('WEEKDAYS', () => {
  it('runs monday to sunday in lowercase', () => {
    expect(WEEKDAYS).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(WEEKDAY_LABELS.monday).toBe('Monday');
    expect(WEEKDAY_LABELS.sunday).toBe('Sunday');
  });
});

describe('defaultHours', () => {
  it('is Mon-Fri 09:00-18:00, Saturday 10:00-16:00, Sunday closed', () => {
    expect(defaultHours()).toEqual({
      monday: { open: '09:00', close: '18:00', closed: false },
      tuesday: { open: '09:00', close: '18:00', closed: false },
      wednesday: { open: '09:00', close: '18:00', closed: false },
      thursday: { open: '09:00', close: '18:00', closed: false },
      friday: { open: '09:00', close: '18:00', closed: false },
      saturday: { open: '10:00', close: '16:00', closed: false },
      sunday: { open: '', close: '', closed: true },
    });
  });

  it('returns a fresh copy each call', () => {
    const first = defaultHours();
    first.monday.open = '07:00';
    first.sunday.closed = false;
    const second = defaultHours();
    expect(second.monday.open).toBe('09:00');
    expect(second.sunday.closed).toBe(true);
    expect(second).not.toBe(first);
  });

  it('does not share day objects between weekdays', () => {
    const hours = defaultHours();
    hours.monday.close = '20:00';
    expect(hours.tuesday.close).toBe('18:00');
    expect(hours.friday.close).toBe('18:00');
  });
});

describe('formatTime12h', () => {
  it.each([
    ['09:00', '9:00 AM'],
    ['00:00', '12:00 AM'],
    ['00:05', '12:05 AM'],
    ['11:59', '11:59 AM'],
    ['12:00', '12:00 PM'],
    ['12:30', '12:30 PM'],
    ['13:30', '1:30 PM'],
    ['18:00', '6:00 PM'],
    ['23:59', '11:59 PM'],
    ['9:15', '9:15 AM'],
  ])('%s gives %s', (value, expected) => {
    expect(formatTime12h(value)).toBe(expected);
  });

  it.each([undefined, null, '', 'garbage', '24:00', '12:60', '9', '09:00 AM', '-1:00', '1:2', '123:00'])(
    '%j gives N/A',
    (value) => {
      expect(formatTime12h(value)).toBe('N/A');
    },
  );
});

describe('formatDayHours', () => {
  it('shows the open range in 12-hour time', () => {
    expect(formatDayHours({ open: '09:00', close: '18:00', closed: false })).toBe('9:00 AM - 6:00 PM');
    expect(formatDayHours({ open: '10:00', close: '16:00', closed: false })).toBe('10:00 AM - 4:00 PM');
  });

  it('shows Closed for a closed or missing day', () => {
    expect(formatDayHours({ open: '09:00', close: '18:00', closed: true })).toBe('Closed');
    expect(formatDayHours({ open: '', close: '', closed: true })).toBe('Closed');
    expect(formatDayHours(undefined)).toBe('Closed');
    expect(formatDayHours(null)).toBe('Closed');
  });

  it('shows N/A for a missing time on an open day', () => {
    expect(formatDayHours({ open: '', close: '18:00', closed: false })).toBe('N/A - 6:00 PM');
  });

  it('formats the whole default week', () => {
    const hours = defaultHours();
    expect(WEEKDAYS.map((day) => formatDayHours(hours[day]))).toEqual([
      '9:00 AM - 6:00 PM',
      '9:00 AM - 6:00 PM',
      '9:00 AM - 6:00 PM',
      '9:00 AM - 6:00 PM',
      '9:00 AM - 6:00 PM',
      '10:00 AM - 4:00 PM',
      'Closed',
    ]);
  });
});
