import { z } from 'zod';
import { AUTH_MESSAGES } from '../schemas/auth';
import { BOOKING_LIMITS } from './constants';
import { BOOKING_MESSAGES } from './messages';
import { InstantSchema } from './schemas';
import { VisitServicesSchema } from './visit-services';

/** Issue 25: the calendar's own words (staff booking and moving). */
export const STAFF_BOOKING_MESSAGES = {
  ownChairOnly: 'You can book and move appointments only in your own chair.',
  clientNotFound: 'Client not found',
  clientChoice: 'Choose a client or enter a new client’s name.',
  /** The no-overlap rule refused the time: who already has it, in words. */
  taken: (barber: string, client: string, from: string, to: string) =>
    `${barber} already has ${client} from ${from} to ${to}. Choose another time or barber.`,
  takenByTimeOff: (barber: string, from: string, to: string) =>
    `${barber} is off from ${from} to ${to}. Choose another time or barber.`,
  takenGeneric: (barber: string) => `${barber} is not free at that time. Choose another time or barber.`,
} as const;

const uuid = (message: string) => z.string().trim().uuid(message);

/** A new client typed at the desk: a name; phone and e-mail when the client gives them. */
export const StaffClientSchema = z
  .object({
    name: z.string().trim().min(BOOKING_LIMITS.clientNameMin, BOOKING_MESSAGES.clientName).max(200),
    phone: z
      .string()
      .trim()
      .max(BOOKING_LIMITS.phoneMax, BOOKING_MESSAGES.clientPhone)
      .regex(/^[0-9+()./\s-]*$/, BOOKING_MESSAGES.clientPhone)
      .optional()
      .default(''),
    email: z
      .union([z.literal(''), z.string().trim().email(AUTH_MESSAGES.email).max(320)])
      .optional()
      .default(''),
  })
  .strict();

/** POST /api/shops/{shopId}/bookings: the owner or a barber books from the calendar. */
export const StaffBookingRequestSchema = z
  .object({
    serviceIds: VisitServicesSchema,
    barberId: uuid(BOOKING_MESSAGES.barberId),
    start: InstantSchema,
    clientId: uuid(STAFF_BOOKING_MESSAGES.clientNotFound).optional(),
    client: StaffClientSchema.optional(),
    note: z.string().trim().max(BOOKING_LIMITS.noteMax, BOOKING_MESSAGES.note).optional().default(''),
    /** Send the client the confirmation mail. */
    notify: z.boolean().optional().default(true),
  })
  .strict()
  .superRefine((request, ctx) => {
    if (Boolean(request.clientId) === Boolean(request.client)) {
      ctx.addIssue({ code: 'custom', message: STAFF_BOOKING_MESSAGES.clientChoice, path: ['client'] });
    }
  });
export type StaffBookingRequestInput = z.input<typeof StaffBookingRequestSchema>;

/** POST /api/shops/{shopId}/appointments/{appointmentId}/move */
export const StaffMoveRequestSchema = z
  .object({
    start: InstantSchema,
    barberId: uuid(BOOKING_MESSAGES.barberId).optional(),
  })
  .strict();
export type StaffMoveRequestInput = z.input<typeof StaffMoveRequestSchema>;

/** POST /api/shops/{shopId}/appointments/{appointmentId}/services: the visit's services (and so its length) change. */
export const StaffServicesRequestSchema = z.object({ serviceIds: VisitServicesSchema }).strict();
export type StaffServicesRequestInput = z.input<typeof StaffServicesRequestSchema>;
