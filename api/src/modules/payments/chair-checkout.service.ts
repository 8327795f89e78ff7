import {
  CHAIR_CHECKOUT_MESSAGES,
  type ChairCheckoutLine,
  ChairCheckoutSchema,
  type ChairCheckoutSummary,
  type ChairPayment,
  chairTotals,
  PAYMENT_MESSAGES,
  type ReceiptChannel,
  shopPageUrl,
  TIP_PRESETS,
} from '@barberly/common';
import QRCode from 'qrcode';
import Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { badRequest, HttpError, notFound, parseInput } from '../../platform/http/errors';
import { type AppointmentContext, loadItems } from '../appointments/appointment-view';
import { completeAtCheckout } from '../appointments/lifecycle';
import { loadScopedAppointment } from '../appointments/staff-actions';
import { sendShopText } from '../messaging/texts';
import type { TextProvider } from '../messaging/twilio';
import { isUuid } from '../shops/shop-access';
import { loadMoneyScope, type MoneyScope } from './money-access';
import { readyAccount } from './payments.service';
import { applicationFee, currencyDigits, type PaymentsDeps, toMinor } from './payments-stripe';
import { receiptText } from './receipt';

/**
 * Checkout at the chair (issue 27 item 5, decision 0186). The visit's services (as booked, then edited), a tip, the
 * deposit already paid and the balance; paid by a payment link / QR code the client opens on their own phone (a
 * Checkout Session on the shop's account), by the card on file with the client there and agreeing, or in cash or
 * another way recorded by hand. Paid: the appointment is completed, the balance payment (with the tip, which is the
 * barber's) is in appointment_payments, and the receipt goes by e-mail (the mail queue) or text (sendShopText).
 */
export type ChairCheckoutDeps = PaymentsDeps & {
  /** Text receipts; absent (or without send): none are sent. */
  textProvider?: Partial<Pick<TextProvider, 'send' | 'ready'>>;
};

interface PaymentRow {
  id: string;
  status: ChairPayment['status'];
  method: string;
  amount: string;
  tip_amount: string;
  currency: string;
  items: ChairCheckoutLine[] | null;
  checkout_url: string | null;
  receipt_channel: ReceiptChannel | null;
  failure_message: string | null;
  stripe_checkout_session_id: string | null;
  stripe_account_id: string | null;
  appointment_id: string;
  shop_id: string;
}

const PAYMENT_COLUMNS = `"id", "status", "method", "amount", "tip_amount", "currency", "items", "checkout_url",
  "receipt_channel", "failure_message", "stripe_checkout_session_id", "stripe_account_id", "appointment_id", "shop_id"`;

async function toChairPayment(row: PaymentRow): Promise<ChairPayment> {
  const amount = Number(row.amount);
  const tip = Number(row.tip_amount);
  const url = row.status === 'pending' ? row.checkout_url : null;
  return {
    id: row.id,
    status: row.status,
    method: row.method,
    amount,
    tip,
    total: Math.round((amount + tip) * 100) / 100,
    currency: row.currency,
    items: row.items ?? [],
    url,
    qrSvg: url ? await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }) : null,
    receipt: row.receipt_channel,
    failureMessage: row.failure_message,
  };
}

async function balancePayment(manager: EntityManager, appointmentId: string, lock = false): Promise<PaymentRow | null> {
  const [row] = (await manager.query(
    `SELECT ${PAYMENT_COLUMNS} FROM "appointment_payments"
     WHERE "appointment_id" = $1 AND "kind" = 'balance' AND "status" <> 'failed'
     ORDER BY "created_at" DESC LIMIT 1 ${lock ? 'FOR UPDATE' : ''}`,
    [appointmentId],
  )) as PaymentRow[];
  return row ?? null;
}

/** What the client already paid toward the visit: deposits and prepayments, less what was refunded. */
async function depositPaid(manager: EntityManager, appointmentId: string): Promise<number> {
  const [row] = (await manager.query(
    `SELECT COALESCE(SUM("amount" - "refunded_amount"), 0) AS "paid" FROM "appointment_payments"
     WHERE "appointment_id" = $1 AND "kind" IN ('deposit', 'prepay') AND "status" IN ('succeeded', 'partially_refunded')`,
    [appointmentId],
  )) as Array<{ paid: string }>;
  return Math.max(0, Number(row?.paid ?? 0));
}

