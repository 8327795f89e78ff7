import { OPERATOR_MESSAGES, planById } from '@barberly/common';
import { HttpError, notFound } from '../../platform/http/errors';
import { bumpShopVersion, findShopById, SHOP_NOT_FOUND } from '../shops/shop-access';
import { type BillingDeps, type BillingRow, rowOf } from './billing.service';

/**
 * The operator console's shops (issue 17, decision 0110): every shop with its plan and trial, and extending a trial
 * (audited). Split from billing.service.ts, which keeps the shop's own plan, Stripe and the schedule.
 */

export async function operatorShops(deps: BillingDeps) {
  const rows = (await deps.dataSource.query(
    `SELECT s."id", s."name", s."slug", b."plan", b."status", b."trial_ends_at",
            (SELECT count(*)::int FROM "barbers" br WHERE br."shop_id" = s."id") AS "barbers"
       FROM "shops" s LEFT JOIN "shop_billing" b ON b."shop_id" = s."id"
      ORDER BY s."created_at" DESC LIMIT 500`,
  )) as Array<{
    id: string;
    name: string;
    slug: string;
    plan: string | null;
    status: string | null;
    trial_ends_at: Date | null;
    barbers: number;
  }>;
  const now = deps.now().getTime();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    plan: r.plan,
    status: r.status === 'trialing' && r.trial_ends_at && r.trial_ends_at.getTime() <= now ? 'expired' : r.status,
    trialEndsAt: r.trial_ends_at?.toISOString() ?? null,
    barbersUsed: r.barbers,
    maxBarbers: planById(r.plan)?.maxBarbers ?? null,
  }));
}

/**
 * Extends (or restarts) a shop's trial by `days` from the later of now and its current end, but never past
 * OPERATOR_MESSAGES.trialCapDays from today however often it is extended. Written to `operator_audit` (who, which
 * shop, when, the trial before and after) in the same transaction.
 */
export async function extendTrial(
  deps: BillingDeps,
  shopId: string,
  days: number,
  operator: { id: string; email: string },
): Promise<void> {
  if (!(await findShopById(deps.dataSource.manager, shopId))) throw notFound(SHOP_NOT_FOUND);
  const event = await deps.dataSource.transaction(async (manager) => {
    const row = await rowOf(deps, manager, shopId);
    if (row.stripe_subscription_id && row.status === 'active') {
      throw new HttpError(409, 'conflict', 'This shop already pays for a plan.');
    }
    const now = deps.now().getTime();
    const from = Math.max(now, row.trial_ends_at?.getTime() ?? 0);
    const until = new Date(Math.min(from + days * 86_400_000, now + OPERATOR_MESSAGES.trialCapDays * 86_400_000));
    const [updated] = (await manager.query(
      `UPDATE "shop_billing" SET "status" = 'trialing', "plan" = 'premium', "trial_ends_at" = $2,
              "updated_at" = now() WHERE "shop_id" = $1 RETURNING "status", "plan", "trial_ends_at"`,
      [shopId, until],
    )) as [BillingRow[], number];
    const state = (r: Pick<BillingRow, 'status' | 'plan' | 'trial_ends_at'>) => ({
      status: r.status,
      plan: r.plan,
      trialEndsAt: r.trial_ends_at?.toISOString() ?? null,
    });
    await manager.query(
      `INSERT INTO "operator_audit" ("operator_user_id", "operator_email", "action", "shop_id", "before", "after", "at")
       VALUES ($1, $2, 'extend_trial', $3, $4, $5, $6)`,
      [
        operator.id,
        operator.email.trim().toLowerCase(),
        shopId,
        JSON.stringify({ ...state(row), days }),
        JSON.stringify(state(updated[0] as BillingRow)),
        new Date(now),
      ],
    );
    return bumpShopVersion(manager, shopId);
  });
  await deps.events?.shopChanged(event);
}
