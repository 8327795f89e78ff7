import {
  BILLING_MESSAGES,
  type BillingStatus,
  PLANS,
  type PlanId,
  planById,
  type ShopBilling,
  TRIAL_DAYS,
} from '@barberly/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../config';
import type { ShopEvents } from '../../platform/events/shop-events';
import { HttpError } from '../../platform/http/errors';
import { recordCall } from '../../platform/metrics/metrics';
import { BarberEntity } from '../barbers/barber.entity';
import type { ShopEntity } from '../shops/shop.entity';
import { bumpShopVersion } from '../shops/shop-access';
import type { BillingGate } from './billing-gate';

/**
 * Plans, trial and billing (issue 17, decision 0110). With BILLING=off (the default) every feature is on and nothing
 * here is enforced. With BILLING=stripe a shop starts a 14-day Premium trial without a card; its plan's limits are
 * enforced here, for every route that adds a barber, takes an online booking or uses a Premium feature.
 */

export interface BillingDeps {
  dataSource: DataSource;
  config: Config;
  now: () => Date;
  logger: Logger;
  events?: ShopEvents;
}

export type { Feature } from './billing-gate';

export interface BillingRow {
  shop_id: string;
  plan: PlanId | null;
  status: BillingStatus;
  trial_ends_at: Date | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  stripe_state_at: string;
}

export function billingMode(config: Pick<Config, 'BILLING' | 'STRIPE_SECRET_KEY'>): 'off' | 'stripe' {
  return config.BILLING === 'stripe' && config.STRIPE_SECRET_KEY ? 'stripe' : 'off';
}

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

/** A shop's billing row; the first read starts its trial (a new shop, or one that existed before billing was on). */
export async function rowOf(deps: BillingDeps, manager: EntityManager, shopId: string): Promise<BillingRow> {
  const trialEnds = new Date(deps.now().getTime() + TRIAL_DAYS * 86_400_000);
  await manager.query(
    `INSERT INTO "shop_billing" ("shop_id", "plan", "status", "trial_ends_at") VALUES ($1, 'premium', 'trialing', $2)
     ON CONFLICT ("shop_id") DO NOTHING`,
    [shopId, trialEnds],
  );
  const [row] = (await manager.query(`SELECT * FROM "shop_billing" WHERE "shop_id" = $1`, [shopId])) as BillingRow[];
  return row as BillingRow;
}

/** Whether the shop may use its plan now: a trial not yet over, or a subscription Stripe says is paid up. */
function isActive(row: BillingRow, now: Date): boolean {
  if (row.status === 'trialing') return !row.trial_ends_at || row.trial_ends_at.getTime() > now.getTime();
  return row.status === 'active';
}

/** Days left in the trial, counting the one under way: 14 right after sign-up, 1 on its last day, null after. */
function trialDaysLeft(row: BillingRow, now: Date): number | null {
  if (row.status !== 'trialing' || !row.trial_ends_at) return null;
  const ms = row.trial_ends_at.getTime() - now.getTime();
  return ms <= 0 ? null : Math.ceil(ms / 86_400_000);
}

async function barbersUsed(manager: EntityManager, shopId: string): Promise<number> {
  return manager.getRepository(BarberEntity).count({ where: { shopId } });
}

const FREE: Omit<ShopBilling, 'barbersUsed'> = {
  mode: 'off',
  plan: null,
  status: null,
  trialEndsAt: null,
  trialDaysLeft: null,
  maxBarbers: null,
  customDomain: true,
  whiteLabel: true,
  bookingsPaused: false,
  notice: null,
};

/** What a shop may do now, and what its owner should read about it. */
export async function shopBilling(
  deps: BillingDeps,
  shopId: string,
  manager: EntityManager = deps.dataSource.manager,
): Promise<ShopBilling> {
  const used = await barbersUsed(manager, shopId);
  if (billingMode(deps.config) === 'off') return { ...FREE, barbersUsed: used };
  const now = deps.now();
  const row = await rowOf(deps, manager, shopId);
  const active = isActive(row, now);
  const plan = planById(row.plan);
  const left = trialDaysLeft(row, now);
  const maxBarbers = active ? (plan?.maxBarbers ?? 0) : 0;
  let notice: string | null = null;
  if (row.status === 'trialing') notice = left === null ? BILLING_MESSAGES.trialOver : BILLING_MESSAGES.trialLeft(left);
  else if (row.status === 'past_due' || row.status === 'unpaid' || row.status === 'incomplete')
    notice = BILLING_MESSAGES.unpaid;
  else if (row.status === 'canceled' || row.status === 'expired') notice = BILLING_MESSAGES.cancelled;
  else if (plan && used > plan.maxBarbers) notice = BILLING_MESSAGES.overLimit(used, plan.name, plan.maxBarbers);
  return {
    mode: 'stripe',
    plan: row.plan,
    status: row.status === 'trialing' && left === null ? 'expired' : row.status,
    trialEndsAt: row.trial_ends_at?.toISOString() ?? null,
    trialDaysLeft: left,
    barbersUsed: used,
    maxBarbers,
    customDomain: active && row.plan === 'premium',
    whiteLabel: active && row.plan === 'premium',
    bookingsPaused: !active,
    notice,
  };
}

