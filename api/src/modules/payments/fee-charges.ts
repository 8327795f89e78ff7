import { PAYMENT_MESSAGES } from '@barberly/common';
import Stripe from 'stripe';
import { manageUrlOf } from '../mail/booking-mails';
import { ShopEntity } from '../shops/shop.entity';
import { appointmentFacts, num, type PaymentRow, type TermsRow, termsOf } from './payment-rows';
import { applicationFee, fromMinor, type PaymentsDeps, paymentsStripe, toMinor } from './payments-stripe';

/**
 * Off-session charges of a fee (decision 0184): the late-cancellation or no-show fee charged to the card on file
 * while the client is not there. A decline is written on the payment row; a bank that wants the client gets a
 * Checkout link for the fee, mailed to them. A retry is a new attempt (its own idempotency key).
 */

/** A fee charged to the card on file now (the client is not there); its result is written on the payment row. */
export async function chargeFee(
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

export async function attemptCharge(deps: PaymentsDeps, paymentId: string, attempt: number): Promise<void> {
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
