// `node api/dist/worker.js` (compose's `worker` service): the durable queue's jobs and the hourly upkeep, apart from
// the api's HTTP processes (decision 0174). Run as many as the queue needs; each job goes to one of them. It answers
// /healthz (alive) and /readyz (PostgreSQL and Redis answer) on HOST:PORT, and nothing else from outside.
import 'reflect-metadata';
import { createServer } from 'node:http';
import { loadConfig } from './config';
import { createBookingMailQueue } from './modules/mail/mail-queue';
import { createMailer } from './modules/mail/mailer';
import { createTextProvider } from './modules/messaging/twilio';
import { initializeWhenReachable } from './platform/db/connect';
import { createDataSource } from './platform/db/data-source';
import { runMigrationsLocked } from './platform/db/migrate-locked';
import { createShopEvents } from './platform/events/shop-events';
import { readiness } from './platform/http/ops';
import { createLogger } from './platform/logger';
import { startProcessMetrics } from './platform/metrics/start';
import { createRedis } from './platform/redis';
import { startTracing } from './platform/tracing/tracing';
import { startWorkers } from './workers';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL, 'worker');
// OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise nothing of it is loaded (decision 0178).
const tracing = await startTracing('worker', logger);

const dataSource = createDataSource(config.DATABASE_URL, { poolSize: 5 });
await initializeWhenReachable(dataSource, logger);
if (config.MIGRATE_ON_START) {
  const applied = await runMigrationsLocked(dataSource, { onWait: () => logger.info('waiting for migrations') });
  if (applied.length) logger.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
}

const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : null;
redis?.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));

const now = () => new Date();
const mailQueue = createBookingMailQueue({ connectionString: config.DATABASE_URL, logger, supervise: true });
const mailer = createMailer({ smtpUrl: config.SMTP_URL, logger });
const workers = await startWorkers({
  config,
  dataSource,
  logger,
  mailQueue,
  mailer,
  textProvider: createTextProvider(config, logger),
  // Domain checks tell the storefronts about a proven domain (over Redis, or STOREFRONT_NOTIFY_URLS).
  events: createShopEvents({ config, redis, logger }),
  now,
});

// Prometheus metrics (the queues' depth and oldest job's age, pools, outside calls) on METRICS_PORT (decision 0178).
const metricsServer = await startProcessMetrics({ service: 'worker', config, logger, dataSource, redis, workers });

let stopping = false;
// Probes only; metrics are on METRICS_PORT.
const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
    res.writeHead(stopping ? 503 : 200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ status: stopping ? 'stopping' : 'ok', queues: workers.queues }));
    return;
  }
  if (path === '/readyz' && (req.method === 'GET' || req.method === 'HEAD')) {
    void readiness({ dataSource, redis }).then(({ ready, checks }) => {
      res.writeHead(ready && !stopping ? 200 : 503, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(JSON.stringify({ status: stopping ? 'stopping' : ready ? 'ready' : 'not ready', checks }));
    });
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }));
});
server.listen(config.PORT, config.HOST, () => {
  logger.info({ port: config.PORT, host: config.HOST, queues: workers.queues }, 'worker running');
});
server.on('error', (err) => {
  logger.fatal({ err }, 'worker could not listen');
  process.exit(1);
});

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'worker stopping');
  // Take no new jobs, let the running ones finish (pg-boss waits for them), then close pools.
  await workers.stop();
  await mailQueue.stop().catch((err) => logger.warn({ err }, 'queue did not stop cleanly'));
  mailer.close();
  server.close();
  metricsServer?.close();
  await dataSource.destroy().catch(() => undefined);
  redis?.disconnect();
  await tracing?.shutdown();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
