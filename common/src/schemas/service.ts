import { BufferMinutesSchema } from '../booking/visit-services';
import { DEFAULT_SERVICE_DURATION_MINUTES, LIMITS } from '../constants';
import { z } from '../zod';

export const SERVICE_MESSAGES = {
  nameMin: `Service name must be at least ${LIMITS.serviceNameMin} characters`,
  priceMin: `Price must be at least ${LIMITS.servicePriceMin}`,
  durationMin: `Duration must be at least ${LIMITS.serviceDurationMin} minutes`,
  priceNumber: 'Price must be a number',
  durationInteger: 'Duration must be a whole number of minutes',
  priceMax: `Price must be at most ${LIMITS.servicePriceMax}`,
  durationMax: `Duration must be at most ${LIMITS.serviceDurationMax} minutes`,
} as const;

/** The service fields without defaults: a PATCH must not fill in what it did not send. */
const serviceFields = {
  name: z.string().trim().min(LIMITS.serviceNameMin, SERVICE_MESSAGES.nameMin).max(LIMITS.textMax),
  description: z.string().trim().max(LIMITS.descriptionMax),
  price: z.coerce
    .number({ message: SERVICE_MESSAGES.priceNumber })
    .finite(SERVICE_MESSAGES.priceNumber)
    .min(LIMITS.servicePriceMin, SERVICE_MESSAGES.priceMin)
    .max(LIMITS.servicePriceMax, SERVICE_MESSAGES.priceMax),
  durationMinutes: z.coerce
    .number({ message: SERVICE_MESSAGES.durationInteger })
    .int(SERVICE_MESSAGES.durationInteger)
    .min(LIMITS.serviceDurationMin, SERVICE_MESSAGES.durationMin)
    .max(LIMITS.serviceDurationMax, SERVICE_MESSAGES.durationMax),
  /** Issue 14: cleanup minutes after the service. */
  bufferMinutes: BufferMinutesSchema,
};

/** The dashboard's service form and the api's POST of a service. */
export const ServiceSchema = z.object({
  ...serviceFields,
  description: serviceFields.description.optional().default(''),
  durationMinutes: serviceFields.durationMinutes.default(DEFAULT_SERVICE_DURATION_MINUTES),
  bufferMinutes: serviceFields.bufferMinutes.optional().default(0),
});
export type ServiceInput = z.input<typeof ServiceSchema>;
export type ServiceValues = z.output<typeof ServiceSchema>;

/** PATCH of a service: any subset; absent fields stay absent (no defaults). */
export const ServicePatchSchema = z.object(serviceFields).partial();

/** The onboarding wizard's quick add: name and price are required (the button stays disabled without them). */
export const WizardServiceSchema = z.object({
  name: z.string().trim().min(1, 'Service name is required').max(LIMITS.textMax),
  description: z.string().trim().max(LIMITS.descriptionMax).optional().default(''),
  price: z.coerce.number({ message: SERVICE_MESSAGES.priceNumber }).finite().min(0).max(LIMITS.servicePriceMax),
  durationMinutes: z.coerce
    .number()
    .int(SERVICE_MESSAGES.durationInteger)
    .min(LIMITS.serviceDurationMin, SERVICE_MESSAGES.durationMin)
    .max(LIMITS.serviceDurationMax, SERVICE_MESSAGES.durationMax)
    .default(DEFAULT_SERVICE_DURATION_MINUTES),
});
export type WizardServiceInput = z.input<typeof WizardServiceSchema>;
