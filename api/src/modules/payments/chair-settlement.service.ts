import { CHAIR_CHECKOUT_MESSAGES, type ChairPayment } from '@barberly/common';
import type Stripe from 'stripe';
import { notFound } from '../../platform/http/errors';
import { completeAtCheckout } from '../appointments/lifecycle';
import { isUuid } from '../shops/shop-access';
import {
  type ChairCheckoutDeps,
  PAYMENT_COLUMNS,
  type PaymentRow,
  scopedVisit,
  toChairPayment,
} from './chair-payments';
import { queueReceiptMail, sendTextReceipt } from './chair-receipts';
import { loadMoneyScope } from './money-access';
import { readyAccount } from './payments.service';

/**
 * A chair checkout's card payment becoming paid, once (decision 0186): the visit completed and the receipt sent,
 * whoever sees it first (the on-session charge, the Connect webhook, the dialog polling a payment link).
 */

export const chargeIdOf = (intent: Stripe.PaymentIntent) =>
  typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? null);

export async function failPayment(deps: ChairCheckoutDeps, paymentId: string, message: string) {
  await deps.dataSource.query(
    `UPDATE "appointment_payments" SET "status" = 'failed', "failure_message" = $2, "updated_at" = now() WHERE "id" = $1`,
    [paymentId, message.slice(0, 500)],
  );
}

/**
 * A pending balance payment becomes paid, once: the visit completed and the receipt queued (e-mail) or sent (text).
 * Whoever comes second (the webhook, the dialog's poll) finds it paid and does nothing.
 */
export async function markPaid(
  deps: ChairCheckoutDeps,
  paymentId: string,
  intentId: string | null,
  chargeId: string | null,
): Promise<PaymentRow | null> {
  await deps.mailQueue.ready();
  const result = await deps.dataSource.transaction(async (manager) => {
    const [row] = (await manager.query(
      `SELECT ${PAYMENT_COLUMNS} FROM "appointment_payments" WHERE "id" = $1 FOR UPDATE`,
      [paymentId],
    )) as PaymentRow[];
    if (row?.status !== 'pending') return { row: row ?? null, fresh: false };
    const [rows] = (await manager.query(
      `UPDATE "appointment_payments" SET "status" = 'succeeded', "stripe_payment_intent_id" = $2, "stripe_charge_id" = $3,
         "updated_at" = $4 WHERE "id" = $1 RETURNING ${PAYMENT_COLUMNS}`,
      [paymentId, intentId, chargeId, deps.now()],
    )) as [PaymentRow[], number];
    const version = await completeAtCheckout(deps, manager, row.appointment_id, { kind: 'system' });
    if (row.receipt_channel === 'email') await queueReceiptMail(deps, manager, row.appointment_id, version, paymentId);
    return { row: rows[0] ?? row, fresh: true };
  });
  if (result.fresh && result.row?.receipt_channel === 'text') await sendTextReceipt(deps, paymentId);
  return result.row;
}

/** Asks Stripe whether a payment link was paid; paid: settles it. */
export async function settleChairPayment(deps: ChairCheckoutDeps, paymentId: string): Promise<PaymentRow | null> {
  const [row] = (await deps.dataSource.query(`SELECT ${PAYMENT_COLUMNS} FROM "appointment_payments" WHERE "id" = $1`, [
    paymentId,
  ])) as PaymentRow[];
  if (row?.status !== 'pending' || !row.stripe_checkout_session_id || !row.stripe_account_id) return row ?? null;
  const stripe = await readyAccount(deps, deps.dataSource.manager, row.shop_id);
  if (!stripe) return row;
  const session = await stripe.stripe.checkout.sessions.retrieve(
    row.stripe_checkout_session_id,
    {},
    {
      stripeAccount: row.stripe_account_id,
    },
  );
  if (session.payment_status !== 'paid') return row;
  const intentId =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  return markPaid(deps, row.id, intentId, null);
}

/**
 * For the Connect webhook (`checkout.session.completed` / `payment_intent.succeeded` of a chair checkout, metadata
 * `chairPaymentId`): settles the payment. true when the event was a chair checkout's.
 */
export async function handleChairCheckoutEvent(deps: ChairCheckoutDeps, event: Stripe.Event): Promise<boolean> {
  const types = ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'payment_intent.succeeded'];
  if (!types.includes(event.type)) return false;
  const object = event.data.object as { metadata?: Record<string, string> | null };
  const id = object.metadata?.chairPaymentId;
  if (!id || !isUuid(id)) return false;
  await settleChairPayment(deps, id);
  return true;
}

/** GET /api/shops/{shopId}/appointments/{appointmentId}/checkout/{paymentId}: the dialog polls a payment link. */
export async function getChairPayment(
  deps: ChairCheckoutDeps,
  shopId: string,
  appointmentId: string,
  paymentId: string,
  userId: string,
): Promise<ChairPayment> {
  const scope = await loadMoneyScope(deps.dataSource.manager, shopId, userId);
  const ctx = await scopedVisit(deps, scope, appointmentId);
  const [row] = isUuid(paymentId)
    ? ((await deps.dataSource.query(
        `SELECT ${PAYMENT_COLUMNS} FROM "appointment_payments" WHERE "id" = $1 AND "appointment_id" = $2 AND "kind" = 'balance'`,
        [paymentId, ctx.appointment.id],
      )) as PaymentRow[])
    : [];
  if (!row) throw notFound(CHAIR_CHECKOUT_MESSAGES.paymentNotFound);
  const settled = row.status === 'pending' ? await settleChairPayment(deps, row.id) : row;
  return toChairPayment(settled ?? row);
}
