import type { PaymentAnalytics } from '@barberly/common';
import type { EntityManager } from 'typeorm';

/**
 * What analytics adds from payments (issue 27 item 6): money collected in the period (and the previous one) beside
 * the booked revenue, and the no-show rate before and after the shop first asked for money or a card at booking.
 * "Collected" is every payment taken (deposits, prepayments, checkouts with their tips, fees), less refunds, on the
 * local days it was taken, in the shop's currency. The policy's start is the earliest of its current money-taking
 * policies (shop or service); the rates compare the 90 days before it with the time since (started visits only).
 */
export async function loadPaymentAnalytics(
  manager: EntityManager,
  scope: {
    shopId: string;
    timeZone: string;
    currency: string;
    current: { from: string; to: string };
    prior: { from: string; to: string };
  },
  now: Date,
): Promise<PaymentAnalytics> {
  const [collected] = (await manager.query(
    `SELECT
       coalesce(sum(p."amount" + p."tip_amount" - p."refunded_amount")
         FILTER (WHERE (p."created_at" AT TIME ZONE $2)::date BETWEEN $3::date AND $4::date), 0)::float8 AS "current",
       coalesce(sum(p."tip_amount")
         FILTER (WHERE (p."created_at" AT TIME ZONE $2)::date BETWEEN $3::date AND $4::date), 0)::float8 AS "tips",
       coalesce(sum(p."amount" + p."tip_amount" - p."refunded_amount")
         FILTER (WHERE (p."created_at" AT TIME ZONE $2)::date BETWEEN $5::date AND $6::date), 0)::float8 AS "prior"
     FROM "appointment_payments" p
     WHERE p."shop_id" = $1 AND p."currency" = $7 AND p."status" IN ('succeeded', 'partially_refunded', 'refunded')`,
    [
      scope.shopId,
      scope.timeZone,
      scope.current.from,
      scope.current.to,
      scope.prior.from,
      scope.prior.to,
      scope.currency,
    ],
  )) as Array<{ current: number; tips: number; prior: number }>;
  const [policy] = (await manager.query(
    `SELECT min("updated_at") AS "since" FROM "payment_policies" WHERE "shop_id" = $1 AND "mode" <> 'none'`,
    [scope.shopId],
  )) as Array<{ since: Date | null }>;
  const since = policy?.since ? new Date(policy.since) : null;
  let noShowRate: PaymentAnalytics['noShowRate'] = { policySince: null, before: null, after: null };
  if (since) {
    const [rates] = (await manager.query(
      `SELECT
         count(*) FILTER (WHERE "starts_at" < $2 AND "status" = 'no_show')::int AS "before_no_shows",
         count(*) FILTER (WHERE "starts_at" < $2)::int AS "before_started",
         count(*) FILTER (WHERE "starts_at" >= $2 AND "status" = 'no_show')::int AS "after_no_shows",
         count(*) FILTER (WHERE "starts_at" >= $2)::int AS "after_started"
       FROM "appointments"
       WHERE "shop_id" = $1 AND "status" IN ('completed', 'no_show')
         AND "starts_at" >= $2::timestamptz - interval '90 days' AND "starts_at" < $3`,
      [scope.shopId, since, now],
    )) as Array<{ before_no_shows: number; before_started: number; after_no_shows: number; after_started: number }>;
    const rate = (n: number, d: number) => (d === 0 ? null : Math.round((n / d) * 1000) / 1000);
    noShowRate = {
      policySince: since.toISOString(),
      before: rate(rates?.before_no_shows ?? 0, rates?.before_started ?? 0),
      after: rate(rates?.after_no_shows ?? 0, rates?.after_started ?? 0),
    };
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    collected: round(collected?.current ?? 0),
    collectedTips: round(collected?.tips ?? 0),
    priorCollected: round(collected?.prior ?? 0),
    noShowRate,
  };
}
