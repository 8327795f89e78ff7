import { PLANS, TRIAL_DAYS } from './constants';
import { z } from './zod';

/** Plans, trial and billing (issue 17). The plans themselves are PLANS in constants (the landing page sells them). */

export type PlanId = (typeof PLANS)[number]['id'];
export const PLAN_IDS = PLANS.map((plan) => plan.id) as [PlanId, ...PlanId[]];

/** Stripe's subscription states, plus our own 'trialing' before any subscription exists. */
export type BillingStatus = 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'expired';

export interface ShopBilling {
  /** 'off': self-hosted, everything on, no plan UI. */
  mode: 'off' | 'stripe';
  plan: PlanId | null;
  status: BillingStatus | null;
  trialEndsAt: string | null;
  /** Days left in the trial, counting today (14 right after sign-up, 1 on its last day); null outside a trial. */
  trialDaysLeft: number | null;
  barbersUsed: number;
  /** null: no limit. */
  maxBarbers: number | null;
  customDomain: boolean;
  whiteLabel: boolean;
  /** New online bookings are paused (trial over, or the subscription unpaid or cancelled). */
  bookingsPaused: boolean;
  /** What the owner reads about the state, in one sentence (null when all is well). */
  notice: string | null;
}

export const ChoosePlanSchema = z
  .object({ plan: z.enum(PLAN_IDS, { message: 'Choose Basic, Pro or Premium' }) })
  .strict();
export const ExtendTrialSchema = z
  .object({ days: z.number().int().min(1, 'Extend by 1 to 90 days').max(90, 'Extend by 1 to 90 days') })
  .strict();

export function planById(id: string | null | undefined) {
  return PLANS.find((plan) => plan.id === id) ?? null;
}

/** The smallest plan that allows `barbers` barbers, or null if none does. */
export function planAllowing(barbers: number) {
  return PLANS.find((plan) => plan.maxBarbers >= barbers) ?? null;
}

export const BILLING_MESSAGES = {
  barberLimit: (planName: string, max: number) => {
    const next = planAllowing(max + 1);
    return next
      ? `Your ${planName} plan allows up to ${max} barbers. Choose ${next.name} (up to ${next.maxBarbers}) to add more.`
      : `Your ${planName} plan allows up to ${max} barbers, the most any plan allows.`;
  },
  inactiveLimit: 'Choose a plan to add barbers: your trial or subscription has ended.',
  premiumOnly: (feature: string) => `${feature} comes with the Premium plan. Choose Premium to use it.`,
  bookingsPaused:
    'This shop is not taking online bookings right now. Please call or visit the shop to book your appointment.',
  trialLeft: (days: number) => (days <= 1 ? 'Your free trial ends today.' : `Your free trial has ${days} days left.`),
  trialOver: `Your ${TRIAL_DAYS}-day free trial has ended: online bookings are paused until you choose a plan. Your site and appointments are untouched.`,
  unpaid:
    'Your last payment did not go through: online bookings are paused until it does. Update your card in Manage billing; nothing has been deleted.',
  cancelled:
    'Your subscription has ended: online bookings are paused until you choose a plan again. Nothing has been deleted.',
  overLimit: (used: number, planName: string, max: number) =>
    `You have ${used} barbers and your ${planName} plan allows ${max}: everyone stays, but you cannot add more until you choose a bigger plan.`,
  notConfigured: 'Billing is not set up on this server.',
} as const;

/** The operator console (ADMIN_EMAILS): its address must be proven first (issue 23, decision 0173). */
export const OPERATOR_MESSAGES = {
  notOperator: 'Only operators may see this.',
  unverified: (email: string) =>
    `Operators must prove their e-mail address first. Send yourself a link to ${email} and open it while signed in: then the operator console opens.`,
  proofSent: (email: string) =>
    `We sent a link to ${email}. Open it while signed in to this account (it works once, for 24 hours).`,
  proofAlreadySent: (email: string) =>
    `A link was sent to ${email} less than a minute ago. Check your inbox (and spam folder) before asking for another.`,
  proofInvalid: 'This link is not valid any more, or belongs to another account. Ask for a new one.',
  proven: 'Your address is proven. Welcome to the operator console.',
  /** A trial ends at most this many days from today, however often it is extended. */
  trialCapDays: 90,
} as const;

/** POST /api/admin/verify-email/confirm: the token from the mailed link. */
export const OperatorProofSchema = z
  .object({ token: z.string().trim().min(20, OPERATOR_MESSAGES.proofInvalid).max(200, OPERATOR_MESSAGES.proofInvalid) })
  .strict();
