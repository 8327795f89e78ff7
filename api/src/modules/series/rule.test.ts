import { describe, expect, it } from 'vitest';
import { isoWeekdayOf, occurrenceDates, occurrenceStart, ruleText, wallTimeOf } from './rule';

const NY = 'America/New_York';

describe('series rule', () => {
  it('keeps 10:00 local weekly across the 2026-11-01 New York DST change (the UTC instant moves by an hour)', () => {
    const rule = { firstDate: '2026-10-20', localTime: '10:00', intervalWeeks: 1, count: 3 };
    const dates = occurrenceDates(rule);
    expect(dates).toEqual(['2026-10-20', '2026-10-27', '2026-11-03']);
    const starts = dates.map((d) => occurrenceStart(d, '10:00', NY));
    expect(starts.map((s) => s.toISOString())).toEqual([
      '2026-10-20T14:00:00.000Z',
      '2026-10-27T14:00:00.000Z',
      '2026-11-03T15:00:00.000Z',
    ]);
    expect(starts.map((s) => wallTimeOf(s, NY))).toEqual(['10:00', '10:00', '10:00']);
  });

  it('repeats every 3 weeks on the first visit weekday', () => {
    const dates = occurrenceDates({ firstDate: '2026-12-08', localTime: '10:00', intervalWeeks: 3, count: 4 });
    expect(dates).toEqual(['2026-12-08', '2026-12-29', '2027-01-19', '2027-02-09']);
    expect(new Set(dates.map(isoWeekdayOf))).toEqual(new Set([2]));
  });

  it('ends on the until date (inclusive) or after K visits', () => {
    const base = { firstDate: '2026-12-08', localTime: '18:30', intervalWeeks: 2 };
    expect(occurrenceDates({ ...base, until: '2027-01-05' })).toEqual(['2026-12-08', '2026-12-22', '2027-01-05']);
    expect(occurrenceDates({ ...base, until: '2027-01-04' })).toEqual(['2026-12-08', '2026-12-22']);
    expect(occurrenceDates({ ...base, count: 2 })).toEqual(['2026-12-08', '2026-12-22']);
  });

  it('moves a 2:30 wall time on the spring-forward day forward by the gap, like opening hours', () => {
    const dates = occurrenceDates({ firstDate: '2026-03-01', localTime: '02:30', intervalWeeks: 1, count: 3 });
    expect(dates).toEqual(['2026-03-01', '2026-03-08', '2026-03-15']);
    const starts = dates.map((d) => occurrenceStart(d, '02:30', NY));
    expect(starts.map((s) => s.toISOString())).toEqual([
      '2026-03-01T07:30:00.000Z',
      // 2:30 does not exist on 2026-03-08: 3:30 EDT.
      '2026-03-08T07:30:00.000Z',
      '2026-03-15T06:30:00.000Z',
    ]);
    expect(wallTimeOf(starts[1]!, NY)).toBe('03:30');
  });

  it('writes RFC 5545 text with the shop zone on DTSTART', () => {
    expect(ruleText({ firstDate: '2026-12-08', localTime: '10:00', intervalWeeks: 3, count: 5 }, NY)).toBe(
      'DTSTART;TZID=America/New_York:20261208T100000\nRRULE:FREQ=WEEKLY;INTERVAL=3;COUNT=5',
    );
    expect(ruleText({ firstDate: '2026-12-08', localTime: '10:00', intervalWeeks: 1, until: '2027-01-05' }, NY)).toBe(
      'DTSTART;TZID=America/New_York:20261208T100000\nRRULE:FREQ=WEEKLY;INTERVAL=1;UNTIL=20270105T235959',
    );
  });
});
