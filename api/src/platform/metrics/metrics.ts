/**
 * Prometheus metrics of an api or worker process (issue 30, item 4; decision 0178). Everything is registered on
 * prom-client's default registry at import, so a module records with one call and `startMetricsServer` serves it
 * all. The names here are what `deploy/monitoring/` (the Grafana dashboard and the alert rules) query, and a test
 * checks that every expression there names one of them.
 *
 * Labels stay bounded: routes are Express's patterns ('/api/shops/:shopId/bookings'), never raw paths; outside
 * calls are labelled by service and operation, never by URL.
 */
import client from 'prom-client';

export const registry = client.register;

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new client.Counter({
  name: 'barberly_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status code.',
  labelNames: ['route', 'method', 'status_code'] as const,
});

export const httpDuration = new client.Histogram({
  name: 'barberly_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by route pattern and method.',
  labelNames: ['route', 'method'] as const,
  buckets: SECONDS,
});

export const queueDepth = new client.Gauge({
  name: 'barberly_queue_depth',
  help: 'Jobs of the durable queue (pg-boss) due and waiting to be worked, per queue.',
  labelNames: ['queue'] as const,
});

export const queueOldestAge = new client.Gauge({
  name: 'barberly_queue_oldest_job_age_seconds',
  help: 'How long the oldest due job of each queue has waited (0 when none waits).',
  labelNames: ['queue'] as const,
});

export const cacheRequests = new client.Counter({
  name: 'barberly_cache_requests_total',
  help: 'Cache look-ups, by cache (page, shop, availability, analytics) and result (hit or miss).',
  labelNames: ['cache', 'result'] as const,
});

export const cacheListening = new client.Gauge({
  name: 'barberly_cache_listening',
  help: "1 while a cache hears the database's change notifications (only then does it keep anything).",
  labelNames: ['cache'] as const,
});

export const invalidationLag = new client.Gauge({
  name: 'barberly_availability_invalidation_lag_seconds',
  help: "Time for a change notification sent now to reach this process's availability cache (measured per scrape).",
});

export const eventStreams = new client.Gauge({
  name: 'barberly_event_streams_open',
  help: 'Server-sent event streams open in this process, by stream.',
  labelNames: ['stream'] as const,
});

export const outboundRequests = new client.Counter({
  name: 'barberly_outbound_requests_total',
  help: 'Calls to outside services (twilio, stripe, llm, dns), by operation and outcome (ok or error).',
  labelNames: ['service', 'operation', 'outcome'] as const,
});

export const outboundDuration = new client.Histogram({
  name: 'barberly_outbound_request_duration_seconds',
  help: 'Latency of calls to outside services, by service and operation.',
  labelNames: ['service', 'operation'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

export const pgPool = new client.Gauge({
  name: 'barberly_pg_pool_connections',
  help: 'PostgreSQL pool connections, by pool (primary, read) and state (total, idle, waiting: clients queued for one).',
  labelNames: ['pool', 'state'] as const,
});

export const redisUp = new client.Gauge({
  name: 'barberly_redis_connection_up',
  help: "1 while the process's Redis connection is ready.",
  labelNames: ['connection'] as const,
});

export const redisPending = new client.Gauge({
  name: 'barberly_redis_commands_pending',
  help: 'Redis commands sent and not yet answered, per connection.',
  labelNames: ['connection'] as const,
});

export const workerRunning = new client.Gauge({
  name: 'barberly_worker_running',
  help: 'Queues this process works (0: it runs no jobs). The alert "a worker not running" watches its sum.',
});

let defaultsOn = false;
/** Node's own process metrics (CPU, memory, event-loop lag), once per process, labelled with the component (api, worker). */
export function collectProcessMetrics(service: string): void {
  registry.setDefaultLabels({ component: service });
  if (defaultsOn) return;
  defaultsOn = true;
  client.collectDefaultMetrics({ register: registry });
}

export type OutsideService = 'twilio' | 'stripe' | 'llm' | 'dns';

/** Records one outside call of `fn`: its latency, and 'error' when it throws or `failed(result)` says so. */
export async function observeCall<T>(
  service: OutsideService,
  operation: string,
  fn: () => Promise<T>,
  failed: (result: T) => boolean = () => false,
): Promise<T> {
  const end = outboundDuration.startTimer({ service, operation });
  try {
    const result = await fn();
    outboundRequests.inc({ service, operation, outcome: failed(result) ? 'error' : 'ok' });
    return result;
  } catch (err) {
    outboundRequests.inc({ service, operation, outcome: 'error' });
    throw err;
  } finally {
    end();
  }
}

/** Records an outside call already timed elsewhere (Stripe's SDK reports each response with its time). */
export function recordCall(service: OutsideService, operation: string, seconds: number, ok: boolean): void {
  outboundDuration.observe({ service, operation }, seconds);
  outboundRequests.inc({ service, operation, outcome: ok ? 'ok' : 'error' });
}

/** Counts an open event stream; call the returned function once when it closes. */
export function trackEventStream(stream: string): () => void {
  eventStreams.inc({ stream });
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    eventStreams.dec({ stream });
  };
}
