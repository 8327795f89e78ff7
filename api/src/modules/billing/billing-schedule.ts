import { bumpShopVersion } from '../shops/shop-access';
import { type BillingDeps, billingMode } from './billing.service';
import { syncSubscription } from './billing-stripe.service';

/** Billing's upkeep (issue 17): trials that ended announced every hour, subscriptions read back from Stripe nightly. */

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
