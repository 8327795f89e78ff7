import { type AvailabilityResponse, BOOKING_MESSAGES, type Hours, type MyBarberSettings } from '@barberly/common';
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
  type TestShop,
} from '../appointments/booking.test-helper';
import { bearer } from '../shops/shops.test-helper';

let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  // Sunday 1 March 2026, noon UTC; the days the tests book are the following Tuesday and Wednesday.
  app = await createBookingTestApp(db, { clock: createTestClock('2026-03-01T12:00:00Z') });
  owner = await signUpTestUser(app);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const SHOP_HOURS = everyDay('09:00', '12:00');
const TUESDAY = '2026-03-10';
const WEDNESDAY = '2026-03-11';
const closedOn = (hours: Hours, day: keyof Hours): Hours => ({
  ...hours,
  [day]: { open: '', close: '', closed: true },
});

interface LinkedBarber {
  shop: TestShop;
  /** The owner's barber 'Alex', not linked to any account. */
  alexId: string;
  /** The barber row the joining user was linked to. */
  barberId: string;
  user: TestUser;
}

/** A UTC shop open 09:00-12:00 with a 60-minute service and Alex; then a barber signs up and joins with the code. */
async function shopWithLinkedBarber(): Promise<LinkedBarber> {
  const shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'UTC', hours_json: SHOP_HOURS, bookingHorizonDays: 365 },
    services: [{ name: 'Cut', durationMinutes: 60 }],
    barbers: ['Alex'],
  });
  const code = await request(app).get(`/api/shops/${shop.id}/join-code`).set(bearer(owner.accessToken));
  const user = await signUpTestUser(app);
  const joined = await request(app).post('/api/barbers/join').set(bearer(user.accessToken)).send(code.body);
  expect(joined.status).toBe(200);
  return { shop, alexId: shop.barbers[0]!.id, barberId: joined.body.barber.id, user };
}

const mine = (user: TestUser) => ({
  get: () => request(app).get('/api/barber/settings').set(bearer(user.accessToken)),
  patch: (body: unknown) =>
    request(app)
      .patch('/api/barber/settings')
      .set(bearer(user.accessToken))
      .send(body as object),
  addTimeOff: (body: unknown) =>
    request(app)
      .post('/api/barber/time-off')
      .set(bearer(user.accessToken))
      .send(body as object),
  removeTimeOff: (id: string) => request(app).delete(`/api/barber/time-off/${id}`).set(bearer(user.accessToken)),
});

const ownerSettings = (shopId: string, barberId: string) =>
  request(app).get(`/api/shops/${shopId}/barbers/${barberId}/settings`).set(bearer(owner.accessToken));

const offered = async (slug: string, serviceId: string, barberId: string, date: string) => {
  const res = await request(app).get(`/api/shops/${slug}/availability`).query({ serviceId, barberId, date });
  expect(res.status).toBe(200);
  return (res.body as AvailabilityResponse).slots.map((s) => s.label);
};

describe('GET /api/barber/settings', () => {
  it("gives a linked barber their own settings with the shop's zone and week, not another barber's", async () => {
    const { shop, barberId, user } = await shopWithLinkedBarber();
    const res = await mine(user).get();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      barberId,
      hours_json: null,
      email: user.email,
      userId: user.userId,
      timeOff: [],
      shop: { id: shop.id, name: "Joe's Cuts", timeZone: 'UTC', hours_json: SHOP_HOURS, locale: 'en-US', clock: '12h' },
    } satisfies MyBarberSettings);
  });
});

