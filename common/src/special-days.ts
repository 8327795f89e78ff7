import { DateTime } from 'luxon';
import { addDays, isCalendarDate, weekdayOf } from './booking/compute-slots';
import { BOOKING_MESSAGES } from './booking/messages';
import type { Appointment } from './booking/types';
import { VisitServicesQuerySchema } from './booking/visit-services';
import { formatTime12h, type Hours } from './hours';
import { z } from './zod';

/**
 * Special days (issue 25, item 6; decision 0180): a date on which the shop, or one barber, is closed or keeps other
 * hours than its week says. They sit beside the weekly hours, and every reader of hours asks `hoursOnDate` for the
 * week as it stands on one date: closed on Christmas Day, 10:00-14:00 on Christmas Eve.
 *
 *   PUT    /api/shops/{shopId}/special-days/{date}[?barberId=]   {closed: true, reason?} | {open, close, reason?}
 *   DELETE /api/shops/{shopId}/special-days/{date}[?barberId=]
 *   GET    /api/shops/{shopId}/special-days?from=&to=[&barberId=]
 *   GET    /api/shops/{shopId}/special-days/holiday-suggestions
 *   GET    /api/shops/{slugOrId}/availability/days?serviceIds=&barberId=any|{id}&from=&to=
 *
 * Without `barberId` a special day is the whole shop's; with it, that barber's alone (a barber-level day).
 */

export const SPECIAL_DAY_LIMITS = {
  reasonMax: 100,
  /** GET /special-days answers at most this many days at a time. */
  listDaysMax: 400,
  /** GET /availability/days answers at most this many days at a time. */
  availabilityDaysMax: 62,
  /** The storefront shows closures this many days ahead. */
  upcomingDays: 14,
  /** The shop page carries the shop's special days this many days ahead (the storefront picks its 14 by its clock). */
  shopPageDays: 45,
  /** Holiday suggestions cover this many months from today. */
  holidayMonths: 12,
} as const;

export const SPECIAL_DAY_MESSAGES = {
  date: BOOKING_MESSAGES.date,
  shape: 'Close the day with {"closed": true}, or give its hours with "open" and "close" like "10:00" and "14:00"',
  closedWithHours: 'A closed day has no opening hours: send either "closed": true or "open" and "close"',
  time: 'Time must be HH:MM (24-hour)',
  closeAfterOpen: 'Closing time must be after opening time',
  reason: `The reason can be at most ${SPECIAL_DAY_LIMITS.reasonMax} characters`,
  unknownField: 'Only closed, open, close, reason and cancelAffected can be sent',
  barberId: 'Barber must be a barber id of this shop',
  barberNotFound: 'That barber does not work at this shop.',
  notFound: 'There is no special day on that date.',
  past: 'That day has already passed. Choose today or a later day.',
  range: `Choose a range of at most ${SPECIAL_DAY_LIMITS.listDaysMax} days, with "to" on or after "from"`,
  daysRange: `Ask for at most ${SPECIAL_DAY_LIMITS.availabilityDaysMax} days at a time, with "to" on or after "from"`,
  ownDaysOnly: 'Barbers can set special days only for themselves. Ask the shop owner to close the shop.',
  cancelOwnerOnly: 'Only the shop owner can cancel appointments on a day that closes.',
  noCountry: 'Add the shop’s phone number or locale with its country to see its public holidays.',
} as const;

/** Reasons a day of the date picker has no free time (GET /availability/days). */
export const DAY_REASONS = {
  closed: 'Closed',
  fullyBooked: 'Fully booked',
  past: 'Past',
  notYetOpen: 'Not open for booking yet',
} as const;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, SPECIAL_DAY_MESSAGES.time);

/**
 * PUT /api/shops/{shopId}/special-days/{date}: `{closed: true, reason?}` or `{open, close, reason?}`.
 * `cancelAffected: true` also cancels, with notice to each client, the appointments the new hours leave out.
 */
export const SpecialDayRequestSchema = z
  .strictObject(
    {
      closed: z.boolean().optional(),
      open: time.optional(),
      close: time.optional(),
      reason: z.string().trim().max(SPECIAL_DAY_LIMITS.reasonMax, SPECIAL_DAY_MESSAGES.reason).optional().default(''),
      cancelAffected: z.boolean().optional().default(false),
    },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? SPECIAL_DAY_MESSAGES.unknownField : undefined),
    },
  )
  .superRefine((value, ctx) => {
    const hasHours = value.open !== undefined || value.close !== undefined;
    if (value.closed === true) {
      if (hasHours) ctx.addIssue({ code: 'custom', message: SPECIAL_DAY_MESSAGES.closedWithHours, path: ['closed'] });
      return;
    }
    if (value.open === undefined || value.close === undefined) {
      const path = value.open === undefined ? 'open' : 'close';
      ctx.addIssue({ code: 'custom', message: SPECIAL_DAY_MESSAGES.shape, path: [path] });
      return;
    }
    if (value.close <= value.open) {
      ctx.addIssue({ code: 'custom', message: SPECIAL_DAY_MESSAGES.closeAfterOpen, path: ['close'] });
    }
  });
