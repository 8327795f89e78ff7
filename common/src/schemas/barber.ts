import { LIMITS } from '../constants';
import { z } from '../zod';
import { OptionalHttpUrlSchema } from './primitives';

export const BARBER_MESSAGES = {
  nameMin: `Barber name must be at least ${LIMITS.barberNameMin} characters`,
} as const;

/** The barber fields without defaults: a PATCH must not fill in what it did not send. */
const barberFields = {
  name: z.string().trim().min(LIMITS.barberNameMin, BARBER_MESSAGES.nameMin).max(LIMITS.textMax),
  bio: z.string().trim().max(LIMITS.bioMax),
  profileImageUrl: OptionalHttpUrlSchema,
};

export const BarberSchema = z.object({
  ...barberFields,
  bio: barberFields.bio.optional().default(''),
  profileImageUrl: barberFields.profileImageUrl.optional().default(''),
});
export type BarberInput = z.input<typeof BarberSchema>;
export type BarberValues = z.output<typeof BarberSchema>;

/** PATCH of a barber: any subset; absent fields stay absent (no defaults). */
export const BarberPatchSchema = z.object(barberFields).partial();
