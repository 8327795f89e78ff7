import { createHash } from 'node:crypto';
import {
  amountDueAtBooking,
  BookingRequestSchema,
  localDateOf,
  PAYMENT_MESSAGES,
  type PaymentPolicy,
  type PaymentReturnState,
  type PendingPaymentBooking,
  paymentPolicyText,
  VISIT_LIMITS,
} from '@barberly/common';
import type Stripe from 'stripe';
import { type EntityManager, QueryFailedError } from 'typeorm';
import { badRequest, HttpError, parseInput } from '../../platform/http/errors';
import type { AppointmentEntity } from '../appointments/appointment.entity';
import { candidateBarbers, reminderChoice, visitServiceIds } from '../appointments/booking.service';
import { claimIdempotencyKey } from '../appointments/booking-maintenance';
import { bookVisit } from '../appointments/lifecycle';
import { hashManageToken, isWellFormedToken, newManageToken } from '../appointments/manage-token';
import { loadVisitServices, placeVisit } from '../appointments/visit';
import { BarberEntity } from '../barbers/barber.entity';
import type { BillingGate } from '../billing/billing.service';
import { linkClient } from '../clients/client-matching';
import { manageUrlOf } from '../mail/booking-mails';
import { shopCountry } from '../messaging/texts';
import type { TextProvider } from '../messaging/twilio';
import { ShopEntity } from '../shops/shop.entity';
import { loadVisibleShop } from '../shops/shop-access';
import { lockBarber, rangeIsFree } from '../waitlist/holds';
import { enqueueHoldExpiry, enqueueWaitlistCheck } from '../waitlist/waitlist-queue';
import { refundPayment } from './payment-followups';
import { policyForVisit, readyAccount } from './payments.service';
import { applicationFee, type PaymentsDeps, toMinor } from './payments-stripe';

/**
 * Payment at booking (issue 27 item 3, decision 0184): when the visit's policy asks for money or a card and the shop
 * can take it, the booking ends in Stripe Checkout on the shop's account while a slot hold (waitlist's holds) keeps
 * the time for 15 minutes. The appointment is made once, by whichever of Stripe's signed events comes first.
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

/** What a Stripe event says of a checkout. */
export interface CheckoutFacts {
  checkoutId: string;
  customerId?: string | null;
  paymentIntentId?: string | null;
  paymentMethodId?: string | null;
  chargeId?: string | null;
  /** True when the event itself says the money (or the card) is in. */
  paid: boolean;
}

/**
 * Confirms a checkout once: the row is locked, so of two events at once one books and the other waits, then only
 * fills in ids. A payment after the hold lapsed still books if the time is free; else it is refunded in full.
 */
