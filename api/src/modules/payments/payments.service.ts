import {
  DEFAULT_PAYMENT_POLICY,
  formatPrice,
  PAYMENT_MESSAGES,
  type PaymentAccount,
  type PaymentPolicy,
  PaymentPolicySchema,
  type PolicyAmount,
  type ServicePaymentPolicy,
  ServicePaymentPolicySchema,
  type ShopPaymentPolicies,
} from '@barberly/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { badRequest, HttpError, notFound, parseInput } from '../../platform/http/errors';
import { ServiceEntity } from '../services/service.entity';
import type { ShopEntity } from '../shops/shop.entity';
import { isUuid } from '../shops/shop-access';
import { type PaymentsDeps, paymentsStripe } from './payments-stripe';

/** Shops' Stripe accounts and payment policies (issue 27 items 1 and 2, decision 0184). */

export interface AccountRow {
  shop_id: string;
  stripe_account_id: string;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: string[];
}

export async function accountRow(manager: EntityManager, shopId: string): Promise<AccountRow | null> {
  const [row] = (await manager.query(
    `SELECT "shop_id", "stripe_account_id", "details_submitted", "charges_enabled", "payouts_enabled", "requirements"
     FROM "payment_accounts" WHERE "shop_id" = $1`,
    [shopId],
  )) as AccountRow[];
  return row ?? null;
}

/** The account a charge may go to now: a key, a connected account with charges enabled; else null. */
export async function readyAccount(deps: PaymentsDeps, manager: EntityManager, shopId: string) {
  const stripe = paymentsStripe(deps.config);
  if (!stripe) return null;
  const row = await accountRow(manager, shopId);
  return row?.charges_enabled ? { stripe, accountId: row.stripe_account_id } : null;
}

/** Stripe's requirement keys in words an owner reads ('external_account' → 'Bank account'). */
const REQUIREMENT_WORDS: Array<[RegExp, string]> = [
  [/^external_account/, 'Bank account for payouts'],
  [/dob/, 'Date of birth'],
  [/ssn_last_4|id_number/, 'Tax identification number'],
  [/tos_acceptance/, "Acceptance of Stripe's terms"],
  [/business_profile\.url|business_profile\.product_description/, 'Business website or description'],
  [/business_profile\.mcc/, 'Type of business'],
  [/address/, 'Address'],
  [/phone/, 'Phone number'],
  [/email/, 'E-mail address'],
  [/verification\.document/, 'Identity document'],
  [/first_name|last_name/, 'Legal name'],
];

export function requirementWords(keys: string[]): string[] {
  const words = keys.map((k) => REQUIREMENT_WORDS.find(([re]) => re.test(k))?.[1] ?? k.replace(/[._]/g, ' '));
  return [...new Set(words)];
}

function accountStatus(row: AccountRow | null): PaymentAccount['status'] {
  if (!row) return 'not_connected';
  return row.charges_enabled ? 'ready' : 'details_needed';
}

/** Writes what Stripe says of the account (from account.updated or a read). */
export async function saveAccount(manager: EntityManager, account: Stripe.Account): Promise<void> {
  await manager.query(
    `UPDATE "payment_accounts" SET "details_submitted" = $2, "charges_enabled" = $3, "payouts_enabled" = $4,
       "requirements" = $5::varchar[], "updated_at" = now() WHERE "stripe_account_id" = $1`,
    [
      account.id,
      account.details_submitted === true,
      account.charges_enabled === true,
      account.payouts_enabled === true,
      [...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])],
    ],
  );
}

/** GET /api/shops/{shopId}/payments/account: read back from Stripe while details are needed. */
export async function getAccount(deps: PaymentsDeps, shop: ShopEntity): Promise<PaymentAccount> {
  const stripe = paymentsStripe(deps.config);
  let row = await accountRow(deps.dataSource.manager, shop.id);
  if (stripe && row && !row.charges_enabled) {
    try {
      await saveAccount(deps.dataSource.manager, await stripe.accounts.retrieve(row.stripe_account_id));
      row = await accountRow(deps.dataSource.manager, shop.id);
    } catch (err) {
      deps.logger.warn({ err, shopId: shop.id }, 'payments: reading the Stripe account failed');
    }
  }
  const status = accountStatus(row);
  const message = !stripe
    ? PAYMENT_MESSAGES.notConfigured
    : status === 'ready'
      ? PAYMENT_MESSAGES.ready
      : status === 'details_needed'
        ? PAYMENT_MESSAGES.detailsNeeded
        : PAYMENT_MESSAGES.notConnected;
  return {
    status,
    configured: stripe !== null,
    message,
    requirements: requirementWords(row?.requirements ?? []),
    chargesEnabled: row?.charges_enabled ?? false,
    payoutsEnabled: row?.payouts_enabled ?? false,
    applicationFeeBps: deps.config.PAYMENTS_APPLICATION_FEE_BPS ?? 0,
  };
}

