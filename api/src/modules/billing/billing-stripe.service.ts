import { BILLING_MESSAGES, type BillingStatus, PLANS, type PlanId, planById } from '@barberly/common';
import Stripe from 'stripe';
import type { Config } from '../../config';
import { HttpError } from '../../platform/http/errors';
import { recordCall } from '../../platform/metrics/metrics';
import type { ShopEntity } from '../shops/shop.entity';
import { bumpShopVersion } from '../shops/shop-access';
import { type BillingDeps, billingMode, rowOf } from './billing.service';

/**
 * Billing's side at Stripe (issue 17, decision 0110): the client, Checkout for a plan, the Customer Portal, and the
 * subscription's state written as Stripe reports it (from the webhook, or read back by billing-schedule.ts).
 */

/** The Stripe client: Stripe's own SDK, pointed at STRIPE_API_URL when set (tests run a local fake). */
export function stripeClient(config: Config): Stripe | null {
  if (billingMode(config) !== 'stripe' || !config.STRIPE_SECRET_KEY) return null;
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
  // Each answer Stripe gives, timed by its SDK, is a metric (decision 0178); ids leave the path ('/v1/customers/:id').
  stripe.on('response', (event: { method?: string; path?: string; status?: number; elapsed: number }) => {
    const path = (event.path ?? '').split('?')[0]?.replace(/\/[a-z]+_[A-Za-z0-9]+/g, '/:id') ?? '';
    recordCall('stripe', `${event.method ?? 'GET'} ${path}`, event.elapsed / 1000, (event.status ?? 0) < 400);
  });
  return stripe;
}

const priceOf = (config: Config, plan: PlanId) =>
  ({ basic: config.STRIPE_PRICE_BASIC, pro: config.STRIPE_PRICE_PRO, premium: config.STRIPE_PRICE_PREMIUM })[plan];

function planOfPrice(config: Config, priceId: string | undefined): PlanId | null {
  if (!priceId) return null;
  return PLANS.find((plan) => priceOf(config, plan.id) === priceId)?.id ?? null;
}

export function requireStripe(deps: BillingDeps): Stripe {
  const stripe = stripeClient(deps.config);
  if (!stripe) throw new HttpError(409, 'billing_off', BILLING_MESSAGES.notConfigured);
  return stripe;
}

async function customerFor(deps: BillingDeps, stripe: Stripe, shop: ShopEntity, email: string): Promise<string> {
  const row = await rowOf(deps, deps.dataSource.manager, shop.id);
  if (row.stripe_customer_id) return row.stripe_customer_id;
  const customer = await stripe.customers.create({ email, name: shop.name, metadata: { shopId: shop.id } });
  await deps.dataSource.query(`UPDATE "shop_billing" SET "stripe_customer_id" = $2 WHERE "shop_id" = $1`, [
    shop.id,
    customer.id,
  ]);
  return customer.id;
}

/** Checkout for subscribing to a plan: Stripe's hosted page; back to the dashboard afterwards. */
export async function createCheckout(
  deps: BillingDeps,
  shop: ShopEntity,
  email: string,
  plan: PlanId,
): Promise<string> {
  const stripe = requireStripe(deps);
  const price = priceOf(deps.config, plan);
  if (!price) throw new HttpError(409, 'billing_off', `No Stripe price is set for the ${planById(plan)?.name} plan.`);
  const customer = await customerFor(deps, stripe, shop, email);
  const dashboard = `${new URL(deps.config.PUBLIC_ORIGIN).origin}/dashboard/owner/${shop.slug}`;
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    line_items: [{ price, quantity: 1 }],
    client_reference_id: shop.id,
    subscription_data: { metadata: { shopId: shop.id } },
    metadata: { shopId: shop.id },
    success_url: `${dashboard}?billing=success`,
    cancel_url: `${dashboard}?billing=cancelled`,
  });
  if (!session.url) throw new HttpError(502, 'stripe_error', 'Stripe did not return a checkout page.');
  return session.url;
}

