import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import {
  type BookingTestApp,
  createBookingTestApp,
  createTestClock,
  everyDay,
  setUpShop,
} from '../appointments/booking.test-helper';
import { bearer } from '../shops/shops.test-helper';

/**
 * My Calendar (issue 26 item 1): a barber reads the shop's calendar for their own chair only (contacts as the owner
 * allows), reads their chair's schedule and blocks time on it when the owner lets them book on their own chair.
 */
let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createBookingTestApp(db, { clock: createTestClock('2026-12-02T08:00:00Z') });
  owner = await signUpTestUser(app);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

describe("a barber's own chair in the shop's calendar", () => {
  it('shows only their chair, hides contacts when the owner says so, and lets them block an hour as allowed', async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'UTC', hours_json: everyDay('09:00', '18:00'), bookingHorizonDays: 365 },
      services: [{ name: 'Cut', durationMinutes: 30, price: 25 }],
      barbers: ['Alex'],
    });
    const code = (await request(app).get(`/api/shops/${shop.id}/join-code`).set(bearer(owner.accessToken))).body.code;
    const tony = await signUpTestUser(app);
    const tonyId = (
      await request(app).post('/api/barbers/join').set(bearer(tony.accessToken)).send({ code, name: 'Tony' })
    ).body.barber.id as string;
    const book = (barberId: string, start: string, name: string) =>
      request(app)
        .post(`/api/shops/${shop.id}/bookings`)
        .set(bearer(owner.accessToken))
        .send({
          serviceIds: [shop.services[0]!.id],
          barberId,
          start,
          client: { name, email: 'c@example.com', phone: '(212) 555-0142' },
          notify: false,
        });
    expect((await book(tonyId, '2026-12-03T10:00:00Z', 'Ana Tony')).status).toBe(201);
    expect((await book(shop.barbers[0]!.id, '2026-12-03T10:00:00Z', 'Bob Alex')).status).toBe(201);

    const agenda = await request(app)
      .get(`/api/shops/${shop.id}/appointments?date=2026-12-03`)
      .set(bearer(tony.accessToken));
    expect(agenda.status).toBe(200);
    expect(agenda.body.appointments.map((a: { client: { name: string } }) => a.client.name)).toEqual(['Ana Tony']);
    expect(agenda.body.barbers.map((b: { barber: { name: string } }) => b.barber.name)).toEqual(['Tony']);
    expect(agenda.body.appointments[0].client.email).toBe('c@example.com');
    const ownerView = await request(app)
      .get(`/api/shops/${shop.id}/appointments?date=2026-12-03`)
      .set(bearer(owner.accessToken));
    expect(ownerView.body.appointments).toHaveLength(2);

    await request(app)
      .patch(`/api/shops/${shop.id}/barbers/${tonyId}/permissions`)
      .set(bearer(owner.accessToken))
      .send({ seeClientContacts: false });
    const hidden = await request(app)
      .get(`/api/shops/${shop.id}/appointments?date=2026-12-03`)
      .set(bearer(tony.accessToken));
    expect(hidden.body.appointments[0].client).toMatchObject({ name: 'Ana Tony', email: '', phone: '' });

    // Their chair's schedule, and an hour blocked; another chair's is not theirs.
    expect(
      (await request(app).get(`/api/shops/${shop.id}/barbers/${tonyId}/settings`).set(bearer(tony.accessToken))).status,
    ).toBe(200);
    const block = { start: '2026-12-03T13:00:00Z', end: '2026-12-03T14:00:00Z', reason: 'Lunch' };
    const blocked = await request(app)
      .post(`/api/shops/${shop.id}/barbers/${tonyId}/time-off`)
      .set(bearer(tony.accessToken))
      .send(block);
    expect(blocked.status).toBe(201);
    const other = await request(app)
      .post(`/api/shops/${shop.id}/barbers/${shop.barbers[0]!.id}/time-off`)
      .set(bearer(tony.accessToken))
      .send(block);
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe('You can only change your own chair.');

    // Without the owner's leave to book on their own chair, no blocking either (the refusal names who can change it).
    await request(app)
      .patch(`/api/shops/${shop.id}/barbers/${tonyId}/permissions`)
      .set(bearer(owner.accessToken))
      .send({ bookOwnChair: false });
    const refused = await request(app)
      .post(`/api/shops/${shop.id}/barbers/${tonyId}/time-off`)
      .set(bearer(tony.accessToken))
      .send({ ...block, start: '2026-12-03T15:00:00Z', end: '2026-12-03T16:00:00Z' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/^Ask the shop owner/);

    // Someone who is neither owner nor barber of the shop is refused as before.
    const stranger = await signUpTestUser(app);
    expect(
      (await request(app).get(`/api/shops/${shop.id}/appointments`).set(bearer(stranger.accessToken))).status,
    ).toBe(403);
  });
});
