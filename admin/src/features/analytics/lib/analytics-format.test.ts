import { describe, expect, it } from 'vitest';
import {
  changeSentence,
  formatShare,
  hourLabel,
  pointChange,
  previousLabel,
  relativeChange,
  weekdayName,
} from './analytics-format';

describe('relativeChange', () => {
  it('gives the ratio with its sign: 120 after 100 is +20%, 80 after 100 is -20%', () => {
    expect(relativeChange(120, 100, 'en-US')).toEqual({ trend: 'up', amount: '+20%' });
    expect(relativeChange(80, 100, 'en-US')).toEqual({ trend: 'down', amount: '-20%' });
  });

  it('writes the percent the locale way', () => {
    expect(relativeChange(112, 100, 'de-DE').amount).toBe('+12\u00a0%');
  });

  it('is flat when nothing changed or it rounds to 0%, and up without a ratio from nothing', () => {
    expect(relativeChange(0, 0, 'en-US').trend).toBe('flat');
    expect(relativeChange(1001, 1000, 'en-US').trend).toBe('flat');
    expect(relativeChange(5, 0, 'en-US')).toEqual({ trend: 'up', amount: '' });
  });
});

describe('pointChange', () => {
  it('compares shares in percentage points: 25% after 20% is +5 pts', () => {
    expect(pointChange(0.25, 0.2, 'en-US')).toEqual({ trend: 'up', amount: '+5 pts' });
  });

  it('has nothing to compare when either share is missing', () => {
    expect(pointChange(0.25, null, 'en-US').trend).toBe('none');
  });
});

describe('changeSentence', () => {
  it('reads each trend in words', () => {
    const against = previousLabel({ from: '2026-05-01', to: '2026-05-30' });
    expect(changeSentence({ trend: 'up', amount: '+12%' }, against)).toBe('+12% vs previous 30 days');
    expect(changeSentence({ trend: 'flat', amount: '' }, against)).toBe('No change vs previous 30 days');
    expect(changeSentence({ trend: 'up', amount: '' }, against)).toBe('Up from none in the previous 30 days');
    expect(changeSentence({ trend: 'none', amount: '' }, against)).toBe('No figure for the previous 30 days');
  });
});

describe('previousLabel', () => {
  it('counts the days of the period', () => {
    expect(previousLabel({ from: '2026-05-01', to: '2026-05-14' })).toBe('previous 14 days');
    expect(previousLabel({ from: '2026-05-01', to: '2026-05-01' })).toBe('previous day');
  });

  it('calls a year of whole days, month day to month day, 12 months (365 or 366 days)', () => {
    expect(previousLabel({ from: '2025-05-12', to: '2026-05-11' })).toBe('previous 12 months');
    expect(previousLabel({ from: '2023-03-01', to: '2024-02-29' })).toBe('previous 12 months');
    expect(previousLabel({ from: '2025-05-12', to: '2026-05-10' })).toBe('previous 364 days');
  });
});

describe('labels', () => {
  it('writes shares as whole percents and a missing one as a dash', () => {
    expect(formatShare(0.125, 'en-US')).toBe('13%');
    expect(formatShare(null, 'en-US')).toBe('–');
  });

  it('names ISO weekdays in the locale', () => {
    expect(weekdayName(1, 'en-US')).toBe('Mon');
    expect(weekdayName(7, 'en-US', 'long')).toBe('Sunday');
  });

  it("writes hours on the shop's clock", () => {
    expect(hourLabel(14, 'en-US', '12h')).toBe('2 PM');
    expect(hourLabel(9, 'de-DE', '24h')).toBe('09:00');
  });

  it('falls back to en-US for a locale Intl refuses', () => {
    expect(formatShare(0.5, 'not a locale!')).toBe('50%');
  });
});
