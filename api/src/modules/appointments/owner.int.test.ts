import type { Appointment, BarberDashboard, ShopAgenda, ShopStats } from '@barberly/common';
import { BOOKING_MESSAGES, JOIN_CODE_ALPHABET } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provenAccessToken, signUpTestUser, type TestUser } from '../../test/auth-helpers';
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

let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;
let stranger: TestUser;
/** Wednesday 2026-12-02, 10:07 in New York (15:07Z). */
const NOW = '2026-12-02T15:07:00Z';

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createBookingTestApp(db, { clock: createTestClock(NOW) });
  owner = await signUpTestUser(app);
  stranger = await signUpTestUser(app);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const nyShop = (barbers = ['Alex', 'Blake']) =>
  setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00'), minNoticeMinutes: 0 },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers,
  });

const book = async (shop: TestShop, start: string, barberIndex = 0, n = 1): Promise<Appointment> => {
  const res = await request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({ serviceId: shop.services[0]!.id, barberId: shop.barbers[barberIndex]!.id, start, client: client(n) });
  if (res.status !== 201) throw new Error(`book ${start}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

describe('owner: agenda, statuses, walk-ins, stats', () => {
  it("lists the day's appointments in the shop's zone, per barber, with the client's contact", async () => {
    const shop = await nyShop();
    await book(shop, '2026-12-02T20:00:00Z', 1, 2); // 3:00 PM Blake
    await book(shop, '2026-12-02T16:00:00Z', 0, 1); // 11:00 AM Alex
    // 11:30 PM New York time is the next UTC day but still 2026-12-02 locally: in the agenda.
    await request(app)
      .patch(`/api/shops/${shop.id}`)
      .set(bearer(owner.accessToken))
      .send({ hours_json: everyDay('09:00', '23:59') });
    await book(shop, '2026-12-03T04:15:00Z', 0, 3);
    await book(shop, '2026-12-03T15:00:00Z', 0, 4); // tomorrow 10:00 AM: not in today's agenda

    const res = await request(app)
      .get(`/api/shops/${shop.id}/appointments`)
      .query({ date: '2026-12-02' })
      .set(bearer(owner.accessToken));
    expect(res.status).toBe(200);
    const agenda = res.body as ShopAgenda;
    expect(agenda.date).toBe('2026-12-02');
    expect(agenda.timeZone).toBe('America/New_York');
    expect(agenda.appointments.map((a) => [a.localTime, a.barber.name, a.client.name])).toEqual([
      ['11:00 AM', 'Alex', 'Client 1'],
      ['3:00 PM', 'Blake', 'Client 2'],
      ['11:15 PM', 'Alex', 'Client 3'],
    ]);
    expect(agenda.appointments[0]!.client).toEqual(client(1));
    expect(agenda.barbers.map((b) => [b.barber.name, b.appointments.length])).toEqual([
      ['Alex', 2],
      ['Blake', 1],
    ]);
    // Without a date: the shop's today (the clock reads 10:07 AM on 2026-12-02 in New York).
    const today = await request(app).get(`/api/shops/${shop.id}/appointments`).set(bearer(owner.accessToken));
    expect(today.body.date).toBe('2026-12-02');
  });

  it('sets statuses; cancelling frees the slot; a bad status is 400', async () => {
    const shop = await nyShop(['Alex']);
    const a = await book(shop, '2026-12-02T17:00:00Z');
    const patch = (status: string) =>
      request(app).patch(`/api/shops/${shop.id}/appointments/${a.id}`).set(bearer(owner.accessToken)).send({ status });
    expect((await patch('completed')).body.status).toBe('completed');
    expect((await patch('no_show')).body.status).toBe('no_show');
    const bad = await patch('confirmed');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(BOOKING_MESSAGES.status);
    expect((await patch('cancelled')).body.status).toBe('cancelled');
    const rebooked = await book(shop, '2026-12-02T17:00:00Z', 0, 2);
    expect(rebooked.status).toBe('confirmed');
    // Taking the cancelled one back would double-book: 409.
    const back = await patch('completed');
    expect(back.status).toBe(409);
    expect(back.body.error.code).toBe('slot_taken');
  });

  it('books a walk-in at the next free quarter hour from now, ignoring the notice, for the least busy barber', async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00'), minNoticeMinutes: 120 },
      services: [{ name: 'Haircut', durationMinutes: 30 }],
      barbers: ['Alex', 'Blake'],
    });
    const auth = bearer(owner.accessToken);
    // Now is 10:07 AM: the next grid start is 10:15 AM. Blake is busy then (booked by the owner's walk-in with Blake).
    const withBlake = await request(app)
      .post(`/api/shops/${shop.id}/walk-in`)
      .set(auth)
      .send({ serviceId: shop.services[0]!.id, barberId: shop.barbers[1]!.id });
    expect(withBlake.status).toBe(201);
    expect(withBlake.body).toMatchObject({
      localTime: '10:15 AM',
      start: '2026-12-02T15:15:00.000Z',
      source: 'walk_in',
      status: 'confirmed',
      client: { name: 'Walk-in', email: '', phone: '' },
      barber: { name: 'Blake' },
    });
    const any = await request(app)
      .post(`/api/shops/${shop.id}/walk-in`)
      .set(auth)
      .send({ serviceId: shop.services[0]!.id });
    expect(any.status).toBe(201);
    expect(any.body).toMatchObject({ localTime: '10:15 AM', barber: { name: 'Alex' } });
    // Both busy until 10:45: the next walk-in starts then.
    const third = await request(app)
      .post(`/api/shops/${shop.id}/walk-in`)
      .set(auth)
      .send({ serviceId: shop.services[0]!.id });
    expect(third.body.localTime).toBe('10:45 AM');
  });

  it("counts the day for the Overview's stat cards", async () => {
    const shop = await nyShop();
    const a = await book(shop, '2026-12-02T16:00:00Z', 0, 1);
    await book(shop, '2026-12-02T17:00:00Z', 1, 2);
    const c = await book(shop, '2026-12-02T18:00:00Z', 0, 1);
    await book(shop, '2026-12-04T18:00:00Z', 0, 3);
    await request(app)
      .patch(`/api/shops/${shop.id}/appointments/${c.id}`)
      .set(bearer(owner.accessToken))
      .send({ status: 'cancelled' });
    await request(app)
      .patch(`/api/shops/${shop.id}/appointments/${a.id}`)
      .set(bearer(owner.accessToken))
      .send({ status: 'completed' });
    const res = await request(app).get(`/api/shops/${shop.id}/stats`).set(bearer(owner.accessToken));
    expect(res.status).toBe(200);
    expect(res.body as ShopStats).toEqual({
      date: '2026-12-02',
      timeZone: 'America/New_York',
      todayAppointments: 2,
      confirmed: 1,
      completed: 1,
      noShow: 0,
      cancelled: 1,
      remainingToday: 1,
      bookedRevenue: 50,
      totalClients: 3,
      upcomingAppointments: 2,
    });
  });

  it('answers other users with 403 and no session with 401', async () => {
    const shop = await nyShop();
    const a = await book(shop, '2026-12-02T16:00:00Z');
    const as = bearer(stranger.accessToken);
    const statuses = [
      (await request(app).get(`/api/shops/${shop.id}/appointments`).set(as)).status,
      (await request(app).patch(`/api/shops/${shop.id}/appointments/${a.id}`).set(as).send({ status: 'cancelled' }))
        .status,
      (await request(app).post(`/api/shops/${shop.id}/walk-in`).set(as).send({ serviceId: shop.services[0]!.id }))
        .status,
      (await request(app).get(`/api/shops/${shop.id}/stats`).set(as)).status,
      (await request(app).get(`/api/shops/${shop.id}/join-code`).set(as)).status,
      (await request(app).post(`/api/shops/${shop.id}/join-code/regenerate`).set(as)).status,
      (await request(app).get(`/api/shops/${shop.id}/barbers/${shop.barbers[0]!.id}/settings`).set(as)).status,
    ];
    expect(statuses).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect((await request(app).get(`/api/shops/${shop.id}/appointments`)).status).toBe(401);
    // The appointment of one shop is not reachable through another shop of the same owner.
    const other = await nyShop();
    const cross = await request(app)
      .patch(`/api/shops/${other.id}/appointments/${a.id}`)
      .set(bearer(owner.accessToken))
      .send({ status: 'cancelled' });
    expect(cross.status).toBe(404);
  });
});

describe('deleting a barber', () => {
  it('is refused with 409 while they have upcoming appointments, allowed once those are cancelled', async () => {
    const shop = await nyShop(['Alex']);
    // A real future date: the database's clock decides what is upcoming.
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(15, 0, 0, 0);
    app.clock.set(new Date(start.getTime() - 86_400_000));
    try {
      const a = await book(shop, start.toISOString());
      const del = () =>
        request(app).delete(`/api/shops/${shop.id}/barbers/${shop.barbers[0]!.id}`).set(bearer(owner.accessToken));
      const refused = await del();
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe('This barber has 1 upcoming appointment. Cancel or move it first.');
      await request(app)
        .patch(`/api/shops/${shop.id}/appointments/${a.id}`)
        .set(bearer(owner.accessToken))
        .send({ status: 'cancelled' });
      expect((await del()).status).toBe(204);
    } finally {
      app.clock.set(NOW);
    }
  });
});

describe('barber accounts', () => {
  it('the owner gets a join code, a user joins with it and sees their day on the barber dashboard', async () => {
    const shop = await nyShop(['Alex']);
    const auth = bearer(owner.accessToken);
    const code = (await request(app).get(`/api/shops/${shop.id}/join-code`).set(auth)).body.code as string;
    expect(code).toMatch(new RegExp(`^[${JOIN_CODE_ALPHABET}]{8}$`));
    expect((await request(app).get(`/api/shops/${shop.id}/join-code`).set(auth)).body.code).toBe(code);

    const barberUser = await signUpTestUser(app, `jordan.lee-${Date.now()}@example.com`);
    const joined = await request(app)
      .post('/api/barbers/join')
      .set(bearer(barberUser.accessToken))
      .send({ code: `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}` });
    expect(joined.status).toBe(200);
    expect(joined.body.shop).toEqual({ id: shop.id, slug: shop.slug, name: "Joe's Cuts" });
    expect(joined.body.barber.name).toMatch(/^Jordan Lee/);
    expect(joined.body.user).toMatchObject({
      role: 'barber',
      shopId: shop.id,
      shopSlug: shop.slug,
      onboardingCompleted: true,
    });
    const me = await request(app).get('/api/auth/user').set(bearer(barberUser.accessToken));
    expect(me.body).toMatchObject({ role: 'barber', shopSlug: shop.slug });
    // The new barber is on the public page and takes bookings.
    const page = await request(app).get(`/api/shops/${shop.slug}`);
    expect(page.body.barbers.map((b: { id: string }) => b.id)).toContain(joined.body.barber.id);
    // Joining again changes nothing.
    const again = await request(app).post('/api/barbers/join').set(bearer(barberUser.accessToken)).send({ code });
    expect(again.body.barber.id).toBe(joined.body.barber.id);

    const mine = { ...shop, barbers: [joined.body.barber] };
    await book(mine, '2026-12-02T16:00:00Z', 0, 1); // today 11:00 AM
    await book(mine, '2026-12-02T19:00:00Z', 0, 2); // today 2:00 PM
    await book(mine, '2026-12-05T16:00:00Z', 0, 1); // Saturday
    await book(shop, '2026-12-02T16:00:00Z', 0, 9); // Alex's client: not theirs

    const dash = await request(app).get('/api/barber/dashboard').set(bearer(barberUser.accessToken));
    expect(dash.status).toBe(200);
    const body = dash.body as BarberDashboard;
    expect(body).toMatchObject({
      shop: { id: shop.id, slug: shop.slug },
      barber: { id: joined.body.barber.id },
      todayAppointments: 2,
      totalClients: 2,
      myServices: 1,
    });
    expect(body.upcomingAppointments.map((a) => [a.localDate, a.localTime, a.client.name])).toEqual([
      ['2026-12-02', '11:00 AM', 'Client 1'],
      ['2026-12-02', '2:00 PM', 'Client 2'],
      ['2026-12-05', '11:00 AM', 'Client 1'],
    ]);
  });

  it('takes over the unlinked barber the owner invited with the same e-mail', async () => {
    const shop = await nyShop(['Alex', 'Casey']);
    const casey = shop.barbers[1]!;
    const email = `casey-${Date.now()}@example.com`;
    const invite = await request(app)
      .patch(`/api/shops/${shop.id}/barbers/${casey.id}/settings`)
      .set(bearer(owner.accessToken))
      .send({ email: email.toUpperCase() });
    expect(invite.body.email).toBe(email);
    const code = (await request(app).get(`/api/shops/${shop.id}/join-code`).set(bearer(owner.accessToken))).body.code;
    const user = await signUpTestUser(app, email);
    // Only a proven address takes an invited seat (decision 0054): Casey followed the confirmation link.
    const proven = await provenAccessToken(app, db, user);
    const joined = await request(app).post('/api/barbers/join').set(bearer(proven)).send({ code });
    expect(joined.body.barber).toMatchObject({ id: casey.id, name: casey.name });
    const settings = await request(app)
      .get(`/api/shops/${shop.id}/barbers/${casey.id}/settings`)
      .set(bearer(owner.accessToken));
    expect(settings.body.userId).toBe(user.userId);
  });

  it('a regenerated code replaces the old one; unknown codes and the owner joining are refused', async () => {
    const shop = await nyShop(['Alex']);
    const auth = bearer(owner.accessToken);
    const old = (await request(app).get(`/api/shops/${shop.id}/join-code`).set(auth)).body.code;
    const fresh = (await request(app).post(`/api/shops/${shop.id}/join-code/regenerate`).set(auth)).body.code;
    expect(fresh).not.toBe(old);
    const user = await signUpTestUser(app);
    const stale = await request(app).post('/api/barbers/join').set(bearer(user.accessToken)).send({ code: old });
    expect(stale.status).toBe(400);
    expect(stale.body.error.message).toBe(BOOKING_MESSAGES.joinCodeUnknown);
    const malformed = await request(app).post('/api/barbers/join').set(bearer(user.accessToken)).send({ code: 'abc' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe(BOOKING_MESSAGES.joinCode);
    const own = await request(app).post('/api/barbers/join').set(auth).send({ code: fresh });
    expect(own.status).toBe(409);
    expect(own.body.error.message).toBe(BOOKING_MESSAGES.joinOwnShop);
    expect((await request(app).post('/api/barbers/join').send({ code: fresh })).status).toBe(401);
  });
});
