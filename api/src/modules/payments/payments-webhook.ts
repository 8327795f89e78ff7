import { PAYMENT_MESSAGES } from '@barberly/common';
import type Stripe from 'stripe';
import { HttpError } from '../../platform/http/errors';
import { handleChairCheckoutEvent } from './chair-settlement.service';
import type { CheckoutDeps } from './checkout.service';
import { confirmCheckout, expireCheckout } from './checkout-completion.service';
import { applyChargeRefunded, applyDispute, applyFeeIntent } from './payment-events';
import { saveAccount } from './payments.service';
import { paymentsStripe } from './payments-stripe';

/**
 * POST /api/payments/webhook: Stripe's Connect events (the shops' accounts), signed with their own secret
 * STRIPE_CONNECT_WEBHOOK_SECRET, checked on the raw body (400 when it does not match). Each event id is applied
 * once; one that fails is forgotten so Stripe's retry applies it. Order does not matter: a checkout is confirmed by
 * whichever of its three events comes first, the others fill in ids.
 */
export async function handlePaymentsWebhook(
  deps: CheckoutDeps,
  raw: Buffer,
  signature: string | undefined,
): Promise<void> {
  const stripe = paymentsStripe(deps.config);
  const secret = deps.config.STRIPE_CONNECT_WEBHOOK_SECRET;
  if (!stripe || !secret) throw new HttpError(409, 'payments_off', PAYMENT_MESSAGES.notConfigured);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(raw, signature ?? '', secret);
  } catch {
    throw new HttpError(400, 'bad_signature', 'The Stripe signature does not match.');
  }
  const [fresh] = (await deps.dataSource.query(
    `INSERT INTO "payment_webhook_events" ("id", "type", "account", "created") VALUES ($1, $2, $3, $4)
     ON CONFLICT ("id") DO NOTHING RETURNING "id"`,
    [event.id, event.type, event.account ?? null, event.created],
  )) as Array<{ id: string }>;
  if (!fresh) return;
  try {
    await applyEvent(deps, event);
  } catch (err) {
    await deps.dataSource.query(`DELETE FROM "payment_webhook_events" WHERE "id" = $1`, [event.id]);
    throw err;
  }
}

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id) : null;

async function applyEvent(deps: CheckoutDeps, event: Stripe.Event): Promise<void> {
  const object = event.data.object as unknown as Record<string, unknown>;
  const metadata = (object.metadata ?? {}) as Record<string, string>;
  switch (event.type) {
    case 'account.updated':
      await saveAccount(deps.dataSource.manager, object as unknown as Stripe.Account);
      return;
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      // A checkout at the chair's payment link (issue 27 item 5, chair-checkout.service.ts).
      if (metadata.chairPaymentId) await handleChairCheckoutEvent(deps, event);
      if (!metadata.checkoutId) return;
      const paid = object.payment_status === 'paid' || object.payment_status === 'no_payment_required';
      // A card saved in setup mode: the session names its SetupIntent, which names the card.
      let paymentMethodId: string | null = null;
      const setupIntentId = idOf(object.setup_intent);
      if (setupIntentId && event.account) {
        const stripe = paymentsStripe(deps.config)!;
        const setupIntent = await stripe.setupIntents.retrieve(setupIntentId, undefined, {
          stripeAccount: event.account,
        });
        paymentMethodId = idOf(setupIntent.payment_method);
      }
      await confirmCheckout(deps, {
        checkoutId: metadata.checkoutId,
        customerId: idOf(object.customer),
        paymentIntentId: idOf(object.payment_intent),
        paymentMethodId,
        paid,
      });
      return;
    }
    case 'checkout.session.expired':
      if (metadata.checkoutId) await expireCheckout(deps, metadata.checkoutId);
      return;
    case 'payment_intent.succeeded': {
      if (metadata.checkoutId) {
        await confirmCheckout(deps, {
          checkoutId: metadata.checkoutId,
          customerId: idOf(object.customer),
          paymentIntentId: String(object.id),
          paymentMethodId: idOf(object.payment_method),
          chargeId: idOf(object.latest_charge),
          paid: true,
        });
      } else if (metadata.paymentId) {
        await applyFeeIntent(deps, metadata.paymentId, object as never);
      }
      return;
    }
    case 'setup_intent.succeeded':
      if (metadata.checkoutId) {
        await confirmCheckout(deps, {
          checkoutId: metadata.checkoutId,
          customerId: idOf(object.customer),
          paymentMethodId: idOf(object.payment_method),
          paid: true,
        });
      }
      return;
    case 'charge.refunded':
      await applyChargeRefunded(deps, object as never);
      return;
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
      await applyDispute(deps, object as never, event.account ?? null);
      return;
    default:
      return;
  }
}
