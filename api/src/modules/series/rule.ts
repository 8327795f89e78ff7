import { localInstant } from '@barberly/common';
import { DateTime } from 'luxon';
import rrulePackage from 'rrule';

// rrule ships a UMD bundle as its Node entry: Node's ESM loader sees no named exports, only the default.
const { RRule, datetime } = rrulePackage;

/**
 * A series' rule (decision 0160): every N weeks on the first visit's weekday and wall-clock time, for K visits or
 * until a date. The dates come from the `rrule` library with a floating DTSTART (the local date and wall time
 * written as a UTC datetime, the library's documented way to keep time zones out of its arithmetic); each date is
 * then placed at that wall time in the shop's zone with Luxon, so 10:00 stays 10:00 across DST. Worked example:
 * weekly from Tue 2026-10-27 10:00 in New York gives 14:00Z, then 2026-11-03 10:00 EST = 15:00Z.
 */
export interface SeriesRule {
  /** The first visit's local date, 'YYYY-MM-DD'. */
  firstDate: string;
  /** Its wall-clock time in the shop's zone, 'HH:MM'. */
  localTime: string;
  intervalWeeks: number;
  /** Last local date a visit may fall on (inclusive). */
  until?: string | null;
  /** Visits in all, the first included. */
  count?: number | null;
}

function floating(date: string, time = '00:00', seconds = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return datetime(y, m, d, h, min, seconds);
}

function toRRule(rule: SeriesRule, tzid?: string) {
  return new RRule({
    freq: RRule.WEEKLY,
    interval: rule.intervalWeeks,
    dtstart: floating(rule.firstDate, rule.localTime),
    // The end of the until day, so a visit on that day is still in.
    ...(rule.until ? { until: floating(rule.until, '23:59', 59) } : { count: rule.count ?? 1 }),
    ...(tzid ? { tzid } : {}),
  });
}

/**
 * The rule as RFC 5545 text, as the library writes it, with the shop's zone named on DTSTART:
 * 'DTSTART;TZID=America/New_York:20261027T100000\nRRULE:FREQ=WEEKLY;INTERVAL=3;COUNT=5'.
 */
export function ruleText(rule: SeriesRule, timeZone: string): string {
  return toRRule(rule, timeZone).toString();
}

/** Every local date the rule gives, the first included, in order. */
export function occurrenceDates(rule: SeriesRule): string[] {
  // The floating dates' UTC fields are the local wall time: their ISO date is the local date.
  return toRRule(rule)
    .all()
    .map((d) => d.toISOString().slice(0, 10));
}

/**
 * The instant of an occurrence: the wall time on that local date in the shop's zone. A wall time a spring-forward
 * gap skips (2:30 on 2026-03-08 in New York) moves forward by the gap (3:30 EDT), as opening hours do.
 */
export function occurrenceStart(date: string, localTime: string, timeZone: string): Date {
  const start = localInstant(date, localTime, timeZone);
  if (!start) throw new Error(`no instant for ${date} ${localTime} in ${timeZone}`);
  return start;
}

/** 'HH:MM' of an instant in the zone. */
export function wallTimeOf(instant: Date, timeZone: string): string {
  return DateTime.fromJSDate(instant, { zone: timeZone }).toFormat('HH:mm');
}

/** ISO weekday (1 = Monday .. 7) of a local date. */
export function isoWeekdayOf(date: string): number {
  return DateTime.fromISO(date, { zone: 'UTC' }).weekday;
}
