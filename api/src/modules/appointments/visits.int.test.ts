import { randomBytes } from 'node:crypto';
import {
  type AvailabilityResponse,
  BOOKING_MESSAGES,
  type BookedAppointment,
  type ManagedAppointment,
  type ShopAgenda,
  VISIT_MESSAGES,
} from '@barberly/common';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { BarberEntity } from '../barbers/barber.entity';
import { ServiceEntity } from '../services/service.entity';
import { ShopEntity } from '../shops/shop.entity';
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
import { bookVisit } from './lifecycle';
import { loadVisitServices, placeVisit } from './visit';

// Issue 14 (decision 0160): who does what, buffers, several services in one visit, waitlist holds respected.
let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;
/** Tuesday 2026-12-01, 08:00 UTC; the tests book Wednesday 2026-12-02 (open 9:00-18:00 UTC). */
const NOW = '2026-12-01T08:00:00Z';
const DAY = '2026-12-02';
const at = (time: string) => `${DAY}T${time}:00.000Z`;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createBookingTestApp(db, { clock: createTestClock(NOW) });
  owner = await signUpTestUser(app);
});
afterEach(() => app.clock.set(NOW));
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const auth = () => bearer(owner.accessToken);

const shopWith = (
  services: Array<{ name: string; durationMinutes: number; price?: number; bufferMinutes?: number }>,
  barbers = ['Sam'],
) =>
  setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'UTC', hours_json: everyDay('09:00', '18:00') },
    services,
    barbers,
  });

const offers = (shop: TestShop, barber: number, body: Record<string, unknown>) =>
  request(app).put(`/api/shops/${shop.id}/barbers/${shop.barbers[barber]!.id}/services`).set(auth()).send(body);

const availability = async (shop: TestShop, query: Record<string, string>) => {
  const res = await request(app)
    .get(`/api/shops/${shop.slug}/availability`)
    .query({ date: DAY, barberId: 'any', ...query });
  return res;
};

const starts = async (shop: TestShop, query: Record<string, string>) => {
  const res = await availability(shop, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as AvailabilityResponse).slots.map((s) => s.start.slice(11, 16));
};

const book = (shop: TestShop, body: Record<string, unknown>) =>
  request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({ barberId: shop.barbers[0]!.id, client: client(), ...body });