export async function confirmCheckout(deps: CheckoutDeps, facts: CheckoutFacts): Promise<void> {
  await deps.mailQueue.ready();
  const refundAfter = await deps.dataSource.transaction(async (tx) => {
    const [row] = (await tx.query(`SELECT * FROM "payment_checkouts" WHERE "id" = $1 FOR UPDATE`, [
      facts.checkoutId,
    ])) as CheckoutRow[] | [];
    if (!row) return null;
    if (row.status === 'completed' && row.appointment_id) {
      await fillIds(tx, row, facts);
      return null;
    }
    if (row.status !== 'open' || !facts.paid) return null;
    const now = deps.now();
    const shop = await tx.getRepository(ShopEntity).findOneOrFail({ where: { id: row.shop_id } });
    const [hold] = (await tx.query(`SELECT "id", "status", "expires_at" FROM "slot_holds" WHERE "id" = $1 FOR UPDATE`, [
      row.hold_id,
    ])) as Array<{ id: string; status: string; expires_at: Date }>;
    const holdLive = hold?.status === 'active' && hold.expires_at.getTime() > now.getTime();
    const [client] = (await tx.query(`SELECT "name", "email", "phone" FROM "clients" WHERE "id" = $1`, [
      row.client_id,
    ])) as Array<{ name: string; email: string | null; phone: string | null }>;
    const reminders = row.reminders as { channel?: string; consentAt?: string | null; consentText?: string | null };
    let placed: Awaited<ReturnType<typeof placeVisit<AppointmentEntity>>> | null = null;
    try {
      await tx.query('SAVEPOINT confirm_checkout');
      const services = await loadVisitServices(tx, shop, row.service_ids);
      const barber = await tx.getRepository(BarberEntity).findOneOrFail({ where: { id: row.barber_id } });
      placed = await placeVisit(
        tx,
        {
          shop,
          services,
          candidates: [barber],
          start: row.starts_at,
          now,
          ignoreNotice: true,
          barberNamed: true,
          ...(holdLive ? { claimingHoldId: row.hold_id! } : {}),
        },
        (candidate, visit, end) =>
          bookVisit(deps, tx, {
            shop,
            visit,
            actor: { kind: 'client', id: row.client_id },
            via: 'online',
            manageToken: row.manage_token,
            fields: {
              shopId: shop.id,
              barberId: candidate.id,
              currency: shop.currency,
              startsAt: row.starts_at,
              endsAt: end,
              status: 'confirmed',
              source: 'online',
              clientName: client?.name ?? '',
              clientEmail: (client?.email ?? '').toLowerCase(),
              clientPhone: client?.phone ?? '',
              clientId: row.client_id,
              note: '',
              manageTokenHash: row.manage_token_hash,
              version: 1,
              reminderChannel: (reminders.channel as 'email') ?? 'email',
              reminderConsentAt: reminders.consentAt ? new Date(reminders.consentAt) : null,
              reminderConsentText: reminders.consentText ?? null,
              clientPhoneE164: client?.phone ?? null,
            },
          }),
      );
      await tx.query('RELEASE SAVEPOINT confirm_checkout');
    } catch (err) {
      await tx.query('ROLLBACK TO SAVEPOINT confirm_checkout');
      if (!(err instanceof HttpError)) throw err;
      deps.logger.warn({ checkoutId: row.id, code: err.code }, 'payments: paid after the slot went; refunding');
    }
    if (hold && hold.status === 'active') {
      await tx.query(`UPDATE "slot_holds" SET "status" = $2, "appointment_id" = $3 WHERE "id" = $1`, [
        hold.id,
        placed ? 'claimed' : 'expired',
        placed?.result.id ?? null,
      ]);
    }
    if (!placed) {
      await tx.query(
        `UPDATE "payment_checkouts" SET "status" = 'refunded', "manage_token" = NULL, "completed_at" = $2 WHERE "id" = $1`,
        [row.id, now],
      );
      if (row.mode !== 'payment') return null;
      const paymentId = await insertBookingPayment(tx, row, null, facts);
      return paymentId;
    }
    const appointment = placed.result;
    await tx.query(
      `UPDATE "payment_checkouts" SET "status" = 'completed', "appointment_id" = $2, "manage_token" = NULL,
         "completed_at" = $3 WHERE "id" = $1`,
      [row.id, appointment.id, now],
    );
    await tx.query(
      `INSERT INTO "appointment_payment_terms" ("appointment_id", "shop_id", "checkout_id", "policy", "policy_text",
         "accepted_at", "stripe_account_id", "stripe_customer_id", "stripe_payment_method_id")
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9)`,
      [
        appointment.id,
        shop.id,
        row.id,
        JSON.stringify(row.policy),
        row.policy_text,
        // The client accepted the wording when they went on to pay: the checkout's creation.
        (row as unknown as { created_at: Date }).created_at,
        row.stripe_account_id,
        facts.customerId ?? null,
        facts.paymentMethodId ?? null,
      ],
    );
    if (row.mode === 'payment') await insertBookingPayment(tx, row, appointment.id, facts);
    // The confirmation, the owner's notice and the reminders follow the 'booked' event (mail listener, issue 24).
    return null;
  });
  if (refundAfter) {
    await refundPayment(deps, refundAfter, null, PAYMENT_MESSAGES.paidTooLate, null);
  }
}

async function insertBookingPayment(
  tx: EntityManager,
  row: CheckoutRow,
  appointmentId: string | null,
  facts: CheckoutFacts,
): Promise<string> {
  const [payment] = (await tx.query(
    `INSERT INTO "appointment_payments" ("shop_id", "appointment_id", "checkout_id", "barber_id", "kind", "method",
       "status", "amount", "currency", "stripe_account_id", "stripe_payment_intent_id", "stripe_charge_id")
     VALUES ($1, $2, $3, $4, $5, 'card', 'succeeded', $6, $7, $8, $9, $10)
     ON CONFLICT ("stripe_payment_intent_id") DO UPDATE SET "appointment_id" = COALESCE("appointment_payments"."appointment_id", EXCLUDED."appointment_id")
     RETURNING "id"`,
    [
      row.shop_id,
      appointmentId,
      row.id,
      row.barber_id,
      row.kind === 'prepay' ? 'prepay' : 'deposit',
      row.amount,
      row.currency,
      row.stripe_account_id,
      facts.paymentIntentId ?? null,
      facts.chargeId ?? null,
    ],
  )) as Array<{ id: string }>;
  return payment!.id;
}