export type SpecialDayRequest = z.input<typeof SpecialDayRequestSchema>;

export const SpecialDayDateSchema = z.string().trim().refine(isCalendarDate, SPECIAL_DAY_MESSAGES.date);

/** ?barberId= on PUT and DELETE: absent is the whole shop. */
export const SpecialDayTargetSchema = z.object({
  barberId: z.string().trim().uuid(SPECIAL_DAY_MESSAGES.barberId).optional(),
});

/** GET /api/shops/{shopId}/special-days?from=&to=&barberId= (from defaults to the shop's today, to to a year on). */
export const SpecialDaysQuerySchema = z
  .object({
    from: SpecialDayDateSchema.optional(),
    to: SpecialDayDateSchema.optional(),
    barberId: z.string().trim().uuid(SPECIAL_DAY_MESSAGES.barberId).optional(),
  })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) <= SPECIAL_DAY_LIMITS.listDaysMax - 1, {
    message: SPECIAL_DAY_MESSAGES.range,
    path: ['to'],
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { message: SPECIAL_DAY_MESSAGES.range, path: ['to'] });

/** GET /api/shops/{slugOrId}/availability/days?serviceIds=&barberId=&from=&to= */
export const AvailabilityDaysQuerySchema = z
  .object({
    serviceId: z.string().trim().uuid(BOOKING_MESSAGES.serviceId).optional(),
    serviceIds: VisitServicesQuerySchema.optional(),
    barberId: z.union([z.literal('any'), z.string().trim().uuid(BOOKING_MESSAGES.barberId)]).default('any'),
    from: SpecialDayDateSchema,
    to: SpecialDayDateSchema,
  })
  .refine((q) => q.serviceId || q.serviceIds, { message: BOOKING_MESSAGES.serviceId, path: ['serviceId'] })
  .refine((q) => q.to >= q.from && daysBetween(q.from, q.to) <= SPECIAL_DAY_LIMITS.availabilityDaysMax - 1, {
    message: SPECIAL_DAY_MESSAGES.daysRange,
    path: ['to'],
  });
export type AvailabilityDaysQuery = z.input<typeof AvailabilityDaysQuerySchema>;

/** One special day as the api answers it. */
export interface SpecialDay {
  /** The shop's local date, 'YYYY-MM-DD'. */
  date: string;
  /** null: the whole shop; else this barber alone. */
  barberId: string | null;
  closed: boolean;
  /** 'HH:MM' when open with hours of its own; null when closed. */
  open: string | null;
  close: string | null;
  /** 'Christmas Day'; '' when none was given. */
  reason: string;
}

/** What a special day changes, as `hoursOnDate` reads it. */
export type SpecialDayRule = Pick<SpecialDay, 'closed' | 'open' | 'close'>;

/** GET /api/shops/{shopId}/special-days */
export interface SpecialDaysResponse {
  timeZone: string;
  from: string;
  to: string;
  /** By date, the shop's own before a barber's. */
  specialDays: SpecialDay[];
}

/** 200 of PUT /api/shops/{shopId}/special-days/{date} */
export interface SpecialDayPutResponse {
  specialDay: SpecialDay;
  /**
   * Confirmed appointments the day's new hours leave out (all of them on a closed day), still standing: the owner
   * moves them (the calendar's move) or cancels them with notice (PUT again with cancelAffected: true).
   */
  affected: Appointment[];
  /** The appointments this request cancelled (cancelAffected: true); each client was told by mail. */
  cancelled: Appointment[];
}

/** GET /api/shops/{shopId}/special-days/holiday-suggestions */
export interface HolidaySuggestion {
  date: string;
  /** 'Christmas Day', in English. */
  name: string;
  /** The shop already has a special day on this date. */
  alreadySet: boolean;
}
export interface HolidaySuggestionsResponse {
  /** ISO 3166-1 alpha-2 of the shop, or null when it cannot be told (then `holidays` is empty). */
  country: string | null;
  from: string;
  to: string;
  holidays: HolidaySuggestion[];
}

