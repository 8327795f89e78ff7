import { type AvailabilityResponse, BOOKING_MESSAGES, defaultHours } from '@barberly/common';
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
import { bearer, createShopAs } from '../shops/shops.test-helper';

let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  // A week before New York's spring-forward day.
  app = await createBookingTestApp(db, { clock: createTestClock('2026-03-01T12:00:00Z') });
  owner = await signUpTestUser(app);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const availability = async (slug: string, query: Record<string, string>) => {
  const res = await request(app).get(`/api/shops/${slug}/availability`).query(query);
  return res;
};

describe('GET /api/shops/{slug}/availability', () => {
  it('computes a New York shop’s days in its own zone across both DST changes', async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'America/New_York', hours_json: everyDay('00:00', '06:00'), bookingHorizonDays: 365 },
      services: [{ name: 'Cut', durationMinutes: 60 }],
    });
    const serviceId = shop.services[0]!.id;
    const spring = await availability(shop.slug, { serviceId, barberId: 'any', date: '2026-03-08' });
    expect(spring.status).toBe(200);
    const body = spring.body as AvailabilityResponse;
    expect(body.date).toBe('2026-03-08');
    expect(body.timeZone).toBe('America/New_York');
    expect(body.slots).toHaveLength(17);
    expect(body.slots.map((s) => s.label).slice(6, 9)).toEqual(['1:30 AM', '1:45 AM', '3:00 AM']);
    expect(body.slots[8]).toEqual({
      start: '2026-03-08T07:00:00.000Z',
      label: '3:00 AM',
      barberIds: [shop.barbers[0]!.id],
    });

    const fall = (await availability(shop.slug, { serviceId, barberId: 'any', date: '2026-11-01' }))
      .body as AvailabilityResponse;
    expect(fall.slots).toHaveLength(25);
    expect(fall.slots.filter((s) => s.label === '1:00 AM').map((s) => s.start)).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
    ]);
  });

  it('ends the day where the whole service still fits: 60 min gives 5:00 PM, 45 min gives 5:15 PM', async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'Europe/London', hours_json: defaultHours() },
      services: [
        { name: 'Cut', durationMinutes: 60 },
        { name: 'Trim', durationMinutes: 45 },
      ],
    });
    // Monday 2026-03-30: the first day after British Summer Time starts; 9:00 BST is 08:00Z.
    const hour = (await availability(shop.slug, { serviceId: shop.services[0]!.id, date: '2026-03-30' }))
      .body as AvailabilityResponse;
    expect(hour.slots[0]).toMatchObject({ start: '2026-03-30T08:00:00.000Z', label: '9:00 AM' });
    expect(hour.slots.at(-1)).toMatchObject({ start: '2026-03-30T16:00:00.000Z', label: '5:00 PM' });
    const trim = (await availability(shop.slug, { serviceId: shop.services[1]!.id, date: '2026-03-30' }))
      .body as AvailabilityResponse;
    expect(trim.slots.at(-1)!.label).toBe('5:15 PM');
    // Sunday is closed by default.
    const sunday = (await availability(shop.slug, { serviceId: shop.services[0]!.id, date: '2026-03-29' }))
      .body as AvailabilityResponse;
    expect(sunday.slots).toEqual([]);
  });

  it('drops past days, the notice window and days beyond the horizon', async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: {
        timeZone: 'UTC',
        hours_json: everyDay('09:00', '18:00'),
        minNoticeMinutes: 120,
        bookingHorizonDays: 10,
      },
    });
    const serviceId = shop.services[0]!.id;
    // The clock reads 2026-03-01 ~12:00Z: with two hours of notice the first start is 14:15 at the earliest.
    const today = (await availability(shop.slug, { serviceId, date: '2026-03-01' })).body as AvailabilityResponse;
    expect(new Date(today.slots[0]!.start).getTime()).toBeGreaterThanOrEqual(
      new Date('2026-03-01T14:00:00Z').getTime(),
    );
    expect((await availability(shop.slug, { serviceId, date: '2026-02-27' })).body.slots).toEqual([]);
    expect((await availability(shop.slug, { serviceId, date: '2026-03-11' })).body.slots.length).toBeGreaterThan(0);
    expect((await availability(shop.slug, { serviceId, date: '2026-03-12' })).body.slots).toEqual([]);
  });

  it("honours a barber's own hours and time off, and lists each free barber per slot", async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'UTC', hours_json: everyDay('09:00', '11:00') },
      services: [{ name: 'Cut', durationMinutes: 30 }],
      barbers: ['Alex', 'Blake'],
    });
    const [alex, blake] = shop.barbers as [(typeof shop.barbers)[0], (typeof shop.barbers)[0]];
    const auth = bearer(owner.accessToken);
    // Blake works from 10:00 (and "until 12:00", which the shop's 11:00 close cuts), and is off 10:00-10:30.
    const settings = await request(app)
      .patch(`/api/shops/${shop.id}/barbers/${blake.id}/settings`)
      .set(auth)
      .send({ hours_json: everyDay('10:00', '12:00') });
    expect(settings.status).toBe(200);
    const off = await request(app)
      .post(`/api/shops/${shop.id}/barbers/${blake.id}/time-off`)
      .set(auth)
      .send({ start: '2026-03-10T10:00:00Z', end: '2026-03-10T10:30:00Z', reason: 'Dentist' });
    expect(off.status).toBe(201);
    const res = (await availability(shop.slug, { serviceId: shop.services[0]!.id, date: '2026-03-10' }))
      .body as AvailabilityResponse;
    const byLabel = Object.fromEntries(res.slots.map((s) => [s.label, s.barberIds]));
    expect(byLabel['9:00 AM']).toEqual([alex.id]);
    expect(byLabel['10:15 AM']).toEqual([alex.id]);
    expect(byLabel['10:30 AM']).toEqual([alex.id, blake.id]);
    expect(Object.keys(byLabel).at(-1)).toBe('10:30 AM');
    const onlyBlake = (
      await availability(shop.slug, { serviceId: shop.services[0]!.id, barberId: blake.id, date: '2026-03-10' })
    ).body as AvailabilityResponse;
    expect(onlyBlake.slots.map((s) => s.label)).toEqual(['10:30 AM']);
  });

  it('answers bad queries with 400 and the message, an unknown shop with 404', async () => {
    const shop = await setUpShop(app, owner.accessToken);
    const other = await setUpShop(app, owner.accessToken);
    const serviceId = shop.services[0]!.id;
    const cases: Array<[Record<string, string>, string]> = [
      [{ serviceId, date: '2026-02-30' }, BOOKING_MESSAGES.date],
      [{ serviceId: 'nope', date: '2026-03-10' }, BOOKING_MESSAGES.serviceId],
      [{ serviceId: other.services[0]!.id, date: '2026-03-10' }, BOOKING_MESSAGES.serviceNotFound],
      [{ serviceId, barberId: other.barbers[0]!.id, date: '2026-03-10' }, BOOKING_MESSAGES.barberNotFound],
    ];
    for (const [query, message] of cases) {
      const res = await availability(shop.slug, query);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect((await availability('no-such-shop', { serviceId, date: '2026-03-10' })).status).toBe(404);
  });
});

