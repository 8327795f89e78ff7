/**
 * DATABASE_READ_URL (decision 0174): analytics and its CSV export read their figures from the replica; writes, and
 * the reads that must see them (who owns the shop), stay on the primary. The "replica" here is a copy of the primary
 * (CREATE DATABASE ... TEMPLATE) that then drifts from it, so where each read went shows in the answers.
 */
import { randomBytes } from 'node:crypto';
import type { AnalyticsReport } from '@barberly/common';
import pg from 'pg';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataSource } from '../../platform/db/data-source';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../test/test-db';
import {
  type BookingTestApp,
  client,
  createBookingTestApp,
  createTestClock,
  everyDay,
  setUpShop,
  type TestShop,
} from '../appointments/booking.test-helper';
import { bearer } from '../shops/shops.test-helper';

/** Wednesday 2026-10-21 10:00 UTC. */
const NOW = '2026-10-21T10:00:00Z';

let primary: TestDatabase;
let replicaName: string;
let replica: DataSource;
let withReplica: BookingTestApp;
let primaryOnly: BookingTestApp;
let owner: TestUser;
let stranger: TestUser;
let shop: TestShop;

async function admin(query: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(query, params);
  } finally {
    await client.end();
  }
}

async function completed(dataSource: DataSource, start: string, price: number) {
  const barber = shop.barbers[0]!;
  const startsAt = new Date(start);
  await dataSource.query(
    `INSERT INTO "appointments" ("shop_id", "barber_id", "service_name", "service_duration_minutes", "service_price",
       "starts_at", "ends_at", "status", "source", "client_name", "currency", "created_at")
     VALUES ($1, $2, 'Haircut', 60, $3, $4, $5, 'completed', 'online', 'Someone', 'USD', $4)`,
    [shop.id, barber.id, price, startsAt, new Date(startsAt.getTime() + 3_600_000)],
  );
  // Written by SQL, not through the lifecycle: keep the rollups as its listener would.
  await dataSource.query(
    `SELECT "analytics_recompute_days"(s."id", ARRAY[($2::timestamptz AT TIME ZONE s."time_zone")::date])
     FROM "shops" s WHERE s."id" = $1`,
    [shop.id, startsAt],
  );
}

beforeAll(async () => {
  primary = await createTestDatabase();
  const clock = createTestClock(NOW);
  const setup = await createBookingTestApp(primary, { clock });
  owner = await signUpTestUser(setup);
  stranger = await signUpTestUser(setup);
  shop = await setUpShop(setup, owner.accessToken, {
    settings: { timeZone: 'UTC', hours_json: everyDay('09:00', '18:00') },
  });
  await primary.dataSource.query(`UPDATE "shops" SET "currency" = 'USD' WHERE "id" = $1`, [shop.id]);
  await completed(primary.dataSource, '2026-10-19T10:00:00Z', 30);
  await setup.close();

  // The replica: a copy of the primary as it is now (a template may have no one connected while it is copied).
  const primaryName = new URL(primary.url).pathname.slice(1);
  replicaName = `bb_test_replica_${randomBytes(5).toString('hex')}`;
  await primary.dataSource.destroy();
  await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [primaryName]);
  await admin(`CREATE DATABASE ${replicaName} TEMPLATE ${primaryName}`);
  await primary.dataSource.initialize();
  const url = new URL(primary.url);
  url.pathname = `/${replicaName}`;
  replica = createDataSource(url.toString(), { poolSize: 3 });
  await replica.initialize();

  withReplica = await createBookingTestApp(primary, { clock, readDataSource: replica });
  primaryOnly = await createBookingTestApp(primary, { clock });
}, 60_000);

afterAll(async () => {
  await withReplica?.close();
  await primaryOnly?.close();
  if (replica?.isInitialized) await replica.destroy();
  if (replicaName) await admin(`DROP DATABASE IF EXISTS ${replicaName} WITH (FORCE)`);
  await primary?.drop();
});

const report = async (app: BookingTestApp, token = owner.accessToken) => {
  const res = await request(app).get(`/api/shops/${shop.id}/analytics`).query({ period: '7d' }).set(bearer(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AnalyticsReport;
};

describe('analytics with DATABASE_READ_URL', () => {
  it('reads the report and its CSV from the replica, while bookings are written to the primary', async () => {
    // The replica alone has a second completed visit; the primary alone gets a booking (made through the api).
    await completed(replica, '2026-10-20T10:00:00Z', 45);
    const booked = await request(withReplica).post(`/api/shops/${shop.slug}/appointments`).send({
      serviceId: shop.services[0]!.id,
      barberId: shop.barbers[0]!.id,
      client: client(),
      start: '2026-10-21T15:00:00Z',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const count = async (ds: DataSource) =>
      (
        (await ds.query('SELECT count(*)::int AS n FROM appointments WHERE shop_id = $1', [shop.id])) as [{ n: number }]
      )[0].n;
    // Each holds the copy's visit and its own row: the primary the booking, the replica the second visit.
    expect(await count(primary.dataSource)).toBe(2);
    expect(await count(replica)).toBe(2);

    // From the replica: two completed visits (30 + 45), and not the booking the replica has not seen.
    const fromReplica = await report(withReplica);
    expect(fromReplica.current).toMatchObject({ revenue: 75, completed: 2, appointments: 2 });
    // Without a read URL the same question reads the primary: one visit, and the new booking.
    const fromPrimary = await report(primaryOnly);
    expect(fromPrimary.current).toMatchObject({ revenue: 30, completed: 1, appointments: 2 });

    const csv = await request(withReplica)
      .get(`/api/shops/${shop.id}/analytics.csv`)
      .query({ period: '7d' })
      .set(bearer(owner.accessToken));
    expect(csv.status).toBe(200);
    expect(csv.text).toMatch(/^revenue,75(\.00)?,/m);
    expect(csv.text).toMatch(/^completed,2,/m);
  });

  it('decides who may see a shop on the primary', async () => {
    // A shop made a moment ago exists only on the primary: its owner gets its (empty) report from the replica.
    const fresh = await setUpShop(withReplica, owner.accessToken, {
      settings: { timeZone: 'UTC', hours_json: everyDay('09:00', '18:00') },
    });
    const res = await request(withReplica)
      .get(`/api/shops/${fresh.id}/analytics`)
      .query({ period: '7d' })
      .set(bearer(owner.accessToken));
    expect(res.status).toBe(200);
    expect((res.body as AnalyticsReport).current.appointments).toBe(0);
    // Someone else is refused, whatever the replica holds.
    const other = await request(withReplica)
      .get(`/api/shops/${shop.id}/analytics`)
      .query({ period: '7d' })
      .set(bearer(stranger.accessToken));
    expect(other.status).toBe(403);
  });
});
