import 'reflect-metadata';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createApp } from './app';
import { loadConfig } from './config';
import { startBookingMaintenance } from './modules/appointments/booking-maintenance';
import { createAuth } from './modules/auth';
import { keptAvailability } from './modules/availability/availability.router';
import { createAvailabilityCache, createUncachedAvailability } from './modules/availability/availability-cache';
import { startBillingSchedule } from './modules/billing/billing.service';
import { createDnsChecker } from './modules/domains/dns-check';
import { startDomainCheckWorker } from './modules/domains/domain-check-worker';
import { createBookingMailQueue } from './modules/mail/mail-queue';
import { startMailWorker } from './modules/mail/mail-worker';
import { createMailer } from './modules/mail/mailer';
import { createTextProvider } from './modules/messaging/twilio';
import { startWaitlistWorker } from './modules/waitlist/waitlist-worker';
import { initializeWhenReachable } from './platform/db/connect';
import { createDataSource } from './platform/db/data-source';
import { createShopEvents } from './platform/events/shop-events';
import { withOps } from './platform/http/ops';
import { createLogger } from './platform/logger';
import { createRedis } from './platform/redis';
import type { ApiDeps } from './routes';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);

const dataSource = createDataSource(config.DATABASE_URL);
await initializeWhenReachable(dataSource, logger);
if (config.MIGRATE_ON_START) {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  if (applied.length) logger.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
}

const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : null;
redis?.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));

const auth = await createAuth({ config, dataSource, redis, logger });
// Booking mails: one pg-boss instance enqueues (inside booking transactions) and runs the worker.
const now = () => new Date();
const mailQueue = createBookingMailQueue({ connectionString: config.DATABASE_URL, logger, supervise: true });
const mailer = createMailer({ smtpUrl: config.SMTP_URL, logger });
// Text reminders (issue 15): Twilio when configured; each text goes through the same durable queue as mail.
const textProvider = createTextProvider(config, logger);
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
const shopEvents = createShopEvents({ config, redis, logger });
// Custom domains (issue 16): pending domains re-checked from the durable queue for 72 hours.
const domainWorker = await startDomainCheckWorker({
  dataSource,
  events: shopEvents,
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
const stopBilling = startBillingSchedule({
  dataSource,
  config,
  now,
  logger,
  events: shopEvents,
});
// Availability's cache listens for the database's schedule notifications; until it does, questions read the database.
const availabilityCache = config.AVAILABILITY_CACHE
  ? createAvailabilityCache({ dataSource, connectionString: config.DATABASE_URL, logger })
  : createUncachedAvailability(dataSource);
await availabilityCache
  .ready()
  .catch((err: Error) => logger.warn({ err: err.message }, 'availability cache is not listening yet; retrying'));
const apiDeps: ApiDeps = {
  config,
  dataSource,
  redis,
  logger,
  verifier: auth.verifier,
  authRouter: auth.router,
  events: shopEvents,
  booking: { now, mailQueue, availabilityCache, textProvider },
};
const app = createApp(apiDeps);

let stopping = false;
// /readyz, access-log lines and Connection: close while draining wrap the app (platform/http/ops.ts).
// Availability's kept answers go out ahead of Express (decision 0060); everything else is the app.
const kept = keptAvailability({ availabilityCache, config, now });
const handler: RequestListener = (req, res) => {
  if (!kept(req, res)) app(req, res);
};
const server: Server = createServer(withOps(handler, { dataSource, redis, logger, isStopping: () => stopping }));
server.listen(config.PORT, config.HOST, () => {
  logger.info({ port: config.PORT, host: config.HOST }, 'api listening');
});
server.on('error', (err) => {
  logger.fatal({ err }, 'api could not listen');
  process.exit(1);
});

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'api stopping');
  // Stop accepting, let in-flight requests finish, then close pools.
  server.close();
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  force.unref();
  await new Promise<void>((resolve) => server.once('close', () => resolve()));
  maintenance.stop();
  stopBilling();
  await mailWorker.stop().catch(() => undefined);
  await domainWorker.stop();
  await waitlistWorker.stop();
  await availabilityCache.close();
  await mailQueue.stop().catch((err) => logger.warn({ err }, 'mail queue did not stop cleanly'));
  mailer.close();
  await auth.close?.();
  await dataSource.destroy().catch(() => undefined);
  redis?.disconnect();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