/** The shop's services at this barber's own prices (barber_services overrides). */
async function servicesAt(manager: EntityManager, shopId: string, barberId: string): Promise<ChairCheckoutLine[]> {
  const rows = (await manager.query(
    `SELECT s."id", s."name", COALESCE(bs."price", s."price") AS "price" FROM "services" s
     LEFT JOIN "barber_services" bs ON bs."service_id" = s."id" AND bs."barber_id" = $2
     WHERE s."shop_id" = $1 ORDER BY s."sort_order", s."name"`,
    [shopId, barberId],
  )) as Array<{ id: string; name: string; price: string | null }>;
  return rows.map((r) => ({ serviceId: r.id, name: r.name, price: Number(r.price ?? 0) }));
}

async function cardOnFile(manager: EntityManager, appointmentId: string) {
  const [row] = (await manager.query(
    `SELECT "stripe_customer_id", "stripe_payment_method_id", "stripe_account_id" FROM "appointment_payment_terms"
     WHERE "appointment_id" = $1`,
    [appointmentId],
  )) as Array<{
    stripe_customer_id: string | null;
    stripe_payment_method_id: string | null;
    stripe_account_id: string;
  }>;
  return row?.stripe_customer_id && row.stripe_payment_method_id ? row : null;
}

async function scopedVisit(deps: ChairCheckoutDeps, scope: MoneyScope, appointmentId: string, manager?: EntityManager) {
  const ctx = await loadScopedAppointment(
    manager ?? deps.dataSource.manager,
    { shop: scope.shop, ...(scope.barberId ? { barberId: scope.barberId } : {}) },
    appointmentId,
    Boolean(manager),
  );
  const items = (await loadItems(manager ?? deps.dataSource.manager, [ctx.appointment.id])).get(ctx.appointment.id);
  ctx.items = items;
  return ctx;
}

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

async function queueReceiptMail(
  deps: ChairCheckoutDeps,
  manager: EntityManager,
  appointmentId: string,
  version: number,
  paymentId: string,
) {
  await deps.mailQueue.enqueue(manager, [{ job: { kind: 'receipt', appointmentId, version, paymentId } }], deps.now());
}

