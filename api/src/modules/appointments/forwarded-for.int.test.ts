import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BOOKING_RATE_LIMIT } from '@barberly/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The front door of `npm start`, in this process: the test is about what reaches the api through it.
import { loadConfig as loadProxyConfig } from '../../../../proxy/src/config';
import { createProxyHandler } from '../../../../proxy/src/routes';
import { signUpTestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import {
  type BookingTestApp,
  createBookingTestApp,
  createTestClock,
  everyDay,
  listen,
  setUpShop,
  type TestShop,
} from './booking.test-helper';

/**
 * Issue 23, finding 5: public bookings with a new X-Forwarded-For each time, through the front door, must still
 * count against one address (the connection's), so the per-address limit cannot be reset by a header.
 */
let db: TestDatabase;
let app: BookingTestApp;
let api: { url: string; close(): Promise<void> };
let shop: TestShop;
const proxies: http.Server[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createBookingTestApp(db, {
    clock: createTestClock(),
    configOverrides: { AUTH_RATE_LIMIT_MULTIPLIER: '1' },
  });
  api = await listen(app);
  const owner = await signUpTestUser(app);
  shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('00:00', '23:59'), minNoticeMinutes: 0 },
    services: [{ name: 'Cut', durationMinutes: 15, price: 20 }],
    barbers: ['Sam', 'Ana', 'Kim', 'Lee'],
  });
});
afterAll(async () => {
  await Promise.all(proxies.map((p) => new Promise((resolve) => p.close(resolve))));
  await api?.close();
  await app?.close();
  await db?.drop();
});

async function frontDoor(env: Record<string, string> = {}): Promise<number> {
  const config = loadProxyConfig({
    PORT: '0',
    API_URL: api.url,
    STOREFRONT_URL: api.url,
    ADMIN_DIR: '/nonexistent',
    APP_DOMAIN: 'localhost',
    ...env,
  });
  const server = http.createServer(createProxyHandler(config));
  proxies.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

let slot = 0;
/** One public booking through the front door at `port`, from `local` (a loopback address), claiming `spoofed`. */
async function bookThrough(port: number, local: string, spoofed: string): Promise<number> {
  const start = new Date(Date.now() + 48 * 3_600_000 + slot++ * 15 * 60_000);
  start.setUTCSeconds(0, 0);
  start.setUTCMinutes(Math.floor(start.getUTCMinutes() / 15) * 15);
  const body = JSON.stringify({
    serviceId: shop.services[0]?.id,
    barberId: 'any',
    start: start.toISOString(),
    client: { name: 'Pump Er', email: `pump${slot}@example.com`, phone: '+447400123456' },
  });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: local,
        method: 'POST',
        path: `/api/shops/${shop.slug}/appointments`,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': spoofed, host: `localhost:${port}` },
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the public booking limit behind the front door', () => {
  // Each case connects from its own loopback address, so each has its own bucket at the api.
  it.each([
    ['the proxy is the edge (the default)', '127.0.0.1', {}],
    ['a front elsewhere is trusted, but this client is not it', '127.0.0.2', { TRUST_PROXY: '10.9.9.9' }],
  ])('a new spoofed X-Forwarded-For on each booking does not reset it: %s', async (_name, local, env) => {
    const port = await frontDoor(env);
    const statuses: number[] = [];
    for (let i = 0; i <= BOOKING_RATE_LIMIT.points; i++) {
      statuses.push(await bookThrough(port, local, `203.0.113.${i + 1}`));
    }
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(BOOKING_RATE_LIMIT.points);
    expect(statuses.at(-1)).toBe(429);
  });
});
