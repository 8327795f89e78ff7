import type { EntityManager } from 'typeorm';

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
