import { formatPrice, type MoneyOptions } from './format';
import { z } from './zod';

/**
 * Getting paid (issue 27, decision 0184): each shop's own Stripe account (Connect, Express), the policy the owner
 * sets (per shop, overridden per service), and what a client agreed to. Amounts are in the shop's currency, in major
 * units (25.5 is $25.50), like services' prices; the api converts to Stripe's minor units.
 */

export const PAYMENT_MODES = ['none', 'deposit', 'prepay', 'card_on_file'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const PAYMENT_ACCOUNT_STATUSES = ['not_connected', 'details_needed', 'ready'] as const;
export type PaymentAccountStatus = (typeof PAYMENT_ACCOUNT_STATUSES)[number];

export const PAYMENT_MESSAGES = {
  connectFirst:
    'Connect your Stripe account first: a deposit, prepayment or card on file needs somewhere to send the money.',
  notConfigured:
    'Payments are not set up on this Barberly yet. Whoever runs it adds the Stripe secret key; then you can connect your Stripe account here.',
  notConnected:
    'Connect your Stripe account to take deposits, prepayments and cards on file. Until then no booking asks for money.',
  detailsNeeded: 'Stripe still needs some details before it can send you money.',
  ready: 'Your Stripe account is ready: bookings can take deposits and cards on file.',
  amountOrPercent: 'Give an amount or a percentage, not both.',
  percentRange: 'A percentage is between 1 and 100.',
  amountPositive: 'An amount is more than zero.',
  depositNeeded: 'A deposit needs an amount or a percentage.',
  aboveServicePrice: (price: string) => `That is more than the service's price (${price}).`,
  windowRange: 'The cancellation window is between 0 and 168 hours (one week).',
  confirming: 'Confirming your payment…',
  paymentExpired: 'Your payment was not completed, so nothing was booked and nothing was charged.',
  paidTooLate:
    'Your payment arrived after the time we held for you, and the time was taken meanwhile. Your payment has been refunded in full.',
  noCard: 'There is no card on file for this appointment.',
  alreadyDecided: 'The no-show fee of this appointment has already been decided.',
  notNoShow: 'Mark the appointment as a no-show first.',
  noFee: 'This appointment has no no-show fee in its policy.',
  refundTooMuch: (left: string) => `You can refund at most ${left}.`,
  nothingToRefund: 'There is no payment on this appointment to refund.',
  reasonNeeded: 'Say why you are refunding.',
  paymentNotFound: 'That payment is not on this appointment.',
  notFailed: 'Only a declined charge can be tried again or waived.',
} as const;

/** `{amount}` in the shop's currency, or `{percent}` of the visit. */
export const PolicyAmountSchema = z.union([
  z.object({ amount: z.number().positive(PAYMENT_MESSAGES.amountPositive).max(100_000) }).strict(),
  z
    .object({
      percent: z.number().int().min(1, PAYMENT_MESSAGES.percentRange).max(100, PAYMENT_MESSAGES.percentRange),
    })
    .strict(),
]);
export type PolicyAmount = z.infer<typeof PolicyAmountSchema>;

export const PaymentPolicySchema = z
  .object({
    mode: z.enum(PAYMENT_MODES),
    deposit: PolicyAmountSchema.nullish(),
    cancellationWindowHours: z
      .number()
      .int()
      .min(0, PAYMENT_MESSAGES.windowRange)
      .max(168, PAYMENT_MESSAGES.windowRange),
    lateCancelFee: PolicyAmountSchema.nullish(),
    noShowFee: PolicyAmountSchema.nullish(),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.mode === 'deposit' && !p.deposit) {
      ctx.addIssue({ code: 'custom', path: ['deposit'], message: PAYMENT_MESSAGES.depositNeeded });
    }
  });
export type PaymentPolicyInput = z.infer<typeof PaymentPolicySchema>;

