import type { Appointment } from '@barberly/common';
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

/** Issue 25: the calendar books and moves (POST /bookings, POST /appointments/{id}/move) and blocks time off. */

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

/** Alex and Blake, 9-6 every day, a 30-minute cut with 10 minutes' cleanup, and a day's notice for clients. */
const nyShop = async (): Promise<TestShop> => {
  const shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00'), minNoticeMinutes: 1440 },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers: ['Alex', 'Blake'],
  });
  await request(app)
    .patch(`/api/shops/${shop.id}/services/${shop.services[0]!.id}`)
    .set(bearer(owner.accessToken))
    .send({ bufferMinutes: 10 });
  return shop;
};

const staffBook = (shop: TestShop, token: string, body: Record<string, unknown>) =>
  request(app)
    .post(`/api/shops/${shop.id}/bookings`)
    .set(bearer(token))
    .send({ serviceIds: [shop.services[0]!.id], barberId: shop.barbers[0]!.id, notify: true, ...body });

const jobsOf = (id: string) =>
  db.dataSource.query(
    `SELECT "data"->>'kind' AS "kind" FROM pgboss.job WHERE "data"->>'appointmentId' = $1 ORDER BY "created_on", "kind"`,
    [id],
  ) as Promise<Array<{ kind: string }>>;

/** A barber account linked to the shop's barber at `index` (invited by e-mail, joined with the code). */
async function barberUser(shop: TestShop, index: number): Promise<string> {
  const barber = shop.barbers[index]!;
  const email = `barber-${index}-${Date.now()}@example.com`;
  await request(app)
    .patch(`/api/shops/${shop.id}/barbers/${barber.id}/settings`)
    .set(bearer(owner.accessToken))
    .send({ email });
  const code = (await request(app).get(`/api/shops/${shop.id}/join-code`).set(bearer(owner.accessToken))).body.code;
  const user = await signUpTestUser(app, email);
  const proven = await provenAccessToken(app, db, user);
  const joined = await request(app).post('/api/barbers/join').set(bearer(proven)).send({ code });
  expect(joined.status).toBeLessThan(300);
  return proven;
}

