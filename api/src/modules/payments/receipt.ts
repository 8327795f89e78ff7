import { formatDayLabel, formatMoney } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import type { MailMessage } from '../mail/mailer';

/**
 * The receipt of a checkout at the chair (issue 27 item 5): what was done, the deposit already paid, the balance,
 * the tip and the total, in the shop's currency. Plain text; every value is the shop's own or a figure.
 */
interface ReceiptRow {
  amount: string;
  tip_amount: string;
  currency: string;
  method: string;
  items: Array<{ name: string; price: number }> | null;
  created_at: Date;
  updated_at: Date;
  appointment_id: string;
  client_name: string;
  client_email: string;
  barber_name: string;
  shop_name: string;
  shop_address: string | null;
  locale: string | null;
  time_zone: string;
  deposit: string;
}

async function receiptRow(manager: EntityManager, paymentId: string): Promise<ReceiptRow | null> {
  const [row] = (await manager.query(
    `SELECT p."amount", p."tip_amount", p."currency", p."method", p."items", p."created_at", p."updated_at",
       a."id" AS "appointment_id", a."client_name", a."client_email", b."name" AS "barber_name",
       s."name" AS "shop_name", s."address" AS "shop_address", s."locale", s."time_zone",
       (SELECT COALESCE(SUM(d."amount" - d."refunded_amount"), 0) FROM "appointment_payments" d
         WHERE d."appointment_id" = a."id" AND d."kind" IN ('deposit', 'prepay')
           AND d."status" IN ('succeeded', 'partially_refunded')) AS "deposit"
     FROM "appointment_payments" p
     JOIN "appointments" a ON a."id" = p."appointment_id"
     JOIN "barbers" b ON b."id" = a."barber_id"
     JOIN "shops" s ON s."id" = p."shop_id"
     WHERE p."id" = $1 AND p."kind" = 'balance' AND p."status" IN ('succeeded', 'partially_refunded')`,
    [paymentId],
  )) as ReceiptRow[];
  return row ?? null;
}

const METHOD_WORDS: Record<string, string> = {
  payment_link: 'Card (payment link)',
  card_on_file: 'Card on file',
  card: 'Card',
  cash: 'Cash',
  other: 'Other',
};

function receiptLines(r: ReceiptRow): { subject: string; lines: string[] } {
  const money = (n: number | string) => formatMoney(Number(n), { currency: r.currency.trim(), locale: r.locale });
  const amount = Number(r.amount);
  const tip = Number(r.tip_amount);
  const deposit = Number(r.deposit);
  const subject = `Receipt from ${r.shop_name}`;
  const lines = [
    `${subject}, ${formatDayLabel(new Date(r.updated_at), r.time_zone)}`,
    `Barber: ${r.barber_name}`,
    ...(r.items ?? []).map((i) => `${i.name}: ${money(i.price)}`),
    ...(deposit > 0 ? [`Deposit already paid: −${money(deposit)}`] : []),
    `Balance: ${money(amount)}`,
    ...(tip > 0 ? [`Tip: ${money(tip)}`] : []),
    `Paid today: ${money(amount + tip)} (${METHOD_WORDS[r.method] ?? r.method})`,
  ];
  return { subject, lines };
}

/** The receipt as a text message, or null when the payment is not paid. */
export async function receiptText(manager: EntityManager, paymentId: string, _channel: 'text'): Promise<string | null> {
  const row = await receiptRow(manager, paymentId);
  if (!row) return null;
  const { lines } = receiptLines(row);
  return `${lines.join('\n')}\nThank you!`;
}

/** The receipt e-mail to the client, or null (not paid, or no address). */
export async function composeReceiptMail(manager: EntityManager, paymentId: string): Promise<MailMessage | null> {
  const row = await receiptRow(manager, paymentId);
  if (!row?.client_email) return null;
  const { subject, lines } = receiptLines(row);
  return {
    to: row.client_email,
    subject,
    text: [
      `Hi ${row.client_name},`,
      '',
      ...lines,
      '',
      `Thank you for visiting ${[row.shop_name, row.shop_address].filter(Boolean).join(', ')}.`,
      '',
    ].join('\n'),
  };
}