/** A text receipt goes after the payment commits, under the shop's text rules (opt-outs, its sender). */
async function sendTextReceipt(deps: ChairCheckoutDeps, paymentId: string): Promise<void> {
  const [row] = (await deps.dataSource.query(
    `SELECT p."id", p."shop_id", a."client_phone_e164" AS "phone", a."id" AS "appointment_id"
     FROM "appointment_payments" p JOIN "appointments" a ON a."id" = p."appointment_id" WHERE p."id" = $1`,
    [paymentId],
  )) as Array<{ id: string; shop_id: string; phone: string | null; appointment_id: string }>;
  const provider = deps.textProvider;
  if (!row?.phone || !provider?.send) return;
  const send = provider.send.bind(provider);
  const body = await receiptText(deps.dataSource.manager, paymentId, 'text');
  if (!body) return;
  try {
    await sendShopText(
      { dataSource: deps.dataSource, logger: deps.logger, provider: { send } },
      {
        shopId: row.shop_id,
        phone: row.phone,
        channel: 'sms',
        body,
        kind: 'receipt',
        appointmentId: row.appointment_id,
      },
    );
  } catch (err) {
    deps.logger.warn({ paymentId, err: err instanceof Error ? err.message : String(err) }, 'receipt text not sent');
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

const chargeIdOf = (intent: Stripe.PaymentIntent) =>
  typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? null);

async function failPayment(deps: ChairCheckoutDeps, paymentId: string, message: string) {
  await deps.dataSource.query(
    `UPDATE "appointment_payments" SET "status" = 'failed', "failure_message" = $2, "updated_at" = now() WHERE "id" = $1`,
    [paymentId, message.slice(0, 500)],
  );
}

/**
 * A pending balance payment becomes paid, once: the visit completed and the receipt queued (e-mail) or sent (text).
 * Whoever comes second (the webhook, the dialog's poll) finds it paid and does nothing.
 */
async function markPaid(
  deps: ChairCheckoutDeps,
  paymentId: string,
  intentId: string | null,
  chargeId: string | null,
): Promise<PaymentRow | null> {
  await deps.mailQueue.ready();
  const result = await deps.dataSource.transaction(async (manager) => {
    const [row] = (await manager.query(
      `SELECT ${PAYMENT_COLUMNS} FROM "appointment_payments" WHERE "id" = $1 FOR UPDATE`,
      [paymentId],
    )) as PaymentRow[];
    if (row?.status !== 'pending') return { row: row ?? null, fresh: false };
    const [rows] = (await manager.query(
      `UPDATE "appointment_payments" SET "status" = 'succeeded', "stripe_payment_intent_id" = $2, "stripe_charge_id" = $3,
         "updated_at" = $4 WHERE "id" = $1 RETURNING ${PAYMENT_COLUMNS}`,
      [paymentId, intentId, chargeId, deps.now()],
    )) as [PaymentRow[], number];
    const version = await completeAtCheckout(deps, manager, row.appointment_id, { kind: 'system' });
    if (row.receipt_channel === 'email') await queueReceiptMail(deps, manager, row.appointment_id, version, paymentId);
    return { row: rows[0] ?? row, fresh: true };
  });
  if (result.fresh && result.row?.receipt_channel === 'text') await sendTextReceipt(deps, paymentId);
  return result.row;
}

/** Asks Stripe whether a payment link was paid; paid: settles it. */
export async function settleChairPayment(deps: ChairCheckoutDeps, paymentId: string): Promise<PaymentRow | null> {
  const [row] = (await deps.dataSource.query(`SELECT ${PAYMENT_COLUMNS} FROM "appointment_payments" WHERE "id" = $1`, [
    paymentId,
  ])) as PaymentRow[];
  if (row?.status !== 'pending' || !row.stripe_checkout_session_id || !row.stripe_account_id) return row ?? null;
  const stripe = await readyAccount(deps, deps.dataSource.manager, row.shop_id);
  if (!stripe) return row;
  const session = await stripe.stripe.checkout.sessions.retrieve(
    row.stripe_checkout_session_id,
    {},
    {
      stripeAccount: row.stripe_account_id,
    },
  );
  if (session.payment_status !== 'paid') return row;
  const intentId =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  return markPaid(deps, row.id, intentId, null);
}

/**
 * For the Connect webhook (`checkout.session.completed` / `payment_intent.succeeded` of a chair checkout, metadata
 * `chairPaymentId`): settles the payment. true when the event was a chair checkout's.
 */
export async function handleChairCheckoutEvent(deps: ChairCheckoutDeps, event: Stripe.Event): Promise<boolean> {
  const types = ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'payment_intent.succeeded'];
  if (!types.includes(event.type)) return false;
  const object = event.data.object as { metadata?: Record<string, string> | null };
  const id = object.metadata?.chairPaymentId;
  if (!id || !isUuid(id)) return false;
  await settleChairPayment(deps, id);
  return true;
}

/** GET /api/shops/{shopId}/appointments/{appointmentId}/checkout/{paymentId}: the dialog polls a payment link. */
export async function getChairPayment(
  deps: ChairCheckoutDeps,
  shopId: string,
  appointmentId: string,
  paymentId: string,
  userId: string,
): Promise<ChairPayment> {
  const scope = await loadMoneyScope(deps.dataSource.manager, shopId, userId);
  const ctx = await scopedVisit(deps, scope, appointmentId);
  const [row] = isUuid(paymentId)
    ? ((await deps.dataSource.query(
        `SELECT ${PAYMENT_COLUMNS} FROM "appointment_payments" WHERE "id" = $1 AND "appointment_id" = $2 AND "kind" = 'balance'`,
        [paymentId, ctx.appointment.id],
      )) as PaymentRow[])
    : [];
  if (!row) throw notFound(CHAIR_CHECKOUT_MESSAGES.paymentNotFound);
  const settled = row.status === 'pending' ? await settleChairPayment(deps, row.id) : row;
  return toChairPayment(settled ?? row);
}
