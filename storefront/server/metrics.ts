/**
 * Prometheus metrics of a storefront process (issue 30, item 4; decision 0178), under the names the api uses
 * (api/src/platform/metrics/metrics.ts), so one dashboard reads both: requests per route pattern, the page cache
 * (rendered pages answered from memory or rendered) and the shop cache (records held in memory or fetched), Redis.
 * Served at GET /metrics on METRICS_HOST:METRICS_PORT, a port no front door routes to; none when unset.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Redis } from 'ioredis';
import client from 'prom-client';

const registry = client.register;

const httpRequests = new client.Counter({
  name: 'barberly_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status code.',
  labelNames: ['route', 'method', 'status_code'] as const,
});
const httpDuration = new client.Histogram({
  name: 'barberly_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by route pattern and method.',
  labelNames: ['route', 'method'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});
const cacheRequests = new client.Counter({
  name: 'barberly_cache_requests_total',
  help: 'Cache look-ups, by cache (page, shop, availability, analytics) and result (hit or miss).',
  labelNames: ['cache', 'result'] as const,
});
const redisUp = new client.Gauge({
  name: 'barberly_redis_connection_up',
  help: "1 while the process's Redis connection is ready.",
  labelNames: ['connection'] as const,
});
const redisPending = new client.Gauge({
  name: 'barberly_redis_commands_pending',
  help: 'Redis commands sent and not yet answered, per connection.',
  labelNames: ['connection'] as const,
});

const ROUTE = Symbol('barberly.metrics.route');
type Labelled = IncomingMessage & { [ROUTE]?: string; baseUrl?: string };

/** Names the route of an answer given before Express routes it (a rendered page from memory). */
export function labelRoute(req: IncomingMessage, pattern: string): void {
  (req as Labelled)[ROUTE] = pattern;
}

/** Counts and times each request by the pattern of the Express route that matched it ('unmatched' otherwise). */
export function withRequestMetrics(handler: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const end = httpDuration.startTimer();
    const labelled = req as Labelled;
    let route: unknown;
    Object.defineProperty(labelled, 'route', {
      configurable: true,
      enumerable: true,
      get: () => route,
      set(value: unknown) {
        route = value;
        const path = (value as { path?: unknown } | null)?.path;
        if (path !== undefined && path !== null) labelled[ROUTE] = `${labelled.baseUrl ?? ''}${String(path)}`;
      },
    });
    res.once('finish', () => {
      const labels = { route: labelled[ROUTE] ?? 'unmatched', method: req.method ?? 'GET' };
      end(labels);
      httpRequests.inc({ ...labels, status_code: String(res.statusCode) });
    });
    handler(req, res);
  };
}

export interface StorefrontCounts {
  /** Rendered pages answered from memory, and pages rendered. */
  page: { hits: number; misses: number };
  /** Shop records answered from process memory, and those fetched (Redis or the api). */
  shop: { hits: number; misses: number };
}

const counted = new Map<string, { hits: number; misses: number }>();

function addCounts(cache: string, now: { hits: number; misses: number }) {
  const before = counted.get(cache) ?? { hits: 0, misses: 0 };
  cacheRequests.inc({ cache, result: 'hit' }, Math.max(0, now.hits - before.hits));
  cacheRequests.inc({ cache, result: 'miss' }, Math.max(0, now.misses - before.misses));
  counted.set(cache, { ...now });
}

export async function startMetricsServer(options: {
  port: number | undefined;
  host: string;
  counts: () => StorefrontCounts;
  redis: Redis | null;
  log: (message: string, fields?: Record<string, unknown>) => void;
}): Promise<Server | null> {
  if (!options.port) return null;
  registry.setDefaultLabels({ component: 'storefront' });
  client.collectDefaultMetrics({ register: registry });
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found: metrics are at GET /metrics\n');
      return;
    }
    const counts = options.counts();
    addCounts('page', counts.page);
    addCounts('shop', counts.shop);
    if (options.redis) {
      redisUp.set({ connection: 'commands' }, options.redis.status === 'ready' ? 1 : 0);
      const queue = (options.redis as unknown as { commandQueue?: { length: number } }).commandQueue;
      redisPending.set({ connection: 'commands' }, queue?.length ?? 0);
    }
    registry.metrics().then(
      (body) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err: Error) => {
        options.log('metrics could not be collected', { err: err.message });
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('metrics could not be collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  options.log('metrics served at /metrics', { port: options.port, host: options.host });
  return server;
}
