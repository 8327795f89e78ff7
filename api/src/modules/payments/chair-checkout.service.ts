import {
  CHAIR_CHECKOUT_MESSAGES,
  type ChairCheckoutLine,
  ChairCheckoutSchema,
  type ChairCheckoutSummary,
  type ChairPayment,
  chairTotals,
  PAYMENT_MESSAGES,
  shopPageUrl,
  TIP_PRESETS,
} from '@barberly/common';
import Stripe from 'stripe';
import { badRequest, HttpError, parseInput } from '../../platform/http/errors';
import type { AppointmentContext } from '../appointments/appointment-view';
import { completeAtCheckout } from '../appointments/lifecycle';
import {
  balancePayment,
  type ChairCheckoutDeps,
  cardOnFile,
  depositPaid,
  PAYMENT_COLUMNS,
  type PaymentRow,
  scopedVisit,
  servicesAt,
  toChairPayment,
} from './chair-payments';
import { queueReceiptMail, sendTextReceipt } from './chair-receipts';
import { chargeIdOf, failPayment, markPaid, settleChairPayment } from './chair-settlement.service';
import { loadMoneyScope } from './money-access';
import { readyAccount } from './payments.service';
import { applicationFee, currencyDigits, toMinor } from './payments-stripe';

/**
 * Checkout at the chair (issue 27 item 5, decision 0186). The visit's services (as booked, then edited), a tip, the
 * deposit already paid and the balance; paid by a payment link / QR code the client opens on their own phone (a
 * Checkout Session on the shop's account), by the card on file with the client there and agreeing, or in cash or
 * another way recorded by hand. Paid: the appointment is completed, the balance payment (with the tip, which is the
 * barber's) is in appointment_payments, and the receipt goes by e-mail (the mail queue) or text (sendShopText).
 * Beside it: chair-payments.ts (the rows), chair-receipts.ts, chair-settlement.service.ts (paid, once).
 */

/** GET /api/shops/{shopId}/appointments/{appointmentId}/checkout */
export async function getChairCheckout(
  deps: ChairCheckoutDeps,
  shopId: string,
  appointmentId: string,
  userId: string,
): Promise<ChairCheckoutSummary> {
  const manager = deps.dataSource.manager;
  const scope = await loadMoneyScope(manager, shopId, userId);
  const ctx = await scopedVisit(deps, scope, appointmentId);
  const a = ctx.appointment;
  const stripe = await readyAccount(deps, manager, scope.shop.id);
  let payment = await balancePayment(manager, a.id);
  if (payment?.status === 'pending') payment = (await settleChairPayment(deps, payment.id)) ?? payment;
  const items: ChairCheckoutLine[] = (ctx.items ?? []).map((i) => ({
    serviceId: i.serviceId,
    name: i.name,
    price: i.price,
  }));
  return {
    appointmentId: a.id,
    status: a.status,
    currency: a.currency,
    clientName: a.clientName,
    hasEmail: Boolean(a.clientEmail),
    hasMobile: Boolean(a.clientPhoneE164),
    barber: { id: ctx.barber.id, name: ctx.barber.name },
    items: items.length > 0 ? items : [{ serviceId: a.serviceId, name: a.serviceName, price: a.servicePrice }],
    services: await servicesAt(manager, scope.shop.id, a.barberId),
    depositPaid: await depositPaid(manager, a.id),
    tipPresets: [...TIP_PRESETS],
    cardPayments: Boolean(stripe),
    cardOnFile: Boolean(stripe && (await cardOnFile(manager, a.id))),
    cardMessage: stripe ? null : CHAIR_CHECKOUT_MESSAGES.cardNeedsStripe,
    payment: payment ? await toChairPayment(payment) : null,
  };
}

function assertCheckable(ctx: AppointmentContext) {
  if (ctx.appointment.status !== 'confirmed' && ctx.appointment.status !== 'completed') {
    throw new HttpError(409, 'not_checkable', CHAIR_CHECKOUT_MESSAGES.notCheckable);
  }
}

