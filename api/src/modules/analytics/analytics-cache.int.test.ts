import type { AnalyticsReport, BarberNumbers } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import {
  type BookingTestApp,
  client,
  createBookingTestApp,
  everyDay,
  setUpShop,
  type TestClock,
  type TestShop,
} from '../appointments/booking.test-helper';
import { type AvailabilityCache, createAvailabilityCache } from '../availability/availability-cache';
import { bearer } from '../shops/shops.test-helper';
import {
  type AnalyticsCache,
  closeSharedAnalyticsCaches,
  REPORT_MAX_AGE_MS,
  sharedAnalyticsCache,
} from './analytics-cache';
import { recomputeRollupDays } from './analytics-rollups';

/**
 * Analytics' report cache through the api as main.ts builds it (availability's cache on, so the report cache is
 * too), on a real database with its triggers: bookings, status changes and merges made through the api are heard
 * and the next report shows them; with the listening connection down nothing is kept. "Now" is Tuesday 2026-10-20
 * 12:00 in New York, so 7d is 2026-10-14..2026-10-20.
 */
const NOW = '2026-10-20T16:00:00Z';

/**
 * A clock that stands still until set. The booking helpers' clock runs on from its start, and a report's age is
 * measured on it: with a running clock, "older than REPORT_MAX_AGE_MS" depended on how long the earlier tests took
 * (the test once set the clock to NOW + 61 s while the kept report had been computed more than a second after NOW:
 * still fresh, a hit, "expected 7 misses, got 6"). Standing still, every report is computed at the instant set.
 */
function stillClock(start: string): TestClock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    set(instant) {
      at = new Date(instant).getTime();
    },
  };
}

let db: TestDatabase;
let availability: AvailabilityCache;
let cache: AnalyticsCache;
let app: BookingTestApp;
let owner: TestUser;
let shop: TestShop;

beforeAll(async () => {
  db = await createTestDatabase();
  const logger = createLogger('silent');
  availability = createAvailabilityCache({ dataSource: db.dataSource, connectionString: db.url, logger });
  await availability.ready();
  // The process's cache for this database, made here first so that it does not reconnect by itself in the test of
  // a lost connection (the router gets this same one).
  cache = sharedAnalyticsCache({ connectionString: db.url, logger, reconnectMs: 600_000 });
  app = await createBookingTestApp(db, { clock: stillClock(NOW), availabilityCache: availability });
  owner = await signUpTestUser(app);
  shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '17:00'), minNoticeMinutes: 0 },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers: ['Alex'],
  });
  await cache.ready();
});

afterAll(async () => {
  await closeSharedAnalyticsCaches();
  await availability?.close();
  await app?.close();
  await db?.drop();
});

async function report(query: Record<string, string> = { period: '7d' }): Promise<AnalyticsReport> {
  const res = await request(app).get(`/api/shops/${shop.id}/analytics`).query(query).set(bearer(owner.accessToken));
  expect(res.status).toBe(200);
  return res.body;
}

/** Books today (2026-10-20) at `hour`:00 New York time (EDT) through the booking api. */
async function book(hour: number, n: number): Promise<{ id: string }> {
  const res = await request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({
      serviceId: shop.services[0]!.id,
      barberId: shop.barbers[0]!.id,
      start: `2026-10-20T${hour + 4}:00:00Z`,
      client: client(n),
    });
  expect(res.status).toBe(201);
  return res.body;
}

const counted = () => {
  const { hits, misses } = cache.stats();
  return { hits, misses };
};

