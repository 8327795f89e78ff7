import { BookingRemindersSchema } from '../messaging';
import { AUTH_MESSAGES } from '../schemas/auth';
import { HoursSchema } from '../schemas/hours';
import { z } from '../zod';
import { isCalendarDate } from './compute-slots';
import { BOOKING_LIMITS, JOIN_CODE_ALPHABET, OWNER_SETTABLE_STATUSES } from './constants';
import { BOOKING_MESSAGES } from './messages';
import { isValidTimeZone } from './time-zone';
import { CancelScopeSchema, RepeatSchema, VisitServicesQuerySchema, VisitServicesSchema } from './visit-services';

export const TimeZoneSchema = z.string().trim().refine(isValidTimeZone, BOOKING_MESSAGES.timeZone);

export const CalendarDateSchema = z.string().trim().refine(isCalendarDate, BOOKING_MESSAGES.date);

/** An instant with an explicit offset or Z: '2026-05-10T13:15:00Z', '2026-05-10T09:15:00-04:00'. */
export const InstantSchema = z
  .string()
  .trim()
  .pipe(z.iso.datetime({ offset: true, message: BOOKING_MESSAGES.start }))
  .transform((value) => new Date(value));

const uuid = (message: string) => z.string().trim().uuid(message);

/** The shop's booking settings, as the owner edits them (all optional on PATCH /api/shops/{id}). */
export const BookingSettingsSchema = z.object({
  timeZone: TimeZoneSchema,
  minNoticeMinutes: z.number().int().min(0).max(BOOKING_LIMITS.noticeMinutesMax),
  cancellationCutoffMinutes: z.number().int().min(0).max(BOOKING_LIMITS.cutoffMinutesMax),
  /** 0: no reminder. */
  reminderLeadMinutes: z.number().int().min(0).max(BOOKING_LIMITS.reminderLeadMinutesMax),
  bookingHorizonDays: z.number().int().min(BOOKING_LIMITS.horizonDaysMin).max(BOOKING_LIMITS.horizonDaysMax),
});

/** GET /api/shops/{slug}/availability?serviceId=&barberId=&date= */
export const AvailabilityQuerySchema = z
  .object({
    /** One service, or (issue 14) a visit's services as ?serviceIds=a,b; serviceIds wins when both come. */
    serviceId: uuid(BOOKING_MESSAGES.serviceId).optional(),
    serviceIds: VisitServicesQuerySchema.optional(),
    barberId: z.union([z.literal('any'), uuid(BOOKING_MESSAGES.barberId)]).default('any'),
    date: CalendarDateSchema,
  })
  .refine((q) => q.serviceId || q.serviceIds, { message: BOOKING_MESSAGES.serviceId, path: ['serviceId'] });
export type AvailabilityQuery = z.input<typeof AvailabilityQuerySchema>;

export const BookingClientSchema = z.object({
  name: z.string().trim().min(BOOKING_LIMITS.clientNameMin, BOOKING_MESSAGES.clientName).max(200),
  email: z.string().trim().email(AUTH_MESSAGES.email).max(320),
  phone: z
    .string()
    .trim()
    .min(BOOKING_LIMITS.phoneMin, BOOKING_MESSAGES.clientPhone)
    .max(BOOKING_LIMITS.phoneMax, BOOKING_MESSAGES.clientPhone)
    .regex(/^[0-9+()./\s-]+$/, BOOKING_MESSAGES.clientPhone),
});
export type BookingClientInput = z.input<typeof BookingClientSchema>;

/** POST /api/shops/{slug}/appointments: the storefront's booking form. */
export const BookingRequestSchema = z
  .object({
    /** One service, or (issue 14) the visit's services in the order they are done; serviceIds wins. */
    serviceId: uuid(BOOKING_MESSAGES.serviceId).optional(),
    serviceIds: VisitServicesSchema.optional(),
    barberId: z.union([z.literal('any'), uuid(BOOKING_MESSAGES.barberId)]),
    start: InstantSchema,
    client: BookingClientSchema,
    note: z.string().trim().max(BOOKING_LIMITS.noteMax, BOOKING_MESSAGES.note).optional().default(''),
    /** How the client wants reminders (issue 15); absent: e-mail. */
    reminders: BookingRemindersSchema.optional(),
    /** Make this the first visit of a series (issue 14), where the shop lets clients. */
    repeat: RepeatSchema.optional(),
  })
  .strict()
  .refine((b) => b.serviceId || b.serviceIds, { message: BOOKING_MESSAGES.serviceId, path: ['serviceId'] });
export type BookingRequestInput = z.input<typeof BookingRequestSchema>;

/** POST /api/appointments/manage/{token}/reschedule: a new start, optionally with another barber of the shop. */
export const RescheduleRequestSchema = z
  .object({
    start: InstantSchema,
    barberId: z.union([z.literal('any'), uuid(BOOKING_MESSAGES.barberId)]).optional(),
  })
  .strict();
