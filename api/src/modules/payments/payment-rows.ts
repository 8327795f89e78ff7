import type { PaymentPolicy } from '@barberly/common';
import type { EntityManager } from 'typeorm';

/**
 * The rows the payment follow-ups read (decision 0184): an appointment's payment terms, its payments and the facts
 * of the visit they are for, with the arithmetic of what is left of a payment.
 */

export interface TermsRow {
  appointment_id: string;
  shop_id: string;
  policy: PaymentPolicy;
  policy_text: string;
  accepted_at: Date;
  stripe_account_id: string;
  stripe_customer_id: string | null;
  stripe_payment_method_id: string | null;
  no_show_decision: 'charged' | 'waived' | null;
  no_show_decided_by: string | null;
  no_show_decided_at: Date | null;
  late_cancel_applied_at: Date | null;
}

export interface PaymentRow {
  id: string;
  shop_id: string;
  appointment_id: string | null;
  checkout_id: string | null;
  kind: string;
  method: string;
  status: string;
  amount: string;
  tip_amount: string;
  refunded_amount: string;
  currency: string;
  stripe_account_id: string | null;
  stripe_payment_intent_id: string | null;
  stripe_charge_id: string | null;
  failure_message: string | null;
  action_url: string | null;
  created_at: Date;
}

export interface AppointmentFacts {
  id: string;
  shop_id: string;
  barber_id: string;
  status: string;
  starts_at: Date;
  cancelled_at: Date | null;
  service_price: string;
  currency: string;
  client_email: string;
}

export async function termsOf(manager: EntityManager, appointmentId: string, lock = false): Promise<TermsRow | null> {
  const [row] = (await manager.query(
    `SELECT * FROM "appointment_payment_terms" WHERE "appointment_id" = $1${lock ? ' FOR UPDATE' : ''}`,
    [appointmentId],
  )) as TermsRow[];
  return row ?? null;
}

export async function appointmentFacts(
  manager: EntityManager,
  appointmentId: string,
): Promise<AppointmentFacts | null> {
  const [row] = (await manager.query(
    `SELECT "id", "shop_id", "barber_id", "status", "starts_at", "cancelled_at", "service_price", "currency", "client_email"
     FROM "appointments" WHERE "id" = $1`,
    [appointmentId],
  )) as AppointmentFacts[];
  return row ?? null;
}

export async function paymentsOf(manager: EntityManager, appointmentId: string): Promise<PaymentRow[]> {
  return (await manager.query(
    `SELECT * FROM "appointment_payments" WHERE "appointment_id" = $1 ORDER BY "created_at", "id"`,
    [appointmentId],
  )) as PaymentRow[];
}

export const num = (v: string | number | null | undefined) => Number(v ?? 0);
export const cents = (v: number) => Math.round(v * 100) / 100;

/** Card payments at booking (deposit, prepayment) that are in and not yet refunded. */
export function heldAtBooking(payments: PaymentRow[]) {
  return payments.filter(
    (p) =>
      (p.kind === 'deposit' || p.kind === 'prepay') &&
      (p.status === 'succeeded' || p.status === 'partially_refunded') &&
      p.stripe_payment_intent_id,
  );
}
export const leftOf = (p: PaymentRow) => cents(num(p.amount) + num(p.tip_amount) - num(p.refunded_amount));
