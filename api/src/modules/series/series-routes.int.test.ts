import type { BookedVisit, ManagedAppointment } from '@barberly/common';
import { VISIT_MESSAGES } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { AppointmentEntity } from '../appointments/appointment.entity';
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

/**
 * Issue 14 through the routes a person uses: a client's booking that repeats, cancelling one visit or the rest from
 * the manage link and from the agenda, the manage page's series, and schedule changes that wake the waitlist.
 */

let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;
/** Wednesday 2026-10-14, 10:00 in New York. */
const NOW = '2026-10-14T14:00:00Z';
/** Tuesday 2026-10-20, 10:00 EDT. */
const FIRST = '2026-10-20T14:00:00Z';

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createBookingTestApp(db, { clock: createTestClock(NOW) });
  owner = await signUpTestUser(app);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const shopOf = (clientsMayRepeat: boolean) =>
  setUpShop(app, owner.accessToken, {
    settings: {
      timeZone: 'America/New_York',
      hours_json: everyDay('09:00', '18:00'),
      minNoticeMinutes: 0,
      clientsMayRepeat,
    },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers: ['Marco'],
  });

const bookRepeating = (shop: TestShop, repeat?: object) =>
  request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({
      serviceIds: [shop.services[0]!.id],
      barberId: shop.barbers[0]!.id,
      start: FIRST,
      client: client(4),
      ...(repeat ? { repeat } : {}),
    });

const statuses = async (seriesId: string) =>
  (await db.dataSource.getRepository(AppointmentEntity).find({ where: { seriesId }, order: { startsAt: 'ASC' } })).map(
    (a) => [a.seriesOccurrence, a.status],
  );

describe('a client books a regular appointment', () => {
  it('is refused where the shop does not take repeat bookings online', async () => {
    const res = await bookRepeating(await shopOf(false), { intervalWeeks: 3, count: 4 });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(VISIT_MESSAGES.repeatNotAllowed);
  });

  it('books the series, manages it from the link and cancels one visit, then the rest', async () => {
    const shop = await shopOf(true);
    const res = await bookRepeating(shop, { intervalWeeks: 3, count: 4 });
    expect(res.status).toBe(201);
    const booked = res.body as BookedVisit;
    expect(booked.series?.booked.map((a) => a.localDate)).toEqual(['2026-10-20', '2026-11-10', '2026-12-01']);
    // Across the DST change the visits stay at 10:00 in New York.
    expect(booked.series?.booked.map((a) => a.localTime)).toEqual(['10:00 AM', '10:00 AM', '10:00 AM']);
    const seriesId = booked.series!.series.id;

    const managed = (await request(app).get(`/api/appointments/manage/${booked.manageToken}`))
      .body as ManagedAppointment;
    expect(managed.series?.id).toBe(seriesId);
    expect(managed.series?.upcoming.map((a) => a.localDate)).toEqual(['2026-10-20', '2026-11-10', '2026-12-01']);

    const bad = await request(app).post(`/api/appointments/manage/${booked.manageToken}/cancel`).send({ scope: 'all' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(VISIT_MESSAGES.cancelScope);

    const one = await request(app).post(`/api/appointments/manage/${booked.manageToken}/cancel`).send({ scope: 'one' });
    expect(one.status).toBe(200);
    expect(await statuses(seriesId)).toEqual([
      ['2026-10-20', 'cancelled'],
      ['2026-11-10', 'confirmed'],
      ['2026-12-01', 'confirmed'],
    ]);

    // The owner cancels the November visit and everything after it from the agenda.
    const november = booked.series!.booked[1]!.id;
    const rest = await request(app)
      .patch(`/api/shops/${shop.id}/appointments/${november}`)
      .set(bearer(owner.accessToken))
      .send({ status: 'cancelled', scope: 'following' });
    expect(rest.status).toBe(200);
    expect(await statuses(seriesId)).toEqual([
      ['2026-10-20', 'cancelled'],
      ['2026-11-10', 'cancelled'],
      ['2026-12-01', 'cancelled'],
    ]);
    const series = await request(app).get(`/api/shops/${shop.id}/series/${seriesId}`).set(bearer(owner.accessToken));
    expect(series.body.status).toBe('ended');
  });
});

describe('schedule changes wake the waitlist', () => {
  /** Checks queued and not run yet for that day (a pending one covers later changes: the queue keeps one). */
  const pendingChecks = async (shopId: string, date: string) =>
    (
      (await db.dataSource.query(
        `SELECT count(*)::int AS n FROM pgboss.job
         WHERE "data"->>'shopId' = $1 AND "data"->>'date' = $2 AND "state" = 'created'`,
        [shopId, date],
      )) as Array<{ n: number }>
    )[0]!.n;
  /** As if the worker had run them. */
  const runChecks = (shopId: string) =>
    db.dataSource.query(`UPDATE pgboss.job SET "state" = 'completed' WHERE "data"->>'shopId' = $1`, [shopId]);

  it('removing time off and changing hours queue a check of the days someone waits for', async () => {
    const shop = await shopOf(false);
    const auth = bearer(owner.accessToken);
    const barberId = shop.barbers[0]!.id;
    const off = await request(app)
      .post(`/api/shops/${shop.id}/barbers/${barberId}/time-off`)
      .set(auth)
      .send({ start: '2026-10-22T13:00:00Z', end: '2026-10-22T22:00:00Z', reason: 'Dentist' });
    expect(off.status).toBe(201);
    const joined = await request(app)
      .post(`/api/shops/${shop.slug}/waitlist`)
      .send({
        date: '2026-10-22',
        windowStart: '09:00',
        windowEnd: '12:00',
        barberId,
        serviceIds: [shop.services[0]!.id],
        client: client(9),
      });
    expect(joined.status).toBe(201);
    await runChecks(shop.id);
    expect(await pendingChecks(shop.id, '2026-10-22')).toBe(0);

    const removed = await request(app)
      .delete(`/api/shops/${shop.id}/barbers/${barberId}/time-off/${off.body.id}`)
      .set(auth);
    expect(removed.status).toBe(204);
    expect(await pendingChecks(shop.id, '2026-10-22')).toBe(1);

    await runChecks(shop.id);
    const hours = await request(app)
      .patch(`/api/shops/${shop.id}`)
      .set(auth)
      .send({ hours_json: everyDay('08:00', '18:00') });
    expect(hours.status).toBe(200);
    expect(await pendingChecks(shop.id, '2026-10-22')).toBe(1);
    // A day nobody waits for gets no check.
    expect(await pendingChecks(shop.id, '2026-10-23')).toBe(0);
  });
});

describe("the client's accept route", () => {
  it('is limited per address like booking', async () => {
    // 0.05 x 20 bookings per 10 minutes: one request, then 429 with Retry-After.
    const limited = await createBookingTestApp(db, {
      clock: createTestClock(NOW),
      configOverrides: { AUTH_RATE_LIMIT_MULTIPLIER: '0.05' },
    });
    try {
      const path = `/api/appointments/manage/${'x'.repeat(43)}/series/collisions/2026-11-03/accept`;
      const first = await request(limited).post(path).send({ start: '2026-11-03T14:30:00Z' });
      expect(first.status).toBe(404);
      const second = await request(limited).post(path).send({ start: '2026-11-03T14:30:00Z' });
      expect(second.status).toBe(429);
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
