import { BOOKING_MESSAGES } from './booking/messages';
import { BookingClientSchema, CalendarDateSchema, InstantSchema } from './booking/schemas';
import { z } from './zod';

const uuid = (message: string) => z.string().trim().uuid(message);
const wallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (24-hour)');

import type { Appointment, BookedAppointment } from './booking/types';
import { RepeatSchema, VISIT_MESSAGES, VisitServicesSchema } from './booking/visit-services';

export * from './booking/visit-services';

/**
 * Booking the way barbershops book (issue 14, decision 0160): who does what, buffers, several services in one
 * visit, recurring series and the waitlist. The api contract every client (storefront, admin, assistant) uses.
 */

// ---- Who does what ----------------------------------------------------------------------------------------------

/** A service the barber does, with their own duration and price where they differ from the shop's. */
export interface BarberServiceOffer {
  serviceId: string;
  durationMinutes: number | null;
  price: number | null;
}

/** Barber (dashboard and public page) gains these (issue 14). */
export interface BarberOffers {
  /** True: every service of the shop (the default), `services` then only carries overrides. */
  offersAllServices: boolean;
  services: BarberServiceOffer[];
}

/** PUT /api/shops/{shopId}/barbers/{barberId}/services (owner) → Barber & BarberOffers */
export const BarberServicesSchema = z
  .object({
    offersAllServices: z.boolean(),
    services: z
      .array(
        z.object({
          serviceId: uuid('Service not found'),
          durationMinutes: z
            .number()
            .int(VISIT_MESSAGES.overrideDuration)
            .min(5, VISIT_MESSAGES.overrideDuration)
            .max(480, VISIT_MESSAGES.overrideDuration)
            .nullable()
            .optional()
            .default(null),
          price: z.number().min(0, VISIT_MESSAGES.overridePrice).max(100_000).nullable().optional().default(null),
        }),
      )
      .max(200),
  })
  .strict();
export type BarberServicesInput = z.input<typeof BarberServicesSchema>;

/** One line of a visit, as booked. */
export interface AppointmentItem {
  serviceId: string | null;
  name: string;
  durationMinutes: number;
  price: number;
}

// ---- Recurring series -------------------------------------------------------------------------------------------

/**
 * POST /api/shops/{shopId}/series (owner): the first visit's start, its barber and services, the rule, the client.
 * With `fromAppointmentId` ('Make this a series…') that appointment is the first visit: start, barberId and
 * serviceIds describe it as the owner saw it and must still match it (409 appointmentChanged otherwise), and the
 * series keeps its client, so `client` is left out.
 */
export const SeriesRequestSchema = z
  .object({
    fromAppointmentId: uuid(BOOKING_MESSAGES.appointmentNotFound).optional(),
    barberId: uuid('Barber not found'),
    serviceIds: VisitServicesSchema,
    start: InstantSchema,
    repeat: RepeatSchema,
    client: BookingClientSchema.optional(),
  })
  .strict()
  .superRefine((request, ctx) => {
    if (request.fromAppointmentId && request.client) {
      ctx.addIssue({ code: 'custom', message: VISIT_MESSAGES.adoptedClient, path: ['client'] });
    } else if (!request.fromAppointmentId && !request.client) {
      ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.clientName, path: ['client', 'name'] });
    }
  });
export type SeriesRequestInput = z.input<typeof SeriesRequestSchema>;

export interface SlotChoice {
  /** ISO instant. */
  start: string;
  /** 'Tue, Dec 8 · 10:00 AM' in the shop's zone. */
  label: string;
}

/** An occurrence the rule wanted that was not free: never skipped silently. */
export interface SeriesCollision {
  /** The local date the rule gave. */
  date: string;
  wantedStart: string;
  /** Nearest free starts for the same barber and services, nearest first. */
  alternatives: SlotChoice[];
  status: 'open' | 'resolved' | 'dismissed';
}