describe('analytics report cache', () => {
  it('keeps a report and serves it again while nothing changes', async () => {
    const before = counted();
    const first = await report();
    const again = await report();
    expect(again).toEqual(first);
    expect(first.current.appointments).toBe(0);
    expect(counted()).toEqual({ hits: before.hits + 1, misses: before.misses + 1 });
    // The CSV is the same report.
    const csv = await request(app)
      .get(`/api/shops/${shop.id}/analytics.csv`)
      .query({ period: '7d' })
      .set(bearer(owner.accessToken));
    expect(csv.status).toBe(200);
    expect(counted().hits).toBe(before.hits + 2);
  });

  it('shows a booking made through the api in the next report', async () => {
    await report();
    await book(13, 1);
    await cache.sync();
    const after = await report();
    expect(after.current.appointments).toBe(1);
    expect(after.current.newClients).toBe(1);
    expect(after.daily.find((d) => d.date === '2026-10-20')?.appointments).toBe(1);
  });

  it("shows a status change made through the api in the next report, and in the barber's own numbers", async () => {
    const booked = await book(14, 2);
    await cache.sync();
    expect((await report()).current.appointments).toBe(2);
    const cancelled = await request(app)
      .patch(`/api/shops/${shop.id}/appointments/${booked.id}`)
      .set(bearer(owner.accessToken))
      .send({ status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    await cache.sync();
    const after = await report();
    expect(after.current.appointments).toBe(1);
    expect(after.current.cancellations).toBe(1);
    expect(after.barbers[0]?.appointments).toBe(1);
  });

  it('shows a merge of two clients in the next report (the merge tells the cache itself)', async () => {
    await book(15, 3);
    await cache.sync();
    const before = await report();
    expect(before.current.newClients).toBe(2);
    const clients = (await db.dataSource.query(
      `SELECT "id", "email" FROM "clients" WHERE "shop_id" = $1 AND "email" IN ($2, $3)`,
      [shop.id, client(1).email, client(3).email],
    )) as Array<{ id: string; email: string }>;
    const keep = clients.find((c) => c.email === client(1).email)!.id;
    const fold = clients.find((c) => c.email === client(3).email)!.id;
    const merged = await request(app)
      .post(`/api/shops/${shop.id}/clients/${keep}/merge`)
      .set(bearer(owner.accessToken))
      .send({ otherClientId: fold });
    expect(merged.status).toBe(200);
    await cache.sync();
    expect((await report()).current.newClients).toBe(1);
  });

  it('computes a kept report again once it is older than REPORT_MAX_AGE_MS ("now" moves)', async () => {
    // Every change of the earlier tests heard first: a late notification would drop the report kept below.
    await cache.sync();
    await report();
    const before = counted();
    // A millisecond short of its age, the report kept at NOW is served; at REPORT_MAX_AGE_MS it is computed again.
    app.clock.set(new Date(Date.parse(NOW) + REPORT_MAX_AGE_MS - 1));
    try {
      await report();
      expect(counted()).toEqual({ hits: before.hits + 1, misses: before.misses });
      app.clock.set(new Date(Date.parse(NOW) + REPORT_MAX_AGE_MS));
      await report();
      expect(counted()).toEqual({ hits: before.hits + 1, misses: before.misses + 1 });
    } finally {
      app.clock.set(NOW);
    }
  });

  it('keeps nothing while its listening connection is down, and caches again once it is back', async () => {
    await report();
    const [terminated] = (await db.dataSource.query(
      `SELECT count(pg_terminate_backend("pid"))::int AS "n" FROM pg_stat_activity
       WHERE "application_name" = 'barberly-analytics' AND "datname" = current_database()`,
    )) as Array<{ n: number }>;
    expect(terminated?.n).toBe(1);
    for (let i = 0; i < 100 && cache.listening; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cache.listening).toBe(false);
    expect(cache.stats().reports).toBe(0);

    const before = counted();
    const first = await report();
    // A change no one hears (the connection is down, nobody tells the cache): the next report still shows it.
    // (A writer outside the lifecycle keeps analytics' rollups itself, in its transaction: decision 0188.)
    await db.dataSource.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO "appointments" ("shop_id", "barber_id", "service_name", "service_duration_minutes", "service_price",
           "starts_at", "ends_at", "status", "source", "client_name")
         VALUES ($1, $2, 'Haircut', 30, 25, '2026-10-19T14:00:00Z', '2026-10-19T14:30:00Z', 'completed', 'walk_in', 'Walk-in')`,
        [shop.id, shop.barbers[0]!.id],
      );
      await recomputeRollupDays(tx, shop.id, ['2026-10-19']);
    });
    const second = await report();
    expect(second.current.appointments).toBe(first.current.appointments + 1);
    expect(counted()).toEqual({ hits: before.hits, misses: before.misses + 2 });
    expect(cache.stats().reports).toBe(0);

    await cache.ready();
    expect(cache.listening).toBe(true);
    await report();
    const third = await report();
    expect(third).toEqual(second);
    expect(counted().hits).toBe(before.hits + 1);
  });

  it("keeps a barber's own numbers apart from the owner's report", async () => {
    const barberUser = await signUpTestUser(app);
    // The first authenticated call makes the user's profile row, which the barber row points to.
    expect((await request(app).get('/api/my/analytics').set(bearer(barberUser.accessToken))).status).toBe(403);
    await db.dataSource.query(`UPDATE "barbers" SET "user_id" = $1 WHERE "id" = $2`, [
      barberUser.userId,
      shop.barbers[0]!.id,
    ]);
    // The barber row's change is heard before the numbers are kept (else it may drop them between the two reads).
    await cache.sync();
    const mine = async () => {
      const res = await request(app)
        .get('/api/my/analytics')
        .query({ period: '7d' })
        .set(bearer(barberUser.accessToken));
      expect(res.status).toBe(200);
      return res.body as BarberNumbers;
    };
    const first = await mine();
    const before = counted();
    expect(await mine()).toEqual(first);
    expect(counted().hits).toBe(before.hits + 1);
    await book(16, 4);
    await cache.sync();
    expect((await mine()).appointments).toBe(first.appointments + 1);
  });
});