describe('who does what', () => {
  it('stores a barber’s services and overrides and shows them on the dashboard and the public page', async () => {
    const shop = await shopWith(
      [
        { name: 'Haircut', durationMinutes: 30, price: 30, bufferMinutes: 5 },
        { name: 'Shave', durationMinutes: 30, price: 25 },
      ],
      ['Sam', 'Alex'],
    );
    const [haircut] = shop.services;
    const res = await offers(shop, 1, {
      offersAllServices: false,
      services: [{ serviceId: haircut!.id, durationMinutes: 45, price: 40 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Alex',
      offersAllServices: false,
      services: [{ serviceId: haircut!.id, durationMinutes: 45, price: 40 }],
    });

    const dashboard = await request(app).get(`/api/shops/${shop.id}/barbers`).set(auth());
    expect(dashboard.body.map((b: { offersAllServices: boolean }) => b.offersAllServices)).toEqual([true, false]);
    const page = await request(app).get(`/api/shops/${shop.slug}`);
    expect(page.status).toBe(200);
    expect(page.body.barbers[1]).toMatchObject({ offersAllServices: false, services: [{ serviceId: haircut!.id }] });
    expect(page.body.barbers[0]).toMatchObject({ offersAllServices: true, services: [] });
    // The buffer is the shop's business, not the client's.
    expect(page.body.services[0]).not.toHaveProperty('bufferMinutes');
  });

  it('refuses a service of another shop, and a service listed twice, with 400', async () => {
    const shop = await shopWith([{ name: 'Haircut', durationMinutes: 30 }]);
    const other = await shopWith([{ name: 'Elsewhere', durationMinutes: 30 }]);
    const foreign = await offers(shop, 0, {
      offersAllServices: false,
      services: [{ serviceId: other.services[0]!.id }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toBe(BOOKING_MESSAGES.serviceNotFound);
    const twice = await offers(shop, 0, {
      offersAllServices: false,
      services: [{ serviceId: shop.services[0]!.id }, { serviceId: shop.services[0]!.id }],
    });
    expect(twice.status).toBe(400);
  });

  it("availability and 'any' follow each barber's services and their own durations", async () => {
    const shop = await shopWith(
      [
        { name: 'Haircut', durationMinutes: 30, price: 30 },
        { name: 'Shave', durationMinutes: 30, price: 25 },
      ],
      ['Sam', 'Alex'],
    );
    const [haircut, shave] = shop.services;
    const [sam, alex] = shop.barbers;
    await offers(shop, 1, {
      offersAllServices: false,
      services: [{ serviceId: haircut!.id, durationMinutes: 45, price: 40 }],
    });

    // Only Sam shaves; Alex's haircut takes 45 minutes, so his day ends at 17:15.
    const shaves = await availability(shop, { serviceId: shave!.id });
    expect((shaves.body as AvailabilityResponse).slots.every((s) => s.barberIds.join() === sam!.id)).toBe(true);
    expect((await starts(shop, { serviceId: haircut!.id, barberId: alex!.id })).at(-1)).toBe('17:15');
    expect((await starts(shop, { serviceId: haircut!.id, barberId: sam!.id })).at(-1)).toBe('17:30');

    // Sam has one appointment, so rotation prefers Alex, but only for what Alex does.
    expect((await book(shop, { serviceId: haircut!.id, start: at('09:00') })).status).toBe(201);
    const shaved = await book(shop, { serviceId: shave!.id, barberId: 'any', start: at('11:00') });
    expect(shaved.status).toBe(201);
    expect(shaved.body.barber.name).toBe('Sam');
    const cut = await book(shop, { serviceId: haircut!.id, barberId: 'any', start: at('13:00') });
    expect(cut.status).toBe(201);
    expect(cut.body).toMatchObject({
      barber: { name: 'Alex' },
      end: at('13:45'),
      service: { name: 'Haircut', durationMinutes: 45, price: 40 },
    });
  });

  it('refuses a named barber who does not do a service with 400 naming both, and a visit nobody does', async () => {
    const shop = await shopWith(
      [
        { name: 'Haircut', durationMinutes: 30 },
        { name: 'Shave', durationMinutes: 30 },
      ],
      ['Sam', 'Alex'],
    );
    const [haircut, shave] = shop.services;
    await offers(shop, 1, { offersAllServices: false, services: [{ serviceId: haircut!.id }] });
    const message = VISIT_MESSAGES.notOffered('Alex', 'Shave');

    const booked = await book(shop, { serviceId: shave!.id, barberId: shop.barbers[1]!.id, start: at('10:00') });
    expect(booked.status).toBe(400);
    expect(booked.body.error.message).toBe(message);
    const asked = await availability(shop, { serviceId: shave!.id, barberId: shop.barbers[1]!.id });
    expect(asked.status).toBe(400);
    expect(asked.body.error.message).toBe(message);

    await offers(shop, 0, { offersAllServices: false, services: [{ serviceId: haircut!.id }] });
    const nobody = await availability(shop, { serviceIds: `${haircut!.id},${shave!.id}` });
    expect(nobody.status).toBe(400);
    expect(nobody.body.error.message).toBe(VISIT_MESSAGES.noBarberForVisit);
    const refused = await book(shop, { serviceIds: [haircut!.id, shave!.id], barberId: 'any', start: at('10:00') });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(VISIT_MESSAGES.noBarberForVisit);
  });
});

describe('buffers', () => {
  it('the database itself refuses a booking inside another one’s buffer', async () => {
    const shop = await shopWith([{ name: 'Haircut', durationMinutes: 30, bufferMinutes: 15 }]);
    const first = await book(shop, { serviceId: shop.services[0]!.id, start: at('10:00') });
    expect(first.status).toBe(201);
    expect(first.body.end).toBe(at('10:30'));
    const [row] = await db.dataSource.query('SELECT buffer_minutes, blocked_until FROM appointments WHERE id = $1', [
      first.body.id,
    ]);
    expect(row.buffer_minutes).toBe(15);
    expect((row.blocked_until as Date).toISOString()).toBe(at('10:45'));

    // Straight into the table, past every check of the api: the exclusion constraint over [start, blocked_until).
    const insert = db.dataSource.query(
      `INSERT INTO appointments (shop_id, barber_id, service_name, service_duration_minutes, service_price,
         starts_at, ends_at, client_name)
       VALUES ($1, $2, 'Haircut', 30, 30, $3, $4, 'Someone')`,
      [shop.id, shop.barbers[0]!.id, at('10:30'), at('11:00')],
    );
    await expect(insert).rejects.toMatchObject({ driverError: { code: '23P01' } });
  });

  it('availability and booking keep the buffer free after each visit, and let it run past closing', async () => {
    const shop = await shopWith([{ name: 'Haircut', durationMinutes: 30, bufferMinutes: 15 }]);
    const serviceId = shop.services[0]!.id;
    expect((await book(shop, { serviceId, start: at('10:00') })).status).toBe(201);
    const free = await starts(shop, { serviceId });
    // 9:15 ends 9:45 and is clean by 10:00; 9:30's cleanup would run into 10:00; 10:45 is the first after.
    expect(free.slice(0, 3)).toEqual(['09:00', '09:15', '10:45']);
    expect(free.at(-1)).toBe('17:30');
    expect((await book(shop, { serviceId, start: at('10:30') })).status).toBe(409);
    expect((await book(shop, { serviceId, start: at('09:30') })).status).toBe(409);
    expect((await book(shop, { serviceId, start: at('10:45') })).status).toBe(201);
    expect((await book(shop, { serviceId, start: at('17:30') })).status).toBe(201);
  });
});

describe('several services in one visit', () => {
  const cutAndBeard = async () => {
    const shop = await shopWith(
      [
        { name: 'Haircut', durationMinutes: 30, price: 30 },
        { name: 'Beard trim', durationMinutes: 15, price: 15, bufferMinutes: 10 },
      ],
      ['Sam', 'Alex'],
    );
    // Sam takes longer over a haircut and charges more for it.
    await offers(shop, 0, {
      offersAllServices: true,
      services: [{ serviceId: shop.services[0]!.id, durationMinutes: 45, price: 35 }],
    });
    return { shop, serviceIds: shop.services.map((s) => s.id) };
  };

  it('books one appointment with its items, duration and price summed with the barber’s overrides', async () => {
    const { shop, serviceIds } = await cutAndBeard();
    const res = await book(shop, { serviceIds, start: at('10:00') });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const body = res.body as BookedAppointment;
    expect(body).toMatchObject({
      start: at('10:00'),
      end: at('11:00'),
      service: { id: serviceIds[0], name: 'Haircut + Beard trim', durationMinutes: 60, price: 50 },
      items: [
        { serviceId: serviceIds[0], name: 'Haircut', durationMinutes: 45, price: 35 },
        { serviceId: serviceIds[1], name: 'Beard trim', durationMinutes: 15, price: 15 },
      ],
      seriesId: null,
    });
    const rows = await db.dataSource.query(
      'SELECT position, service_name, duration_minutes FROM appointment_items WHERE appointment_id = $1 ORDER BY position',
      [body.id],
    );
    expect(rows).toEqual([
      { position: 0, service_name: 'Haircut', duration_minutes: 45 },
      { position: 1, service_name: 'Beard trim', duration_minutes: 15 },
    ]);
    const [row] = await db.dataSource.query('SELECT buffer_minutes FROM appointments WHERE id = $1', [body.id]);
    expect(row.buffer_minutes).toBe(10);

    // The agenda and the manage page show the visit with its items.
    const agenda = (await request(app).get(`/api/shops/${shop.id}/appointments`).query({ date: DAY }).set(auth()))
      .body as ShopAgenda;
    expect(agenda.appointments[0]!.items?.map((i) => i.name)).toEqual(['Haircut', 'Beard trim']);
    const managed = (await request(app).get(`/api/appointments/manage/${body.manageToken}`)).body as ManagedAppointment;
    expect(managed.items).toHaveLength(2);
  });

  it('offers only starts where the whole visit fits, for each barber’s own length of it', async () => {
    const { shop, serviceIds } = await cutAndBeard();
    const [sam, alex] = shop.barbers;
    // Alex's visit: 30 + 15 = 45 minutes; Sam's: 45 + 15 = 60. The buffer may run past closing.
    expect((await starts(shop, { serviceIds: serviceIds.join(','), barberId: alex!.id })).at(-1)).toBe('17:15');
    expect((await starts(shop, { serviceIds: serviceIds.join(','), barberId: sam!.id })).at(-1)).toBe('17:00');
  });

  it('refuses the visit as a whole when the total does not fit, where its first service alone would', async () => {
    const { shop, serviceIds } = await cutAndBeard();
    const alex = shop.barbers[1]!.id;
    expect((await book(shop, { serviceId: serviceIds[0], barberId: alex, start: at('11:00') })).status).toBe(201);
    // 10:30: a 30-minute haircut fits before 11:00, the 45-minute visit does not.
    expect(await starts(shop, { serviceId: serviceIds[0]!, barberId: alex })).toContain('10:30');
    expect(await starts(shop, { serviceIds: serviceIds.join(','), barberId: alex })).not.toContain('10:30');
    const refused = await book(shop, { serviceIds, barberId: alex, start: at('10:30') });
    expect(refused.status).toBe(409);
    // At closing: 17:30 fits a haircut, not the visit.
    const late = await book(shop, { serviceIds, barberId: alex, start: at('17:30') });
    expect(late.status).toBe(400);
    const [{ n }] = await db.dataSource.query(
      `SELECT count(*)::int AS n FROM appointments WHERE shop_id = $1 AND status = 'confirmed'`,
      [shop.id],
    );
    expect(n).toBe(1);
  });

  it('a reschedule keeps the visit’s items, as the new barber does them, at the booked prices', async () => {
    const { shop, serviceIds } = await cutAndBeard();
    const booked = await book(shop, { serviceIds, start: at('10:00') });
    expect(booked.status).toBe(201);
    const moved = await request(app)
      .post(`/api/appointments/manage/${booked.body.manageToken}/reschedule`)
      .send({ start: at('14:00'), barberId: shop.barbers[1]!.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({
      start: at('14:00'),
      end: at('14:45'),
      barber: { name: 'Alex' },
      items: [
        { name: 'Haircut', durationMinutes: 30, price: 35 },
        { name: 'Beard trim', durationMinutes: 15, price: 15 },
      ],
    });
    const rows = await db.dataSource.query(
      'SELECT service_name FROM appointment_items WHERE appointment_id = $1 ORDER BY position',
      [booked.body.id],
    );
    expect(rows.map((r: { service_name: string }) => r.service_name)).toEqual(['Haircut', 'Beard trim']);
  });

  it('refuses a repeat request where the shop does not let clients make a series', async () => {
    const { shop, serviceIds } = await cutAndBeard();
    const res = await book(shop, { serviceIds, start: at('10:00'), repeat: { intervalWeeks: 3, count: 4 } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(VISIT_MESSAGES.repeatNotAllowed);
  });
});

describe('waitlist holds', () => {
  const hold = async (shop: TestShop, start: string, end: string, expiresInMinutes: number) => {
    const [row] = (await db.dataSource.query(
      `INSERT INTO slot_holds (shop_id, barber_id, service_ids, starts_at, ends_at, expires_at, token_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        shop.id,
        shop.barbers[0]!.id,
        [shop.services[0]!.id],
        start,
        end,
        new Date(app.clock.now().getTime() + expiresInMinutes * 60_000),
        randomBytes(32).toString('hex'),
      ],
    )) as [{ id: string }];
    return row.id;
  };

  it('a held range is refused to bookings and missing from availability until the hold expires', async () => {
    const shop = await shopWith([{ name: 'Haircut', durationMinutes: 30 }]);
    const serviceId = shop.services[0]!.id;
    await hold(shop, at('14:00'), at('14:30'), 15);
    const free = await starts(shop, { serviceId });
    expect(free).not.toContain('14:00');
    expect(free).not.toContain('13:45');
    expect(free).toContain('13:30');
    expect(free).toContain('14:30');
    expect((await book(shop, { serviceId, start: at('14:00') })).status).toBe(409);
    expect((await book(shop, { serviceId, barberId: 'any', start: at('13:45') })).status).toBe(409);

    app.clock.set(new Date(app.clock.now().getTime() + 16 * 60_000));
    expect(await starts(shop, { serviceId })).toContain('14:00');
    expect((await book(shop, { serviceId, start: at('14:00') })).status).toBe(201);
  });

  it('placeVisit gives the held slot to the hold being claimed', async () => {
    const shop = await shopWith([{ name: 'Haircut', durationMinutes: 30 }]);
    const holdId = await hold(shop, at('15:00'), at('15:30'), 15);
    const placed = await db.dataSource.transaction(async (manager) => {
      const shopRow = await manager.getRepository(ShopEntity).findOneByOrFail({ id: shop.id });
      const barber = await manager.getRepository(BarberEntity).findOneByOrFail({ id: shop.barbers[0]!.id });
      const services = await loadVisitServices(manager, shopRow, [shop.services[0]!.id]);
      expect(services.map((s) => s.id)).toEqual(
        (await manager.getRepository(ServiceEntity).findBy({ shopId: shop.id })).map((s) => s.id),
      );
      const place = (claimingHoldId?: string) =>
        placeVisit(
          manager,
          {
            shop: shopRow,
            services,
            candidates: [barber],
            start: new Date(at('15:00')),
            now: app.clock.now(),
            claimingHoldId,
          },
          (candidate, visit, end) =>
            bookVisit({ mailQueue: app.mailQueue, now: app.clock.now }, manager, {
              shop: shopRow,
              visit,
              actor: { kind: 'client' },
              via: 'waitlist',
              fields: {
                shopId: shopRow.id,
                barberId: candidate.id,
                currency: shopRow.currency,
                startsAt: new Date(at('15:00')),
                endsAt: end,
                status: 'confirmed',
                source: 'online',
                clientName: 'Waitlisted',
                clientEmail: 'waiting@example.com',
              },
            }),
        );
      // Anyone else: the slot is taken; the holder: booked.
      await expect(place()).rejects.toMatchObject({ status: 409 });
      return place(holdId);
    });
    expect(placed.result.startsAt.toISOString()).toBe(at('15:00'));
    expect(placed.visit.items).toHaveLength(1);
  });
});

describe('services and shops', () => {
  it('keeps a service’s buffer on create and patch, and refuses one out of range', async () => {
    const shop = await shopWith([{ name: 'Haircut', durationMinutes: 30, bufferMinutes: 10 }]);
    expect(shop.services[0]!.bufferMinutes).toBe(10);
    const patched = await request(app)
      .patch(`/api/shops/${shop.id}/services/${shop.services[0]!.id}`)
      .set(auth())
      .send({ bufferMinutes: 20 });
    expect(patched.status).toBe(200);
    expect(patched.body.bufferMinutes).toBe(20);
    const listed = await request(app).get(`/api/shops/${shop.id}/services`).set(auth());
    expect(listed.body[0].bufferMinutes).toBe(20);
    const wrong = await request(app)
      .patch(`/api/shops/${shop.id}/services/${shop.services[0]!.id}`)
      .set(auth())
      .send({ bufferMinutes: 121 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(VISIT_MESSAGES.buffer);
  });

  it('lets the owner allow repeat bookings and turn the waitlist off', async () => {
    const shop = await shopWith([{ name: 'Haircut', durationMinutes: 30 }]);
    const before = await request(app).get(`/api/shops/${shop.slug}`);
    expect(before.body.shop).toMatchObject({ clientsMayRepeat: false, waitlistEnabled: true });
    const res = await request(app)
      .patch(`/api/shops/${shop.id}`)
      .set(auth())
      .send({ clientsMayRepeat: true, waitlistEnabled: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ clientsMayRepeat: true, waitlistEnabled: false });
  });
});