describe("a barber's own hours and time off", () => {
  it('saves own hours and adds and removes time off; the owner reads the same through the owner routes', async () => {
    const { shop, barberId, user } = await shopWithLinkedBarber();
    const hours = closedOn(everyDay('10:00', '12:00'), 'tuesday');

    const saved = await mine(user).patch({ hours_json: hours });
    expect(saved.status).toBe(200);
    expect(saved.body.hours_json).toEqual(hours);
    expect(saved.body.shop.timeZone).toBe('UTC');

    const added = await mine(user).addTimeOff({
      start: '2026-03-11T10:00:00Z',
      end: '2026-03-11T11:00:00Z',
      reason: ' Dentist ',
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(String),
      start: '2026-03-11T10:00:00.000Z',
      end: '2026-03-11T11:00:00.000Z',
      reason: 'Dentist',
    });

    const seenByOwner = await ownerSettings(shop.id, barberId);
    expect(seenByOwner.status).toBe(200);
    expect(seenByOwner.body).toEqual({
      barberId,
      hours_json: hours,
      email: user.email,
      userId: user.userId,
      timeOff: [added.body],
    });
    expect((await mine(user).get()).body.timeOff).toEqual([added.body]);

    const removed = await mine(user).removeTimeOff(added.body.id);
    expect(removed.status).toBe(204);
    expect((await ownerSettings(shop.id, barberId)).body.timeOff).toEqual([]);
    // Gone means gone: a second delete finds nothing.
    expect((await mine(user).removeTimeOff(added.body.id)).status).toBe(404);

    // Back to the shop's hours.
    const reset = await mine(user).patch({ hours_json: null });
    expect(reset.body.hours_json).toBeNull();
    expect((await ownerSettings(shop.id, barberId)).body.hours_json).toBeNull();
  });

  it("changes the public availability of that barber only, and the owner's changes show to the barber", async () => {
    const { shop, alexId, barberId, user } = await shopWithLinkedBarber();
    const cut = shop.services[0]!.id;
    const allDay = [
      '9:00 AM',
      '9:15 AM',
      '9:30 AM',
      '9:45 AM',
      '10:00 AM',
      '10:15 AM',
      '10:30 AM',
      '10:45 AM',
      '11:00 AM',
    ];
    expect(await offered(shop.slug, cut, barberId, TUESDAY)).toEqual(allDay);
    expect(await offered(shop.slug, cut, barberId, WEDNESDAY)).toEqual(allDay);

    expect((await mine(user).patch({ hours_json: closedOn(SHOP_HOURS, 'tuesday') })).status).toBe(200);
    expect((await mine(user).addTimeOff({ start: '2026-03-11T10:00:00Z', end: '2026-03-11T11:00:00Z' })).status).toBe(
      201,
    );

    expect(await offered(shop.slug, cut, barberId, TUESDAY)).toEqual([]);
    // 9:00 ends as the time off starts; 11:00 starts as it ends; everything between overlaps it.
    expect(await offered(shop.slug, cut, barberId, WEDNESDAY)).toEqual(['9:00 AM', '11:00 AM']);
    expect(await offered(shop.slug, cut, alexId, TUESDAY)).toEqual(allDay);
    expect(await offered(shop.slug, cut, alexId, WEDNESDAY)).toEqual(allDay);

    // The owner still manages this barber too, and the barber sees it.
    const byOwner = await request(app)
      .post(`/api/shops/${shop.id}/barbers/${barberId}/time-off`)
      .set(bearer(owner.accessToken))
      .send({ start: '2026-03-12T09:00:00Z', end: '2026-03-12T12:00:00Z', reason: 'Training' });
    expect(byOwner.status).toBe(201);
    expect((await mine(user).get()).body.timeOff.map((t: { reason: string }) => t.reason)).toEqual(['', 'Training']);
  });
});

