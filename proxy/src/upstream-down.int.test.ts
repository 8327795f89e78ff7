import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createProxyHandler } from './routes';
import { closeServer, listenOnFreePort, request } from './testing/http';

let proxy: http.Server;
let proxyPort = 0;
let proxyWithDeadStorefront: http.Server;
let proxyWithHangingApi: http.Server;
let hangingApiProxyPort = 0;
let deadStorefrontProxyPort = 0;
let hanging: http.Server;
let adminDir = '';

/** A port nothing listens on: bind one, remember it, close it. */
async function deadPort(): Promise<number> {
  const server = http.createServer();
  const port = await listenOnFreePort(server);
  await closeServer(server);
  return port;
}

beforeAll(async () => {
  adminDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-admin-empty-'));
  // An upstream that accepts the connection and never answers.
  hanging = http.createServer(() => undefined);
  const hangingPort = await listenOnFreePort(hanging);
  proxy = http.createServer(
    createProxyHandler(
      loadConfig({
        API_URL: `http://127.0.0.1:${await deadPort()}`,
        STOREFRONT_URL: `http://127.0.0.1:${hangingPort}`,
        ADMIN_DIR: adminDir,
        PROXY_TIMEOUT_MS: '1500',
      }),
    ),
  );
  proxyPort = await listenOnFreePort(proxy);
  proxyWithDeadStorefront = http.createServer(
    createProxyHandler(
      loadConfig({
        API_URL: `http://127.0.0.1:${await deadPort()}`,
        STOREFRONT_URL: `http://127.0.0.1:${await deadPort()}`,
        ADMIN_DIR: adminDir,
      }),
    ),
  );
  deadStorefrontProxyPort = await listenOnFreePort(proxyWithDeadStorefront);
  proxyWithHangingApi = http.createServer(
    createProxyHandler(
      loadConfig({
        API_URL: `http://127.0.0.1:${hangingPort}`,
        STOREFRONT_URL: `http://127.0.0.1:${await deadPort()}`,
        ADMIN_DIR: adminDir,
        PROXY_TIMEOUT_MS: '1500',
      }),
    ),
  );
  hangingApiProxyPort = await listenOnFreePort(proxyWithHangingApi);
});

afterAll(async () => {
  await closeServer(proxy);
  await closeServer(proxyWithDeadStorefront);
  await closeServer(proxyWithHangingApi);
  await closeServer(hanging);
  fs.rmSync(adminDir, { recursive: true, force: true });
});

describe('when an upstream is down', () => {
  it('answers /api with 502 and a JSON error', async () => {
    const res = await request(proxyPort, { path: '/api/shops/joes' });
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'upstream_unavailable', message: 'The API is unavailable. Please try again shortly.' },
    });
  });

  it('answers /auth/v1 with 502 JSON as well', async () => {
    const res = await request(proxyPort, { path: '/auth/v1/signup', method: 'POST', body: '{}' });
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body).error.code).toBe('upstream_unavailable');
  });

  it('answers a storefront page with 502 and a small HTML page', async () => {
    const res = await request(deadStorefrontProxyPort, { path: '/demo/shop/urban' });
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Barberly is temporarily unavailable');
  });

  it('answers a page that never comes with 504 and a small HTML page instead of hanging', async () => {
    const res = await request(proxyPort, { path: '/shop/joes' });
    expect(res.status).toBe(504);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('This page took too long');
  });

  it('answers an api read that never comes with 504 and a JSON error instead of hanging', async () => {
    const res = await request(hangingApiProxyPort, { path: '/api/shops/joes/availability?date=2026-12-01' });
    expect(res.status).toBe(504);
    expect(res.headers['content-type']).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'upstream_timeout', message: 'The API took too long to answer. Please try again.' },
    });
  });

  it('explains that the admin app is not built when its files are missing', async () => {
    const res = await request(proxyPort, { path: '/' });
    expect(res.status).toBe(503);
    expect(res.body).toContain('The admin app is not built');
  });
});
