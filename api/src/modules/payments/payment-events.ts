import { isUuid } from '../shops/shop-access';
import { num, type PaymentRow } from './payment-rows';
import { fromMinor, type PaymentsDeps } from './payments-stripe';

/** What Stripe's events say of the payments (payments-webhook.ts): fees paid, refunds made in Stripe, disputes. */

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
