import {
  type AppointmentPayments,
  type CancellationTerms,
  formatPrice,
  noShowChargeLabel,
  PAYMENT_MESSAGES,
  type PaymentPolicy,
  policyAmountFor,
} from '@barberly/common';
import Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { badRequest, HttpError, notFound } from '../../platform/http/errors';
import { hashManageToken, isWellFormedToken } from '../appointments/manage-token';
import { manageUrlOf } from '../mail/booking-mails';
import { ShopEntity } from '../shops/shop.entity';
import { isUuid } from '../shops/shop-access';
import { applicationFee, fromMinor, type PaymentsDeps, paymentsStripe, toMinor } from './payments-stripe';

/**
 * What follows a change of a paid appointment (issue 27 item 4, decision 0184): refunds, late-cancellation and
 * no-show fees, off-session charges and their failures. Each takes only ids and who acted, runs its Stripe calls
 * outside any transaction (claiming its work first, so a repeat does nothing). A cancel's are called by the
 * lifecycle's listener (payments-cancel.listener.ts) after the cancelled event commits.
 */

interface TermsRow {
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

interface PaymentRow {
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

interface AppointmentFacts {
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

async function termsOf(manager: EntityManager, appointmentId: string, lock = false): Promise<TermsRow | null> {
  const [row] = (await manager.query(
    `SELECT * FROM "appointment_payment_terms" WHERE "appointment_id" = $1${lock ? ' FOR UPDATE' : ''}`,
    [appointmentId],
  )) as TermsRow[];
  return row ?? null;
}

async function appointmentFacts(manager: EntityManager, appointmentId: string): Promise<AppointmentFacts | null> {
  const [row] = (await manager.query(
    `SELECT "id", "shop_id", "barber_id", "status", "starts_at", "cancelled_at", "service_price", "currency", "client_email"
     FROM "appointments" WHERE "id" = $1`,
    [appointmentId],
  )) as AppointmentFacts[];
  return row ?? null;
}

async function paymentsOf(manager: EntityManager, appointmentId: string): Promise<PaymentRow[]> {
  return (await manager.query(
    `SELECT * FROM "appointment_payments" WHERE "appointment_id" = $1 ORDER BY "created_at", "id"`,
    [appointmentId],
  )) as PaymentRow[];
}

const num = (v: string | number | null | undefined) => Number(v ?? 0);
const cents = (v: number) => Math.round(v * 100) / 100;

/** Card payments at booking (deposit, prepayment) that are in and not yet refunded. */
function heldAtBooking(payments: PaymentRow[]) {
  return payments.filter(
    (p) =>
      (p.kind === 'deposit' || p.kind === 'prepay') &&
      (p.status === 'succeeded' || p.status === 'partially_refunded') &&
      p.stripe_payment_intent_id,
  );
}
const leftOf = (p: PaymentRow) => cents(num(p.amount) + num(p.tip_amount) - num(p.refunded_amount));

/**
 * Refunds `amount` (all that is left when null) of one card payment, with a reason. The refund row and the amount
 * are written first under the payment's lock (two refunds cannot both take the same money), then Stripe is asked;
 * if Stripe refuses, the row goes again.
 */
export async function refundPayment(
  deps: PaymentsDeps,
  paymentId: string,
  amount: number | null,
  reason: string,
  userId: string | null,
): Promise<{ refundId: string; amount: number } | null> {
  const stripe = paymentsStripe(deps.config);
  const claimed = await deps.dataSource.transaction(async (tx) => {
    const [p] = (await tx.query(`SELECT * FROM "appointment_payments" WHERE "id" = $1 FOR UPDATE`, [paymentId])) as
      | PaymentRow[]
      | [];
    if (!p) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    const left = leftOf(p);
    const wanted = amount === null ? left : cents(amount);
    if (wanted <= 0 || left <= 0) return null;
    if (wanted > left) {
      const message = PAYMENT_MESSAGES.refundTooMuch(formatPrice(left, { currency: p.currency }));
      throw badRequest(message, { amount: message });
    }
    const [r] = (await tx.query(
      `INSERT INTO "payment_refunds" ("shop_id", "payment_id", "appointment_id", "amount", "reason", "status", "created_by")
       VALUES ($1, $2, $3, $4, $5, 'pending', $6) RETURNING "id"`,
      [p.shop_id, p.id, p.appointment_id, wanted, reason.slice(0, 500), userId],
    )) as Array<{ id: string }>;
    await tx.query(
      `UPDATE "appointment_payments" SET "refunded_amount" = "refunded_amount" + $2,
         "status" = CASE WHEN "refunded_amount" + $2 >= "amount" + "tip_amount" THEN 'refunded' ELSE 'partially_refunded' END,
         "updated_at" = now() WHERE "id" = $1`,
      [p.id, wanted],
    );
    return { payment: p, refundId: r!.id, amount: wanted };
  });
  if (!claimed) return null;
  const { payment, refundId } = claimed;
  if (payment.method !== 'card' || !payment.stripe_payment_intent_id) {
    // Cash or another method, recorded by hand: the shop hands the money back itself.
    await deps.dataSource.query(`UPDATE "payment_refunds" SET "status" = 'succeeded' WHERE "id" = $1`, [refundId]);
    return { refundId, amount: claimed.amount };
  }
  try {
    if (!stripe) throw new HttpError(409, 'payments_off', PAYMENT_MESSAGES.notConfigured);
    const refund = await stripe.refunds.create(
      {
        payment_intent: payment.stripe_payment_intent_id,
        amount: toMinor(claimed.amount, payment.currency),
        metadata: { refundId, paymentId: payment.id },
      },
      { stripeAccount: payment.stripe_account_id ?? undefined, idempotencyKey: `refund-${refundId}` },
    );
    await deps.dataSource.query(
      `UPDATE "payment_refunds" SET "status" = 'succeeded', "stripe_refund_id" = $2 WHERE "id" = $1`,
      [refundId, refund.id],
    );
    return { refundId, amount: claimed.amount };
  } catch (err) {
    deps.logger.error({ err, paymentId }, 'payments: refund failed');
    await deps.dataSource.transaction(async (tx) => {
      await tx.query(`DELETE FROM "payment_refunds" WHERE "id" = $1`, [refundId]);
      await tx.query(
        `UPDATE "appointment_payments" SET "refunded_amount" = "refunded_amount" - $2,
           "status" = CASE WHEN "refunded_amount" - $2 <= 0 THEN 'succeeded' ELSE 'partially_refunded' END,
           "updated_at" = now() WHERE "id" = $1`,
        [paymentId, claimed.amount],
      );
    });
    if (err instanceof HttpError) throw err;
    throw new HttpError(502, 'stripe_error', 'Stripe did not make the refund. Please try again in a moment.');
  }
}

/** What the client keeps paying of what they paid at booking (`keep`), the rest refunded, and what to charge more. */
async function settle(
  deps: PaymentsDeps,
  appointmentId: string,
  fee: number,
  kind: 'late_cancel_fee' | 'no_show_fee',
  reason: string,
  userId: string | null,
): Promise<void> {
  const manager = deps.dataSource.manager;
  const payments = heldAtBooking(await paymentsOf(manager, appointmentId));
  let toKeep = fee;
  for (const p of payments) {
    const left = leftOf(p);
    const keep = Math.min(left, toKeep);
    toKeep = cents(toKeep - keep);
    if (left - keep > 0) await refundPayment(deps, p.id, cents(left - keep), reason, userId);
  }
  if (toKeep > 0) await chargeFee(deps, appointmentId, kind, toKeep, userId);
}

/**
 * After the client cancels (the manage link): inside the window the late-cancellation fee (kept from what they paid,
 * the rest charged off-session from the card on file), outside it everything back. Claimed once per appointment.
 */
/**
 * A cancel's money is settled once per appointment (late_cancel_applied_at), whoever cancelled first: repeating the
 * cancel (the owner's PATCH on a cancelled visit) never refunds a fee already kept.
 */
async function claimCancelSettlement(deps: PaymentsDeps, appointmentId: string): Promise<TermsRow | null> {
  return deps.dataSource.transaction(async (tx) => {
    const terms = await termsOf(tx, appointmentId, true);
    if (!terms || terms.late_cancel_applied_at) return null;
    await tx.query(
      `UPDATE "appointment_payment_terms" SET "late_cancel_applied_at" = now() WHERE "appointment_id" = $1`,
      [appointmentId],
    );
    return terms;
  });
}

export async function afterClientCancel(deps: PaymentsDeps, appointmentId: string): Promise<void> {
  const claimed = await claimCancelSettlement(deps, appointmentId);
  if (!claimed) return;
  const a = await appointmentFacts(deps.dataSource.manager, appointmentId);
  if (!a) return;
  const { inside, fee } = lateFee(claimed.policy, a, a.cancelled_at ?? deps.now());
  if (!inside || fee <= 0) {
    await settle(deps, appointmentId, 0, 'late_cancel_fee', 'Cancelled by the client in time', null);
    return;
  }
  await settle(deps, appointmentId, fee, 'late_cancel_fee', 'Cancelled late: the late-cancellation fee was kept', null);
}

function lateFee(policy: PaymentPolicy, a: Pick<AppointmentFacts, 'starts_at' | 'service_price'>, at: Date) {
  const inside = a.starts_at.getTime() - at.getTime() < policy.cancellationWindowHours * 3_600_000;
  return { inside, fee: inside ? policyAmountFor(policy.lateCancelFee, num(a.service_price)) : 0 };
}

/** After the shop cancels: the client gets back everything they paid. */
export async function afterShopCancel(deps: PaymentsDeps, appointmentId: string, userId: string | null): Promise<void> {
  if (!(await claimCancelSettlement(deps, appointmentId))) return;
  await settle(deps, appointmentId, 0, 'late_cancel_fee', 'Cancelled by the shop', userId);
}

/** GET /api/appointments/manage/{token}/payment-terms: said on the manage page before the client confirms. */
export async function cancellationTerms(deps: PaymentsDeps, token: string): Promise<CancellationTerms> {
  const manager = deps.dataSource.manager;
  if (!isWellFormedToken(token)) throw notFound('That appointment link is not valid.');
  const [a] = (await manager.query(
    `SELECT "id", "shop_id", "starts_at", "service_price", "currency" FROM "appointments" WHERE "manage_token_hash" = $1`,
    [hashManageToken(token)],
  )) as Array<AppointmentFacts>;
  if (!a) throw notFound('That appointment link is not valid.');
  const terms = await termsOf(manager, a.id);
  if (!terms) return { policyText: null, insideWindow: false, notice: null, fee: 0, refund: 0 };
  const shop = await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: a.shop_id } });
  const money = { currency: shop.currency, locale: shop.locale };
  const paid = cents(heldAtBooking(await paymentsOf(manager, a.id)).reduce((s, p) => s + leftOf(p), 0));
  const { inside, fee } = lateFee(terms.policy, a, deps.now());
  const kept = Math.min(fee, paid);
  const refund = cents(paid - kept);
  let notice: string | null = null;
  if (inside && fee > 0) {
    const extra = cents(fee - kept);
    notice =
      `You are cancelling less than ${terms.policy.cancellationWindowHours} hours before, so the late-cancellation fee of ` +
      `${formatPrice(fee, money)} applies` +
      (kept > 0 ? `: ${formatPrice(kept, money)} is kept from what you paid` : '') +
      (extra > 0
        ? `${kept > 0 ? ' and' : ':'} ${formatPrice(extra, money)} will be charged to your card on file`
        : '') +
      (refund > 0 ? `, and ${formatPrice(refund, money)} is refunded.` : '.');
  } else if (paid > 0) {
    notice = `You will get ${formatPrice(paid, money)} back in full.`;
  }
  return { policyText: terms.policy_text, insideWindow: inside, notice, fee, refund };
}

