import type { AppointmentEventType, AppointmentSnapshot } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { type BookingMailQueue, createQueueOnce, transactionDb } from '../../mail/mail-queue';
import type { ShopEntity } from '../../shops/shop.entity';
import type { AppointmentEntity } from '../appointment.entity';
import type { Actor, AppointmentEvent } from './appointment-event';
import { listenersOf } from './listeners';

/** The after-commit handlers' queue: one job per event and listener (listeners.ts). */
export const APPOINTMENT_EVENT_QUEUE = 'appointment-event';

export interface AppointmentEventJob {
  eventId: string;
  handler: string;
}

/** What every transition needs: the durable queue (the outbox) and the clock. BookingDeps has both. */
export interface LifecycleDeps {
  mailQueue: BookingMailQueue;
  now: () => Date;
}

const queuesReady = new WeakMap<BookingMailQueue, Promise<void>>();

/** Creates the after-commit handlers' queue (once per pg-boss): retried with backoff, a day of attempts. */
export function ensureEventQueue(queue: BookingMailQueue): Promise<void> {
  let ready = queuesReady.get(queue);
  if (!ready) {
    ready = (async () => {
      await queue.ready();
      await createQueueOnce(queue.boss, {
        name: APPOINTMENT_EVENT_QUEUE,
        policy: 'standard',
        retryLimit: 12,
        retryDelay: 30,
        retryBackoff: true,
      });
    })();
    ready.catch(() => queuesReady.delete(queue));
    queuesReady.set(queue, ready);
  }
  return ready;
}

export interface EventInput {
  type: AppointmentEventType;
  actor: Actor;
  via?: string | null;
  reason?: string | null;
  before?: AppointmentSnapshot | null;
  after?: AppointmentSnapshot | null;
  data?: Record<string, unknown>;
}

interface EventRow {
  id: string;
  shop_id: string;
  appointment_id: string;
  type: AppointmentEventType;
  actor_kind: Actor['kind'];
  actor_id: string | null;
  via: string | null;
  reason: string | null;
  before: AppointmentSnapshot | null;
  after: AppointmentSnapshot | null;
  data: Record<string, unknown> | null;
  created_at: Date;
}

export function eventOfRow(row: EventRow): AppointmentEvent {
  return {
    id: row.id,
    shopId: row.shop_id,
    appointmentId: row.appointment_id,
    type: row.type,
    actor: { kind: row.actor_kind, id: row.actor_id },
    via: row.via,
    reason: row.reason,
    before: row.before,
    after: row.after,
    data: row.data ?? {},
    createdAt: row.created_at,
  };
}

/**
 * Writes the event of a change in the change's transaction, then lets each listener of its type queue its
 * follow-up in that same transaction (listeners.ts): the change, its event and its follow-ups commit together or
 * not at all. Only the lifecycle's transitions call this.
 */
export async function recordEvent(
  deps: LifecycleDeps,
  manager: EntityManager,
  subject: { appointment: AppointmentEntity; shop: ShopEntity; manageToken?: string | null },
  input: EventInput,
): Promise<AppointmentEvent> {
  const now = deps.now();
  const event = await insertEvent(manager, subject.appointment, input, now);
  await publish(deps, manager, event, subject, now);
  return event;
}

/**
 * A line of the history that is not a change of the appointment (a reminder went out): written by whoever saw it
 * happen, after the fact, with no listeners.
 */
export async function recordNote(
  manager: EntityManager,
  appointment: AppointmentEntity,
  input: EventInput,
  now: Date,
): Promise<AppointmentEvent> {
  return insertEvent(manager, appointment, input, now);
}

async function insertEvent(
  manager: EntityManager,
  appointment: AppointmentEntity,
  input: EventInput,
  now: Date,
): Promise<AppointmentEvent> {
  const [row] = (await manager.query(
    `INSERT INTO "appointment_events" ("shop_id", "appointment_id", "type", "actor_kind", "actor_id", "via", "reason",
       "before", "after", "data", "created_at")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10::jsonb, $11)
     RETURNING *`,
    [
      appointment.shopId,
      appointment.id,
      input.type,
      input.actor.kind,
      input.actor.id ?? null,
      input.via ?? null,
      input.reason ?? null,
      input.before ? JSON.stringify(input.before) : null,
      input.after ? JSON.stringify(input.after) : null,
      JSON.stringify({ ...(input.data ?? {}), ...proposalOf(input.actor) }),
      now,
    ],
  )) as EventRow[];
  return eventOfRow(row!);
}

/** The assistant's proposal a change applies, as the event's data keeps it (Actor.proposal). */
function proposalOf(actor: Actor): Record<string, string> {
  return actor.proposal ? { proposalId: actor.proposal.id, channel: actor.proposal.channel } : {};
}

/** Each listener of the event's type: its own jobs now (enqueue), and its after-commit job (handle). */
export async function publish(
  deps: LifecycleDeps,
  manager: EntityManager,
  event: AppointmentEvent,
  subject: { appointment: AppointmentEntity; shop: ShopEntity; manageToken?: string | null },
  now: Date,
): Promise<void> {
  for (const listener of listenersOf(event.type)) {
    if (listener.enqueue) {
      await listener.enqueue(event, { manager, queue: deps.mailQueue, now, ...subject });
    }
    if (listener.handle) {
      await ensureEventQueue(deps.mailQueue);
      await deps.mailQueue.boss.send(
        APPOINTMENT_EVENT_QUEUE,
        { eventId: event.id, handler: listener.name } satisfies AppointmentEventJob,
        { db: transactionDb(manager), singletonKey: `${event.id}:${listener.name}` },
      );
    }
  }
}

/** One event by id (the after-commit worker re-reads it). */
export async function loadEvent(manager: EntityManager, id: string): Promise<AppointmentEvent | null> {
  const [row] = (await manager.query(`SELECT * FROM "appointment_events" WHERE "id" = $1`, [id])) as EventRow[];
  return row ? eventOfRow(row) : null;
}

/** An appointment's events, oldest first. */
export async function eventsOf(manager: EntityManager, appointmentId: string): Promise<AppointmentEvent[]> {
  const rows = (await manager.query(`SELECT * FROM "appointment_events" WHERE "appointment_id" = $1 ORDER BY "seq"`, [
    appointmentId,
  ])) as EventRow[];
  return rows.map(eventOfRow);
}
