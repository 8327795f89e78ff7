import type { AppointmentEventType } from '@barberly/common';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../../config';
import type { BookingMailQueue } from '../../mail/mail-queue';
import type { ShopEntity } from '../../shops/shop.entity';
import type { AppointmentEntity } from '../appointment.entity';
import type { AppointmentEvent } from './appointment-event';

/**
 * Listeners of the appointment lifecycle (issue 24, decision 0179). A follow-up of a change (a mail, a text, a
 * waitlist offer, an audit line) is a listener in its own file, listed in `api/src/listeners.ts`; the transitions
 * never call follow-ups themselves, and this module imports none of them.
 *
 * A listener has two parts, either or both:
 *   - `enqueue`: runs inside the transaction of the change, right after its event row is written, and only inserts
 *     durable jobs (pg-boss, through the same transaction): the transactional outbox. A job exists exactly when the
 *     change commits, and it runs after the commit, at least once, with the queue's retries and backoff; a failing
 *     job never rolls the change back. It may read (which day to check, which reminders are due), never send.
 *   - `handle`: runs after the commit in the worker, from the `appointment-event` queue (one job per event and
 *     listener, keyed by both); a delivery already done for that event (appointment_event_deliveries) is not done
 *     again, so a replay changes nothing.
 * Either part must be idempotent: the mail and waitlist jobs are keyed (singleton keys), the deliveries by event id.
 */
export interface ListenerContext {
  manager: EntityManager;
  queue: BookingMailQueue;
  /** The clock of the change (tests move it). */
  now: Date;
  appointment: AppointmentEntity;
  shop: ShopEntity;
  /**
   * The client's manage link token where the change has it (their booking, their own move): mails carry the link.
   * Never stored in the event.
   */
  manageToken?: string | null;
}

export interface AppointmentListener {
  /** Stable: jobs and deliveries are keyed by it. */
  name: string;
  types: readonly AppointmentEventType[];
  enqueue?(event: AppointmentEvent, ctx: ListenerContext): Promise<void>;
  handle?(event: AppointmentEvent, deps: HandlerDeps): Promise<void>;
}

/**
 * What an after-commit handler gets: the delivery's transaction (`manager`: its writes commit with the claim), the
 * database for work that must commit on its own before an outside call (a refund's claim), the clock, and what an
 * outside service needs (config, logger, queue).
 */
export interface HandlerDeps {
  manager: EntityManager;
  now: () => Date;
  dataSource: DataSource;
  config: Config;
  logger: Logger;
  queue: BookingMailQueue;
}

const registry: AppointmentListener[] = [];

/** Adds listeners (once each, by name). The composition roots (routes, workers) load `api/src/listeners.ts`. */
export function registerAppointmentListeners(listeners: readonly AppointmentListener[]): void {
  for (const listener of listeners) {
    if (!registry.some((l) => l.name === listener.name)) registry.push(listener);
  }
}

export function appointmentListeners(): readonly AppointmentListener[] {
  return registry;
}

export function listenersOf(type: AppointmentEventType): AppointmentListener[] {
  return registry.filter((l) => l.types.includes(type));
}
