import type { ActorKind, AppointmentEventType, AppointmentSnapshot, BookedVia } from '@barberly/common';
import type { AppointmentEntity } from '../appointment.entity';

/** Who made a change: the client (manage link, booking form, text reply), a staff member, the assistant, the system. */
export interface Actor {
  kind: ActorKind;
  /** The staff member's or client's id where known. */
  id?: string | null;
  /**
   * The assistant's proposal this change applies, and the channel it was confirmed on (chat, mcp, text, quick):
   * written into the event's data as `proposalId` and `channel` (ids, never personal data), so the assistant's
   * audit listener records the confirmed change with its event (decision 0190). Not read back into `actor`.
   */
  proposal?: { id: string; channel: string };
}

export const SYSTEM: Actor = { kind: 'system' };
export const CLIENT: Actor = { kind: 'client' };

/** One row of appointment_events. */
export interface AppointmentEvent {
  id: string;
  shopId: string;
  appointmentId: string;
  type: AppointmentEventType;
  actor: Actor;
  via: BookedVia | string | null;
  reason: string | null;
  before: AppointmentSnapshot | null;
  after: AppointmentSnapshot | null;
  data: Record<string, unknown>;
  createdAt: Date;
}

/** The bookable facts of an appointment, as events keep them before and after a change. */
export function snapshotOf(a: AppointmentEntity): AppointmentSnapshot {
  return {
    status: a.status,
    start: a.startsAt.toISOString(),
    end: a.endsAt.toISOString(),
    barberId: a.barberId,
    serviceName: a.serviceName,
    price: a.servicePrice,
    seriesId: a.seriesId ?? null,
    version: a.version,
  };
}