/** POST /api/shops/{shopId}/appointments/{appointmentId}/checkout */
export async function chairCheckout(
  deps: ChairCheckoutDeps,
  shopId: string,
  appointmentId: string,
  userId: string,
  body: unknown,
): Promise<ChairPayment> {
  const input = parseInput(ChairCheckoutSchema, body);
  const scope = await loadMoneyScope(deps.dataSource.manager, shopId, userId);
  if (input.method === 'card_on_file' && input.clientAgreed !== true) {
    throw badRequest(CHAIR_CHECKOUT_MESSAGES.clientMustAgree, {
      clientAgreed: CHAIR_CHECKOUT_MESSAGES.clientMustAgree,
    });
  }
  const card = input.method === 'card_on_file' || input.method === 'payment_link';
  const stripe = card ? await readyAccount(deps, deps.dataSource.manager, scope.shop.id) : null;
  if (card && !stripe) throw new HttpError(409, 'payments_not_connected', CHAIR_CHECKOUT_MESSAGES.cardNeedsStripe);
  await deps.mailQueue.ready();

  // The figures, the checks and, for cash, the whole record in one transaction under the appointment's lock.
  const prepared = await deps.dataSource.transaction(async (manager) => {
    const ctx = await scopedVisit(deps, scope, appointmentId, manager);
    assertCheckable(ctx);
    const a = ctx.appointment;
    const existing = await balancePayment(manager, a.id, true);
    if (existing && existing.status !== 'pending') {
      throw new HttpError(409, 'already_paid', CHAIR_CHECKOUT_MESSAGES.alreadyPaid);
    }
    if (input.receipt === 'email' && !a.clientEmail) {
      throw badRequest(CHAIR_CHECKOUT_MESSAGES.noEmail, { receipt: CHAIR_CHECKOUT_MESSAGES.noEmail });
    }
    if (input.receipt === 'text' && !a.clientPhoneE164) {
      throw badRequest(CHAIR_CHECKOUT_MESSAGES.noPhone, { receipt: CHAIR_CHECKOUT_MESSAGES.noPhone });
    }
    const offered = new Map((await servicesAt(manager, scope.shop.id, a.barberId)).map((s) => [s.serviceId, s]));
    const booked = new Map((ctx.items ?? []).map((i) => [i.serviceId, i]));
    const lines = input.serviceIds.map((id) => {
      const key = id.toLowerCase();
      // A booked service keeps its booked price; an added one is at the barber's price today.
      const line = booked.get(key) ?? offered.get(key);
      if (!line) throw badRequest('Service not found', { serviceIds: 'Service not found' });
      return { serviceId: key, name: line.name, price: Number(line.price) };
    });
    const totals = chairTotals({
      subtotal: lines.reduce((sum, l) => sum + l.price, 0),
      depositPaid: await depositPaid(manager, a.id),
      tip: input.tip ?? null,
      digits: currencyDigits(a.currency),
    });
    if (card && totals.total <= 0) throw badRequest(CHAIR_CHECKOUT_MESSAGES.nothingToPay);
    // A payment link asked for again replaces the one not paid.
    if (existing) await manager.query(`DELETE FROM "appointment_payments" WHERE "id" = $1`, [existing.id]);
    const [row] = (await manager.query(
      `INSERT INTO "appointment_payments" ("shop_id", "appointment_id", "barber_id", "kind", "method", "status", "amount",
         "tip_amount", "currency", "items", "receipt_channel", "stripe_account_id", "created_by", "created_at", "updated_at")
       VALUES ($1, $2, $3, 'balance', $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13, $13) RETURNING ${PAYMENT_COLUMNS}`,
      [
        scope.shop.id,
        a.id,
        a.barberId,
        input.method,
        card ? 'pending' : 'succeeded',
        totals.balance,
        totals.tip,
        a.currency,
        JSON.stringify(lines),
        input.receipt === 'none' ? null : input.receipt,
        stripe?.accountId ?? null,
        userId,
        deps.now(),
      ],
    )) as PaymentRow[];
    if (!row) throw new Error('payment row not written');
    if (!card) {
      const version = await completeAtCheckout(deps, manager, a.id, { kind: 'staff', id: userId });
      if (input.receipt === 'email') await queueReceiptMail(deps, manager, a.id, version, row.id);
    }
    return { row, totals, ctx, expired: existing?.stripe_checkout_session_id ?? null };
  });

  const { row, totals, ctx } = prepared;
  if (!card) {
    if (input.receipt === 'text') await sendTextReceipt(deps, row.id);
    return toChairPayment(row);
  }
  if (!stripe) throw new Error('unreachable');
  const currency = ctx.appointment.currency.toLowerCase();
  const minor = toMinor(totals.total, currency);
  const fee = applicationFee(deps.config, toMinor(totals.balance, currency));
  const metadata = { chairPaymentId: row.id, appointmentId: ctx.appointment.id, shopId: scope.shop.id };
  if (prepared.expired) {
    await stripe.stripe.checkout.sessions
      .expire(prepared.expired, {}, { stripeAccount: stripe.accountId })
      .catch(() => undefined);
  }

  if (input.method === 'payment_link') {
    const session = await stripe.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency,
              unit_amount: minor,
              product_data: {
                name: `${scope.shop.name}: ${(row.items ?? []).map((l) => l.name).join(', ')}${totals.tip > 0 ? ' + tip' : ''}`,
              },
            },
          },
        ],
        payment_intent_data: { metadata, ...(fee > 0 ? { application_fee_amount: fee } : {}) },
        metadata,
        success_url: shopPageUrl(deps.config.PUBLIC_ORIGIN, scope.shop, '?paid=1'),
        cancel_url: shopPageUrl(deps.config.PUBLIC_ORIGIN, scope.shop, ''),
      },
      { stripeAccount: stripe.accountId, idempotencyKey: `chair-${row.id}` },
    );
    const [updated] = (await deps.dataSource.query(
      `UPDATE "appointment_payments" SET "stripe_checkout_session_id" = $2, "checkout_url" = $3, "updated_at" = now()
       WHERE "id" = $1 RETURNING ${PAYMENT_COLUMNS}`,
      [row.id, session.id, session.url],
    )) as [PaymentRow[], number];
    return toChairPayment(updated[0] ?? row);
  }

  // The card on file, the client there and agreeing: an on-session charge of the saved card.
  const saved = await cardOnFile(deps.dataSource.manager, ctx.appointment.id);
  if (!saved?.stripe_payment_method_id || !saved.stripe_customer_id) {
    await deps.dataSource.query(`DELETE FROM "appointment_payments" WHERE "id" = $1`, [row.id]);
    throw new HttpError(409, 'no_card', PAYMENT_MESSAGES.noCard);
  }
  try {
    const intent = await stripe.stripe.paymentIntents.create(
      {
        amount: minor,
        currency,
        customer: saved.stripe_customer_id,
        payment_method: saved.stripe_payment_method_id,
        confirm: true,
        metadata,
        ...(fee > 0 ? { application_fee_amount: fee } : {}),
      },
      { stripeAccount: stripe.accountId, idempotencyKey: `chair-${row.id}` },
    );
    if (intent.status !== 'succeeded') {
      await failPayment(deps, row.id, 'The bank asked the client to confirm this payment on their own device.');
      throw new HttpError(402, 'card_declined', CHAIR_CHECKOUT_MESSAGES.declined('the bank asked for confirmation'));
    }
    const paid = await markPaid(deps, row.id, intent.id, chargeIdOf(intent));
    return paid ? toChairPayment(paid) : toChairPayment(row);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) {
      await failPayment(deps, row.id, err.message);
      throw new HttpError(402, 'card_declined', CHAIR_CHECKOUT_MESSAGES.declined(err.message));
    }
    throw err;
  }
}
