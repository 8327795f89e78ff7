import 'reflect-metadata';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createApp } from './app';
import { loadConfig } from './config';
import { closeSharedAnalyticsCaches } from './modules/analytics/analytics-cache';
import { createAuth } from './modules/auth';
import { keptAvailability } from './modules/availability/availability.router';
import { createAvailabilityCache, createUncachedAvailability } from './modules/availability/availability-cache';
import { createBookingMailQueue } from './modules/mail/mail-queue';
import { createMailer } from './modules/mail/mailer';
import { createTextProvider } from './modules/messaging/twilio';
import { initializeWhenReachable } from './platform/db/connect';
import { createDataSource } from './platform/db/data-source';
import { runMigrationsLocked } from './platform/db/migrate-locked';
import { createShopEvents } from './platform/events/shop-events';
import { withOps } from './platform/http/ops';
import { createLogger } from './platform/logger';
import { withRequestMetrics } from './platform/metrics/http-metrics';
import { startProcessMetrics } from './platform/metrics/start';
import { createRedis } from './platform/redis';
import { startTracing } from './platform/tracing/tracing';
import type { ApiDeps } from './routes';
import { startWorkers, type Workers } from './workers';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
// OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise nothing of it is loaded (decision 0178).
const tracing = await startTracing('api', logger);

const dataSource = createDataSource(config.DATABASE_URL);
await initializeWhenReachable(dataSource, logger);
// Under an advisory lock (decision 0174): replicas starting together, or a `migrate` job beside them, apply each once.
if (config.MIGRATE_ON_START) {
  const applied = await runMigrationsLocked(dataSource, { onWait: () => logger.info('waiting for migrations') });
  if (applied.length) logger.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
}
// Analytics and its exports may read a replica (DATABASE_READ_URL); everything else reads and writes the primary.
const readDataSource = config.DATABASE_READ_URL
  ? createDataSource(config.DATABASE_READ_URL, { poolSize: 5 })
  : undefined;
if (readDataSource) await initializeWhenReachable(readDataSource, logger);

const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : null;
redis?.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));

const auth = await createAuth({ config, dataSource, redis, logger });
// The durable queue (pg-boss): this process enqueues (inside booking transactions); it runs the jobs only with
// RUN_WORKERS=true (`npm start`), otherwise `node api/dist/worker.js` does (decision 0174).
const now = () => new Date();
const mailQueue = createBookingMailQueue({
  connectionString: config.DATABASE_URL,
  logger,
  supervise: config.RUN_WORKERS,
});
const mailer = createMailer({ smtpUrl: config.SMTP_URL, logger });
// Text reminders (issue 15): Twilio when configured; each text goes through the same durable queue as mail.
const textProvider = createTextProvider(config, logger);
const shopEvents = createShopEvents({ config, redis, logger });
const workers: Workers | null = config.RUN_WORKERS
  ? await startWorkers({ config, dataSource, logger, mailQueue, mailer, textProvider, events: shopEvents, now })
  : null;
if (workers) logger.info({ queues: workers.queues }, 'this api also runs the background jobs (RUN_WORKERS)');
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
  ...(readDataSource ? { readDataSource } : {}),
  redis,
  logger,
  verifier: auth.verifier,
  authRouter: auth.router,
  events: shopEvents,
  booking: { now, mailQueue, availabilityCache, textProvider },
};
const app = createApp(apiDeps);
// Prometheus metrics on METRICS_PORT, a port of its own that no front door routes to (decision 0178).
const metricsServer = await startProcessMetrics({
  service: 'api',
  config,
  logger,
  dataSource,
  readDataSource,
  redis,
  availabilityCache,
  workers,
});

let stopping = false;
// /readyz, access-log lines and Connection: close while draining wrap the app (platform/http/ops.ts).
// Availability's kept answers go out ahead of Express (decision 0060); everything else is the app.
const kept = keptAvailability({ availabilityCache, config, now });
const handler: RequestListener = (req, res) => {
  if (!kept(req, res)) app(req, res);
};
const server: Server = createServer(
  withOps(withRequestMetrics(handler), { dataSource, redis, logger, isStopping: () => stopping }),
);
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
  metricsServer?.close();
  await workers?.stop();
  await availabilityCache.close();
  await closeSharedAnalyticsCaches();
  await mailQueue.stop().catch((err) => logger.warn({ err }, 'mail queue did not stop cleanly'));
  mailer.close();
  await auth.close?.();
  await dataSource.destroy().catch(() => undefined);
  await readDataSource?.destroy().catch(() => undefined);
  redis?.disconnect();
  await tracing?.shutdown();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