describe('shop booking settings', () => {
  it('are in the Shop with their defaults; the zone can be given at creation and changed later', async () => {
    const created = await createShopAs(app, owner.accessToken, { timeZone: 'Europe/London' });
    const page = await request(app).get(`/api/shops/${created.slug}`);
    expect(page.body.shop).toMatchObject({
      timeZone: 'Europe/London',
      minNoticeMinutes: 60,
      cancellationCutoffMinutes: 120,
      reminderLeadMinutes: 1440,
      bookingHorizonDays: 60,
    });
    expect(page.body.shop.joinCode).toBeUndefined();
    const plain = await createShopAs(app, owner.accessToken);
    expect((await request(app).get(`/api/shops/${plain.slug}`)).body.shop.timeZone).toBe('UTC');
    const patched = await request(app)
      .patch(`/api/shops/${created.id}`)
      .set(bearer(owner.accessToken))
      .send({ timeZone: 'Asia/Kolkata', minNoticeMinutes: 0, reminderLeadMinutes: 0, bookingHorizonDays: 14 });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ timeZone: 'Asia/Kolkata', minNoticeMinutes: 0, bookingHorizonDays: 14 });
  });

  it.each([
    [{ timeZone: 'Mars/Olympus' }, 'timeZone', BOOKING_MESSAGES.timeZone],
    [{ timeZone: '+05:00' }, 'timeZone', BOOKING_MESSAGES.timeZone],
    [{ minNoticeMinutes: -5 }, 'minNoticeMinutes', undefined],
    [{ bookingHorizonDays: 0 }, 'bookingHorizonDays', undefined],
  ])('refuses %j with 400 on fields.%s', async (body, field, message) => {
    const created = await createShopAs(app, owner.accessToken);
    const res = await request(app).patch(`/api/shops/${created.id}`).set(bearer(owner.accessToken)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toBeDefined();
    if (message) expect(res.body.error.fields[field]).toBe(message);
  });
});
