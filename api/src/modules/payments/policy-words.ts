import { formatPrice } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import type { MailMessage } from '../mail/mailer';

/**
 * The payment policy a client accepted, in the words they accepted (issue 27): the confirmation and every reminder,
 * by e-mail or text, carry it. Null for an appointment booked without one.
 */
export async function paymentPolicyTextOf(manager: EntityManager, appointmentId: string): Promise<string | null> {
  const [row] = (await manager.query(
    `SELECT "policy_text" FROM "appointment_payment_terms" WHERE "appointment_id" = $1`,
    [appointmentId],
  )) as Array<{ policy_text: string }>;
  return row?.policy_text || null;
}

/** The mails and texts that repeat the policy: the confirmation and the reminders. */
export const CARRIES_PAYMENT_POLICY = new Set(['confirmation', 'reminder', 'second_reminder']);

/**
 * The mail that sends the client the link to confirm an off-session charge their bank held back
 * (authentication_required, issue 27); null once it is paid or waived, or without an address.
 */
export async function composePaymentActionMail(manager: EntityManager, paymentId: string): Promise<MailMessage | null> {
  const [row] = (await manager.query(
    `SELECT p."amount", p."currency", p."kind", p."status", p."action_url", a."client_email", a."client_name",
       s."name" AS "shop_name", s."locale"
     FROM "appointment_payments" p JOIN "appointments" a ON a."id" = p."appointment_id" JOIN "shops" s ON s."id" = p."shop_id"
     WHERE p."id" = $1`,
    [paymentId],
  )) as Array<{
    amount: string;
    currency: string;
    kind: string;
    status: string;
    action_url: string | null;
    client_email: string;
    client_name: string;
    shop_name: string;
    locale: string;
  }>;
  if (row?.status !== 'requires_action' || !row.action_url || !row.client_email) return null;
  const fee = row.kind === 'no_show_fee' ? 'no-show fee' : 'late-cancellation fee';
  const amount = formatPrice(Number(row.amount), { currency: row.currency, locale: row.locale });
  return {
    to: row.client_email,
    subject: `Please confirm the ${amount} ${fee} for ${row.shop_name}`,
    text: [
      `Hi ${row.client_name},`,
      '',
      `Your bank asks you to confirm the ${fee} of ${amount} for ${row.shop_name}, as the policy you accepted when you booked says.`,
      '',
      `Confirm it here: ${row.action_url}`,
      '',
    ].join('\n'),
  };
}
