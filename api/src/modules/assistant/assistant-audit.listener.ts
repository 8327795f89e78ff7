import { APPOINTMENT_EVENT_TYPES } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import type { AppointmentEvent, AppointmentListener } from '../appointments/lifecycle';

/**
 * The assistant's audit of an applied appointment change is a listener of the change's event (issue 24, decision
 * 0190). A confirmed proposal's transitions carry the proposal's id and channel in the actor (assistantActor), and
 * the event keeps them in its data; `enqueue` runs inside the change's transaction, right after the event row, and
 * writes the audit line there: the line exists exactly when the change commits, and names its event.
 *
 * Who confirmed, the tool and its arguments are the proposal's own (assistant_proposals: only the person who
 * proposed may confirm, so its `actor` is the confirmer); the event carries no personal data. The line's detail is
 * the event's bookable facts. One line per proposal (a unique index): a replay of the event, or the confirm path's
 * own write after the change (proposals.ts), changes nothing. Proposals that produced no event (rejected, failed,
 * expired, or a write that is not an appointment's: time off, hours, reminders) are recorded by proposals.ts.
 */
export const assistantAuditListener: AppointmentListener = {
  name: 'assistant-audit',
  // Every change of an appointment; a reminder that went out is a note, written with no listeners.
  types: APPOINTMENT_EVENT_TYPES.filter((type) => type !== 'reminder_sent'),
  async enqueue(event, ctx) {
    await auditAppliedChange(ctx.manager, event);
  },
};

/** Writes the applied change's audit line for an event the assistant made; any other event is left alone. */
export async function auditAppliedChange(manager: EntityManager, event: AppointmentEvent): Promise<void> {
  const { proposalId, channel } = event.data;
  if (event.actor.kind !== 'assistant' || typeof proposalId !== 'string' || typeof channel !== 'string') return;
  await manager.query(
    `INSERT INTO "assistant_audit"
       ("shop_id", "proposal_id", "event_id", "confirmed_by", "channel", "tool", "args", "outcome", "detail")
     SELECT p."shop_id", p."id", $2, p."actor", $3, p."tool", p."args", 'applied', $4::jsonb
       FROM "assistant_proposals" p WHERE p."id" = $1 AND p."shop_id" = $5
     ON CONFLICT ("proposal_id") DO NOTHING`,
    [
      proposalId,
      event.id,
      channel,
      JSON.stringify({
        appointmentId: event.appointmentId,
        event: event.type,
        before: event.before,
        after: event.after,
      }),
      event.shopId,
    ],
  );
}