/**
 * POST /api/shops/{shopId}/payments/connect: the shop's Express account (made once), and a fresh Account Link
 * to Stripe's onboarding. Back to the dashboard afterwards.
 */
export async function connectAccount(
  deps: PaymentsDeps,
  shop: ShopEntity,
  ownerEmail: string,
): Promise<{ url: string }> {
  const stripe = paymentsStripe(deps.config);
  if (!stripe) throw new HttpError(409, 'payments_off', PAYMENT_MESSAGES.notConfigured);
  let row = await accountRow(deps.dataSource.manager, shop.id);
  if (!row) {
    const account = await stripe.accounts.create(
      {
        type: 'express',
        email: ownerEmail || undefined,
        business_profile: { name: shop.name },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { shopId: shop.id },
      },
      { idempotencyKey: `connect-${shop.id}` },
    );
    await deps.dataSource.query(
      `INSERT INTO "payment_accounts" ("shop_id", "stripe_account_id") VALUES ($1, $2) ON CONFLICT ("shop_id") DO NOTHING`,
      [shop.id, account.id],
    );
    await saveAccount(deps.dataSource.manager, account);
    row = await accountRow(deps.dataSource.manager, shop.id);
  }
  const dashboard = `${new URL(deps.config.PUBLIC_ORIGIN).origin}/dashboard/owner/${encodeURIComponent(shop.slug)}`;
  const link = await stripe.accountLinks.create({
    account: row!.stripe_account_id,
    type: 'account_onboarding',
    refresh_url: `${dashboard}?payments=refresh`,
    return_url: `${dashboard}?payments=connected`,
  });
  return { url: link.url };
}

// Policies.

interface PolicyRow {
  service_id: string | null;
  mode: PaymentPolicy['mode'];
  deposit: PolicyAmount | null;
  cancellation_window_hours: number;
  late_cancel_fee: PolicyAmount | null;
  no_show_fee: PolicyAmount | null;
}

const toPolicy = (row: PolicyRow): PaymentPolicy => ({
  mode: row.mode,
  deposit: row.deposit,
  cancellationWindowHours: row.cancellation_window_hours,
  lateCancelFee: row.late_cancel_fee,
  noShowFee: row.no_show_fee,
});

async function policyRows(manager: EntityManager, shopId: string): Promise<PolicyRow[]> {
  return (await manager.query(
    `SELECT "service_id", "mode", "deposit", "cancellation_window_hours", "late_cancel_fee", "no_show_fee"
     FROM "payment_policies" WHERE "shop_id" = $1`,
    [shopId],
  )) as PolicyRow[];
}

/**
 * The policy of a visit: the first of its services with its own policy, else the shop's. A visit of several
 * services with different policies takes the first one's (the visit's price decides the amounts).
 */
export async function policyForVisit(
  manager: EntityManager,
  shopId: string,
  serviceIds: string[],
): Promise<PaymentPolicy> {
  const rows = await policyRows(manager, shopId);
  for (const id of serviceIds) {
    const own = rows.find((r) => r.service_id === id);
    if (own) return toPolicy(own);
  }
  const shopRow = rows.find((r) => r.service_id === null);
  return shopRow ? toPolicy(shopRow) : DEFAULT_PAYMENT_POLICY;
}

export async function getPolicies(deps: PaymentsDeps, shop: ShopEntity): Promise<ShopPaymentPolicies> {
  const manager = deps.dataSource.manager;
  const rows = await policyRows(manager, shop.id);
  const shopRow = rows.find((r) => r.service_id === null);
  const policy = shopRow ? toPolicy(shopRow) : DEFAULT_PAYMENT_POLICY;
  const services = await manager
    .getRepository(ServiceEntity)
    .find({ where: { shopId: shop.id }, order: { sortOrder: 'ASC', createdAt: 'ASC' } });
  const list: ServicePaymentPolicy[] = services.map((s) => {
    const own = rows.find((r) => r.service_id === s.id);
    return { serviceId: s.id, policy: own ? toPolicy(own) : null, effective: own ? toPolicy(own) : policy };
  });
  return { policy, services: list, canTakeMoney: (await readyAccount(deps, manager, shop.id)) !== null };
}