/** One day of GET /api/shops/{slugOrId}/availability/days. */
export interface AvailabilityDay {
  date: string;
  /** At least one free start for the visit with the barber asked ('any': with any barber). */
  free: boolean;
  /** The shop is closed (its week or a special day), or the barber asked does not work that day. */
  closed?: boolean;
  /** Why there is no free time: 'Closed (Christmas Day)', 'Closed', 'Fully booked', 'Past', 'Not open for booking yet'. */
  reason?: string;
  /**
   * For a named barber with nothing free: the other barbers who do the visit and have a free start that day, in
   * the shop's order ("Diego and Sam have times on Friday"). Absent when none or when asked for 'any'.
   */
  othersFree?: string[];
}
export interface AvailabilityDaysResponse {
  timeZone: string;
  from: string;
  to: string;
  days: AvailabilityDay[];
}

export type { ShopPageSpecialDay } from './types/special-day';

/** Whole days from `from` to `to` ('2026-12-24' to '2026-12-25' is 1). */
export function daysBetween(from: string, to: string): number {
  return Math.round(DateTime.fromISO(to, { zone: 'UTC' }).diff(DateTime.fromISO(from, { zone: 'UTC' }), 'days').days);
}

/** Every date from `from` to `to`, both included. */
export function datesFrom(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/**
 * The week as it stands on `date` with its special day: only that date's weekday changes, which is the only one
 * slot code reads for that date. Worked example: a week open Fridays 9:00-18:00 and a special day
 * {closed: true} on Friday 2026-12-25 gives friday closed; {open: '10:00', close: '14:00'} gives friday 10:00-14:00.
 * No special day: the week unchanged (the same object).
 */
export function hoursOnDate(date: string, week: Hours, special: SpecialDayRule | null | undefined): Hours {
  if (!special) return week;
  const weekday = weekdayOf(date);
  return {
    ...week,
    [weekday]: special.closed
      ? { open: '', close: '', closed: true }
      : { open: special.open ?? '', close: special.close ?? '', closed: false },
  };
}

/**
 * A barber's week on `date`: the barber's own special day wins; else the barber's own week (narrowed by the shop's
 * day anyway in computeShopSlots); else (no own week) the shop's week as it stands that day.
 */
export function barberHoursOnDate(
  date: string,
  shopWeek: Hours,
  barberWeek: Hours | null | undefined,
  shopSpecial: SpecialDayRule | null | undefined,
  barberSpecial: SpecialDayRule | null | undefined,
): Hours {
  const base = barberWeek ?? hoursOnDate(date, shopWeek, shopSpecial);
  return hoursOnDate(date, base, barberSpecial);
}

/** The special day of `date` for the shop (barberId null) or for one barber, from a list. */
export function findSpecialDay<T extends Pick<SpecialDay, 'date' | 'barberId'>>(
  days: readonly T[],
  date: string,
  barberId: string | null = null,
): T | undefined {
  return days.find((d) => d.date === date && d.barberId === barberId);
}

/** 'Friday, December 25' for '2026-12-25'. */
export function formatSpecialDate(date: string): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).setLocale('en-US').toFormat('cccc, LLLL d');
}

/**
 * The storefront's line for an upcoming special day: 'Closed on Friday, December 25 (Christmas Day)', or
 * 'Open 10:00 AM - 2:00 PM on Thursday, December 24 (Christmas Eve)'. The reason is the owner's text: escape it
 * where it goes into HTML (React does).
 */
export function specialDayNotice(day: Pick<SpecialDay, 'date' | 'closed' | 'open' | 'close' | 'reason'>): string {
  const reason = day.reason ? ` (${day.reason})` : '';
  if (day.closed) return `Closed on ${formatSpecialDate(day.date)}${reason}`;
  return `Open ${formatTime12h(day.open)} - ${formatTime12h(day.close)} on ${formatSpecialDate(day.date)}${reason}`;
}

/** The shop page's special days in [today, today + 14 days), by the viewer's clock in the shop's zone. */
export function upcomingSpecialDays<T extends Pick<SpecialDay, 'date'>>(
  days: readonly T[] | undefined,
  today: string,
  withinDays: number = SPECIAL_DAY_LIMITS.upcomingDays,
): T[] {
  const until = addDays(today, withinDays);
  return (days ?? []).filter((d) => d.date >= today && d.date < until).sort((a, b) => a.date.localeCompare(b.date));
}

/** The picker's reason for a closed day: 'Closed (Christmas Day)', or 'Closed'. */
export function closedReason(specialReason: string | null | undefined): string {
  return specialReason ? `${DAY_REASONS.closed} (${specialReason})` : DAY_REASONS.closed;
}
