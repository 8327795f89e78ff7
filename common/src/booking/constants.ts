/** Booking rules that the api, the storefront and the admin all read (issue #7). */

/** Appointments start on a 15-minute grid of the shop's local clock (9:00, 9:15, 9:30...). */
export const SLOT_STEP_MINUTES = 15;

/** Defaults of the shop's booking settings; the shop's own columns override them. */
export const BOOKING_DEFAULTS = {
  /** Server-side default; the admin sends the browser's zone when a shop is created. */
  timeZone: 'UTC',
  minNoticeMinutes: 60,
  cancellationCutoffMinutes: 120,
  reminderLeadMinutes: 1440,
  bookingHorizonDays: 60,
} as const;

export const BOOKING_LIMITS = {
  /** A week: anything longer is a typo. */
  noticeMinutesMax: 10_080,
  cutoffMinutesMax: 10_080,
  reminderLeadMinutesMax: 10_080,
  horizonDaysMin: 1,
  horizonDaysMax: 365,
  clientNameMin: 2,
  phoneMin: 5,
  phoneMax: 50,
  noteMax: 500,
  idempotencyKeyMax: 200,
  joinCodeLength: 8,
} as const;

export const APPOINTMENT_STATUSES = ['confirmed', 'cancelled', 'completed', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * Statuses that hold the barber's time. A cancelled appointment frees it. The database's exclusion constraint uses
 * the same list: keep them equal.
 */
export const LIVE_APPOINTMENT_STATUSES = ['confirmed', 'completed', 'no_show'] as const;

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  completed: 'Completed',
  no_show: 'No-show',
};

/** What the owner may set from the agenda (confirmed is where every booking starts). */
export const OWNER_SETTABLE_STATUSES = ['cancelled', 'completed', 'no_show'] as const;

/** 'staff': booked from the owner's or a barber's calendar (issue 25). */
export const APPOINTMENT_SOURCES = ['online', 'walk_in', 'staff'] as const;
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number];

/** The client's name on an appointment the owner books for someone at the door. */
export const WALK_IN_CLIENT_NAME = 'Walk-in';

/**
 * Join codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L), so a code read aloud or
 * copied from a screen is typed right.
 */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Rate limit of public booking requests, per client address. */
export const BOOKING_RATE_LIMIT = { points: 20, durationSeconds: 600 } as const;

/** Where a client manages an appointment: a storefront page under the shop. */
export function manageAppointmentPath(slug: string, token: string): string {
  return `/shop/${encodeURIComponent(slug)}/appointments/${encodeURIComponent(token)}`;
}
