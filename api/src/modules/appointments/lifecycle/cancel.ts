import type { EntityManager } from 'typeorm';
import { AppointmentEntity } from '../appointment.entity';
import type { AppointmentContext } from '../appointment-view';
import { type Actor, snapshotOf } from './appointment-event';
import { type LifecycleDeps, recordEvent } from './event-log';

export interface CancelHow {
  actor: Actor;
  /** Why, in the words of whoever cancelled (a text reply, the erasure of the client...). */
  reason?: string | null;
  /** No word to the client or the owner (a client's erasure cancels their visits without a message). */
  quiet?: boolean;
  /** A series cancelled from this visit on: which visit started it. */
  data?: Record<string, unknown>;
}

/**
 * Cancelled: the slot is free at once (the exclusion constraint ignores cancelled rows); the version bump makes
 * queued reminders stale. Listeners send the notices and offer the freed time to the waitlist.
 */
export async function cancelAppointment(
  deps: LifecycleDeps,
  manager: EntityManager,
  ctx: AppointmentContext,
  how: CancelHow = { actor: { kind: 'system' } },
): Promise<void> {
  const a = ctx.appointment;
  const before = snapshotOf(a);
  a.status = 'cancelled';
  a.cancelledAt = deps.now();
  a.version += 1;
  await manager.getRepository(AppointmentEntity).save(a);
  await recordEvent(
    deps,
    manager,
    { appointment: a, shop: ctx.shop },
    {
      type: 'cancelled',
      actor: how.actor,
      reason: how.reason ?? null,
      before,
      after: snapshotOf(a),
      data: { ...(how.data ?? {}), ...(how.quiet ? { quiet: true } : {}) },
    },
  );
}
