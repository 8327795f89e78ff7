import { BOOKING_MESSAGES } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { bearer } from '../shops/shops.test-helper';
import { type BookingTestApp, createBookingTestApp, createTestClock, everyDay, setUpShop } from './booking.test-helper';

/** Issue 28: the walk-in panel names the day it books on; any day but the shop's today is refused. */
let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;
/** Wednesday 2026-12-02, 8:07 PM in New York, but already Thursday 2026-12-03 in UTC. */
const NOW = '2026-12-03T01:07:00Z';

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createBookingTestApp(db, { clock: createTestClock(NOW) });
  owner = await signUpTestUser(app);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const shopInNewYork = () =>
  setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '23:00'), minNoticeMinutes: 0 },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers: ['Alex'],
  });

describe('POST /api/shops/{id}/walk-in with the panel’s day', () => {
  it("refuses any day that is not the shop's today with 400 on date, and books nothing", async () => {
    const shop = await shopInNewYork();
    const walkIn = (date: string) =>
      request(app)
        .post(`/api/shops/${shop.id}/walk-in`)
        .set(bearer(owner.accessToken))
        .send({ serviceId: shop.services[0]!.id, date });
    // The UTC date is tomorrow for the shop; the day before is past.
    for (const date of ['2026-12-03', '2026-12-01', '2027-01-15']) {
      const res = await walkIn(date);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'invalid_input',
        message: BOOKING_MESSAGES.walkInTodayOnly,
        fields: { date: BOOKING_MESSAGES.walkInTodayOnly },
      });
    }
    const [{ count }] = await db.dataSource.query(
      'SELECT count(*)::int AS count FROM appointments WHERE shop_id = $1',
      [shop.id],
    );
    expect(count).toBe(0);
  });

  it("books today's walk-in when the panel is on the shop's today (or names no day)", async () => {
    const shop = await shopInNewYork();
    const today = await request(app)
      .post(`/api/shops/${shop.id}/walk-in`)
      .set(bearer(owner.accessToken))
      .send({ serviceId: shop.services[0]!.id, date: '2026-12-02' });
    expect(today.status).toBe(201);
    expect(today.body).toMatchObject({ localDate: '2026-12-02', localTime: '8:15 PM' });
    const unnamed = await request(app)
      .post(`/api/shops/${shop.id}/walk-in`)
      .set(bearer(owner.accessToken))
      .send({ serviceId: shop.services[0]!.id });
    expect(unnamed.status).toBe(201);
    expect(unnamed.body.localDate).toBe('2026-12-02');
  });

  it('refuses a date that is not a calendar date with the date message', async () => {
    const shop = await shopInNewYork();
    const res = await request(app)
      .post(`/api/shops/${shop.id}/walk-in`)
      .set(bearer(owner.accessToken))
      .send({ serviceId: shop.services[0]!.id, date: 'tomorrow' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ date: BOOKING_MESSAGES.date });
  });
});