/** The Customer Portal: card changes, cancelling, invoices. */
export async function createPortal(deps: BillingDeps, shop: ShopEntity, email: string): Promise<string> {
  const stripe = requireStripe(deps);
  const customer = await customerFor(deps, stripe, shop, email);
  const session = await stripe.billingPortal.sessions.create({
    customer,
    return_url: `${new URL(deps.config.PUBLIC_ORIGIN).origin}/dashboard/owner/${shop.slug}`,
  });
  return session.url;
}

const SUBSCRIPTION_STATUSES: Record<string, BillingStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'unpaid',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  paused: 'unpaid',
};

/**
 * Writes a subscription's state as Stripe reports it now. Events only say "look again": whatever order or number of
 * times they arrive, the row ends as Stripe's current state. `at` (the newest event seen) keeps an older answer
 * from overwriting a newer one when two applications race.
 */
export async function applySubscription(
  deps: BillingDeps,
  subscription: Stripe.Subscription,
  at: number,
): Promise<void> {
  const shopId =
    subscription.metadata?.shopId ??
    (
      (await deps.dataSource.query(`SELECT "shop_id" FROM "shop_billing" WHERE "stripe_customer_id" = $1`, [
        typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
      ])) as Array<{ shop_id: string }>
    )[0]?.shop_id;
  if (!shopId) {
    deps.logger.warn({ subscription: subscription.id }, 'billing: a subscription of no shop of ours');
    return;
  }
  const plan = planOfPrice(deps.config, subscription.items?.data?.[0]?.price?.id);
  const status = SUBSCRIPTION_STATUSES[subscription.status] ?? 'unpaid';
  const customer = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const event = await deps.dataSource.transaction(async (manager) => {
    await rowOf(deps, manager, shopId);
    const [rows] = (await manager.query(
      `UPDATE "shop_billing" SET "plan" = coalesce($2, "plan"), "status" = $3, "stripe_subscription_id" = $4,
              "stripe_customer_id" = $5, "stripe_state_at" = $6, "updated_at" = now()
        WHERE "shop_id" = $1 AND "stripe_state_at" <= $6 RETURNING "shop_id"`,
      [shopId, plan, status, subscription.id, customer, at],
    )) as [Array<{ shop_id: string }>, number];
    // The public page shows the badge and the paused note: the storefront hears about the change.
    return rows[0] ? bumpShopVersion(manager, shopId) : null;
  });
  if (event) await deps.events?.shopChanged(event);
}

/**
 * POST /api/billing/stripe/webhook. The signature is checked on the raw body (400 when it fails); each event id is
 * recorded once, so a redelivery does nothing; the subscription is then read back from Stripe.
 */
export async function handleStripeWebhook(
  deps: BillingDeps,
  raw: Buffer,
  signature: string | undefined,
): Promise<void> {
  const stripe = requireStripe(deps);
  const secret = deps.config.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new HttpError(409, 'billing_off', BILLING_MESSAGES.notConfigured);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(raw, signature ?? '', secret);
  } catch {
    throw new HttpError(400, 'bad_signature', 'The Stripe signature does not match.');
  }
  const [fresh] = (await deps.dataSource.query(
    `INSERT INTO "stripe_events" ("id", "type", "created") VALUES ($1, $2, $3) ON CONFLICT ("id") DO NOTHING RETURNING "id"`,
    [event.id, event.type, event.created],
  )) as Array<{ id: string }>;
  if (!fresh) return;
  const subscriptionId = subscriptionOf(event);
  if (!subscriptionId) return;
  try {
    await syncSubscription(deps, subscriptionId, event.created);
  } catch (err) {
    // Not applied: forget the id so Stripe's retry applies it.
    await deps.dataSource.query(`DELETE FROM "stripe_events" WHERE "id" = $1`, [event.id]);
    throw err;
  }
}

function subscriptionOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('customer.subscription.')) return String(object.id);
  if (event.type === 'checkout.session.completed')
    return typeof object.subscription === 'string' ? object.subscription : null;
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    if (typeof object.subscription === 'string') return object.subscription;
    const parent = object.parent as { subscription_details?: { subscription?: string } } | undefined;
    return parent?.subscription_details?.subscription ?? null;
  }
  return null;
}

export async function syncSubscription(deps: BillingDeps, subscriptionId: string, at: number): Promise<void> {
  const stripe = requireStripe(deps);
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  await applySubscription(deps, subscription, at);
}
