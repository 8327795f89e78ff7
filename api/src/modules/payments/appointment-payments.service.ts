import {
  type AppointmentPayments,
  formatPrice,
  noShowChargeLabel,
  PAYMENT_MESSAGES,
  policyAmountFor,
} from '@barberly/common';
import { badRequest, HttpError, notFound } from '../../platform/http/errors';
import { ShopEntity } from '../shops/shop.entity';
import { isUuid } from '../shops/shop-access';
import { attemptCharge } from './fee-charges';
import { settle } from './payment-followups';
import { refundPayment } from './payment-refund';
import { appointmentFacts, cents, leftOf, num, type PaymentRow, paymentsOf, termsOf } from './payment-rows';
import type { PaymentsDeps } from './payments-stripe';

/**
 * The owner's actions on a paid appointment (decision 0184): the no-show fee charged or waived (nothing is charged
 * without that click), a failed fee tried again or let go, refunds, and the appointment's payments as the Payments
 * tab shows them.
 */

async function ownedAppointment(deps: PaymentsDeps, shopId: string, appointmentId: string) {
  const a = isUuid(appointmentId) ? await appointmentFacts(deps.dataSource.manager, appointmentId) : null;
  if (!a || a.shop_id !== shopId) throw notFound('That appointment is not on this shop.');
  return a;
}

/** POST …/appointments/{id}/no-show-fee {action}: nothing is charged without this click; who and when recorded. */
export async function decideNoShow(
  deps: PaymentsDeps,
  shopId: string,
  appointmentId: string,
  userId: string,
  action: 'charge' | 'waive',
): Promise<AppointmentPayments> {
  const a = await ownedAppointment(deps, shopId, appointmentId);
  if (a.status !== 'no_show') throw new HttpError(409, 'not_no_show', PAYMENT_MESSAGES.notNoShow);
  const terms = await termsOf(deps.dataSource.manager, a.id);
  const fee = terms ? policyAmountFor(terms.policy.noShowFee, num(a.service_price)) : 0;
  if (action === 'charge' && fee <= 0) throw new HttpError(409, 'no_fee', PAYMENT_MESSAGES.noFee);
  const [claimed] = (await deps.dataSource.query(
    `UPDATE "appointment_payment_terms" SET "no_show_decision" = $2, "no_show_decided_by" = $3, "no_show_decided_at" = $4
     WHERE "appointment_id" = $1 AND "no_show_decision" IS NULL RETURNING "appointment_id"`,
    [a.id, action === 'charge' ? 'charged' : 'waived', userId, deps.now()],
  )) as [Array<unknown>, number];
  if (!terms || (claimed as unknown as unknown[]).length === 0) {
    throw new HttpError(409, 'already_decided', PAYMENT_MESSAGES.alreadyDecided);
  }
  if (action === 'charge') await settle(deps, a.id, fee, 'no_show_fee', 'No-show: the no-show fee was kept', userId);
  else await settle(deps, a.id, 0, 'no_show_fee', 'No-show fee waived', userId);
  return appointmentPayments(deps, shopId, a.id);
}

/** POST …/payments/{paymentId}/retry or …/waive: a declined fee tried again, or let go. */
export async function actOnFailedCharge(
  deps: PaymentsDeps,
  shopId: string,
  appointmentId: string,
  paymentId: string,
  action: 'retry' | 'waive',
): Promise<AppointmentPayments> {
  const a = await ownedAppointment(deps, shopId, appointmentId);
  const [p] = (
    isUuid(paymentId)
      ? await deps.dataSource.query(`SELECT * FROM "appointment_payments" WHERE "id" = $1 AND "appointment_id" = $2`, [
          paymentId,
          a.id,
        ])
      : []
  ) as PaymentRow[];
  if (!p) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
  if (p.status !== 'failed' && p.status !== 'requires_action') {
    throw new HttpError(409, 'not_failed', PAYMENT_MESSAGES.notFailed);
  }
  if (action === 'waive') {
    await deps.dataSource.query(
      `UPDATE "appointment_payments" SET "status" = 'waived', "action_url" = NULL, "updated_at" = now() WHERE "id" = $1`,
      [p.id],
    );
  } else {
    await deps.dataSource.query(
      `UPDATE "appointment_payments" SET "status" = 'pending', "updated_at" = now() WHERE "id" = $1`,
      [p.id],
    );
    // A new attempt is a new request to Stripe (its own idempotency key).
    await attemptCharge(deps, p.id, Date.now());
  }
  return appointmentPayments(deps, shopId, a.id);
}