describe('what a barber may not do', () => {
  it('refuses the invite e-mail, the account link and unknown fields with 400, and changes nothing', async () => {
    const { shop, barberId, user } = await shopWithLinkedBarber();
    const other = await signUpTestUser(app);
    for (const body of [
      { email: 'someone.else@example.com' },
      { email: '' },
      { userId: other.userId },
      { userId: null },
      { hours_json: closedOn(SHOP_HOURS, 'monday'), email: 'someone.else@example.com' },
      { name: 'Renamed' },
    ]) {
      const res = await mine(user).patch(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_input', message: BOOKING_MESSAGES.ownHoursOnly });
    }
    const after = (await ownerSettings(shop.id, barberId)).body;
    expect(after).toMatchObject({ hours_json: null, email: user.email, userId: user.userId });
    // Still their own: the account link was not moved.
    expect((await mine(user).get()).body.barberId).toBe(barberId);
    expect((await mine(other).get()).status).toBe(403);
  });

  it("cannot remove another barber's time off", async () => {
    const { shop, alexId, user } = await shopWithLinkedBarber();
    const elsewhere = await shopWithLinkedBarber();
    const alexOff = await request(app)
      .post(`/api/shops/${shop.id}/barbers/${alexId}/time-off`)
      .set(bearer(owner.accessToken))
      .send({ start: '2026-03-10T09:00:00Z', end: '2026-03-10T10:00:00Z' });
    const otherOff = await mine(elsewhere.user).addTimeOff({
      start: '2026-03-10T09:00:00Z',
      end: '2026-03-10T10:00:00Z',
    });
    expect([alexOff.status, otherOff.status]).toEqual([201, 201]);

    for (const id of [alexOff.body.id, otherOff.body.id, 'not-a-uuid']) {
      const res = await mine(user).removeTimeOff(id);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: 'Time off not found' });
    }
    expect((await ownerSettings(shop.id, alexId)).body.timeOff).toEqual([alexOff.body]);
    expect((await mine(elsewhere.user).get()).body.timeOff).toEqual([otherOff.body]);
  });

  it('answers invalid hours and time off with 400 and the common messages', async () => {
    const { user } = await shopWithLinkedBarber();
    const backwards = await mine(user).patch({
      hours_json: { ...SHOP_HOURS, monday: { open: '12:00', close: '09:00', closed: false } },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.message).toBe('Closing time must be after opening time');
    expect(backwards.body.error.fields['hours_json.monday.close']).toBe('Closing time must be after opening time');
    const badTime = await mine(user).patch({
      hours_json: { ...SHOP_HOURS, friday: { open: '9am', close: '12:00', closed: false } },
    });
    expect(badTime.body.error.message).toBe('Time must be HH:MM (24-hour)');

    const cases: Array<[object, string, string]> = [
      [{ start: '2026-03-10T12:00:00Z', end: '2026-03-10T09:00:00Z' }, 'end', BOOKING_MESSAGES.timeOffOrder],
      [{ start: '2026-03-10T09:00:00Z', end: '2026-03-10T09:00:00Z' }, 'end', BOOKING_MESSAGES.timeOffOrder],
      [{ start: 'next tuesday', end: '2026-03-10T09:00:00Z' }, 'start', BOOKING_MESSAGES.start],
    ];
    for (const [body, field, message] of cases) {
      const res = await mine(user).addTimeOff(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.fields[field]).toBe(message);
    }
    const tooLong = await mine(user).addTimeOff({
      start: '2026-03-10T09:00:00Z',
      end: '2026-03-10T10:00:00Z',
      reason: 'x'.repeat(201),
    });
    expect(tooLong.status).toBe(400);
    expect((await mine(user).get()).body).toMatchObject({ hours_json: null, timeOff: [] });
  });

  it('refuses users who are not linked barbers with 403, invited or owning, and no session with 401', async () => {
    const { shop, alexId } = await shopWithLinkedBarber();
    const stranger = await signUpTestUser(app);
    // Invited by e-mail but not joined yet: the invite alone links nothing.
    const invite = await request(app)
      .patch(`/api/shops/${shop.id}/barbers/${alexId}/settings`)
      .set(bearer(owner.accessToken))
      .send({ email: stranger.email });
    expect(invite.status).toBe(200);

    for (const user of [stranger, owner]) {
      const answers = [
        await mine(user).get(),
        await mine(user).patch({ hours_json: null }),
        await mine(user).addTimeOff({ start: '2026-03-10T09:00:00Z', end: '2026-03-10T10:00:00Z' }),
        await mine(user).removeTimeOff('00000000-0000-4000-8000-000000000000'),
      ];
      for (const res of answers) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: { code: 'forbidden', message: BOOKING_MESSAGES.notLinkedBarber } });
      }
    }
    expect((await ownerSettings(shop.id, alexId)).body).toMatchObject({ hours_json: null, timeOff: [] });
    expect((await request(app).get('/api/barber/settings')).status).toBe(401);
    expect((await request(app).patch('/api/barber/settings').send({ hours_json: null })).status).toBe(401);
    expect((await request(app).post('/api/barber/time-off').send({})).status).toBe(401);
  });
});
