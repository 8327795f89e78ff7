import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import type { BillingGate } from '../billing/billing-gate';
import type { BookingMailQueue } from '../mail/mail-queue';
import type { TextProvider } from '../messaging/twilio';
import type { Actor } from './lifecycle/appointment-event';

/** What booking's services need (api and worker build it; tests pass a clock). */
export interface BookingDeps {
  dataSource: DataSource;
  config: Pick<Config, 'PUBLIC_ORIGIN' | 'APP_DOMAIN'> & Partial<Pick<Config, 'DEFAULT_PHONE_COUNTRY'>>;
  /** Text reminders (issue 15): which channels this Barberly can send; absent: e-mail only. */
  textProvider?: Pick<TextProvider, 'ready'>;
  mailQueue: BookingMailQueue;
  now: () => Date;
  logger: Logger;
  /** Plan limits (issue 17): online bookings pause while a trial is over or a subscription unpaid. */
  billing?: BillingGate;
  /**
   * Who acts when it is not whom the route implies (issue 24): the assistant books or books a walk-in for someone.
   * The appointment's history names it.
   */
  actor?: Actor;
}
