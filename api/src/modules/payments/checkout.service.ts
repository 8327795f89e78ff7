import { createHash } from 'node:crypto';
import {
  amountDueAtBooking,
  BookingRequestSchema,
  type PaymentPolicy,
  type PendingPaymentBooking,
  paymentPolicyText,
  VISIT_LIMITS,
} from '@barberly/common';
import type Stripe from 'stripe';
import { QueryFailedError } from 'typeorm';
import { badRequest, HttpError, parseInput } from '../../platform/http/errors';
import { candidateBarbers, reminderChoice, visitServiceIds } from '../appointments/booking.service';
import { claimIdempotencyKey } from '../appointments/booking-maintenance';
import { hashManageToken, newManageToken } from '../appointments/manage-token';
import { loadVisitServices, placeVisit } from '../appointments/visit';
import type { BillingGate } from '../billing/billing.service';
import { linkClient } from '../clients/client-matching';
import { manageUrlOf } from '../mail/booking-mails';
import { shopCountry } from '../messaging/texts';
import type { TextProvider } from '../messaging/twilio';
import type { ShopEntity } from '../shops/shop.entity';
import { loadVisibleShop } from '../shops/shop-access';
import { lockBarber, rangeIsFree } from '../waitlist/holds';
import { enqueueHoldExpiry } from '../waitlist/waitlist-queue';
import { policyForVisit, readyAccount } from './payments.service';
import { applicationFee, type PaymentsDeps, toMinor } from './payments-stripe';

/**
 * Payment at booking (issue 27 item 3, decision 0184): when the visit's policy asks for money or a card and the shop
 * can take it, the booking ends in Stripe Checkout on the shop's account while a slot hold (waitlist's holds) keeps
 * the time for 15 minutes. The appointment is made once, by whichever of Stripe's signed events comes first
 * (checkout-completion.service.ts).
 */

export interface CheckoutDeps extends PaymentsDeps {
  textProvider?: Pick<TextProvider, 'ready'>;
  billing?: BillingGate;
}

export interface CheckoutRow {
  id: string;
  shop_id: string;
  hold_id: string | null;
  client_id: string | null;
  barber_id: string;
  service_ids: string[];
  starts_at: Date;
  reminders: Record<string, unknown>;
  stripe_account_id: string;
  checkout_session_id: string | null;
  mode: 'payment' | 'setup';
  kind: 'deposit' | 'prepay' | 'card_on_file';
  amount: string;
  currency: string;
  policy: PaymentPolicy;
  policy_text: string;
  manage_token_hash: string;
  manage_token: string | null;
  status: 'open' | 'completed' | 'expired' | 'refunded';
  appointment_id: string | null;
}

/** placeVisit tries the next barber on an overlap: a range someone holds or has booked counts as one. */
const overlap = () =>
  new QueryFailedError('slot_holds', [], Object.assign(new Error('the range is taken'), { code: '23P01' }));

/**
 * POST /api/shops/{slug}/appointments when the policy takes money: null when it does not (no policy, no key, the
 * shop not connected), so the booking goes on as before. Otherwise the slot is held and Checkout opened.
 */
