import { describe, expect, it } from 'vitest';
import { formatTimeOff, upcomingTimeOff } from './time-off';

const entry = (id: string, start: string, end: string) => ({ id, start, end, reason: '' });

describe('formatTimeOff', () => {
  it('names the day once when it starts and ends on the same day in the shop zone', () => {
    // 13:00Z-22:00Z is 9:00 AM-6:00 PM in New York on that day (EDT).
    expect(formatTimeOff(entry('a', '2026-07-06T13:00:00Z', '2026-07-06T22:00:00Z'), 'America/New_York')).toBe(
      'Monday, July 6, 2026, 9:00 AM – 6:00 PM',
    );
  });

  it('names both days when the range crosses midnight in the shop zone (but not in UTC)', () => {
    expect(formatTimeOff(entry('a', '2026-07-06T13:00:00Z', '2026-07-06T22:00:00Z'), 'Asia/Tokyo')).toBe(
      'Monday, July 6, 2026, 10:00 PM – Tuesday, July 7, 2026, 7:00 AM',
    );
  });
});

describe('upcomingTimeOff', () => {
  it('keeps current and upcoming time off, soonest first, and drops what has ended', () => {
    const now = new Date('2026-07-06T12:00:00Z');
    const list = [
      entry('later', '2026-08-01T09:00:00Z', '2026-08-02T09:00:00Z'),
      entry('ended', '2026-07-01T09:00:00Z', '2026-07-06T12:00:00Z'),
      entry('now', '2026-07-06T09:00:00Z', '2026-07-06T18:00:00Z'),
    ];
    expect(upcomingTimeOff(list, now).map((t) => t.id)).toEqual(['now', 'later']);
  });
});
