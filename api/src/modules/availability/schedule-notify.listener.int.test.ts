import { randomUUID } from 'node:crypto';
import type { AvailabilityResponse } from '@barberly/common';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import {
  type BookingTestApp,
  client,
  createBookingTestApp,
  createTestClock,
  everyDay,
  setUpShop,
  type TestShop,
} from '../appointments/booking.test-helper';
import { CALENDAR_CHANNEL } from '../calendar-live/calendar-hub';
import { bearer } from '../shops/shops.test-helper';
import { type AvailabilityCache, createAvailabilityCache } from './availability-cache';
import { SCHEDULE_CHANNEL } from './schedule-notify';

// Issue 24 (decision 0191): the caches and the live calendar hear of an appointment's change from the lifecycle's
// event (schedule-notify.listener.ts), no longer from row triggers on appointments.

let db: TestDatabase;
let cache: AvailabilityCache;
let app: BookingTestApp;
let owner: TestUser;
/** A session listening on both channels, as every api process does. */
let listener: pg.Client;
let heard: Array<{ channel: string; payload: string }> = [];

beforeAll(async () => {
  db = await createTestDatabase();
  cache = createAvailabilityCache({
    dataSource: db.dataSource,
    connectionString: db.url,
    logger: createLogger('silent'),
  });
  await cache.ready();
  app = await createBookingTestApp(db, { clock: createTestClock('2026-03-01T12:00:00Z'), availabilityCache: cache });
  owner = await signUpTestUser(app);
  listener = new pg.Client({ connectionString: db.url });
  await listener.connect();
  listener.on('notification', (msg) => heard.push({ channel: msg.channel, payload: msg.payload ?? '' }));
  await listener.query(`LISTEN ${SCHEDULE_CHANNEL}; LISTEN ${CALENDAR_CHANNEL}`);
});
afterAll(async () => {
  await listener?.end();
  await cache?.close();
  await app?.close();
  await db?.drop();
});
beforeEach(() => {
  heard = [];
});

/**
 * What the listening session heard about one appointment, once everything committed so far has arrived (a marker of
 * our own, sent after, comes after it: Postgres delivers in commit order).
 */
async function heardOf(appointmentId: string) {
  const marker = `sync:${randomUUID()}`;
  await db.dataSource.query('SELECT pg_notify($1, $2)', [SCHEDULE_CHANNEL, marker]);
  for (let i = 0; i < 250 && !heard.some((h) => h.payload === marker); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(heard.some((h) => h.payload === marker)).toBe(true);
  return {
    schedule: heard
      .filter((h) => h.channel === SCHEDULE_CHANNEL && h.payload.includes(appointmentId))
      .map((h) => h.payload),
    calendar: heard
      .filter((h) => h.channel === CALENDAR_CHANNEL && h.payload.includes(appointmentId))
      .map((h) => JSON.parse(h.payload) as unknown),
  };
}

const ms = (iso: string) => Date.parse(iso);

async function twoChairs(): Promise<TestShop> {
  return setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('00:00', '03:00'), bookingHorizonDays: 30 },
    services: [{ name: 'Cut', durationMinutes: 60 }],
    barbers: ['Sam', 'Alex'],
  });
}

/** The booking page's starts on 2026-03-07 for one chair, as the cached api answers them. */
const labels = async (shop: TestShop, barberId: string) =>
  (
    (
      await request(app)
        .get(`/api/shops/${shop.slug}/availability`)
        .query({ serviceId: shop.services[0]!.id, barberId, date: '2026-03-07' })
    ).body as AvailabilityResponse
  ).slots.map((s) => s.label);

const WHOLE_DAY = [
  '12:00 AM',
  '12:15 AM',
  '12:30 AM',
  '12:45 AM',
  '1:00 AM',
  '1:15 AM',
  '1:30 AM',
  '1:45 AM',
  '2:00 AM',
];