export interface Series {
  id: string;
  barberId: string;
  barberName: string;
  serviceIds: string[];
  serviceNames: string[];
  intervalWeeks: number;
  /** 'HH:MM' wall-clock time in the shop's zone. */
  localTime: string;
  /** ISO weekday 1 (Monday) .. 7. */
  weekday: number;
  firstDate: string;
  untilDate: string | null;
  occurrences: number | null;
  status: 'active' | 'cancelled' | 'ended';
  createdBy: 'owner' | 'client';
  client: { name: string; email: string; phone: string };
  /** The RFC 5545 rule, as the rrule library wrote it. */
  rrule: string;
  /** Upcoming appointments of the series, soonest first. */
  upcoming: Appointment[];
  collisions: SeriesCollision[];
}

/** 201 of POST /api/shops/{shopId}/series, and `series` of a client's booking made with `repeat`. */
export interface SeriesResult {
  series: Series;
  booked: Appointment[];
  collisions: SeriesCollision[];
}

/** POST /api/shops/{shopId}/series/{seriesId}/collisions/{date}/accept {start} → Appointment */
export const AcceptAlternativeSchema = z.object({ start: InstantSchema }).strict();

/** A client's booking with repeat gets its series back. */
export interface BookedVisit extends BookedAppointment {
  series?: SeriesResult;
}

// ---- Waitlist ---------------------------------------------------------------------------------------------------

/** POST /api/shops/{slug}/waitlist: a day, a window of wall-clock times, a barber or 'any', the services, who. */
export const WaitlistJoinSchema = z
  .object({
    date: CalendarDateSchema,
    windowStart: wallTime,
    windowEnd: wallTime,
    barberId: z.union([z.literal('any'), uuid('Barber not found')]),
    serviceIds: VisitServicesSchema,
    client: BookingClientSchema,
  })
  .strict()
  .refine((w) => w.windowStart < w.windowEnd, { message: VISIT_MESSAGES.window, path: ['windowEnd'] });
export type WaitlistJoinInput = z.input<typeof WaitlistJoinSchema>;

/** 201 of POST /api/shops/{slug}/waitlist */
export interface WaitlistJoined {
  id: string;
  /** 1 for the first in line for that day. */
  position: number;
  manageToken: string;
  /** Where the client can leave the waitlist. */
  manageUrl: string;
}

export type WaitlistStatus = 'waiting' | 'offered' | 'booked' | 'expired' | 'left';

/** GET /api/shops/{shopId}/waitlist?date= (owner), in the order they joined. */
export interface WaitlistEntry {
  id: string;
  date: string;
  windowStart: string;
  windowEnd: string;
  barber: { id: string; name: string } | null;
  services: Array<{ id: string; name: string }>;
  client: { name: string; email: string; phone: string };
  status: WaitlistStatus;
  position: number;
  createdAt: string;
  /** The slot held for them now, if any. */
  hold: { start: string; label: string; barberName: string; expiresAt: string } | null;
}

/** POST /api/shops/{shopId}/waitlist/{entryId}/offer (owner): hold this slot for them and send the link. */
export const OfferSlotSchema = z.object({ start: InstantSchema, barberId: uuid('Barber not found') }).strict();

/** GET /api/waitlist/holds/{token}: what the link in the offer shows. */
export interface HeldSlot {
  status: 'active' | 'claimed' | 'expired' | 'released';
  start: string;
  end: string;
  /** 'Saturday, December 5, 2026 · 10:00 AM' in the shop's zone. */
  label: string;
  expiresAt: string;
  barber: { id: string; name: string };
  services: Array<{ id: string; name: string; durationMinutes: number; price: number }>;
  shop: {
    id: string;
    slug: string;
    name: string;
    timeZone: string;
    currency: string;
    locale: string;
    clock: '12h' | '24h';
  };
  client: { name: string };
}