export async function bookWithPayment(
  deps: CheckoutDeps,
  slugOrId: string,
  body: unknown,
  /** The booking form's Idempotency-Key: a retry of the same attempt gets the same Checkout, not a 409. */
  idempotencyKey?: string,
): Promise<PendingPaymentBooking | null> {
  const input = parseInput(BookingRequestSchema, body);
  const manager = deps.dataSource.manager;
  const shop = await loadVisibleShop(manager, slugOrId, undefined);
  const ready = await readyAccount(deps, manager, shop.id);
  if (!ready) return null;
  const serviceIds = visitServiceIds(input);
  const policy = await policyForVisit(manager, shop.id, serviceIds);
  if (policy.mode === 'none') return null;
  if (input.repeat) {
    throw badRequest('A repeating booking cannot be paid online yet: book one visit, or call the shop.', {
      repeat: 'Not with a payment at booking.',
    });
  }
  await deps.billing?.assertTakingBookings(manager, shop.id);
  await deps.mailQueue.ready();
  const now = deps.now();
  const token = newManageToken();

  const key = idempotencyKey && /^[\x21-\x7e]{1,200}$/.test(idempotencyKey) ? idempotencyKey : null;
  const hash = createHash('sha256')
    .update(JSON.stringify({ ...input, start: input.start.toISOString() }))
    .digest('hex');
  const held = await deps.dataSource.transaction(async (tx) => {
    if (key) {
      const replay = await claimIdempotencyKey<PendingPaymentBooking>(
        tx,
        shop.id,
        key,
        hash,
        (response): response is PendingPaymentBooking => response?.status === 'pending_payment',
      );
      if (replay) return { kind: 'replay' as const, response: replay };
    }
    const fresh = await loadVisibleShop(tx, shop.id, undefined);
    const services = await loadVisitServices(tx, fresh, serviceIds);
    const candidates = await candidateBarbers(tx, fresh, input.barberId, input.start);
    const reminders = reminderChoice(deps, fresh, input);
    const country = shopCountry(fresh, deps.config.DEFAULT_PHONE_COUNTRY ?? 'US');
    const clientId = await linkClient(tx, fresh.id, { ...input.client, phoneE164: reminders.clientPhoneE164 }, country);
    const expiresAt = new Date(now.getTime() + VISIT_LIMITS.holdMinutes * 60_000);
    const {
      result: holdId,
      visit,
      barber,
    } = await placeVisit(
      tx,
      { shop: fresh, services, candidates, start: input.start, now, barberNamed: input.barberId !== 'any' },
      async (candidate, _visit, end) => {
        const blockedUntil = new Date(end.getTime() + _visit.bufferMinutes * 60_000);
        await lockBarber(tx, candidate.id);
        if (!(await rangeIsFree(tx, candidate.id, { start: input.start, end: blockedUntil }, now))) throw overlap();
        const [row] = (await tx.query(
          `INSERT INTO "slot_holds" ("shop_id", "barber_id", "service_ids", "starts_at", "ends_at", "expires_at",
             "token_hash", "created_at")
           VALUES ($1, $2, $3::uuid[], $4, $5, $6, $7, $8) RETURNING "id"`,
          [
            fresh.id,
            candidate.id,
            serviceIds,
            input.start,
            blockedUntil,
            expiresAt,
            hashManageToken(newManageToken().token),
            now,
          ],
        )) as Array<{ id: string }>;
        return row!.id;
      },
    );
    await enqueueHoldExpiry(tx, deps.mailQueue, holdId, expiresAt, now);
    const money = { currency: fresh.currency, locale: fresh.locale };
    const amount = amountDueAtBooking(policy, visit.price);
    const policyText = paymentPolicyText(policy, visit.price, money);
    const mode = policy.mode === 'card_on_file' || amount <= 0 ? 'setup' : 'payment';
    const { reminderChannel, reminderConsentAt, reminderConsentText } = reminders as {
      reminderChannel: string;
      reminderConsentAt?: Date;
      reminderConsentText?: string;
    };
    const [checkout] = (await tx.query(
      `INSERT INTO "payment_checkouts" ("shop_id", "hold_id", "client_id", "barber_id", "service_ids", "starts_at",
         "reminders", "stripe_account_id", "mode", "kind", "amount", "currency", "policy", "policy_text",
         "manage_token_hash", "manage_token", "created_at")
       VALUES ($1, $2, $3, $4, $5::uuid[], $6, $7::jsonb, $8, $9, $10, $11, $12, $13::jsonb, $14, $15, $16, $17)
       RETURNING "id"`,
      [
        fresh.id,
        holdId,
        clientId,
        barber.id,
        serviceIds,
        input.start,
        JSON.stringify({
          channel: reminderChannel,
          consentAt: reminderConsentAt ?? null,
          consentText: reminderConsentText ?? null,
        }),
        ready.accountId,
        mode,
        policy.mode === 'prepay' ? 'prepay' : policy.mode === 'deposit' ? 'deposit' : 'card_on_file',
        amount,
        fresh.currency,
        JSON.stringify(policy),
        policyText,
        token.hash,
        token.token,
        now,
      ],
    )) as Array<{ id: string }>;
    return {
      kind: 'held' as const,
      checkoutId: checkout!.id,
      holdId,
      expiresAt,
      amount,
      mode,
      policyText,
      shop: fresh,
      visit,
      email: input.client.email,
    };
  });

  if (held.kind === 'replay') return held.response;
  // Stripe is called after the hold commits: no lock waits on the network.
  try {
    const stripeAccount = ready.accountId;
    const customer = await ready.stripe.customers.create(
      { email: held.email.toLowerCase(), metadata: { shopId: shop.id } },
      { stripeAccount, idempotencyKey: `customer-${held.checkoutId}` },
    );
    const returnUrl = (state: string) =>
      `${shopPageUrlOf(deps, held.shop, `payment/${encodeURIComponent(token.token)}`)}?${state}`;
    const metadata = { checkoutId: held.checkoutId, shopId: shop.id };
    const currency = held.shop.currency.toLowerCase();
    const params: Stripe.Checkout.SessionCreateParams =
      held.mode === 'payment'
        ? {
            mode: 'payment',
            customer: customer.id,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency,
                  unit_amount: toMinor(held.amount, held.shop.currency),
                  product_data: {
                    name: `${held.visit.name} at ${held.shop.name}`,
                    description: held.policyText.slice(0, 500),
                  },
                },
              },
            ],
            payment_intent_data: {
              setup_future_usage: 'off_session',
              metadata,
              ...(applicationFee(deps.config, toMinor(held.amount, held.shop.currency)) > 0
                ? { application_fee_amount: applicationFee(deps.config, toMinor(held.amount, held.shop.currency)) }
                : {}),
            },
            metadata,
            success_url: returnUrl('session_id={CHECKOUT_SESSION_ID}'),
            cancel_url: returnUrl('cancelled=1'),
            expires_at: Math.floor(now.getTime() / 1000) + 30 * 60,
          }
        : {
            mode: 'setup',
            customer: customer.id,
            currency,
            setup_intent_data: { metadata },
            metadata,
            success_url: returnUrl('session_id={CHECKOUT_SESSION_ID}'),
            cancel_url: returnUrl('cancelled=1'),
            expires_at: Math.floor(now.getTime() / 1000) + 30 * 60,
          };
    const session = await ready.stripe.checkout.sessions.create(params, {
      stripeAccount,
      idempotencyKey: `checkout-${held.checkoutId}`,
    });
    if (!session.url) throw new Error('Stripe gave no Checkout address');
    await deps.dataSource.query(`UPDATE "payment_checkouts" SET "checkout_session_id" = $2 WHERE "id" = $1`, [
      held.checkoutId,
      session.id,
    ]);
    const pending: PendingPaymentBooking = {
      status: 'pending_payment',
      checkoutUrl: session.url,
      holdExpiresAt: held.expiresAt.toISOString(),
      policyText: held.policyText,
    };
    if (key) {
      await deps.dataSource.query(
        `UPDATE "booking_idempotency_keys" SET "response" = $3::jsonb WHERE "shop_id" = $1 AND "key" = $2`,
        [shop.id, key, JSON.stringify(pending)],
      );
    }
    return pending;
  } catch (err) {
    deps.logger.error({ err, checkoutId: held.checkoutId }, 'payments: opening Checkout failed');
    await deps.dataSource.transaction(async (tx) => {
      await tx.query(`UPDATE "payment_checkouts" SET "status" = 'expired', "manage_token" = NULL WHERE "id" = $1`, [
        held.checkoutId,
      ]);
      await tx.query(`UPDATE "slot_holds" SET "status" = 'released' WHERE "id" = $1 AND "status" = 'active'`, [
        held.holdId,
      ]);
    });
    throw new HttpError(502, 'stripe_error', 'The payment page could not be opened. Please try again in a moment.');
  }
}

function shopPageUrlOf(deps: PaymentsDeps, shop: ShopEntity, path: string): string {
  // The manage page's address, with its last segment swapped: the same origin and shop rules (custom domains).
  return manageUrlOf(deps.config.PUBLIC_ORIGIN, shop, 'x').replace(/appointments\/x$/, path);
}
