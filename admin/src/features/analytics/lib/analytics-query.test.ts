import { ANALYTICS_MESSAGES } from '@barberly/common';
import { describe, expect, it } from 'vitest';
import { analyticsSearch, checkCustomRange, daysIn } from './analytics-query';

describe('analyticsSearch', () => {
  it('writes a preset as its period alone', () => {
    expect(analyticsSearch({ period: '90d' })).toBe('period=90d');
  });

  it('writes a custom range with its dates', () => {
    expect(analyticsSearch({ period: 'custom', from: '2026-05-01', to: '2026-05-31' })).toBe(
      'period=custom&from=2026-05-01&to=2026-05-31',
    );
  });
});

describe('daysIn', () => {
  it('counts both ends: May has 31 days, a single day is 1', () => {
    expect(daysIn({ from: '2026-05-01', to: '2026-05-31' })).toBe(31);
    expect(daysIn({ from: '2026-05-01', to: '2026-05-01' })).toBe(1);
  });

  it('counts whole days across a DST change (dates, not instants)', () => {
    expect(daysIn({ from: '2026-03-28', to: '2026-03-30' })).toBe(3);
  });
});

describe('checkCustomRange', () => {
  it('accepts a range whose end is on or after its start', () => {
    expect(checkCustomRange({ from: '2026-05-01', to: '2026-05-01' })).toEqual({});
  });

  it('refuses an end before the start, on the end date', () => {
    expect(checkCustomRange({ from: '2026-05-10', to: '2026-05-01' })).toEqual({ to: ANALYTICS_MESSAGES.order });
  });

  it('asks for both dates', () => {
    expect(checkCustomRange({ from: '', to: '2026-05-01' })).toEqual({ from: ANALYTICS_MESSAGES.customRange });
  });

  it('refuses more than the longest period the api answers (731 days)', () => {
    expect(checkCustomRange({ from: '2024-01-01', to: '2025-12-31' })).toEqual({});
    expect(checkCustomRange({ from: '2024-01-01', to: '2026-01-01' })).toEqual({ to: ANALYTICS_MESSAGES.tooLong });
  });
});
