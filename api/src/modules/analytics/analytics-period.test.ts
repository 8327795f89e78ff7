import { ANALYTICS_MESSAGES } from '@barberly/common';
import { describe, expect, it } from 'vitest';
import { comparisonOf, daysIn, resolvePeriods } from './analytics-period';

describe('resolvePeriods', () => {
  it('ends the fixed periods today and puts the same number of days just before', () => {
    expect(resolvePeriods({ period: '7d' }, '2026-11-23')).toEqual({
      period: { from: '2026-11-17', to: '2026-11-23' },
      previous: { from: '2026-11-10', to: '2026-11-16' },
    });
    expect(resolvePeriods({ period: '90d' }, '2026-03-01').period).toEqual({ from: '2025-12-02', to: '2026-03-01' });
  });

  it('makes 12 months today minus 12 months plus a day, 366 days across a 29 February', () => {
    const { period, previous } = resolvePeriods({ period: '12m' }, '2028-03-15');
    expect(period).toEqual({ from: '2027-03-16', to: '2028-03-15' });
    expect(daysIn(period)).toBe(366);
    // The same number of days (366), so one day earlier than a calendar year.
    expect(previous).toEqual({ from: '2026-03-15', to: '2027-03-15' });
  });

  it('takes a custom period as given, up to the limit', () => {
    expect(resolvePeriods({ period: 'custom', from: '2026-11-01', to: '2026-11-01' }, '2026-12-01')).toEqual({
      period: { from: '2026-11-01', to: '2026-11-01' },
      previous: { from: '2026-10-31', to: '2026-10-31' },
    });
    expect(() => resolvePeriods({ period: 'custom', from: '2024-01-01', to: '2026-01-01' }, '2026-12-01')).toThrow(
      ANALYTICS_MESSAGES.tooLong,
    );
  });
});

describe('comparisonOf', () => {
  const previous = { from: '2026-10-07', to: '2026-10-13' };
  it('is "new" when the shop opened after the previous period began, or never', () => {
    expect(comparisonOf('2026-10-08', previous, 500)).toBe('new');
    expect(comparisonOf(null, previous, 0)).toBe('new');
  });
  it('is "too_little_data" under 20 appointments, and "ok" from 20', () => {
    expect(comparisonOf('2026-10-07', previous, 19)).toBe('too_little_data');
    expect(comparisonOf('2025-01-01', previous, 20)).toBe('ok');
  });
});