/** GET /api/waitlist/{token}: the client's own entry (the link in the waitlist e-mail). */
export interface PublicWaitlistEntry {
  status: WaitlistStatus;
  date: string;
  windowStart: string;
  windowEnd: string;
  position: number;
  barber: { id: string; name: string } | null;
  services: Array<{ id: string; name: string }>;
  shop: { id: string; slug: string; name: string; timeZone: string };
}

/**
 * GET /api/appointments/manage/{token} and the answers of cancel and reschedule. Kept beside ManagedSeries (issue 14):
 * booking/types.ts stays below the visits it knows nothing of (issue 24, no import circle).
 */
export interface ManagedAppointment extends Appointment {
  /** Whether cancel/reschedule are still possible (confirmed and before the cutoff). */
  canChange: boolean;
  /** start minus the shop's cancellation cutoff. */
  cutoffAt: string;
  calendarUrl: string;
  /** The series this visit belongs to (issue 14): its upcoming visits and open conflicts. */
  series?: ManagedSeries;
}

/** The series part of GET /api/appointments/manage/{token} (ManagedAppointment gains `series?`). */
export interface ManagedSeries {
  id: string;
  intervalWeeks: number;
  localTime: string;
  weekday: number;
  status: Series['status'];
  /** Upcoming visits of the series, soonest first. */
  upcoming: Array<Pick<Appointment, 'id' | 'start' | 'localDate' | 'localTime' | 'status'>>;
  collisions: SeriesCollision[];
}

/**
 * Routes (issue 14):
 *   GET  /api/shops/{slug}/availability?serviceIds=a,b&barberId=&date=           (serviceId still accepted)
 *   POST /api/shops/{slug}/appointments {serviceIds|serviceId, barberId, start, client, note?, reminders?, repeat?}
 *        → 201 BookedVisit (series when repeat was asked and the shop allows it, else 400 repeatNotAllowed)
 *   PUT  /api/shops/{shopId}/barbers/{barberId}/services BarberServicesSchema → Barber (owner)
 *   POST /api/shops/{shopId}/series SeriesRequestSchema → 201 SeriesResult (owner)
 *   GET  /api/shops/{shopId}/series/{seriesId} → Series (owner)
 *   GET  /api/shops/{shopId}/series?status=active → Series[] (owner)
 *   POST /api/shops/{shopId}/series/{seriesId}/collisions/{date}/accept {start} → 201 Appointment (owner)
 *   POST /api/shops/{shopId}/series/{seriesId}/collisions/{date}/dismiss → 204 (owner)
 *   PATCH /api/shops/{shopId}/appointments/{id} {status:'cancelled', scope?: 'one'|'following'} (owner)
 *   GET  /api/appointments/manage/{token} → ManagedAppointment & { series?: ManagedSeries }
 *   POST /api/appointments/manage/{token}/cancel {scope?: 'one'|'following'}
 *   POST /api/appointments/manage/{token}/series/collisions/{date}/accept {start} → 201 Appointment (client)
 *   POST /api/shops/{slug}/waitlist WaitlistJoinSchema → 201 WaitlistJoined
 *   GET  /api/waitlist/{token} → PublicWaitlistEntry;  POST /api/waitlist/{token}/leave → 204
 *   GET  /api/waitlist/holds/{token} → HeldSlot;  POST /api/waitlist/holds/{token}/claim → 201 BookedAppointment
 *        (409 holdTaken, 410 holdExpired)
 *   GET  /api/shops/{shopId}/waitlist?date= → WaitlistEntry[] (owner, in join order)
 *   POST /api/shops/{shopId}/waitlist/{entryId}/offer OfferSlotSchema → WaitlistEntry (owner)
 *   DELETE /api/shops/{shopId}/waitlist/{entryId} → 204 (owner)
 * Storefront pages: /shop/{slug}/hold/{token} (claim an offered slot) and /shop/{slug}/waitlist/{token} (see or
 * leave one's place), and the same paths without /shop/{slug} on a shop's subdomain or custom domain.
 */
