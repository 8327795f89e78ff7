import type { DailyFigures } from '@barberly/common';
import { describe, expect, it } from 'vitest';
import { aggregateDaily, granularityFor } from './aggregate-daily';

function days(from: string, count: number, figures: (i: number) => Omit<DailyFigures, 'date'>): DailyFigures[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => ({
    date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    ...figures(i),
  }));
}

describe('granularityFor', () => {
  it('shows days up to a month, weeks up to half a year, then months', () => {
    expect(granularityFor(7)).toBe('day');
    expect(granularityFor(31)).toBe('day');
    expect(granularityFor(90)).toBe('week');
    expect(granularityFor(365)).toBe('month');
  });
});

describe('aggregateDaily', () => {
  it('keeps one bucket per day by day', () => {
    const rows = days('2026-05-01', 3, (i) => ({ revenue: i * 10, appointments: i }));
    expect(aggregateDaily(rows, 'day')).toEqual([
      { from: '2026-05-01', to: '2026-05-01', revenue: 0, appointments: 0 },
      { from: '2026-05-02', to: '2026-05-02', revenue: 10, appointments: 1 },
      { from: '2026-05-03', to: '2026-05-03', revenue: 20, appointments: 2 },
    ]);
  });

  it('sums ISO weeks from Monday, clipped to the period: Wed May 6 .. Tue May 12', () => {
    const rows = days('2026-05-06', 7, () => ({ revenue: 25, appointments: 1 }));
    expect(aggregateDaily(rows, 'week')).toEqual([
      { from: '2026-05-06', to: '2026-05-10', revenue: 125, appointments: 5 },
      { from: '2026-05-11', to: '2026-05-12', revenue: 50, appointments: 2 },
    ]);
  });

  it('sums calendar months: Jan 30 .. Feb 2 gives two buckets', () => {
    const rows = days('2026-01-30', 4, () => ({ revenue: 1.5, appointments: 2 }));
    expect(aggregateDaily(rows, 'month')).toEqual([
      { from: '2026-01-30', to: '2026-01-31', revenue: 3, appointments: 4 },
      { from: '2026-02-01', to: '2026-02-02', revenue: 3, appointments: 4 },
    ]);
  });
});
