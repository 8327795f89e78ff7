/**
 * Metrics an operator scrapes, and nobody else (issue 30, item 4; decision 0178): the built api, worker and
 * storefront each serve GET /metrics on METRICS_PORT (loopback by default), and neither front door (nginx with the
 * production config, the Node proxy of `npm start`) answers /metrics from any process, whatever the path or host.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../proxy/src/config';
import { withOps } from '../proxy/src/ops';
import { createProxyHandler } from '../proxy/src/routes';
import {
  apiService,
  buildMissing,
  createDatabase,
  freePort,
  nginxService,
  request,
  type Service,
  storefrontService,
  testRedisUrl,
  workerService,
} from './support/processes';

const DOMAIN = 'barberly.test';

let services: Service[] = [];
let nginx: Service | undefined;
let nginxDir: string | undefined;
let nginxConfig: string;
let adminDir: string | undefined;
let proxy: http.Server | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const ports = { api: 0, worker: 0, storefront: 0, nginx: 0, proxy: 0 };
const metricsPorts = { api: 0, worker: 0, storefront: 0 };
let slug: string;

const host = () => `${DOMAIN}:${ports.nginx}`;
const scrape = (port: number) => request(port, '/metrics', { host: `127.0.0.1:${port}` });

/** The value of the series `name` whose labels include `labels`; undefined when absent. */
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
  buildMissing();
  const database = await createDatabase();
  dropDatabase = database.drop;
  for (const key of Object.keys(ports) as Array<keyof typeof ports>) ports[key] = await freePort();
  for (const key of Object.keys(metricsPorts) as Array<keyof typeof metricsPorts>) metricsPorts[key] = await freePort();
  const shared = {
    APP_DOMAIN: DOMAIN,
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl(),
    REDIS_KEY_PREFIX: `bb_ops_${crypto.randomBytes(4).toString('hex')}:`,
    INTERNAL_TOKEN: crypto.randomBytes(16).toString('hex'),
    PUBLIC_ORIGIN: `http://${DOMAIN}:${ports.nginx}`,
    AUTH_RATE_LIMIT_MULTIPLIER: '0',
  };
  const api = apiService(ports.api, { ...shared, RUN_WORKERS: 'false', METRICS_PORT: String(metricsPorts.api) });
  services.push(api);
  await api.start();
  const others = [
    workerService(ports.worker, { ...shared, METRICS_PORT: String(metricsPorts.worker) }),
    storefrontService(ports.storefront, {
      ...shared,
      API_URL: `http://127.0.0.1:${ports.api}`,
      METRICS_PORT: String(metricsPorts.storefront),
    }),
  ];
  services.push(...others);
  await Promise.all(others.map((service) => service.start()));

  adminDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-admin-'));
  fs.writeFileSync(path.join(adminDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(adminDir, 'spa.html'), '<!doctype html><div id="root"></div>');
  const door = nginxService({
    appDomain: DOMAIN,
    port: ports.nginx,
    apiUpstreams: [`127.0.0.1:${ports.api}`],
    storefrontUpstreams: [`127.0.0.1:${ports.storefront}`],
    adminRoot: adminDir,
  });
  nginxDir = door.dir;
  nginxConfig = door.config;
  nginx = await door.service.start();

  const config = loadConfig({
    API_URL: `http://127.0.0.1:${ports.api}`,
    STOREFRONT_URL: `http://127.0.0.1:${ports.storefront}`,
    ADMIN_DIR: adminDir,
    APP_DOMAIN: DOMAIN,
  });
  proxy = http.createServer(withOps(createProxyHandler(config), config, { isStopping: () => false, accessLog: false }));
  await new Promise<void>((resolve) => proxy?.listen(ports.proxy, '127.0.0.1', resolve));

  // A shop, set up through the front door as its owner would.
  const signup = await request(ports.nginx, '/auth/v1/signup', {
    host: host(),
    method: 'POST',
    body: JSON.stringify({
      email: `ops+${crypto.randomBytes(4).toString('hex')}@example.com`,
      password: 'Barberly-ops-Passw0rd!',
    }),
  });
  expect(signup.status, signup.text).toBe(200);
  const token = JSON.parse(signup.text).access_token as string;
  slug = `metrics-${crypto.randomBytes(3).toString('hex')}`;
  const created = await request(ports.nginx, '/api/shops', {
    host: host(),
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Counted Cuts', slug }),
  });
  expect(created.status, created.text).toBe(201);
}, 240_000);

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  await nginx?.stop();
  await Promise.all(services.map((service) => service.stop()));
  services = [];
  if (nginxDir) fs.rmSync(nginxDir, { recursive: true, force: true });
  if (adminDir) fs.rmSync(adminDir, { recursive: true, force: true });
  await dropDatabase?.();
});

