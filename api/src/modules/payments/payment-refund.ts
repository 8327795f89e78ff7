import { formatPrice, PAYMENT_MESSAGES } from '@barberly/common';
import { badRequest, HttpError, notFound } from '../../platform/http/errors';
import { cents, leftOf, type PaymentRow } from './payment-rows';
import { type PaymentsDeps, paymentsStripe, toMinor } from './payments-stripe';

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
