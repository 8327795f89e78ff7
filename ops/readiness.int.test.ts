/**
 * /readyz says what is down (503), the proxy gives every request an id its upstreams see, and admin pages get their
 * security headers from the Node proxy as they do from nginx.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readiness as apiReadiness } from '../api/src/platform/http/ops';
import { loadConfig } from '../proxy/src/config';
import { withOps } from '../proxy/src/ops';
import { createProxyHandler } from '../proxy/src/routes';
import { readiness as storefrontReadiness } from '../storefront/server/ops';
import { freePort, request, testRedisUrl } from './support/processes';

/** A port nothing listens on: found free, then left closed. */
const closedUrl = async () => `http://127.0.0.1:${await freePort()}`;
const deadRedis = () => {
  const redis = new Redis(`redis://127.0.0.1:${Math.floor(20000 + Math.random() * 12000)}`, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  redis.on('error', () => {});
  return redis;
};

describe('readiness checks', () => {
  it('the api is not ready when PostgreSQL or Redis does not answer', async () => {
    const down = { query: () => Promise.reject(new Error('connection refused')) } as unknown as DataSource;
    const up = { query: () => Promise.resolve([{ '?column?': 1 }]) } as unknown as DataSource;
    const redis = deadRedis();
    expect(await apiReadiness({ dataSource: down, redis: null })).toEqual({
      ready: false,
      checks: { postgres: 'down', redis: 'not configured' },
    });
    expect(await apiReadiness({ dataSource: up, redis })).toEqual({
      ready: false,
      checks: { postgres: 'ok', redis: 'down' },
    });
    const live = new Redis(testRedisUrl());
    expect(await apiReadiness({ dataSource: up, redis: live })).toEqual({
      ready: true,
      checks: { postgres: 'ok', redis: 'ok' },
    });
    live.disconnect();
    redis.disconnect();
  });

  it('the storefront is not ready when Redis or the api does not answer', async () => {
    const redis = deadRedis();
    expect(await storefrontReadiness({ redis, apiUrl: await closedUrl() })).toEqual({
      ready: false,
      checks: { redis: 'down', api: 'down' },
    });
    redis.disconnect();
  });
});

describe('the Node proxy', () => {
  let upstream: http.Server;
  let proxy: http.Server;
  let proxyPort: number;
  let adminDir: string;
  const seen: string[] = [];

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      seen.push(String(req.headers['x-request-id']));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
    const upstreamPort = await freePort();
    await new Promise<void>((resolve) => upstream.listen(upstreamPort, '127.0.0.1', resolve));
    adminDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-admin-'));
    fs.writeFileSync(path.join(adminDir, 'index.html'), '<!doctype html><div id="root"></div>');
    // The shell every client route but '/' gets (the build writes it beside the prerendered index.html).
    fs.writeFileSync(path.join(adminDir, 'spa.html'), '<!doctype html><div id="root"></div>');
    const config = loadConfig({
      API_URL: `http://127.0.0.1:${upstreamPort}`,
      STOREFRONT_URL: await closedUrl(),
      ADMIN_DIR: adminDir,
      APP_DOMAIN: 'localhost',
    });
    proxy = http.createServer(
      withOps(createProxyHandler(config), config, { isStopping: () => false, accessLog: false }),
    );
    proxyPort = await freePort();
    await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    proxy.closeAllConnections();
    upstream.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
    await new Promise((resolve) => upstream.close(resolve));
    fs.rmSync(adminDir, { recursive: true, force: true });
  });

  it('answers /readyz 503 naming the upstream that is down', async () => {
    const answer = await request(proxyPort, '/readyz', { host: 'localhost' });
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.text)).toEqual({ status: 'not ready', checks: { api: 'ok', storefront: 'down' } });
  });

  it('passes the client’s request id to the api and back, or makes one', async () => {
    const given = await request(proxyPort, '/api/config', {
      host: 'localhost',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    expect(seen.at(-1)).toBe('abc-123');
    const made = await request(proxyPort, '/api/config', { host: 'localhost', headers: { 'x-request-id': 'bad id!' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.at(-1)).toBe(made.headers['x-request-id']);
  });

  it('sends the admin app’s pages with the Content-Security-Policy', async () => {
    const page = await request(proxyPort, '/dashboard/owner/x', { host: 'localhost' });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    // Not on the api's answers: they are JSON.
    const api = await request(proxyPort, '/api/config', { host: 'localhost' });
    expect(api.headers['content-security-policy']).toBeUndefined();
  });
});
