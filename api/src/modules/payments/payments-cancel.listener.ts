import type { Actor, AppointmentListener } from '../appointments/lifecycle';
import { afterClientCancel, afterShopCancel } from './payment-followups';

/** Who a cancel's money follows: the client's own cancel (late fee or full refund), or the shop's (full refund). */
export function cancelledBy(actor: Actor): { side: 'client' } | { side: 'shop'; userId: string | null } {
  if (actor.kind === 'client') return { side: 'client' };
  // The assistant acts for a staff member (their id) or, in a client's chat or text, for the client (no id).
  if (actor.kind === 'assistant') return actor.id ? { side: 'shop', userId: actor.id } : { side: 'client' };
  return { side: 'shop', userId: actor.kind === 'staff' ? (actor.id ?? null) : null };
}

/**
 * The money of a cancelled paid visit (issue 27 item 4, decision 0184), after the cancel commits (issue 24): the
 * client's cancel keeps the late-cancellation fee inside the window (charging the rest to the card on file) and
 * refunds the rest; the shop's cancel refunds everything. Nothing happens twice: the delivery is claimed once per
 * event (appointment_event_deliveries), and the settlement once per appointment (late_cancel_applied_at, committed
 * before any Stripe call), so a replay, a retry after a failure, or a second cancel event refunds and charges nothing.
 */
export const paymentsCancelListener: AppointmentListener = {
  name: 'payments-cancel',
  types: ['cancelled'],
  async handle(event, deps) {
    const payments = {
      dataSource: deps.dataSource,
      config: deps.config,
      now: deps.now,
      logger: deps.logger,
      mailQueue: deps.queue,
    };
    const by = cancelledBy(event.actor);
    if (by.side === 'client') await afterClientCancel(payments, event.appointmentId);
    else await afterShopCancel(payments, event.appointmentId, by.userId);
  },
};
