import {
  BILLING_MESSAGES,
  type BillingStatus,
  type PlanId,
  planById,
  type ShopBilling,
  TRIAL_DAYS,
} from '@barberly/common';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../config';
import type { ShopEvents } from '../../platform/events/shop-events';
import { HttpError } from '../../platform/http/errors';
import { BarberEntity } from '../barbers/barber.entity';
import type { BillingGate } from './billing-gate';

/**
 * Plans, trial and billing (issue 17, decision 0110). With BILLING=off (the default) every feature is on and nothing
 * here is enforced. With BILLING=stripe a shop starts a 14-day Premium trial without a card; its plan's limits are
 * enforced here, for every route that adds a barber, takes an online booking or uses a Premium feature. Stripe's side
 * (Checkout, the portal, the webhook, subscriptions) is in billing-stripe.service.ts, the hourly and nightly upkeep in
 * billing-schedule.ts.
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

// --- the operator (their console's shop list and trial extensions: operator-shops.ts) ----------------------------

export function isOperator(config: Pick<Config, 'ADMIN_EMAILS'>, email: string): boolean {
  return config.ADMIN_EMAILS.includes(email.trim().toLowerCase());
}