export interface PaymentPolicy {
  mode: PaymentMode;
  deposit: PolicyAmount | null;
  cancellationWindowHours: number;
  lateCancelFee: PolicyAmount | null;
  noShowFee: PolicyAmount | null;
}

/** What a shop has until its owner says otherwise: today's behaviour. */
export const DEFAULT_PAYMENT_POLICY: PaymentPolicy = {
  mode: 'none',
  deposit: null,
  cancellationWindowHours: 24,
  lateCancelFee: null,
  noShowFee: null,
};

/** A service's own policy, or `inherit` (null) to follow the shop's. */
export interface ServicePaymentPolicy {
  serviceId: string;
  policy: PaymentPolicy | null;
  /** The one that applies: the service's own, else the shop's. */
  effective: PaymentPolicy;
}

export const ServicePaymentPolicySchema = z.union([
  PaymentPolicySchema,
  z.object({ inherit: z.literal(true) }).strict(),
]);

/** GET /api/shops/{shopId}/payments/account. */
export interface PaymentAccount {
  status: PaymentAccountStatus;
  /** False when this Barberly has no Stripe key: the card says so in the owner's words. */
  configured: boolean;
  /** The card's sentence. */
  message: string;
  /** What Stripe still asks for, in its own words ('Bank account', 'Date of birth'). */
  requirements: string[];
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** The platform's share of each charge, in basis points (PAYMENTS_APPLICATION_FEE_BPS). */
  applicationFeeBps: number;
}

/** GET /api/shops/{shopId}/payment-policy. */
export interface ShopPaymentPolicies {
  policy: PaymentPolicy;
  services: ServicePaymentPolicy[];
  /** Whether a money-taking mode may be chosen now (a connected, ready account and a key). */
  canTakeMoney: boolean;
}

