import type { Server } from 'node:http';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import { currentAnalyticsCache } from '../../modules/analytics/analytics-cache';
import type { AvailabilityCache } from '../../modules/availability/availability-cache';
import { startMetricsServer } from './metrics-server';
import { registerMetricSources } from './process-metrics';

/**
 * One call from each process's entry (main.ts, worker.ts): what its scrapes read, and the /metrics server on
 * METRICS_PORT (none when unset). `workers` is given where this process runs the durable queue's jobs.
 */
export function startProcessMetrics(deps: {
  service: 'api' | 'worker';
  config: Pick<Config, 'METRICS_PORT' | 'METRICS_HOST'>;
  logger: Logger;
  dataSource: DataSource;
  readDataSource?: DataSource;
  redis: Redis | null;
  availabilityCache?: AvailabilityCache;
  workers?: { queues: readonly string[] } | null;
}): Promise<Server | null> {
  const { workers, availabilityCache } = deps;
  registerMetricSources({
    dataSources: { primary: deps.dataSource, read: deps.readDataSource },
    redis: deps.redis,
    caches: {
      availability: availabilityCache,
      analytics: deps.service === 'api' ? () => currentAnalyticsCache() : undefined,
    },
    availability: availabilityCache,
    queue: workers ? { dataSource: deps.dataSource, queues: () => workers.queues } : undefined,
  });
  return startMetricsServer({
    port: deps.config.METRICS_PORT,
    host: deps.config.METRICS_HOST,
    service: deps.service,
    logger: deps.logger,
  });
}
