import { LIMITS, ROLES } from '../constants';
import { z } from '../zod';
import { OptionalHttpUrlSchema } from './primitives';

export const AUTH_MESSAGES = {
  email: 'Enter a valid email',
  passwordMin: `Password must be at least ${LIMITS.passwordMin} characters`,
  newPasswordMin: `Password must be at least ${LIMITS.newPasswordMin} characters`,
  /** Issue 28: a confirmation that differs says so, whatever its length (the length rule is the password's). */
  passwordsDiffer: "Passwords don't match",
  /** The hint beside a new password: the rule itself. */
  newPasswordHint: `At least ${LIMITS.newPasswordMin} characters`,
} as const;

const email = z.string().trim().email(AUTH_MESSAGES.email);
const password = z.string().min(LIMITS.passwordMin, AUTH_MESSAGES.passwordMin);
const newPassword = z.string().min(LIMITS.newPasswordMin, AUTH_MESSAGES.newPasswordMin);

export const LoginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof LoginSchema>;

export const RegisterSchema = z
  .object({ email, password: newPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const RoleSchema = z.enum(ROLES, { message: 'Role must be owner, barber or client' });

/** POST /api/auth/role */
export const SetRoleSchema = z.object({ role: RoleSchema });

/** PATCH /api/users/me: what a user may change about themselves. */
export const UpdateMeSchema = z
  .object({
    role: RoleSchema,
    onboardingCompleted: z.boolean(),
    firstName: z.string().trim().max(100),
    lastName: z.string().trim().max(100),
    profileImageUrl: OptionalHttpUrlSchema,
  })
  .partial()
  .strict();
export type UpdateMeInput = z.infer<typeof UpdateMeSchema>;