describe('metrics behind the front door', () => {
  it('are served on each process’s metrics port, counting what came through the front door by route', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await request(ports.nginx, `/api/shops/${slug}`, { host: host() })).status).toBeLessThan(500);
    }
    // The shop's page through the Node proxy twice: rendered once, then answered from the storefront's memory.
    for (let i = 0; i < 2; i++) {
      expect((await request(ports.proxy, '/', { host: `${slug}.${DOMAIN}` })).status).toBe(200);
    }

    const api = await scrape(metricsPorts.api);
    expect(api.status).toBe(200);
    expect(api.headers['content-type']).toContain('text/plain');
    expect(
      seriesValue(api.text, 'barberly_http_requests_total', {
        route: '/api/shops',
        method: 'POST',
        status_code: '201',
      }),
    ).toBe(1);
    // Three asked through nginx, and the storefront's own fetch of the shop: one series, by pattern.
    expect(
      seriesValue(api.text, 'barberly_http_requests_total', {
        route: '/api/shops/:slugOrId',
        method: 'GET',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(3);
    expect(api.text).not.toContain(slug);
    expect(seriesValue(api.text, 'barberly_pg_pool_connections', { pool: 'primary', state: 'total' })).toBeGreaterThan(
      0,
    );
    expect(seriesValue(api.text, 'barberly_redis_connection_up', { connection: 'commands' })).toBe(1);
    // This api runs no jobs (RUN_WORKERS=false); the worker does, and reports its queues.
    expect(seriesValue(api.text, 'barberly_worker_running')).toBe(0);
    const worker = await scrape(metricsPorts.worker);
    expect(worker.status).toBe(200);
    expect(seriesValue(worker.text, 'barberly_worker_running')).toBeGreaterThan(0);
    expect(seriesValue(worker.text, 'barberly_queue_depth', { queue: 'booking-mail' })).toBe(0);
    expect(seriesValue(worker.text, 'barberly_queue_oldest_job_age_seconds', { queue: 'booking-mail' })).toBe(0);

    const storefront = await scrape(metricsPorts.storefront);
    expect(storefront.status).toBe(200);
    expect(seriesValue(storefront.text, 'barberly_cache_requests_total', { cache: 'page', result: 'miss' })).toBe(1);
    expect(seriesValue(storefront.text, 'barberly_cache_requests_total', { cache: 'page', result: 'hit' })).toBe(1);
    expect(
      seriesValue(storefront.text, 'barberly_http_requests_total', {
        route: '/{*splat}',
        method: 'GET',
        status_code: '200',
      }),
    ).toBe(2);
    expect(seriesValue(storefront.text, 'process_resident_memory_bytes', { component: 'storefront' })).toBeGreaterThan(
      0,
    );
  });

  it('are not answered through nginx or the Node proxy, on any host or path', async () => {
    const hosts = [host(), `${slug}.${DOMAIN}:${ports.nginx}`, `localhost:${ports.nginx}`];
    const paths = [
      '/metrics',
      '/api/metrics',
      '/auth/v1/metrics',
      '/_internal/metrics',
      '/shop/x/metrics',
      '/_sf/metrics',
    ];
    for (const port of [ports.nginx, ports.proxy]) {
      for (const h of hosts) {
        for (const p of paths) {
          const answer = await request(port, p, { host: h.replace(String(ports.nginx), String(port)) });
          expect(answer.text, `${p} on ${h} through ${port === ports.nginx ? 'nginx' : 'the proxy'}`).not.toMatch(
            /barberly_http_requests_total|process_cpu_user_seconds_total|# TYPE /,
          );
        }
      }
    }
    // The production config sends nothing to a metrics port: every upstream is an api or a storefront.
    const upstreams = [...nginxConfig.matchAll(/server (127\.0\.0\.1:\d+)/g)].map((m) => m[1]);
    expect(upstreams.length).toBeGreaterThan(0);
    for (const address of upstreams) {
      expect([`127.0.0.1:${ports.api}`, `127.0.0.1:${ports.storefront}`]).toContain(address);
    }
    expect(nginxConfig).not.toMatch(/metrics/i);
  });

  it('listen on loopback unless METRICS_HOST says otherwise', () => {
    const api = services[0] as Service;
    const line = api.output.split('\n').find((l) => l.includes('metrics served at /metrics'));
    expect(line, api.output.slice(-2000)).toBeDefined();
    expect(JSON.parse(line as string)).toMatchObject({ host: '127.0.0.1', port: metricsPorts.api });
  });
});