describe('POST /api/shops/{shopId}/bookings (staff booking)', () => {
  it('books a phoned-in client inside the minimum notice, sends one confirmation, and joins the client list', async () => {
    const shop = await nyShop();
    // 11:00 AM today: an hour away, inside the shop's day of notice that clients must give.
    const online = await request(app)
      .post(`/api/shops/${shop.slug}/appointments`)
      .send({
        serviceId: shop.services[0]!.id,
        barberId: shop.barbers[0]!.id,
        start: '2026-12-02T16:00:00Z',
        client: client(9),
      });
    expect(online.status).toBe(400);

    const res = await staffBook(shop, owner.accessToken, {
      start: '2026-12-02T16:00:00Z',
      client: { name: 'Pat Phone', phone: '(212) 555-0142', email: 'pat@example.com' },
      note: 'Called in',
    });
    expect(res.status).toBe(201);
    const booked = res.body as Appointment;
    expect(booked).toMatchObject({
      status: 'confirmed',
      localTime: '11:00 AM',
      source: 'staff',
      note: 'Called in',
      bufferMinutes: 10,
      client: { name: 'Pat Phone', email: 'pat@example.com', phone: '(212) 555-0142' },
      barber: { id: shop.barbers[0]!.id },
    });
    expect(booked.clientId).toBeTruthy();
    expect((await jobsOf(booked.id)).filter((j) => j.kind === 'confirmation')).toHaveLength(1);

    // Booked again by id: the same client record; without notify, no confirmation.
    const again = await staffBook(shop, owner.accessToken, {
      start: '2026-12-09T16:00:00Z',
      clientId: booked.clientId,
      notify: false,
    });
    expect(again.status).toBe(201);
    expect(again.body.client.name).toBe('Pat Phone');
    expect((await jobsOf(again.body.id)).map((j) => j.kind)).not.toContain('confirmation');

    // A name alone is enough.
    const nameOnly = await staffBook(shop, owner.accessToken, {
      start: '2026-12-02T17:00:00Z',
      client: { name: 'Jo' },
    });
    expect(nameOnly.status).toBe(201);
  });

  it('refuses an overlap (buffer included) and time off with a 409 in words', async () => {
    const shop = await nyShop();
    const first = await staffBook(shop, owner.accessToken, {
      start: '2026-12-03T15:00:00Z',
      client: { name: 'Ann Early' },
    });
    expect(first.status).toBe(201);
    // 10:30 is inside Ann's 10:00-10:30 visit's cleanup (to 10:40).
    const clash = await staffBook(shop, owner.accessToken, {
      start: '2026-12-03T15:30:00Z',
      client: { name: 'Bo Late' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({
      code: 'slot_taken',
      message: 'Alex already has Ann Early from 10:00 AM to 10:30 AM. Choose another time or barber.',
    });
    // Blake is free then.
    const blake = await staffBook(shop, owner.accessToken, {
      start: '2026-12-03T15:30:00Z',
      barberId: shop.barbers[1]!.id,
      client: { name: 'Bo Late' },
    });
    expect(blake.status).toBe(201);

    const off = await request(app)
      .post(`/api/shops/${shop.id}/barbers/${shop.barbers[0]!.id}/time-off`)
      .set(bearer(owner.accessToken))
      .send({ start: '2026-12-03T19:00:00Z', end: '2026-12-03T20:00:00Z', reason: 'Dentist' });
    expect(off.status).toBe(201);
    const duringOff = await staffBook(shop, owner.accessToken, {
      start: '2026-12-03T19:15:00Z',
      client: { name: 'Cy' },
    });
    expect(duringOff.status).toBe(409);
    expect(duringOff.body.error.message).toBe('Alex is off from 2:00 PM to 3:00 PM. Choose another time or barber.');
  });

  it('asks for a client, and refuses strangers and a client of another shop', async () => {
    const shop = await nyShop();
    const none = await staffBook(shop, owner.accessToken, { start: '2026-12-03T15:00:00Z' });
    expect(none.status).toBe(400);
    expect(none.body.error.fields.client).toBe('Choose a client or enter a new client’s name.');
    const unnamed = await staffBook(shop, owner.accessToken, { start: '2026-12-03T15:00:00Z', client: { name: '' } });
    expect(unnamed.status).toBe(400);
    expect(
      (await staffBook(shop, stranger.accessToken, { start: '2026-12-03T15:00:00Z', client: { name: 'Al' } })).status,
    ).toBe(403);
    const other = await nyShop();
    const theirs = await staffBook(other, owner.accessToken, {
      start: '2026-12-03T15:00:00Z',
      client: { name: 'Dee', email: 'dee@example.com' },
    });
    const foreign = await staffBook(shop, owner.accessToken, {
      start: '2026-12-03T16:00:00Z',
      clientId: theirs.body.clientId,
    });
    expect(foreign.status).toBe(404);
  });

  it('a barber books only their own chair until the owner allows any', async () => {
    const shop = await nyShop();
    const alexToken = await barberUser(shop, 0);
    const own = await staffBook(shop, alexToken, { start: '2026-12-03T15:00:00Z', client: { name: 'Eve Own' } });
    expect(own.status).toBe(201);
    const blakes = await staffBook(shop, alexToken, {
      start: '2026-12-03T15:00:00Z',
      barberId: shop.barbers[1]!.id,
      client: { name: 'Fay Other' },
    });
    expect(blakes.status).toBe(403);
    expect(blakes.body.error.message).toBe('You can book and move appointments only in your own chair.');
    const allowed = await request(app)
      .patch(`/api/shops/${shop.id}`)
      .set(bearer(owner.accessToken))
      .send({ barbersBookAnyChair: true });
    expect(allowed.body.barbersBookAnyChair).toBe(true);
    const now = await staffBook(shop, alexToken, {
      start: '2026-12-03T15:00:00Z',
      barberId: shop.barbers[1]!.id,
      client: { name: 'Fay Other' },
    });
    expect(now.status).toBe(201);
  });
});

describe('POST /api/shops/{shopId}/appointments/{appointmentId}/move', () => {
  it('moves to a free time once, telling the client once with a fresh reminder; a taken time is a 409 in words', async () => {
    const shop = await nyShop();
    const pat = (
      await staffBook(shop, owner.accessToken, {
        start: '2026-12-08T20:00:00Z', // Tuesday 3:00 PM
        client: { name: 'Pat Phone', email: 'pat@example.com' },
      })
    ).body as Appointment;
    const other = await staffBook(shop, owner.accessToken, {
      start: '2026-12-08T22:00:00Z', // 5:00 PM
      client: { name: 'Quinn Busy' },
    });
    expect(other.status).toBe(201);

    const taken = await request(app)
      .post(`/api/shops/${shop.id}/appointments/${pat.id}/move`)
      .set(bearer(owner.accessToken))
      .send({ start: '2026-12-08T21:45:00Z' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(
      'Alex already has Quinn Busy from 5:00 PM to 5:30 PM. Choose another time or barber.',
    );

    const moved = await request(app)
      .post(`/api/shops/${shop.id}/appointments/${pat.id}/move`)
      .set(bearer(owner.accessToken))
      .send({ start: '2026-12-08T21:00:00Z' }); // 4:00 PM
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: pat.id, localTime: '4:00 PM', barber: { id: shop.barbers[0]!.id } });
    const kinds = (await jobsOf(pat.id)).map((j) => j.kind);
    expect(kinds.filter((k) => k === 'rescheduled')).toHaveLength(1);
    // A reminder for the new time (the old one goes stale by version).
    const reminders = (await db.dataSource.query(
      `SELECT "start_after" FROM pgboss.job WHERE "data"->>'appointmentId' = $1 AND "data"->>'kind' = 'reminder'
       AND ("data"->>'version')::int = $2`,
      [pat.id, 2],
    )) as unknown[];
    expect(reminders).toHaveLength(1);

    // To Blake, same time: another barber's column.
    const toBlake = await request(app)
      .post(`/api/shops/${shop.id}/appointments/${pat.id}/move`)
      .set(bearer(owner.accessToken))
      .send({ start: '2026-12-08T21:00:00Z', barberId: shop.barbers[1]!.id });
    expect(toBlake.status).toBe(200);
    expect(toBlake.body.barber.name).toBe('Blake');

    // A barber cannot move another chair's appointment (as unknown as a made-up id).
    const alexToken = await barberUser(shop, 0);
    const notTheirs = await request(app)
      .post(`/api/shops/${shop.id}/appointments/${pat.id}/move`)
      .set(bearer(alexToken))
      .send({ start: '2026-12-08T19:00:00Z' });
    expect(notTheirs.status).toBe(404);
    const bad = await request(app)
      .post(`/api/shops/${shop.id}/appointments/${pat.id}/move`)
      .set(bearer(owner.accessToken))
      .send({ start: 'tomorrow' });
    expect(bad.status).toBe(400);
  });

  it('time off by range: a dragged range blocks the calendar and is removed again', async () => {
    const shop = await nyShop();
    const alex = shop.barbers[0]!;
    const base = `/api/shops/${shop.id}/barbers/${alex.id}`;
    const off = await request(app)
      .post(`${base}/time-off`)
      .set(bearer(owner.accessToken))
      .send({ start: '2026-12-04T14:00:00-05:00', end: '2026-12-04T15:30:00-05:00', reason: 'Time off' });
    expect(off.status).toBe(201);
    const inside = await staffBook(shop, owner.accessToken, { start: '2026-12-04T20:00:00Z', client: { name: 'Gil' } });
    expect(inside.status).toBe(409);
    expect(inside.body.error.message).toBe('Alex is off from 2:00 PM to 3:30 PM. Choose another time or barber.');
    const settings = await request(app).get(`${base}/settings`).set(bearer(owner.accessToken));
    expect(settings.body.timeOff).toEqual([expect.objectContaining({ id: off.body.id, reason: 'Time off' })]);
    expect((await request(app).delete(`${base}/time-off/${off.body.id}`).set(bearer(owner.accessToken))).status).toBe(
      204,
    );
    const after = await staffBook(shop, owner.accessToken, { start: '2026-12-04T20:00:00Z', client: { name: 'Gil' } });
    expect(after.status).toBe(201);
  });
});

describe('POST /api/shops/{shopId}/appointments/{appointmentId}/services', () => {
  it('changes the services and so the length; a longer visit that runs into the next is a 409 in words', async () => {
    const shop = await nyShop();
    const addService = async (name: string, durationMinutes: number) =>
      (
        await request(app)
          .post(`/api/shops/${shop.id}/services`)
          .set(bearer(owner.accessToken))
          .send({ name, durationMinutes, price: 15 })
      ).body as { id: string };
    const beard = await addService('Beard', 15);
    const long = await addService('Long colour', 90);
    const pat = (
      await staffBook(shop, owner.accessToken, { start: '2026-12-10T15:00:00Z', client: { name: 'Pat Phone' } })
    ).body as Appointment;
    expect(
      (await staffBook(shop, owner.accessToken, { start: '2026-12-10T16:00:00Z', client: { name: 'Quinn Busy' } }))
        .status,
    ).toBe(201);
    const url = `/api/shops/${shop.id}/appointments/${pat.id}/services`;

    const longer = await request(app)
      .post(url)
      .set(bearer(owner.accessToken))
      .send({ serviceIds: [shop.services[0]!.id, beard.id] });
    expect(longer.status).toBe(200);
    expect(longer.body).toMatchObject({
      start: '2026-12-10T15:00:00.000Z',
      end: '2026-12-10T15:45:00.000Z',
      service: { name: 'Haircut + Beard', durationMinutes: 45, price: 40 },
    });
    expect(longer.body.items.map((i: { name: string }) => i.name)).toEqual(['Haircut', 'Beard']);

    const tooLong = await request(app)
      .post(url)
      .set(bearer(owner.accessToken))
      .send({ serviceIds: [long.id] });
    expect(tooLong.status).toBe(409);
    expect(tooLong.body.error.message).toBe(
      'Alex already has Quinn Busy from 11:00 AM to 11:30 AM. Choose another time or barber.',
    );
    const none = await request(app).post(url).set(bearer(owner.accessToken)).send({ serviceIds: [] });
    expect(none.status).toBe(400);
    expect(
      (
        await request(app)
          .post(url)
          .set(bearer(stranger.accessToken))
          .send({ serviceIds: [beard.id] })
      ).status,
    ).toBe(403);
  });
});
