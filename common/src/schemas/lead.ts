import { LIMITS } from '../constants';
import { z } from '../zod';

export const LEAD_MESSAGES = {
  fullName: 'Full name is required',
  email: 'Invalid email address',
  phone: 'Phone number is required',
  barbershopName: 'Barbershop name is required',
} as const;

export const LeadSchema = z.object({
  fullName: z.string().trim().min(1, LEAD_MESSAGES.fullName).max(LIMITS.textMax),
  email: z.string().trim().email(LEAD_MESSAGES.email).max(LIMITS.textMax),
  phone: z.string().trim().min(1, LEAD_MESSAGES.phone).max(50),
  barbershopName: z.string().trim().min(1, LEAD_MESSAGES.barbershopName).max(LIMITS.textMax),
});
export type LeadInput = z.infer<typeof LeadSchema>;