export type RescheduleRequestInput = z.input<typeof RescheduleRequestSchema>;

/** The longest reason the shop can give for a cancel. */
export const CANCEL_REASON_MAX = 200;

/** PATCH /api/shops/{id}/appointments/{appointmentId} */
export const AppointmentStatusPatchSchema = z
  .object({
    status: z.enum(OWNER_SETTABLE_STATUSES, { message: BOOKING_MESSAGES.status }),
    /** Cancelling a visit of a series (issue 14): only it, or it and every later one. */
    scope: CancelScopeSchema.optional(),
    /** Why the shop cancelled (issue 25 item 3), kept on the cancelled event: 'client called in sick'. */
    reason: z
      .string({ message: BOOKING_MESSAGES.cancelReason })
      .trim()
      .max(CANCEL_REASON_MAX, { message: BOOKING_MESSAGES.cancelReason })
      .optional(),
  })
  .strict();

/** POST /api/appointments/manage/{token}/cancel: an empty body, or the scope for a visit of a series. */
export const ManageCancelSchema = z.object({ scope: CancelScopeSchema.optional() }).strict();

/** POST /api/shops/{id}/walk-in */
export const WalkInRequestSchema = z
  .object({
    serviceId: uuid(BOOKING_MESSAGES.serviceId),
    barberId: z
      .union([z.literal('any'), uuid(BOOKING_MESSAGES.barberId)])
      .optional()
      .default('any'),
    /**
     * The day the owner's walk-in panel is on (issue 28). A walk-in is booked from now, so any day but the shop's
     * today is refused (400 on `date`) rather than quietly booked today. Absent: today.
     */
    date: CalendarDateSchema.optional(),
    /**
     * Who is at the door (issue 13), all optional: with an e-mail or phone the walk-in joins that client's record;
     * blank fields are left out.
     */
    client: z
      .object({
        name: z
          .union([z.literal(''), BookingClientSchema.shape.name])
          .optional()
          .default(''),
        email: z
          .union([z.literal(''), BookingClientSchema.shape.email])
          .optional()
          .default(''),
        phone: z
          .union([z.literal(''), BookingClientSchema.shape.phone])
          .optional()
          .default(''),
      })
      .optional(),
  })
  .strict();
export type WalkInRequestInput = z.input<typeof WalkInRequestSchema>;

/** GET /api/shops/{id}/appointments?date= and /stats?date= (date defaults to the shop's today). */
export const AgendaQuerySchema = z.object({ date: CalendarDateSchema.optional() });

const joinCodePattern = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${BOOKING_LIMITS.joinCodeLength}}$`);

/** POST /api/barbers/join: case and spaces or dashes do not matter ('k7qx-3m2p' is K7QX3M2P). */
export const JoinShopSchema = z
  .object({
    code: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
      .pipe(z.string().regex(joinCodePattern, BOOKING_MESSAGES.joinCode)),
    /** Issue 26: the barber's display name; absent (older clients), it comes from the profile. */
    name: z
      .string()
      .trim()
      .min(2, 'Enter your name as clients will see it (at least 2 characters)')
      .max(200)
      .optional(),
  })
  .strict();
export type JoinShopInput = z.input<typeof JoinShopSchema>;

/** POST /api/barbers/invites/accept: the token of a single-use invite link. */
export const BarberInviteAcceptSchema = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, BOOKING_MESSAGES.inviteUnknown) })
  .strict();

/** PATCH /api/shops/{id}/barbers/{barberId}/settings: a barber's own hours (null: the shop's) and invite e-mail. */
export const BarberSettingsPatchSchema = z
  .object({
    hours_json: HoursSchema.nullable(),
    email: z.union([z.literal(''), z.string().trim().toLowerCase().email(AUTH_MESSAGES.email).max(320)]).nullable(),
  })
  .partial()
  .strict();

/**
 * PATCH /api/barber/settings: the signed-in barber's own hours (null: the shop's), nothing else. The invite e-mail
 * and the account link stay the owner's (decision 0024), so any other field refuses the whole request.
 */
export const BarberOwnSettingsPatchSchema = z.strictObject(
  { hours_json: HoursSchema.nullable().optional() },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? BOOKING_MESSAGES.ownHoursOnly : undefined) },
);
export type BarberOwnSettingsPatch = z.input<typeof BarberOwnSettingsPatchSchema>;

/** POST /api/shops/{id}/barbers/{barberId}/time-off and POST /api/barber/time-off */
export const TimeOffRequestSchema = z
  .object({
    start: InstantSchema,
    end: InstantSchema,
    reason: z.string().trim().max(200).optional().default(''),
  })
  .strict()
  .refine((value) => value.end > value.start, { message: BOOKING_MESSAGES.timeOffOrder, path: ['end'] });