/** POST …/appointments/{id}/refunds {paymentId?, amount?, reason}: one payment, or the booking's payments in turn. */
export async function refundFromAppointment(
  deps: PaymentsDeps,
  shopId: string,
  appointmentId: string,
  userId: string,
  input: { paymentId?: string; amount?: number; reason: string },
): Promise<AppointmentPayments> {
  const a = await ownedAppointment(deps, shopId, appointmentId);
  const payments = (await paymentsOf(deps.dataSource.manager, a.id)).filter(
    (p) => (p.status === 'succeeded' || p.status === 'partially_refunded') && leftOf(p) > 0,
  );
  const chosen = input.paymentId ? payments.filter((p) => p.id === input.paymentId) : payments;
  if (input.paymentId && chosen.length === 0) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
  if (chosen.length === 0) throw new HttpError(409, 'nothing_to_refund', PAYMENT_MESSAGES.nothingToRefund);
  const total = cents(chosen.reduce((s, p) => s + leftOf(p), 0));
  let wanted = input.amount === undefined ? total : cents(input.amount);
  if (wanted > total) {
    const message = PAYMENT_MESSAGES.refundTooMuch(formatPrice(total, { currency: a.currency }));
    throw badRequest(message, { amount: message });
  }
  for (const p of chosen) {
    if (wanted <= 0) break;
    const part = Math.min(wanted, leftOf(p));
    await refundPayment(deps, p.id, part, input.reason, userId);
    wanted = cents(wanted - part);
  }
  return appointmentPayments(deps, shopId, a.id);
}

/** GET …/appointments/{id}/payments. */
export async function appointmentPayments(
  deps: PaymentsDeps,
  shopId: string,
  appointmentId: string,
): Promise<AppointmentPayments> {
  const manager = deps.dataSource.manager;
  const a = await ownedAppointment(deps, shopId, appointmentId);
  const shop = await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: shopId } });
  const terms = await termsOf(manager, a.id);
  const payments = await paymentsOf(manager, a.id);
  const refunds = (await manager.query(
    `SELECT "id", "payment_id", "amount", "reason", "created_at", "created_by" FROM "payment_refunds"
     WHERE "appointment_id" = $1 AND "status" = 'succeeded' ORDER BY "created_at"`,
    [a.id],
  )) as Array<{
    id: string;
    payment_id: string;
    amount: string;
    reason: string;
    created_at: Date;
    created_by: string | null;
  }>;
  const disputes = (await manager.query(
    `SELECT "id", "payment_id", "amount", "reason", "status", "created_at" FROM "payment_disputes"
     WHERE "appointment_id" = $1 ORDER BY "created_at"`,
    [a.id],
  )) as Array<{
    id: string;
    payment_id: string | null;
    amount: string;
    reason: string;
    status: string;
    created_at: Date;
  }>;
  const fee = terms ? policyAmountFor(terms.policy.noShowFee, num(a.service_price)) : 0;
  return {
    policy: terms?.policy ?? null,
    policyText: terms?.policy_text ?? null,
    acceptedAt: terms?.accepted_at.toISOString() ?? null,
    cardOnFile: !!terms?.stripe_customer_id,
    payments: payments.map((p) => ({
      id: p.id,
      kind: p.kind as AppointmentPayments['payments'][number]['kind'],
      status: p.status as AppointmentPayments['payments'][number]['status'],
      amount: num(p.amount),
      refunded: num(p.refunded_amount),
      currency: p.currency,
      method: p.method,
      failureMessage: p.failure_message,
      actionUrl: p.action_url,
      createdAt: p.created_at.toISOString(),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      paymentId: r.payment_id,
      amount: num(r.amount),
      reason: r.reason,
      createdAt: r.created_at.toISOString(),
      by: r.created_by,
    })),
    disputes: disputes.map((d) => ({
      id: d.id,
      paymentId: d.payment_id,
      amount: num(d.amount),
      reason: d.reason,
      status: d.status,
      createdAt: d.created_at.toISOString(),
    })),
    noShowFee:
      fee > 0 ? { amount: fee, label: noShowChargeLabel(fee, { currency: shop.currency, locale: shop.locale }) } : null,
    noShowDecision:
      terms?.no_show_decision && terms.no_show_decided_at
        ? { decision: terms.no_show_decision, by: terms.no_show_decided_by, at: terms.no_show_decided_at.toISOString() }
        : null,
    refundable: cents(
      payments
        .filter((p) => p.status === 'succeeded' || p.status === 'partially_refunded')
        .reduce((s, p) => s + leftOf(p), 0),
    ),
  };
}
