import { localDateOf, PAYMENT_MESSAGES, type PaymentReturnState } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { HttpError } from '../../platform/http/errors';
import type { AppointmentEntity } from '../appointments/appointment.entity';
import { bookVisit } from '../appointments/lifecycle';
import { hashManageToken, isWellFormedToken } from '../appointments/manage-token';
import { loadVisitServices, placeVisit } from '../appointments/visit';
import { BarberEntity } from '../barbers/barber.entity';
import { manageUrlOf } from '../mail/booking-mails';
import { ShopEntity } from '../shops/shop.entity';
import { enqueueWaitlistCheck } from '../waitlist/waitlist-queue';
import type { CheckoutDeps, CheckoutRow } from './checkout.service';
import { refundPayment } from './payment-refund';

/**
 * How a payment at booking ends (decision 0184): Stripe's signed event confirms the checkout and books the visit
 * once (or refunds a payment that came after the time went), the client leaving Checkout releases the hold, and the
 * return page says where things stand until then.
 */

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