const takesMoney = (policy: PaymentPolicy) => policy.mode !== 'none' || !!policy.lateCancelFee || !!policy.noShowFee;

async function assertConnected(deps: PaymentsDeps, manager: EntityManager, shopId: string, policy: PaymentPolicy) {
  if (takesMoney(policy) && !(await readyAccount(deps, manager, shopId))) {
    throw new HttpError(409, 'payments_not_connected', PAYMENT_MESSAGES.connectFirst);
  }
}

function normalized(input: ReturnType<typeof PaymentPolicySchema.parse>): PaymentPolicy {
  return {
    mode: input.mode,
    deposit: input.mode === 'deposit' ? (input.deposit ?? null) : null,
    cancellationWindowHours: input.cancellationWindowHours,
    lateCancelFee: input.lateCancelFee ?? null,
    noShowFee: input.noShowFee ?? null,
  };
}

/** A fixed amount above the service's own price is refused (a percentage never is: it is capped at 100). */
function assertWithinPrice(policy: PaymentPolicy, price: number, money: { currency: string; locale: string }) {
  const fields: Record<string, string> = {};
  const message = PAYMENT_MESSAGES.aboveServicePrice(formatPrice(price, money));
  for (const key of ['deposit', 'lateCancelFee', 'noShowFee'] as const) {
    const value = policy[key];
    if (value && 'amount' in value && value.amount > price) fields[key] = message;
  }
  if (Object.keys(fields).length > 0) throw badRequest(message, fields);
}

async function writePolicy(
  manager: EntityManager,
  shopId: string,
  serviceId: string | null,
  policy: PaymentPolicy,
  userId: string,
) {
  const params = [
    shopId,
    serviceId,
    policy.mode,
    policy.deposit ? JSON.stringify(policy.deposit) : null,
    policy.cancellationWindowHours,
    policy.lateCancelFee ? JSON.stringify(policy.lateCancelFee) : null,
    policy.noShowFee ? JSON.stringify(policy.noShowFee) : null,
    userId,
  ];
  const conflict =
    serviceId === null ? `("shop_id") WHERE "service_id" IS NULL` : `("service_id") WHERE "service_id" IS NOT NULL`;
  await manager.query(
    `INSERT INTO "payment_policies" ("shop_id", "service_id", "mode", "deposit", "cancellation_window_hours",
       "late_cancel_fee", "no_show_fee", "updated_by")
     VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb, $7::jsonb, $8)
     ON CONFLICT ${conflict} DO UPDATE SET "mode" = EXCLUDED."mode", "deposit" = EXCLUDED."deposit",
       "cancellation_window_hours" = EXCLUDED."cancellation_window_hours", "late_cancel_fee" = EXCLUDED."late_cancel_fee",
       "no_show_fee" = EXCLUDED."no_show_fee", "updated_by" = EXCLUDED."updated_by", "updated_at" = now()`,
    params,
  );
}

/** PUT /api/shops/{shopId}/payment-policy. */
export async function putShopPolicy(
  deps: PaymentsDeps,
  shop: ShopEntity,
  userId: string,
  body: unknown,
): Promise<ShopPaymentPolicies> {
  const policy = normalized(parseInput(PaymentPolicySchema, body));
  await assertConnected(deps, deps.dataSource.manager, shop.id, policy);
  await writePolicy(deps.dataSource.manager, shop.id, null, policy, userId);
  return getPolicies(deps, shop);
}

/** PUT /api/shops/{shopId}/services/{serviceId}/payment-policy: the service's own, or `{inherit: true}`. */
export async function putServicePolicy(
  deps: PaymentsDeps,
  shop: ShopEntity,
  serviceId: string,
  userId: string,
  body: unknown,
): Promise<ShopPaymentPolicies> {
  const manager = deps.dataSource.manager;
  const service = isUuid(serviceId)
    ? await manager.getRepository(ServiceEntity).findOne({ where: { id: serviceId, shopId: shop.id } })
    : null;
  if (!service) throw notFound('That service is not on this shop.');
  const input = parseInput(ServicePaymentPolicySchema, body);
  if ('inherit' in input) {
    await manager.query(`DELETE FROM "payment_policies" WHERE "service_id" = $1`, [service.id]);
    return getPolicies(deps, shop);
  }
  const policy = normalized(input);
  assertWithinPrice(policy, Number(service.price), shop);
  await assertConnected(deps, manager, shop.id, policy);
  await writePolicy(manager, shop.id, service.id, policy, userId);
  return getPolicies(deps, shop);
}