// Off-session charges.

/** A fee charged to the card on file now (the client is not there); its result is written on the payment row. */
async function chargeFee(
  deps: PaymentsDeps,
  appointmentId: string,
  kind: 'late_cancel_fee' | 'no_show_fee',
  amount: number,
  userId: string | null,
): Promise<void> {
  const manager = deps.dataSource.manager;
  const terms = await termsOf(manager, appointmentId);
  const a = await appointmentFacts(manager, appointmentId);
  if (!terms || !a) return;
  const [p] = (await manager.query(
    `INSERT INTO "appointment_payments" ("shop_id", "appointment_id", "barber_id", "kind", "method", "status", "amount",
       "currency", "stripe_account_id", "created_by")
     VALUES ($1, $2, $3, $4, 'card', 'pending', $5, $6, $7, $8) RETURNING "id"`,
    [a.shop_id, a.id, a.barber_id, kind, amount, a.currency, terms.stripe_account_id, userId],
  )) as Array<{ id: string }>;
  await attemptCharge(deps, p!.id, 1);
}

async function attemptCharge(deps: PaymentsDeps, paymentId: string, attempt: number): Promise<void> {
  const manager = deps.dataSource.manager;
  const [p] = (await manager.query(`SELECT * FROM "appointment_payments" WHERE "id" = $1`, [
    paymentId,
  ])) as PaymentRow[];
  if (!p?.appointment_id) return;
  const terms = await termsOf(manager, p.appointment_id);
  const stripe = paymentsStripe(deps.config);
  const fail = (code: string, message: string, actionUrl: string | null = null, status = 'failed') =>
    manager.query(
      `UPDATE "appointment_payments" SET "status" = $2, "failure_code" = $3, "failure_message" = $4, "action_url" = $5,
         "updated_at" = now() WHERE "id" = $1`,
      [p.id, status, code, message.slice(0, 500), actionUrl],
    );
  if (!stripe || !terms) return void (await fail('payments_off', PAYMENT_MESSAGES.notConfigured));
  const paymentMethod = terms.stripe_payment_method_id ?? (await savedCard(deps, stripe, terms));
  if (!paymentMethod || !terms.stripe_customer_id) return void (await fail('no_card', PAYMENT_MESSAGES.noCard));
  const minor = toMinor(num(p.amount), p.currency);
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: minor,
        currency: p.currency.toLowerCase(),
        customer: terms.stripe_customer_id,
        payment_method: paymentMethod,
        off_session: true,
        confirm: true,
        description: p.kind === 'no_show_fee' ? 'No-show fee' : 'Late-cancellation fee',
        metadata: { paymentId: p.id, appointmentId: p.appointment_id },
        ...(applicationFee(deps.config, minor) > 0
          ? { application_fee_amount: applicationFee(deps.config, minor) }
          : {}),
      },
      { stripeAccount: terms.stripe_account_id, idempotencyKey: `fee-${p.id}-${attempt}` },
    );
    await manager.query(
      `UPDATE "appointment_payments" SET "status" = CASE WHEN $2 = 'succeeded' THEN 'succeeded' ELSE "status" END,
         "stripe_payment_intent_id" = $3, "stripe_charge_id" = $4, "application_fee_amount" = $5,
         "failure_code" = NULL, "failure_message" = NULL, "action_url" = NULL, "updated_at" = now() WHERE "id" = $1`,
      [
        p.id,
        intent.status,
        intent.id,
        typeof intent.latest_charge === 'string' ? intent.latest_charge : null,
        fromMinor(applicationFee(deps.config, minor), p.currency),
      ],
    );
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeCardError)) {
      deps.logger.error({ err, paymentId }, 'payments: off-session charge failed');
      await fail('stripe_error', 'Stripe could not be reached. Try again in a moment.');
      return;
    }
    if (err.code === 'authentication_required') {
      // The bank wants the client: a Checkout page for the fee, linked on the manage page (and to send to them).
      const url = await authenticationLink(deps, stripe, p, terms);
      await fail(
        'authentication_required',
        'The bank asked the client to confirm this charge.',
        url,
        'requires_action',
      );
      // The client gets the link by e-mail.
      if (url) {
        await deps.mailQueue.ready();
        await deps.dataSource.transaction(async (tx) => {
          const [a] = (await tx.query(`SELECT "version" FROM "appointments" WHERE "id" = $1`, [
            p.appointment_id,
          ])) as Array<{ version: number }>;
          const job = { kind: 'payment_action' as const, appointmentId: p.appointment_id!, version: a?.version ?? 1 };
          await deps.mailQueue.enqueue(tx, [{ job: { ...job, paymentId: p.id }, key: p.id }], deps.now());
        });
      }
      return;
    }
    await fail(err.code ?? 'card_declined', err.message ?? 'The card was declined.');
  }
}

