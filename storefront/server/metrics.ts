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
  collect: () => foldRequests(),
});
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const httpDuration = new client.Histogram({
  name: 'barberly_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by route pattern and method.',
  labelNames: ['route', 'method'] as const,
  buckets: DURATION_BUCKETS,
  collect: () => foldRequests(),
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
const ROUTE_VALUE = Symbol('barberly.metrics.route-value');
type Labelled = IncomingMessage & { [ROUTE]?: string; [ROUTE_VALUE]?: unknown; baseUrl?: string };

/** Names the route of an answer given before Express routes it (a rendered page from memory). */
export function labelRoute(req: IncomingMessage, pattern: string): void {
  (req as Labelled)[ROUTE] = pattern;
}

/**
 * Requests counted since the last scrape, per (route, method): plain numbers, folded into the counter and the
 * histogram when /metrics is read (`collect`). Per request, prom-client's label objects, look-ups and a 'finish'
 * listener cost about 7% of a page answered from memory through the front door (docs/benchmarks.md, issue 29).
 */
interface Tally {
  labels: { route: string; method: string };
  /** Requests per status code. */
  statuses: Map<number, number>;
  /** Per bucket of DURATION_BUCKETS, the requests whose duration is at most that bound and above the one before. */
  buckets: Float64Array;
  sum: number;
  count: number;
}
const tallies = new Map<string, Map<string, Tally>>();

function countRequest(route: string, method: string, status: number, seconds: number): void {
  let byMethod = tallies.get(route);
  if (!byMethod) {
    byMethod = new Map();
    tallies.set(route, byMethod);
  }
  let tally = byMethod.get(method);
  if (!tally) {
    tally = {
      labels: { route, method },
      statuses: new Map(),
      buckets: new Float64Array(DURATION_BUCKETS.length),
      sum: 0,
      count: 0,
    };
    byMethod.set(method, tally);
  }
  tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  tally.count += 1;
  tally.sum += seconds;
  // The bucket prom-client's observe() picks: the first bound at or above the value (none past the last: +Inf).
  let bucket = 0;
  while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] as number)) bucket++;
  if (bucket < DURATION_BUCKETS.length) tally.buckets[bucket] = (tally.buckets[bucket] as number) + 1;
}

/** The histogram's series as prom-client 15 keeps them (lib/histogram.js); the fold adds to them in place. */
interface HistogramSeries {
  labels: { route?: string; method?: string };
  bucketValues: Record<number, number>;
  sum: number;
  count: number;
}

function histogramSeries(labels: { route: string; method: string }): HistogramSeries {
  const find = () =>
    Object.values((httpDuration as unknown as { hashMap: Record<string, HistogramSeries> }).hashMap).find(
      (series) => series.labels.route === labels.route && series.labels.method === labels.method,
    );
  let series = find();
  if (!series) {
    httpDuration.zero(labels);
    series = find();
  }
  if (!series) throw new Error('prom-client keeps histograms differently: server/metrics.ts cannot add to them');
  return series;
}

/** Moves what was counted since the last scrape into prom-client (the counter's inc() takes a count). */
function foldRequests(): void {
  for (const byMethod of tallies.values()) {
    for (const tally of byMethod.values()) {
      if (tally.count === 0) continue;
      for (const [status, count] of tally.statuses) {
        httpRequests.inc({ ...tally.labels, status_code: String(status) }, count);
      }
      const series = histogramSeries(tally.labels);
      DURATION_BUCKETS.forEach((bound, i) => {
        series.bucketValues[bound] = (series.bucketValues[bound] ?? 0) + (tally.buckets[i] as number);
      });
      series.sum += tally.sum;
      series.count += tally.count;
      tally.statuses.clear();
      tally.buckets.fill(0);
      tally.sum = 0;
      tally.count = 0;
    }
  }
}

/**
 * Express sets `req.route` when a route matches; its pattern (with the mount path) is kept for the labels. The
 * accessor sits once on the app's request prototype instead of on every request.
 */
function labelExpressRoutes(routes: { request: object }): void {
  Object.defineProperty(routes.request, 'route', {
    configurable: true,
    enumerable: true,
    get(this: Labelled) {
      return this[ROUTE_VALUE];
    },
    set(this: Labelled, value: unknown) {
      this[ROUTE_VALUE] = value;
      const path = (value as { path?: unknown } | null)?.path;
      if (path !== undefined && path !== null) this[ROUTE] = `${this.baseUrl ?? ''}${String(path)}`;
    },
  });
}

/**
 * Counts and times each request by the pattern of the Express route that matched it (`routes`: that Express app),
 * or the one labelRoute() gave, else 'unmatched'. An answer written before the handler returns (a page from memory)
 * is counted at once; the others when they finish.
 */
export function withRequestMetrics(handler: RequestListener, routes: { request: object }): RequestListener {
  labelExpressRoutes(routes);
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    handler(req, res);
    if (res.writableEnded) count(req as Labelled, res, started);
    else res.once('finish', () => count(req as Labelled, res, started));
  };
}

/** The same count for the answers from memory that server/ops.ts tries before the handler. */
export function countAnswers<A extends unknown[]>(
  answer: (req: IncomingMessage, res: ServerResponse, ...rest: A) => boolean,
): (req: IncomingMessage, res: ServerResponse, ...rest: A) => boolean {
  return (req, res, ...rest) => {
    const started = performance.now();
    if (!answer(req, res, ...rest)) return false;
    if (res.writableEnded) count(req as Labelled, res, started);
    else res.once('finish', () => count(req as Labelled, res, started));
    return true;
  };
}

function count(req: Labelled, res: ServerResponse, started: number): void {
  countRequest(req[ROUTE] ?? 'unmatched', req.method ?? 'GET', res.statusCode, (performance.now() - started) / 1000);
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