/** A later event of a confirmed checkout: the ids the first one lacked (the saved card, the intent). */
async function fillIds(tx: EntityManager, row: CheckoutRow, facts: CheckoutFacts) {
  await tx.query(
    `UPDATE "appointment_payment_terms" SET "stripe_customer_id" = COALESCE("stripe_customer_id", $2),
       "stripe_payment_method_id" = COALESCE("stripe_payment_method_id", $3) WHERE "appointment_id" = $1`,
    [row.appointment_id, facts.customerId ?? null, facts.paymentMethodId ?? null],
  );
  if (facts.paymentIntentId) {
    await tx.query(
      `UPDATE "appointment_payments" SET "stripe_payment_intent_id" = $2,
         "stripe_charge_id" = COALESCE("stripe_charge_id", $3), "updated_at" = now()
       WHERE "checkout_id" = $1 AND ("stripe_payment_intent_id" IS NULL OR "stripe_payment_intent_id" = $2)`,
      [row.id, facts.paymentIntentId, facts.chargeId ?? null],
    );
  }
}

/** checkout.session.expired: the client left Checkout; the hold goes, nothing is booked or charged. */
export async function expireCheckout(deps: CheckoutDeps, checkoutId: string): Promise<void> {
  await deps.mailQueue.ready();
  await deps.dataSource.transaction(async (tx) => {
    const [row] = (await tx.query(`SELECT * FROM "payment_checkouts" WHERE "id" = $1 FOR UPDATE`, [checkoutId])) as
      | CheckoutRow[]
      | [];
    if (row?.status !== 'open') return;
    await tx.query(`UPDATE "payment_checkouts" SET "status" = 'expired', "manage_token" = NULL WHERE "id" = $1`, [
      row.id,
    ]);
    const released = (await tx.query(
      `UPDATE "slot_holds" SET "status" = 'released' WHERE "id" = $1 AND "status" = 'active' RETURNING "starts_at"`,
      [row.hold_id],
    )) as [unknown[], number];
    if (released[1] > 0) {
      const shop = await tx.getRepository(ShopEntity).findOneOrFail({ where: { id: row.shop_id } });
      await enqueueWaitlistCheck(tx, deps.mailQueue, shop.id, localDateOf(row.starts_at, shop.timeZone));
    }
  });
}

/** GET /api/payments/return/{token}: "Confirming your payment…" until the webhook has booked it. */
export async function paymentReturnState(deps: CheckoutDeps, token: string): Promise<PaymentReturnState> {
  const manager = deps.dataSource.manager;
  const notFoundState = () => new HttpError(404, 'not_found', 'We could not find that payment.');
  if (!isWellFormedToken(token)) throw notFoundState();
  const [row] = (await manager.query(
    `SELECT "status", "shop_id", "hold_id", "checkout_session_id", "stripe_account_id", "id" FROM "payment_checkouts"
     WHERE "manage_token_hash" = $1`,
    [hashManageToken(token)],
  )) as Array<Pick<CheckoutRow, 'status' | 'shop_id' | 'hold_id' | 'checkout_session_id' | 'stripe_account_id' | 'id'>>;
  if (!row) throw notFoundState();
  const shop = await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: row.shop_id } });
  if (row.status === 'completed') {
    return {
      status: 'confirmed',
      message: 'Your booking is confirmed.',
      manageUrl: manageUrlOf(deps.config.PUBLIC_ORIGIN, shop, token),
    };
  }
  if (row.status === 'refunded') return { status: 'refunded', message: PAYMENT_MESSAGES.paidTooLate, manageUrl: null };
  if (row.status === 'expired') return { status: 'expired', message: PAYMENT_MESSAGES.paymentExpired, manageUrl: null };
  return { status: 'confirming', message: PAYMENT_MESSAGES.confirming, manageUrl: null };
}
