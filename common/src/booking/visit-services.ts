import { z } from '../zod';
import { isCalendarDate } from './compute-slots';
import { BOOKING_MESSAGES } from './messages';

const uuid = (message: string) => z.string().trim().uuid(message);

/**
 * A visit's services and a series' rule (issue 14): here rather than in visits.ts because the booking request and
 * the availability query (booking/schemas.ts) take them too.
 */

export const VISIT_LIMITS = {
  servicesMax: 4,
  bufferMax: 120,
  /** How long a freed slot is held for the first in line. */
  holdMinutes: 15,
  intervalWeeksMax: 12,
  occurrencesMax: 52,
  /** How far (days each way) alternatives to a colliding occurrence are looked for. */
  alternativeDays: 3,
  alternativesMax: 5,
} as const;

export const VISIT_MESSAGES = {
  services: 'Choose at least one service',
  servicesMax: `Choose at most ${VISIT_LIMITS.servicesMax} services`,
  servicesRepeated: 'Each service can be chosen once',
  notOffered: (barber: string, service: string) => `${barber} does not do ${service}`,
  noBarberForVisit: 'No barber does all of these services',
  buffer: `Buffer must be between 0 and ${VISIT_LIMITS.bufferMax} minutes`,
  overrideDuration: 'Duration must be between 5 and 480 minutes',
  overridePrice: 'Price must be 0 or more',
  intervalWeeks: `Repeat every 1 to ${VISIT_LIMITS.intervalWeeksMax} weeks`,
  seriesEnd: 'Choose an end date or a number of visits',
  occurrences: `A series can have at most ${VISIT_LIMITS.occurrencesMax} visits`,
  untilBeforeStart: 'The end date must be after the first visit',
  repeatNotAllowed: 'This shop does not take repeat bookings online',
  seriesNotFound: 'Series not found',
  collisionNotFound: 'That visit has no conflict to resolve',
  alreadyInSeries: 'This appointment is already part of a series',
  appointmentChanged: 'This appointment has changed since you opened it. Reload and try again.',
  adoptedClient: "A series made from an appointment keeps that appointment's client",
  cancelScope: "Scope must be 'one' or 'following'",
  window: 'The end of the window must be after its start',
  waitlistOff: 'This shop does not keep a waitlist',
  waitlistPast: 'Choose today or a later day',
  waitlistNotFound: 'Waitlist entry not found',
  holdNotFound: 'This offer was not found',
  holdExpired: 'This offer has expired and was passed on to the next person in line',
  holdTaken: 'This offer has already been used',
  offerSlotTaken: 'That time is no longer free',
} as const;

/** One to four different services, in the order they are done. */
export const VisitServicesSchema = z
  .array(uuid('Service not found'), { message: VISIT_MESSAGES.services })
  .min(1, VISIT_MESSAGES.services)
  .max(VISIT_LIMITS.servicesMax, VISIT_MESSAGES.servicesMax)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, VISIT_MESSAGES.servicesRepeated);

/** Query form of a visit's services: ?serviceIds=a,b (availability), or the old ?serviceId=a. */
export const VisitServicesQuerySchema = z
  .string()
  .trim()
  .transform((value) =>
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(VisitServicesSchema);

const calendarDate = z.string().trim().refine(isCalendarDate, BOOKING_MESSAGES.date);

/** How a series repeats: every N weeks on the first visit's weekday and wall-clock time, until a date or K visits. */
export const RepeatSchema = z
  .object({
    intervalWeeks: z
      .number()
      .int(VISIT_MESSAGES.intervalWeeks)
      .min(1, VISIT_MESSAGES.intervalWeeks)
      .max(VISIT_LIMITS.intervalWeeksMax, VISIT_MESSAGES.intervalWeeks),
    until: calendarDate.optional(),
    /** Visits in all, the first included. */
    count: z
      .number()
      .int(VISIT_MESSAGES.occurrences)
      .min(2, VISIT_MESSAGES.occurrences)
      .max(VISIT_LIMITS.occurrencesMax, VISIT_MESSAGES.occurrences)
      .optional(),
  })
  .strict()
  .refine((r) => Boolean(r.until) !== Boolean(r.count), { message: VISIT_MESSAGES.seriesEnd, path: ['count'] });
export type RepeatInput = z.input<typeof RepeatSchema>;

/** Service gains bufferMinutes (issue 14): cleanup after it that blocks the barber, never shown to clients. */
export const BufferMinutesSchema = z.coerce
  .number({ message: VISIT_MESSAGES.buffer })
  .int(VISIT_MESSAGES.buffer)
  .min(0, VISIT_MESSAGES.buffer)
  .max(VISIT_LIMITS.bufferMax, VISIT_MESSAGES.buffer);

/** Cancel one visit of a series, or it and every later one: owner PATCH status and client cancel take `scope`. */
export const CancelScopeSchema = z.enum(['one', 'following'], { message: VISIT_MESSAGES.cancelScope });
export type CancelScope = z.infer<typeof CancelScopeSchema>;
