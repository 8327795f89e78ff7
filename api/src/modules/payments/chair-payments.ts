import type { ChairCheckoutLine, ChairPayment, ReceiptChannel } from '@barberly/common';
import QRCode from 'qrcode';
import type { EntityManager } from 'typeorm';
import { loadItems } from '../appointments/appointment-view';
import { loadScopedAppointment } from '../appointments/staff-actions';
import type { TextProvider } from '../messaging/twilio';
import type { MoneyScope } from './money-access';
import type { PaymentsDeps } from './payments-stripe';

/**
 * The rows of checkout at the chair (decision 0186): a visit's balance payment as the dialog shows it, what was paid
 * at booking, the barber's prices, the card on file, and the visit the caller may check out.
 */

export type ChairCheckoutDeps = PaymentsDeps & {
  /** Text receipts; absent (or without send): none are sent. */
  textProvider?: Partial<Pick<TextProvider, 'send' | 'ready'>>;
};

export interface PaymentRow {
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

export const PAYMENT_COLUMNS = `"id", "status", "method", "amount", "tip_amount", "currency", "items", "checkout_url",
  "receipt_channel", "failure_message", "stripe_checkout_session_id", "stripe_account_id", "appointment_id", "shop_id"`;

export async function toChairPayment(row: PaymentRow): Promise<ChairPayment> {
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

export async function balancePayment(
  manager: EntityManager,
  appointmentId: string,
  lock = false,
): Promise<PaymentRow | null> {
  const [row] = (await manager.query(
    `SELECT ${PAYMENT_COLUMNS} FROM "appointment_payments"
     WHERE "appointment_id" = $1 AND "kind" = 'balance' AND "status" <> 'failed'
     ORDER BY "created_at" DESC LIMIT 1 ${lock ? 'FOR UPDATE' : ''}`,
    [appointmentId],
  )) as PaymentRow[];
  return row ?? null;
}

/** What the client already paid toward the visit: deposits and prepayments, less what was refunded. */
export async function depositPaid(manager: EntityManager, appointmentId: string): Promise<number> {
  const [row] = (await manager.query(
    `SELECT COALESCE(SUM("amount" - "refunded_amount"), 0) AS "paid" FROM "appointment_payments"
     WHERE "appointment_id" = $1 AND "kind" IN ('deposit', 'prepay') AND "status" IN ('succeeded', 'partially_refunded')`,
    [appointmentId],
  )) as Array<{ paid: string }>;
  return Math.max(0, Number(row?.paid ?? 0));
}

/** The shop's services at this barber's own prices (barber_services overrides). */
export async function servicesAt(
  manager: EntityManager,
  shopId: string,
  barberId: string,
): Promise<ChairCheckoutLine[]> {
  const rows = (await manager.query(
    `SELECT s."id", s."name", COALESCE(bs."price", s."price") AS "price" FROM "services" s
     LEFT JOIN "barber_services" bs ON bs."service_id" = s."id" AND bs."barber_id" = $2
     WHERE s."shop_id" = $1 ORDER BY s."sort_order", s."name"`,
    [shopId, barberId],
  )) as Array<{ id: string; name: string; price: string | null }>;
  return rows.map((r) => ({ serviceId: r.id, name: r.name, price: Number(r.price ?? 0) }));
}

export async function cardOnFile(manager: EntityManager, appointmentId: string) {
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

export async function scopedVisit(
  deps: ChairCheckoutDeps,
  scope: MoneyScope,
  appointmentId: string,
  manager?: EntityManager,
) {
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