async function book(shop: TestShop, barberId: string, start: string, n: number): Promise<string> {
  const res = await request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({ serviceId: shop.services[0]!.id, barberId, start, client: client(n) });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe("the appointment's change reaches the caches and the live calendar from its event", () => {
  it('a cancel and a move to another chair, through their routes, are announced once each, as the triggers did', async () => {
    const shop = await twoChairs();
    const [sam, alex] = [shop.barbers[0]!.id, shop.barbers[1]!.id];

    // Booked 1:00-2:00 AM (06:00Z) with Sam.
    const id = await book(shop, sam, '2026-03-07T06:00:00Z', 1);
    expect(await heardOf(id)).toEqual({
      schedule: [`${shop.id}:day:a:${id}:${sam},${ms('2026-03-07T06:00:00Z')},${ms('2026-03-07T07:00:00Z')},confirmed`],
      calendar: [{ s: shop.id, b: sam, k: 'appointment', id }],
    });
    await cache.sync();
    expect(await labels(shop, sam)).toEqual(['12:00 AM', '2:00 AM']);
    expect(await labels(shop, sam)).toEqual(['12:00 AM', '2:00 AM']); // from memory

    // The owner cancels it.
    heard = [];
    const cancelled = await request(app)
      .patch(`/api/shops/${shop.id}/appointments/${id}`)
      .set(bearer(owner.accessToken))
      .send({ status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(await heardOf(id)).toEqual({
      schedule: [`${shop.id}:day:a:${id}:${sam},${ms('2026-03-07T06:00:00Z')},${ms('2026-03-07T07:00:00Z')},cancelled`],
      calendar: [{ s: shop.id, b: sam, k: 'appointment', id }],
    });
    await cache.sync();
    expect(await labels(shop, sam)).toEqual(WHOLE_DAY);

    // Another visit moves from Sam at 1:00 AM to Alex at midnight: both chairs' calendars hear of it.
    const other = await book(shop, sam, '2026-03-07T06:00:00Z', 2);
    await cache.sync();
    expect(await labels(shop, sam)).toEqual(['12:00 AM', '2:00 AM']);
    expect(await labels(shop, alex)).toEqual(WHOLE_DAY);
    heard = [];
    const moved = await request(app)
      .post(`/api/shops/${shop.id}/appointments/${other}/move`)
      .set(bearer(owner.accessToken))
      .send({ start: '2026-03-07T05:00:00Z', barberId: alex });
    expect(moved.status).toBe(200);
    expect(await heardOf(other)).toEqual({
      schedule: [
        `${shop.id}:day:a:${other}:${alex},${ms('2026-03-07T05:00:00Z')},${ms('2026-03-07T06:00:00Z')},confirmed`,
      ],
      calendar: [
        { s: shop.id, b: alex, k: 'appointment', id: other },
        { s: shop.id, b: sam, k: 'appointment', id: other },
      ],
    });
    await cache.sync();
    expect(await labels(shop, sam)).toEqual(WHOLE_DAY);
    expect(await labels(shop, alex)).toEqual(['1:00 AM', '1:15 AM', '1:30 AM', '1:45 AM', '2:00 AM']);
  });

  it('a write that bypasses the lifecycle is not announced: no trigger on appointments is left to do it', async () => {
    const shop = await twoChairs();
    const sam = shop.barbers[0]!.id;
    const id = await book(shop, sam, '2026-03-07T06:00:00Z', 3);
    await cache.sync();
    expect(await labels(shop, sam)).toEqual(['12:00 AM', '2:00 AM']);
    heard = [];
    await db.dataSource.query(`UPDATE "appointments" SET "status" = 'cancelled' WHERE "id" = $1`, [id]);
    expect(await heardOf(id)).toEqual({ schedule: [], calendar: [] });
    // So the cache, told nothing, still answers from memory: why only the lifecycle writes appointment rows
    // (architecture.test.ts), and why an operator's repair by hand is followed by a NOTIFY (decision 0191).
    await cache.sync();
    expect(await labels(shop, sam)).toEqual(['12:00 AM', '2:00 AM']);
    await db.dataSource.query(`SELECT pg_notify($1, $2)`, [SCHEDULE_CHANNEL, `${shop.id}:shop`]);
    await cache.sync();
    expect(await labels(shop, sam)).toEqual(WHOLE_DAY);
  });
});