/** The card saved with the booking's payment, when the event that said so came before we knew (read from Stripe). */
async function savedCard(deps: PaymentsDeps, stripe: Stripe, terms: TermsRow): Promise<string | null> {
  const [row] = (await deps.dataSource.query(
    `SELECT "stripe_payment_intent_id" FROM "appointment_payments" WHERE "appointment_id" = $1
       AND "kind" IN ('deposit', 'prepay') AND "stripe_payment_intent_id" IS NOT NULL LIMIT 1`,
    [terms.appointment_id],
  )) as Array<{ stripe_payment_intent_id: string }>;
  if (!row) return null;
  const intent = await stripe.paymentIntents.retrieve(row.stripe_payment_intent_id, undefined, {
    stripeAccount: terms.stripe_account_id,
  });
  const pm = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
  const customer = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
  await deps.dataSource.query(
    `UPDATE "appointment_payment_terms" SET "stripe_payment_method_id" = COALESCE("stripe_payment_method_id", $2),
       "stripe_customer_id" = COALESCE("stripe_customer_id", $3) WHERE "appointment_id" = $1`,
    [terms.appointment_id, pm, customer],
  );
  terms.stripe_customer_id ??= customer;
  return pm;
}

async function authenticationLink(deps: PaymentsDeps, stripe: Stripe, p: PaymentRow, terms: TermsRow) {
  try {
    const shop = await deps.dataSource.manager.getRepository(ShopEntity).findOneOrFail({ where: { id: p.shop_id } });
    const back = manageUrlOf(deps.config.PUBLIC_ORIGIN, shop, 'x').replace(/\/appointments\/x$/, '');
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer: terms.stripe_customer_id ?? undefined,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: p.currency.toLowerCase(),
              unit_amount: toMinor(num(p.amount), p.currency),
              product_data: {
                name: p.kind === 'no_show_fee' ? `No-show fee, ${shop.name}` : `Late-cancellation fee, ${shop.name}`,
              },
            },
          },
        ],
        payment_intent_data: { metadata: { paymentId: p.id } },
        metadata: { paymentId: p.id },
        success_url: `${back}?fee=paid`,
        cancel_url: back,
      },
      { stripeAccount: terms.stripe_account_id, idempotencyKey: `fee-auth-${p.id}-${Date.now()}` },
    );
    return session.url ?? null;
  } catch (err) {
    deps.logger.error({ err, paymentId: p.id }, 'payments: the authentication link failed');
    return null;
  }
}

