import { z } from './zod';

/**
 * Checkout at the chair and the money views (issue 27 items 5 and 6, decision 0186). Amounts are in the shop's
 * currency, in major units (25.5 is $25.50), like services' prices.
 */

export const TIP_PRESETS = [15, 20, 25] as const;
export const CHAIR_PAYMENT_METHODS = ['payment_link', 'card_on_file', 'cash', 'other'] as const;
export type ChairPaymentMethod = (typeof CHAIR_PAYMENT_METHODS)[number];
export const RECEIPT_CHANNELS = ['email', 'text', 'none'] as const;
export type ReceiptChannel = (typeof RECEIPT_CHANNELS)[number];

export const CHAIR_CHECKOUT_MESSAGES = {
  cardNeedsStripe: 'Card payments need Stripe connected. Until then, record cash or another method.',
  clientMustAgree: 'The client must be present and agree to be charged on their card on file.',
  alreadyPaid: 'This visit has already been checked out and paid.',
  notCheckable: 'Only a booked or completed visit can be checked out.',
  serviceNeeded: 'Add at least one service.',
  tipRange: 'A tip is between 0 and 100 percent.',
  tipAmount: 'A tip is zero or more.',
  noEmail: 'This client has no e-mail address for the receipt.',
  noPhone: 'This client has no mobile number for a text receipt.',
  declined: (message: string) => `The card was not charged: ${message}`,
  nothingToPay: 'Nothing is left to pay: record it as cash or another method.',
  commissionRange: 'A commission is between 0 and 100 percent.',
  rentPositive: 'Booth rent is zero or more.',
  barberNotFound: 'Barber not found',
  paymentNotFound: 'That checkout is not on this appointment.',
} as const;

export const ChairCheckoutSchema = z
  .object({
    serviceIds: z
      .array(z.string().trim().uuid('Service not found'))
      .min(1, CHAIR_CHECKOUT_MESSAGES.serviceNeeded)
      .max(20),
    tip: z
      .union([
        z
          .object({
            percent: z.number().min(0, CHAIR_CHECKOUT_MESSAGES.tipRange).max(100, CHAIR_CHECKOUT_MESSAGES.tipRange),
          })
          .strict(),
        z.object({ amount: z.number().min(0, CHAIR_CHECKOUT_MESSAGES.tipAmount).max(100_000) }).strict(),
      ])
      .nullish(),
    method: z.enum(CHAIR_PAYMENT_METHODS),
    receipt: z.enum(RECEIPT_CHANNELS).default('none'),
    /** card_on_file only: the client is there and said yes. */
    clientAgreed: z.boolean().optional(),
  })
  .strict();
export type ChairCheckoutInput = z.input<typeof ChairCheckoutSchema>;

export interface ChairCheckoutLine {
  serviceId: string | null;
  name: string;
  price: number;
}

/** GET /api/shops/{shopId}/appointments/{appointmentId}/checkout */
export interface ChairCheckoutSummary {
  appointmentId: string;
  status: string;
  currency: string;
  clientName: string;
  hasEmail: boolean;
  hasMobile: boolean;
  barber: { id: string; name: string };
  /** The visit's services as booked. */
  items: ChairCheckoutLine[];
  /** What can be added: the shop's services at this barber's prices. */
  services: ChairCheckoutLine[];
  depositPaid: number;
  tipPresets: number[];
  /** Stripe connected and charges enabled: card payments are offered. */
  cardPayments: boolean;
  cardOnFile: boolean;
  /** Shown when cardPayments is false. */
  cardMessage: string | null;
  /** The balance payment already made (or waiting on a payment link). */
  payment: ChairPayment | null;
}

/** Balance + tip = total, given the services chosen. */
export function chairTotals(input: {
  subtotal: number;
  depositPaid: number;
  tip: { percent: number } | { amount: number } | null | undefined;
  digits?: number;
}) {
  const f = 10 ** (input.digits ?? 2);
  const round = (n: number) => Math.round(n * f) / f;
  const subtotal = round(input.subtotal);
  const balance = round(Math.max(0, subtotal - input.depositPaid));
  const tip = !input.tip
    ? 0
    : 'percent' in input.tip
      ? round((subtotal * input.tip.percent) / 100)
      : round(input.tip.amount);
  return { subtotal, depositPaid: round(input.depositPaid), balance, tip, total: round(balance + tip) };
}

export interface ChairPayment {
  id: string;
  status: 'pending' | 'succeeded' | 'failed' | 'refunded' | 'partially_refunded' | 'requires_action' | 'waived';
  method: string;
  amount: number;
  tip: number;
  total: number;
  currency: string;
  items: ChairCheckoutLine[];
  /** payment_link: the page the client's phone opens, and its QR code as SVG markup. */
  url: string | null;
  qrSvg: string | null;
  receipt: ReceiptChannel | null;
  failureMessage: string | null;
}

// ---- Money views --------------------------------------------------------------------------------------------------

export const LEDGER_TYPES = ['charge', 'refund', 'fee', 'dispute'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

export interface LedgerRow {
  id: string;
  at: string;
  type: LedgerType;
  /** deposit, prepay, balance, late_cancel_fee, no_show_fee; refund; the dispute's reason. */
  kind: string;
  status: string;
  method: string | null;
  clientName: string | null;
  barberName: string | null;
  appointmentId: string | null;
  amount: number;
  tip: number;
  refunded: number;
  currency: string;
  reference: string | null;
}

export interface Ledger {
  rows: LedgerRow[];
  totals: { charged: number; tips: number; refunded: number; fees: number; disputed: number };
  currency: string;
}

export interface PayoutsView {
  connected: boolean;
  message: string | null;
  balance: {
    available: Array<{ amount: number; currency: string }>;
    pending: Array<{ amount: number; currency: string }>;
  };
  payouts: Array<{ id: string; amount: number; currency: string; status: string; arrivalDate: string }>;
}

export const BarberPaySchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('commission'),
      percent: z
        .number()
        .min(0, CHAIR_CHECKOUT_MESSAGES.commissionRange)
        .max(100, CHAIR_CHECKOUT_MESSAGES.commissionRange),
    })
    .strict(),
  z
    .object({
      kind: z.literal('booth_rent'),
      weeklyRent: z.number().min(0, CHAIR_CHECKOUT_MESSAGES.rentPositive).max(1_000_000),
    })
    .strict(),
]);
export type BarberPay = z.infer<typeof BarberPaySchema>;

export interface BarberEarnings {
  barberId: string;
  name: string;
  pay: BarberPay;
  visits: number;
  servicesRevenue: number;
  tips: number;
  /** Commission: the percentage of services revenue; booth rent: all of it. */
  servicesShare: number;
  /** Booth rent owed for the period (weeks × weekly rent); 0 on commission. */
  rentOwed: number;
  /** What the barber ends with: services share + tips − rent owed. */
  earnings: number;
}

export interface EarningsReport {
  from: string;
  to: string;
  weeks: number;
  currency: string;
  barbers: BarberEarnings[];
}

/** Analytics' payments figures (issue 27 item 6), beside the booked revenue. */
export interface PaymentAnalytics {
  /** Taken in the period: deposits, prepayments, checkouts with tips, fees, less refunds. */
  collected: number;
  collectedTips: number;
  priorCollected: number;
  /** No-shows / visits that took place, the 90 days before the shop first asked for money at booking and since. */
  noShowRate: { policySince: string | null; before: number | null; after: number | null };
}
