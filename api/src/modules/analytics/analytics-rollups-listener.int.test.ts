import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { bearer } from '../shops/shops.test-helper';
import { rebuildRollups } from './analytics-rollups';

/**
 * The rollup listener (decision 0188) through the api: bookings, a status change and a move made by the product keep
 * analytics_day_rollups equal to a rebuild from the raw rows, committed with the change.
 */
const NOW = '2026-10-20T16:00:00Z';
let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;
let shop: TestShop;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createBookingTestApp(db, { clock: createTestClock(NOW) });
  owner = await signUpTestUser(app);
  shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '17:00'), minNoticeMinutes: 0 },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers: ['Alex'],
  });
});

afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const rows = () =>
  db.dataSource.query(
    `SELECT "day"::text, "grain", "hour", "barber_id", "service_name", "status", "source", "currency", "appointments",
       "price"::text, "seconds"::text
     FROM "analytics_day_rollups" WHERE "shop_id" = $1 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`,
    [shop.id],
  );

describe('analytics rollup listener', () => {
  it('keeps the rollups of bookings, a cancellation and a move made through the api as a rebuild gives them', async () => {
    const booked: Array<{ id: string; manageToken: string }> = [];
    for (const [hour, n] of [
      [10, 1],
      [13, 2],
    ] as const) {
      const res = await request(app)
        .post(`/api/shops/${shop.slug}/appointments`)
        .send({
          serviceId: shop.services[0]!.id,
          barberId: shop.barbers[0]!.id,
          start: `2026-10-21T${hour + 4}:00:00Z`,
          client: client(n),
        });
      expect(res.status).toBe(201);
      booked.push(res.body);
    }
    const cancelled = await request(app)
      .patch(`/api/shops/${shop.id}/appointments/${booked[0]!.id}`)
      .set(bearer(owner.accessToken))
      .send({ status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    // The client moves the other one to the next day with their manage link: both days are recomputed.
    const moved = await request(app)
      .post(`/api/appointments/manage/${booked[1]!.manageToken}/reschedule`)
      .send({ start: '2026-10-22T15:00:00Z' });
    expect(moved.status).toBe(200);
    const kept = (await rows()) as Array<{ day: string; grain: string; status: string }>;
    expect(kept.filter((r) => r.grain === 'hour').map((r) => [r.day, r.status])).toEqual([
      ['2026-10-21', 'cancelled'],
      ['2026-10-22', 'confirmed'],
    ]);
    await rebuildRollups(db.dataSource.manager, shop.id);
    expect(await rows()).toEqual(kept);
  });
});