// The owner's actions on an appointment.

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

// From Stripe's events.

/** payment_intent.succeeded / payment_failed of a fee (metadata paymentId): the row says what happened. */
export async function applyFeeIntent(
  deps: PaymentsDeps,
  paymentId: string,
  intent: {
    id: string;
    status: string;
    latest_charge?: unknown;
    last_payment_error?: { code?: string; message?: string } | null;
  },
): Promise<void> {
  if (!isUuid(paymentId)) return;
  if (intent.status === 'succeeded') {
    await deps.dataSource.query(
      `UPDATE "appointment_payments" SET "status" = 'succeeded', "stripe_payment_intent_id" = $2,
         "stripe_charge_id" = COALESCE($3, "stripe_charge_id"), "failure_code" = NULL, "failure_message" = NULL,
         "action_url" = NULL, "updated_at" = now()
       WHERE "id" = $1 AND "status" IN ('pending', 'requires_action', 'failed')`,
      [paymentId, intent.id, typeof intent.latest_charge === 'string' ? intent.latest_charge : null],
    );
  }
}

/** charge.refunded: a refund made in Stripe's dashboard shows too (never lowers what we recorded). */
export async function applyChargeRefunded(
  deps: PaymentsDeps,
  charge: { id: string; payment_intent?: unknown; amount_refunded?: number },
): Promise<void> {
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : null;
  const [p] = (await deps.dataSource.query(
    `SELECT * FROM "appointment_payments" WHERE "stripe_payment_intent_id" = $1 OR "stripe_charge_id" = $2 LIMIT 1`,
    [intentId, charge.id],
  )) as PaymentRow[];
  if (!p) return;
  const refunded = fromMinor(charge.amount_refunded ?? 0, p.currency);
  if (refunded <= num(p.refunded_amount)) return;
  await deps.dataSource.query(
    `UPDATE "appointment_payments" SET "refunded_amount" = LEAST($2, "amount" + "tip_amount"), "stripe_charge_id" = $3,
       "status" = CASE WHEN $2 >= "amount" + "tip_amount" THEN 'refunded' ELSE 'partially_refunded' END, "updated_at" = now()
     WHERE "id" = $1`,
    [p.id, refunded, charge.id],
  );
}

