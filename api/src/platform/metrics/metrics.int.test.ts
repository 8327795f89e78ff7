/**
 * What an operator's Prometheus reads from an api process (issue 30, item 4; decision 0178): after real requests
 * through the app, /metrics on the metrics port counts them by route pattern (never the raw path with a shop's
 * slug), the durable queue's waiting jobs per queue, the caches' hits and misses, the pools, and the calls made to
 * Twilio (the test's fake) and to an unreachable model.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import PgBoss from 'pg-boss';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import {
  type BookingTestApp,
  createBookingTestApp,
  createTestClock,
  everyDay,
  setUpShop,
  type TestShop,
} from '../../modules/appointments/booking.test-helper';
import { completeChat, LlmError } from '../../modules/assistant/llm';
import { type AvailabilityCache, createAvailabilityCache } from '../../modules/availability/availability-cache';
import { type FakeTwilio, startFakeTwilio } from '../../modules/messaging/fake-twilio.test-helper';
import { createTextProvider } from '../../modules/messaging/twilio';
import { signUpTestUser } from '../../test/auth-helpers';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase } from '../../test/test-db';
import { createLogger } from '../logger';
import { withRequestMetrics } from './http-metrics';
import { trackEventStream } from './metrics';
import { startMetricsServer } from './metrics-server';
import { registerMetricSources } from './process-metrics';

const logger = createLogger('silent');
const PROBE_QUEUE = 'metrics-probe';

let db: TestDatabase;
let cache: AvailabilityCache;
let app: BookingTestApp;
let server: Server;
let metricsServer: Server | null;
let redis: Redis;
let boss: PgBoss;
let twilio: FakeTwilio;
let shop: TestShop;
let token: string;

const portOf = (s: Server) => (s.address() as AddressInfo).port;

async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${portOf(metricsServer as Server)}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

/** The value of the series `name` whose labels include `labels` (in any order); undefined when absent. */
function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

