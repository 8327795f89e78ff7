import type { AppointmentHistory, BookedVisit } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { bearer } from '../shops/shops.test-helper';
import {
  type BookingTestApp,
  client,
  createBookingTestApp,
  createTestClock,
  everyDay,
  setUpShop,
  type TestShop,
} from './booking.test-helper';

/**
 * Issue 25 item 3, "cancel with a reason": the owner's cancel from the calendar carries an optional short reason,
 * kept on the cancelled event and read back in the appointment's history.
 */

let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;
let shop: TestShop;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createBookingTestApp(db, { clock: createTestClock('2026-10-14T14:00:00Z') });
  owner = await signUpTestUser(app);
  shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00'), minNoticeMinutes: 0 },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers: ['Alex'],
  });
  // The history names the owner by their first name (their account row exists once they have used the api).
  await db.dataSource.query(`UPDATE "users" SET "first_name" = 'Marcus' WHERE "id" = $1`, [owner.userId]);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

async function book(start: string, n: number): Promise<BookedVisit> {
  const res = await request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({ serviceIds: [shop.services[0]!.id], barberId: shop.barbers[0]!.id, start, client: client(n) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const cancel = (appointmentId: string, body: Record<string, unknown>) =>
  request(app)
    .patch(`/api/shops/${shop.id}/appointments/${appointmentId}`)
    .set(bearer(owner.accessToken))
    .send({ status: 'cancelled', ...body });

const historyOf = async (appointmentId: string) =>
  (await request(app).get(`/api/shops/${shop.id}/appointments/${appointmentId}/events`).set(bearer(owner.accessToken)))
    .body as AppointmentHistory;

it('keeps the owner’s reason on the cancelled event and says it in the history', async () => {
  const booked = await book('2026-10-20T14:00:00.000Z', 1);
  const res = await cancel(booked.id, { reason: '  client called in sick ' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.status).toBe('cancelled');
  const history = await historyOf(booked.id);
  expect(history.events.at(-1)).toMatchObject({
    type: 'cancelled',
    reason: 'client called in sick',
    text: 'Cancelled by Marcus (client called in sick)',
  });
});

it('without a reason (or a blank one) the history says who, nothing more', async () => {
  const booked = await book('2026-10-20T15:00:00.000Z', 2);
  expect((await cancel(booked.id, { reason: '   ' })).status).toBe(200);
  expect((await historyOf(booked.id)).events.at(-1)).toMatchObject({ reason: null, text: 'Cancelled by Marcus' });
});

it('refuses a reason over 200 characters, in words, and leaves the visit booked', async () => {
  const booked = await book('2026-10-20T16:00:00.000Z', 3);
  const res = await cancel(booked.id, { reason: 'x'.repeat(201) });
  expect(res.status).toBe(400);
  expect(res.body.error.fields).toMatchObject({ reason: 'Keep the reason to 200 characters or fewer.' });
  expect((await historyOf(booked.id)).events.map((e) => e.type)).toEqual(['booked']);
});
