import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from './config';
import { registerListeners } from './listeners';
import { startBookingMaintenance } from './modules/appointments/booking-maintenance';
import { APPOINTMENT_EVENT_QUEUE, startAppointmentEventWorker } from './modules/appointments/lifecycle';
import { CLIENT_TEXT_QUEUE } from './modules/assistant/client-text-queue';
import { startClientTextWorker } from './modules/assistant/client-text-worker';
import { createBillingGate } from './modules/billing/billing.service';
import { startBillingSchedule } from './modules/billing/billing-schedule';
import { createDnsChecker } from './modules/domains/dns-check';
import { startDomainCheckWorker } from './modules/domains/domain-check-worker';
import { DOMAIN_CHECK_QUEUE } from './modules/domains/domain-verification';
import { BOOKING_MAIL_QUEUE, type BookingMailQueue } from './modules/mail/mail-queue';
import { startMailWorker } from './modules/mail/mail-worker';
import type { Mailer } from './modules/mail/mailer';
import type { TextProvider } from './modules/messaging/twilio';
import { configureStaffNotifications } from './modules/push/push-setup';
import { HOLD_EXPIRY_QUEUE, WAITLIST_CHECK_QUEUE, WAITLIST_MAIL_QUEUE } from './modules/waitlist/waitlist-queue';
import { startWaitlistWorker } from './modules/waitlist/waitlist-worker';
import type { ShopEvents } from './platform/events/shop-events';
import { createRedis } from './platform/redis';

export interface WorkerDeps {
  config: Config;
  dataSource: DataSource;
  logger: Logger;
  /** The durable queue (pg-boss), made with `supervise: true`: its maintenance runs where the jobs run. */
  mailQueue: BookingMailQueue;
  mailer: Mailer;
  textProvider: TextProvider;
  events: ShopEvents;
  now: () => Date;
}

export interface Workers {
  /** The queues this process consumes (for logs and, later, metrics). */
  readonly queues: readonly string[];
  stop(): Promise<void>;
}

/**
 * Everything that runs in the background (decision 0174): every consumer of the durable queue and the hourly upkeep.
 * `node api/dist/worker.js` runs it alone; the api runs it too only with RUN_WORKERS=true (`npm start`). A new kind
 * of job (a `boss.work`) or a new schedule starts here, never in the api's HTTP path.
 *
 *   booking-mail          confirmations, reminders, notices, and the text reminders beside them (Twilio)
 *   domain-check          custom domains re-checked for 72 hours
 *   waitlist-check, waitlist-hold-expiry, waitlist-mail
 *                         day checks that offer freed time, hold expiries, the waitlist's mails
 *   appointment-event     the appointment lifecycle's after-commit handlers (issue 24), one job per event and listener
 *   hourly                idempotency keys purged; recurring series booked as the horizon moves
 *   client-text-answer    the assistant's answers to clients' texts (the model, then the text back)
 *   hourly (BILLING)      Stripe reconciled, ended trials announced
 *
 * Running several workers is safe: pg-boss hands each job to one of them, mails are claimed in booking_mails_sent,
 * and the hourly series upkeep books under the same per-barber lock and exclusion constraint as everything else.
 */
export async function startWorkers(deps: WorkerDeps): Promise<Workers> {
  const { config, dataSource, logger, mailQueue, mailer, textProvider, events, now } = deps;
  registerListeners();
  // The push listener's e-mail fallback and links (issue 26 item 4), in a worker-only process too.
  configureStaffNotifications({ dataSource, mailer, publicOrigin: config.PUBLIC_ORIGIN });
  const mailWorker = await startMailWorker({
    queue: mailQueue,
    dataSource,
    mailer,
    publicOrigin: config.PUBLIC_ORIGIN,
    now,
    logger,
    texts: { dataSource, provider: textProvider, queue: mailQueue, config, now, logger },
  });
  const maintenance = startBookingMaintenance({
    dataSource,
    logger,
    // Series (issue 14) book the visits that enter the horizon hour by hour.
    booking: { dataSource, config, mailQueue, now, logger, textProvider },
  });
  // Custom domains (issue 16): pending domains re-checked from the durable queue for 72 hours.
  const domainWorker = await startDomainCheckWorker({
    dataSource,
    events,
    config,
    dns: createDnsChecker({ resolver: config.DNS_RESOLVER }),
    now,
    queue: mailQueue,
    logger,
  });
  // The waitlist (issue 14): day checks that offer freed time, hold expiries, the waitlist's mails.
  const waitlistWorker = await startWaitlistWorker({
    dataSource,
    config,
    mailQueue,
    mailer,
    textProvider,
    now,
    logger,
  });
  // The appointment lifecycle's after-commit handlers (issue 24): one job per event and listener.
  const eventWorker = await startAppointmentEventWorker({ queue: mailQueue, dataSource, config, logger, now });
  const stopBilling = startBillingSchedule({ dataSource, config, now, logger, events });
  // Clients texting the assistant (decision 0171): the model runs here, not in Twilio's webhook; only with a model
  // (LLM_BASE_URL), since nothing is queued without one. The assistant's daily budget is counted in Redis when
  // REDIS_URL is set, as the api's chats count it (decision 0173).
  const withModel = Boolean(config.LLM_BASE_URL);
  const redis = withModel && config.REDIS_URL ? createRedis(config.REDIS_URL) : null;
  redis?.on('error', (err) => logger.warn({ err: err.message }, 'redis error (client texts)'));
  const clientTextWorker = withModel
    ? await startClientTextWorker({
        dataSource,
        provider: textProvider,
        logger,
        now,
        queue: mailQueue,
        assistant: {
          dataSource,
          config,
          mailQueue,
          now,
          logger,
          billing: createBillingGate({ dataSource, config, now, logger, events }),
          textProvider,
          redis,
        },
      })
    : null;
  return {
    queues: [
      BOOKING_MAIL_QUEUE,
      DOMAIN_CHECK_QUEUE,
      WAITLIST_CHECK_QUEUE,
      HOLD_EXPIRY_QUEUE,
      WAITLIST_MAIL_QUEUE,
      APPOINTMENT_EVENT_QUEUE,
      ...(clientTextWorker ? [CLIENT_TEXT_QUEUE] : []),
    ],
    async stop() {
      maintenance.stop();
      stopBilling();
      await mailWorker.stop().catch(() => undefined);
      await domainWorker.stop();
      await waitlistWorker.stop();
      await eventWorker.stop();
      await clientTextWorker?.stop();
      redis?.disconnect();
    },
  };
}