/** charge.dispute.*: on the appointment and in the payments list. */
export async function applyDispute(
  deps: PaymentsDeps,
  dispute: {
    id: string;
    amount: number;
    currency: string;
    charge?: unknown;
    payment_intent?: unknown;
    reason?: string;
    status: string;
  },
  account: string | null,
): Promise<void> {
  const intentId = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : null;
  const chargeId = typeof dispute.charge === 'string' ? dispute.charge : null;
  const [p] = (await deps.dataSource.query(
    `SELECT * FROM "appointment_payments" WHERE "stripe_payment_intent_id" = $1 OR "stripe_charge_id" = $2 LIMIT 1`,
    [intentId, chargeId],
  )) as PaymentRow[];
  let shopId = p?.shop_id ?? null;
  if (!shopId && account) {
    const [acct] = (await deps.dataSource.query(
      `SELECT "shop_id" FROM "payment_accounts" WHERE "stripe_account_id" = $1`,
      [account],
    )) as Array<{ shop_id: string }>;
    shopId = acct?.shop_id ?? null;
  }
  if (!shopId) return;
  await deps.dataSource.query(
    `INSERT INTO "payment_disputes" ("shop_id", "payment_id", "appointment_id", "stripe_dispute_id", "amount", "currency",
       "reason", "status")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT ("stripe_dispute_id") DO UPDATE SET "status" = EXCLUDED."status", "updated_at" = now()`,
    [
      shopId,
      p?.id ?? null,
      p?.appointment_id ?? null,
      dispute.id,
      fromMinor(dispute.amount, dispute.currency),
      dispute.currency.toUpperCase(),
      dispute.reason ?? '',
      dispute.status,
    ],
  );
}