beforeAll(async () => {
  db = await createTestDatabase();
  cache = createAvailabilityCache({ dataSource: db.dataSource, connectionString: db.url, logger });
  await cache.ready();
  app = await createBookingTestApp(db, { clock: createTestClock(), availabilityCache: cache });
  server = createServer(withRequestMetrics(app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  await redis.ping();
  boss = new PgBoss({ connectionString: db.url, schema: 'pgboss', supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.createQueue(PROBE_QUEUE);
  twilio = await startFakeTwilio();
  registerMetricSources({
    dataSources: { primary: db.dataSource },
    redis,
    caches: { availability: cache },
    availability: cache,
    // This process "works" the probe queue; no consumer takes its jobs, so they wait.
    queue: { dataSource: db.dataSource, queues: () => [PROBE_QUEUE] },
  });
  metricsServer = await startMetricsServer({ port: undefined, host: '127.0.0.1', service: 'api', logger });
  expect(metricsServer).toBeNull(); // port unset: nothing is served
  metricsServer = await startMetricsServer({ port: await freePort(), host: '127.0.0.1', service: 'api', logger });
  token = (await signUpTestUser(app)).accessToken;
  shop = await setUpShop(app, token, { settings: { hours_json: everyDay('09:00', '17:00'), minNoticeMinutes: 0 } });
});

afterAll(async () => {
  metricsServer?.close();
  server?.close();
  await boss?.stop({ graceful: false, wait: true }).catch(() => undefined);
  redis?.disconnect();
  await twilio?.close();
  await cache?.close();
  await app?.close();
  await db?.drop();
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = portOf(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('an api process’s /metrics', () => {
  it('counts requests by route pattern and status, whatever the path held', async () => {
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const availability = `/api/shops/${shop.slug}/availability?serviceId=${shop.services[0]?.id}&barberId=any&date=${date}`;
    // The first answer is computed, the second comes from the cache's kept answers ahead of Express.
    expect((await request(server).get(availability)).status).toBe(200);
    expect((await request(server).get(availability)).status).toBe(200);
    // An error answered by the app's error handler after the route matched keeps the route's pattern.
    expect((await request(server).get(`/api/shops/${shop.id}/domains`)).status).toBe(401);
    // A made-up path is one 'unmatched' series, not a series per path.
    expect((await request(server).get(`/api/no-such-thing-${shop.slug}`)).status).toBe(404);

    const text = await scrape();
    expect(
      seriesValue(text, 'barberly_http_requests_total', {
        route: '/api/shops/:slugOrId/availability',
        method: 'GET',
        status_code: '200',
      }),
    ).toBe(2);
    expect(
      seriesValue(text, 'barberly_http_requests_total', {
        route: '/api/shops/:shopId/domains',
        method: 'GET',
        status_code: '401',
      }),
    ).toBe(1);
    expect(
      seriesValue(text, 'barberly_http_requests_total', { route: 'unmatched', method: 'GET', status_code: '404' }),
    ).toBe(1);
    expect(
      seriesValue(text, 'barberly_http_request_duration_seconds_count', {
        route: '/api/shops/:slugOrId/availability',
        method: 'GET',
      }),
    ).toBe(2);
    // No label carries the shop's slug or id.
    expect(text).not.toContain(shop.slug);
    expect(text).not.toContain(shop.id);
    // The availability cache: the kept answer was a hit; the computation read misses.
    expect(
      seriesValue(text, 'barberly_cache_requests_total', { cache: 'availability', result: 'hit' }),
    ).toBeGreaterThan(0);
    expect(
      seriesValue(text, 'barberly_cache_requests_total', { cache: 'availability', result: 'miss' }),
    ).toBeGreaterThan(0);
    expect(seriesValue(text, 'barberly_cache_listening', { cache: 'availability' })).toBe(1);
    // A notification's trip to the cache was measured.
    const lag = seriesValue(text, 'barberly_availability_invalidation_lag_seconds', {});
    expect(lag).toBeGreaterThan(0);
    expect(lag).toBeLessThan(5);
  });

  it('shows each queue’s waiting jobs and how long the oldest has waited', async () => {
    let text = await scrape();
    expect(seriesValue(text, 'barberly_queue_depth', { queue: `${PROBE_QUEUE}` })).toBe(0);
    expect(seriesValue(text, 'barberly_queue_oldest_job_age_seconds', { queue: `${PROBE_QUEUE}` })).toBe(0);
    expect(seriesValue(text, 'barberly_worker_running', {})).toBe(1);
    for (let i = 0; i < 3; i++) await boss.send(PROBE_QUEUE, { i });
    // A job due tomorrow is not waiting yet.
    await boss.send(PROBE_QUEUE, { later: true }, { startAfter: new Date(Date.now() + 86_400_000) });
    await db.dataSource.query(
      `UPDATE pgboss.job SET start_after = now() - interval '10 minutes' WHERE name = $1 AND data->>'i' = '0'`,
      [PROBE_QUEUE],
    );
    text = await scrape();
    expect(seriesValue(text, 'barberly_queue_depth', { queue: `${PROBE_QUEUE}` })).toBe(3);
    expect(
      seriesValue(text, 'barberly_queue_oldest_job_age_seconds', { queue: `${PROBE_QUEUE}` }),
    ).toBeGreaterThanOrEqual(600);
  });

  it('shows the pools, Redis, open event streams and calls to outside services', async () => {
    const texts = createTextProvider(
      testConfig({
        DATABASE_URL: db.url,
        TWILIO_ACCOUNT_SID: twilio.accountSid,
        TWILIO_AUTH_TOKEN: twilio.authToken,
        TWILIO_FROM: twilio.from,
        TWILIO_API_URL: twilio.url,
      }),
      logger,
    );
    await texts.send({ to: '+12025550143', channel: 'sms', body: 'See you at 10' });
    expect(twilio.sent).toHaveLength(1);
    const unreachable = await freePort();
    await expect(
      completeChat(
        { baseUrl: `http://127.0.0.1:${unreachable}/v1`, model: 'm', timeoutMs: 2000 },
        { messages: [{ role: 'user', content: 'hi' }], tools: [] },
        () => undefined,
      ),
    ).rejects.toBeInstanceOf(LlmError);
    const closeStream = trackEventStream('calendar');
    trackEventStream('calendar');
    closeStream();
    closeStream();

    const text = await scrape();
    expect(
      seriesValue(text, 'barberly_outbound_requests_total', {
        service: 'twilio',
        operation: 'messages.create',
        outcome: 'ok',
      }),
    ).toBe(1);
    expect(
      seriesValue(text, 'barberly_outbound_requests_total', {
        service: 'llm',
        operation: 'chat.completions',
        outcome: 'error',
      }),
    ).toBe(1);
    expect(
      seriesValue(text, 'barberly_outbound_request_duration_seconds_count', {
        service: 'twilio',
        operation: 'messages.create',
      }),
    ).toBe(1);
    expect(seriesValue(text, 'barberly_event_streams_open', { stream: 'calendar' })).toBe(1);
    expect(seriesValue(text, 'barberly_pg_pool_connections', { pool: 'primary', state: 'total' })).toBeGreaterThan(0);
    expect(seriesValue(text, 'barberly_pg_pool_connections', { pool: 'primary', state: 'waiting' })).toBe(0);
    expect(seriesValue(text, 'barberly_redis_connection_up', { connection: 'commands' })).toBe(1);
    // Node's own figures come along, labelled with the process's service.
    expect(seriesValue(text, 'process_cpu_user_seconds_total', { component: 'api' })).toBeGreaterThan(0);
  });

  it('answers only GET /metrics', async () => {
    const port = portOf(metricsServer as Server);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