const paymentRequired = (message: string) => new HttpError(402, 'plan_limit', message);

export type { BillingGate } from './billing-gate';

export function createBillingGate(deps: BillingDeps): BillingGate {
  const mode = billingMode(deps.config);
  const on = mode === 'stripe';
  return {
    mode,
    async assertCanAddBarber(manager, shopId) {
      if (!on) return;
      // The shop row is locked before counting (the caller's transaction holds it until commit): parallel additions
      // queue here, and each counts the ones committed before it, so 8 at once on Basic make 2, not 3 (issue 23).
      await manager.query('SELECT 1 FROM "shops" WHERE "id" = $1 FOR UPDATE', [shopId]);
      const state = await shopBilling(deps, shopId, manager);
      if (state.bookingsPaused) throw paymentRequired(BILLING_MESSAGES.inactiveLimit);
      const plan = planById(state.plan);
      if (plan && state.barbersUsed >= plan.maxBarbers) {
        throw paymentRequired(BILLING_MESSAGES.barberLimit(plan.name, plan.maxBarbers));
      }
    },
    async assertFeature(manager, shopId, feature) {
      if (!on) return;
      const state = await shopBilling(deps, shopId, manager);
      if (!state[feature]) {
        throw paymentRequired(
          BILLING_MESSAGES.premiumOnly(feature === 'customDomain' ? 'A custom domain' : 'White-label'),
        );
      }
    },
    async assertTakingBookings(manager, shopId) {
      if (!on) return;
      const state = await shopBilling(deps, shopId, manager);
      if (state.bookingsPaused) throw new HttpError(403, 'bookings_paused', BILLING_MESSAGES.bookingsPaused);
    },
    async publicFlags(manager, shopId) {
      if (!on) return { whiteLabel: true, bookingsPaused: false };
      const state = await shopBilling(deps, shopId, manager);
      return { whiteLabel: state.whiteLabel, bookingsPaused: state.bookingsPaused };
    },
    async startTrial(manager, shopId) {
      if (on) await rowOf(deps, manager, shopId);
    },
  };
}

// --- Stripe -----------------------------------------------------------------------------------------------------

function requireStripe(deps: BillingDeps): Stripe {
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

/**
 * The nightly reconcile: every shop with a subscription is read back from Stripe (drift from a lost webhook is
 * corrected), and shops whose trial just ended are announced to the storefront (its page shows the paused note).
 */
export async function reconcileBilling(deps: BillingDeps): Promise<{ synced: number; trialsEnded: number }> {
  if (billingMode(deps.config) !== 'stripe') return { synced: 0, trialsEnded: 0 };
  const rows = (await deps.dataSource.query(
    `SELECT "stripe_subscription_id" FROM "shop_billing" WHERE "stripe_subscription_id" IS NOT NULL`,
  )) as Array<{ stripe_subscription_id: string }>;
  let synced = 0;
  for (const row of rows) {
    try {
      await syncSubscription(deps, row.stripe_subscription_id, Math.floor(deps.now().getTime() / 1000));
      synced++;
    } catch (err) {
      deps.logger.warn({ err, subscription: row.stripe_subscription_id }, 'billing: reconcile failed for one shop');
    }
  }
  return { synced, trialsEnded: await announceEndedTrials(deps) };
}

/** Trials that ended since the last look: marked expired, and the storefront told (the page's paused note). */
export async function announceEndedTrials(deps: BillingDeps): Promise<number> {
  const ended = (await deps.dataSource.query(
    `UPDATE "shop_billing" SET "status" = 'expired', "updated_at" = now()
      WHERE "status" = 'trialing' AND "trial_ends_at" <= $1 RETURNING "shop_id"`,
    [deps.now()],
  )) as [Array<{ shop_id: string }>, number];
  for (const { shop_id } of ended[0]) {
    const event = await deps.dataSource.transaction((manager) => bumpShopVersion(manager, shop_id));
    await deps.events?.shopChanged(event);
  }
  return ended[0].length;
}

// --- the operator (their console's shop list and trial extensions: operator-shops.ts) ----------------------------

export function isOperator(config: Pick<Config, 'ADMIN_EMAILS'>, email: string): boolean {
  return config.ADMIN_EMAILS.includes(email.trim().toLowerCase());
}

/**
 * The schedule: every hour, shops whose trial just ended are announced (their public page shows the paused note);
 * once a day, every subscription is read back from Stripe. Returns a stop function.
 */
export function startBillingSchedule(deps: BillingDeps): () => void {
  if (billingMode(deps.config) !== 'stripe') return () => undefined;
  let lastFullSync = 0;
  const tick = async () => {
    const full = deps.now().getTime() - lastFullSync >= 86_400_000;
    try {
      if (full) {
        const result = await reconcileBilling(deps);
        lastFullSync = deps.now().getTime();
        deps.logger.info(result, 'billing: reconciled with Stripe');
      } else {
        await announceEndedTrials(deps);
      }
    } catch (err) {
      deps.logger.warn({ err }, 'billing: scheduled reconcile failed');
    }
  };
  const first = setTimeout(() => void tick(), 60_000);
  const timer = setInterval(() => void tick(), 3_600_000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