/** A payment's purpose. balance and tip are for checkout at the chair (item 5). */
export const PAYMENT_KINDS = ['deposit', 'prepay', 'late_cancel_fee', 'no_show_fee', 'balance'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_STATUSES = [
  'pending',
  'succeeded',
  'requires_action',
  'failed',
  'refunded',
  'partially_refunded',
  'waived',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface AppointmentPaymentLine {
  id: string;
  kind: PaymentKind;
  status: PaymentStatus;
  amount: number;
  refunded: number;
  currency: string;
  /** 'card', 'cash', 'other', 'payment_link'. */
  method: string;
  failureMessage: string | null;
  /** Where the client completes an authentication the bank asked for. */
  actionUrl: string | null;
  createdAt: string;
}

export interface AppointmentDispute {
  id: string;
  paymentId: string | null;
  amount: number;
  reason: string;
  status: string;
  createdAt: string;
}

export interface AppointmentRefundLine {
  id: string;
  paymentId: string;
  amount: number;
  reason: string;
  createdAt: string;
  by: string | null;
}

/** GET /api/shops/{shopId}/appointments/{appointmentId}/payments: the appointment's money. */
export interface AppointmentPayments {
  policy: PaymentPolicy | null;
  policyText: string | null;
  acceptedAt: string | null;
  cardOnFile: boolean;
  payments: AppointmentPaymentLine[];
  refunds: AppointmentRefundLine[];
  disputes: AppointmentDispute[];
  /** The no-show fee the buttons offer, already in words ('$25'); null when the policy has none. */
  noShowFee: { amount: number; label: string } | null;
  noShowDecision: { decision: 'charged' | 'waived'; by: string | null; at: string } | null;
  /** What may still be refunded, over every succeeded card payment. */
  refundable: number;
}

export const NoShowDecisionSchema = z.object({ action: z.enum(['charge', 'waive']) }).strict();
export const RefundRequestSchema = z
  .object({
    paymentId: z.string().uuid().optional(),
    /** Absent: all that is left. */
    amount: z.number().positive(PAYMENT_MESSAGES.amountPositive).optional(),
    reason: z.string().trim().min(1, PAYMENT_MESSAGES.reasonNeeded).max(500),
  })
  .strict();
export const FailedChargeActionSchema = z.object({ action: z.enum(['retry', 'waive']) }).strict();

/** The booking answer while Checkout is open (issue 27 item 3). */
export interface PendingPaymentBooking {
  status: 'pending_payment';
  checkoutUrl: string;
  holdExpiresAt: string;
  policyText: string;
}

/** GET /api/payments/return/{token}: what the storefront's return page shows. */
export interface PaymentReturnState {
  status: 'confirming' | 'confirmed' | 'expired' | 'refunded';
  message: string;
  manageUrl: string | null;
}

/** GET /api/appointments/manage/{token}/payment-terms: what cancelling now would cost, said before confirming. */
export interface CancellationTerms {
  policyText: string | null;
  insideWindow: boolean;
  /** The sentence the manage page shows above its cancel button; null when nothing is paid or charged. */
  notice: string | null;
  fee: number;
  refund: number;
}

/** The amount a policy amount comes to for a visit of `price`, never more than the price, to the cent. */
export function policyAmountFor(value: PolicyAmount | null | undefined, price: number): number {
  if (!value) return 0;
  const raw = 'amount' in value ? value.amount : (price * value.percent) / 100;
  return Math.round(Math.min(raw, price) * 100) / 100;
}

/** The amount taken at booking: the deposit, the whole price, or nothing (card on file, none). */
export function amountDueAtBooking(policy: PaymentPolicy, price: number): number {
  if (policy.mode === 'deposit') return policyAmountFor(policy.deposit, price);
  if (policy.mode === 'prepay') return Math.round(price * 100) / 100;
  return 0;
}

const amountWords = (value: PolicyAmount, price: number, money: MoneyOptions) =>
  'amount' in value
    ? formatPrice(Math.min(value.amount, price), money)
    : `${value.percent}% of the visit (${formatPrice(policyAmountFor(value, price), money)})`;

/**
 * The policy in words, as the client sees it before paying or saving a card, in the confirmation and in every
 * reminder; this exact text is stored with the time they accepted it.
 * e.g. 'A deposit of $10 is taken now and counts toward your visit. Cancel at least 24 hours before for a full
 * refund of the deposit. Cancelling later costs $15. Not showing up costs $25.'
 */
export function paymentPolicyText(policy: PaymentPolicy, price: number, money: MoneyOptions): string {
  if (policy.mode === 'none') return '';
  const parts: string[] = [];
  const window = policy.cancellationWindowHours;
  const windowWords = window === 1 ? '1 hour' : `${window} hours`;
  if (policy.mode === 'deposit' && policy.deposit) {
    parts.push(`A deposit of ${amountWords(policy.deposit, price, money)} is taken now and counts toward your visit.`);
    parts.push(`Cancel at least ${windowWords} before for a full refund of the deposit.`);
  } else if (policy.mode === 'prepay') {
    parts.push(`The full price of ${formatPrice(price, money)} is paid now.`);
    parts.push(`Cancel at least ${windowWords} before for a full refund.`);
  } else if (policy.mode === 'card_on_file') {
    parts.push('Your card is saved with the shop; nothing is charged now.');
    parts.push(`You can cancel free of charge up to ${windowWords} before.`);
  }
  if (policy.lateCancelFee) {
    parts.push(`Cancelling later costs ${amountWords(policy.lateCancelFee, price, money)}.`);
  }
  if (policy.noShowFee) {
    parts.push(`Not showing up costs ${amountWords(policy.noShowFee, price, money)}.`);
  }
  return parts.join(' ');
}

/** The button's words: 'Charge the no-show fee (US$25)'. */
export function noShowChargeLabel(amount: number, money: MoneyOptions): string {
  return `Charge the no-show fee (${formatPrice(amount, { ...money, locale: money.locale ?? 'en-US' })})`;
}
