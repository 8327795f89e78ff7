import { BOOKING_MESSAGES, type BookedAppointment, type ManagedAppointment } from '@barberly/common';
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
  listen,
  setUpShop,
  type TestShop,
} from './booking.test-helper';

let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;
/** Tuesday 2026-12-01, 08:00 UTC; the tests book Wednesday 2026-12-02. */
const NOW = '2026-12-01T08:00:00Z';

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createBookingTestApp(db, {
    clock: createTestClock(NOW),
    configOverrides: { PUBLIC_ORIGIN: 'http://localhost:3000' },
  });
  owner = await signUpTestUser(app);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const utcShop = (barbers = ['Sam']) =>
  setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'UTC', hours_json: everyDay('09:00', '18:00') },
    services: [{ name: 'Haircut', durationMinutes: 60, price: 35 }],
    barbers,
  });

const book = (shop: TestShop, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .set(headers)
    .send({ serviceId: shop.services[0]!.id, barberId: shop.barbers[0]!.id, client: client(), ...body });

const liveCount = async (shopId: string) =>
  (
    (await db.dataSource.query(
      `SELECT count(*)::int AS n FROM appointments WHERE shop_id = $1 AND status <> 'cancelled'`,
      [shopId],
    )) as [{ n: number }]
  )[0].n;

describe('POST /api/shops/{slug}/appointments', () => {
  it('books a free slot: 201 with the appointment, a manage token and link', async () => {
    const shop = await utcShop();
    const res = await book(shop, { start: '2026-12-02T10:00:00Z', note: 'Short on the sides' });
    expect(res.status).toBe(201);
    const body = res.body as BookedAppointment;
    expect(body).toMatchObject({
      status: 'confirmed',
      start: '2026-12-02T10:00:00.000Z',
      end: '2026-12-02T11:00:00.000Z',
      localDate: '2026-12-02',
      localTime: '10:00 AM',
      service: { id: shop.services[0]!.id, name: 'Haircut', durationMinutes: 60, price: 35 },
      barber: { id: shop.barbers[0]!.id, name: 'Sam' },
      shop: { id: shop.id, slug: shop.slug, timeZone: 'UTC' },
      client: client(),
      note: 'Short on the sides',
      source: 'online',
    });
    expect(body.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.manageUrl).toBe(`http://localhost:3000/shop/${shop.slug}/appointments/${body.manageToken}`);
    // Only the hash is stored.
    const [row] = await db.dataSource.query('SELECT manage_token_hash FROM appointments WHERE id = $1', [body.id]);
    expect(row.manage_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.manage_token_hash).not.toContain(body.manageToken);

    const slots = await request(app)
      .get(`/api/shops/${shop.slug}/availability`)
      .query({ serviceId: shop.services[0]!.id, date: '2026-12-02' });
    const labels = slots.body.slots.map((s: { label: string }) => s.label);
    expect(labels).toContain('9:00 AM');
    expect(labels).not.toContain('9:15 AM');
    expect(labels).not.toContain('10:45 AM');
    expect(labels).toContain('11:00 AM');
  });

  it('30 simultaneous bookings of one slot: exactly one 201, twenty-nine 409 slot_taken', async () => {
    const shop = await utcShop();
    const server = await listen(app);
    try {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          fetch(`${server.url}/api/shops/${shop.slug}/appointments`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
            body: JSON.stringify({
              serviceId: shop.services[0]!.id,
              barberId: shop.barbers[0]!.id,
              start: '2026-12-02T15:00:00Z',
              client: client(i + 1),
            }),
          }).then(async (res) => ({ status: res.status, body: await res.json() })),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      const refused = results.filter((r) => r.status === 409);
      expect(refused).toHaveLength(29);
      for (const r of refused) {
        expect(r.body).toEqual({ error: { code: 'slot_taken', message: BOOKING_MESSAGES.slotTaken } });
      }
    } finally {
      await server.close();
    }
    expect(await liveCount(shop.id)).toBe(1);
  });

  it('a double-submitted request with one Idempotency-Key makes one appointment and answers the same 201', async () => {
    const shop = await utcShop();
    const headers = { 'Idempotency-Key': 'booking-form-7f3a' };
    const [a, b] = await Promise.all([
      book(shop, { start: '2026-12-02T12:00:00Z' }, headers),
      book(shop, { start: '2026-12-02T12:00:00Z' }, headers),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    const replay = await book(shop, { start: '2026-12-02T12:00:00Z' }, headers);
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(a.body.id);
    expect(replay.body.manageToken).toBe(a.body.manageToken);
    expect(await liveCount(shop.id)).toBe(1);

    const reused = await book(shop, { start: '2026-12-02T13:00:00Z' }, headers);
    expect(reused.status).toBe(409);
    expect(reused.body.error).toEqual({
      code: 'idempotency_key_reused',
      message: BOOKING_MESSAGES.idempotencyKeyReused,
    });
    expect(await liveCount(shop.id)).toBe(1);
  });

  it.each([
    ['in the past', { start: '2026-11-30T10:00:00Z' }, BOOKING_MESSAGES.past, 'start'],
    ['inside the notice window', { start: '2026-12-01T08:30:00Z' }, BOOKING_MESSAGES.notice(60), 'start'],
    ['before opening', { start: '2026-12-02T08:00:00Z' }, BOOKING_MESSAGES.outsideHours, 'start'],
    ['ending after closing', { start: '2026-12-02T17:15:00Z' }, BOOKING_MESSAGES.outsideHours, 'start'],
    ['off the 15-minute grid', { start: '2026-12-02T10:05:00Z' }, BOOKING_MESSAGES.offGrid, 'start'],
    ['beyond the horizon', { start: '2027-02-15T10:00:00Z' }, BOOKING_MESSAGES.horizon(60), 'start'],
    ['without an offset', { start: '2026-12-02T10:00:00' }, BOOKING_MESSAGES.start, 'start'],
  ])('refuses a start %s with 400 and a clear message', async (_label, body, message, field) => {
    const shop = await utcShop();
    const res = await book(shop, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_input');
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.fields[field]).toBe(message);
    expect(await liveCount(shop.id)).toBe(0);
  });

  it("refuses another shop's service or barber with 400", async () => {
    const shop = await utcShop();
    const other = await utcShop();
    const service = await book(shop, { start: '2026-12-02T10:00:00Z', serviceId: other.services[0]!.id });
    expect(service.status).toBe(400);
    expect(service.body.error.fields.serviceId).toBe(BOOKING_MESSAGES.serviceNotFound);
    const barber = await book(shop, { start: '2026-12-02T10:00:00Z', barberId: other.barbers[0]!.id });
    expect(barber.status).toBe(400);
    expect(barber.body.error.fields.barberId).toBe(BOOKING_MESSAGES.barberNotFound);
    expect(await liveCount(shop.id)).toBe(0);
    expect(await liveCount(other.id)).toBe(0);
  });

  it("'any' goes to the free barber with the fewest appointments that day, and past a taken one", async () => {
    const shop = await utcShop(['Alex', 'Blake']);
    const [alex, blake] = [shop.barbers[0]!, shop.barbers[1]!];
    await book(shop, { start: '2026-12-02T09:00:00Z', barberId: alex.id });
    await book(shop, { start: '2026-12-02T10:00:00Z', barberId: alex.id });
    // Blake has fewer bookings: rotation picks Blake.
    const first = await book(shop, { start: '2026-12-02T16:00:00Z', barberId: 'any' });
    expect(first.status).toBe(201);
    expect(first.body.barber.id).toBe(blake.id);
    // Blake (still fewer: 1 vs 2) is busy at 16:00, so Alex gets the next 'any' at 16:00.
    const second = await book(shop, { start: '2026-12-02T16:00:00Z', barberId: 'any' });
    expect(second.status).toBe(201);
    expect(second.body.barber.id).toBe(alex.id);
    // Both busy now.
    const third = await book(shop, { start: '2026-12-02T16:00:00Z', barberId: 'any' });
    expect(third.status).toBe(409);
    expect(third.body.error.code).toBe('slot_taken');
  });
});

describe('managing an appointment with its link', () => {
  async function booked(shop: TestShop, start: string): Promise<BookedAppointment> {
    const res = await book(shop, { start });
    expect(res.status).toBe(201);
    return res.body;
  }
  const manage = (token: string) => `/api/appointments/manage/${token}`;

  it('reads the appointment with canChange and the cutoff, and serves a calendar file', async () => {
    const shop = await utcShop();
    const a = await booked(shop, '2026-12-02T10:00:00Z');
    const res = await request(app).get(manage(a.manageToken));
    expect(res.status).toBe(200);
    expect(res.body as ManagedAppointment).toMatchObject({
      id: a.id,
      status: 'confirmed',
      canChange: true,
      cutoffAt: '2026-12-02T08:00:00.000Z',
    });
    expect(res.body.manageToken).toBeUndefined();
    const ics = await request(app).get(`${manage(a.manageToken)}/calendar.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.text).toContain('BEGIN:VEVENT\r\n');
    expect(ics.text).toContain('DTSTART:20261202T100000Z\r\n');
    expect(ics.text).toContain('DTEND:20261202T110000Z\r\n');
    expect(ics.text).toContain(`UID:${a.id}@barberly`);
    expect((await request(app).get(manage('x'.repeat(43)))).status).toBe(404);
    expect((await request(app).get(manage('short'))).status).toBe(404);
  });

  it('cancelling frees the slot for someone else', async () => {
    const shop = await utcShop();
    const a = await booked(shop, '2026-12-02T10:00:00Z');
    expect((await book(shop, { start: '2026-12-02T10:00:00Z' })).status).toBe(409);
    const cancel = await request(app).post(`${manage(a.manageToken)}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'cancelled', canChange: false });
    const again = await book(shop, { start: '2026-12-02T10:00:00Z', client: client(2) });
    expect(again.status).toBe(201);
    // A cancelled appointment cannot be cancelled twice.
    const twice = await request(app).post(`${manage(a.manageToken)}/cancel`);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(BOOKING_MESSAGES.notChangeable);
  });

  it('rescheduling is atomic: a taken new time leaves the old one booked; a free one moves it', async () => {
    const shop = await utcShop();
    const a = await booked(shop, '2026-12-02T10:00:00Z');
    await booked(shop, '2026-12-02T11:00:00Z');
    const taken = await request(app)
      .post(`${manage(a.manageToken)}/reschedule`)
      .send({ start: '2026-12-02T11:00:00Z' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({ code: 'slot_taken', message: BOOKING_MESSAGES.slotTaken });
    expect((await request(app).get(manage(a.manageToken))).body.start).toBe('2026-12-02T10:00:00.000Z');
    // The old slot is still held.
    expect((await book(shop, { start: '2026-12-02T10:00:00Z' })).status).toBe(409);

    const offGrid = await request(app)
      .post(`${manage(a.manageToken)}/reschedule`)
      .send({ start: '2026-12-02T14:10:00Z' });
    expect(offGrid.status).toBe(400);
    expect(offGrid.body.error.message).toBe(BOOKING_MESSAGES.offGrid);

    // Overlapping its own old time is fine: 10:30 overlaps only itself.
    const moved = await request(app)
      .post(`${manage(a.manageToken)}/reschedule`)
      .send({ start: '2026-12-02T12:00:00Z' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: a.id, start: '2026-12-02T12:00:00.000Z', status: 'confirmed' });
    expect((await book(shop, { start: '2026-12-02T10:00:00Z', client: client(3) })).status).toBe(201);
    expect(await liveCount(shop.id)).toBe(3);
  });

  it('refuses cancel and reschedule after the cutoff (2 hours before by default)', async () => {
    const shop = await utcShop();
    const a = await booked(shop, '2026-12-01T11:00:00Z');
    // 08:00 now; the cutoff is 09:00. Move the clock to 09:30.
    app.clock.set('2026-12-01T09:30:00Z');
    try {
      const read = await request(app).get(manage(a.manageToken));
      expect(read.body).toMatchObject({ canChange: false, cutoffAt: '2026-12-01T09:00:00.000Z' });
      const message = BOOKING_MESSAGES.changeWindowClosed(120);
      const cancel = await request(app).post(`${manage(a.manageToken)}/cancel`);
      expect(cancel.status).toBe(409);
      expect(cancel.body.error).toEqual({ code: 'change_window_closed', message });
      const move = await request(app)
        .post(`${manage(a.manageToken)}/reschedule`)
        .send({ start: '2026-12-02T15:00:00Z' });
      expect(move.status).toBe(409);
      expect(move.body.error.message).toBe(message);
      expect((await request(app).get(manage(a.manageToken))).body.status).toBe('confirmed');
    } finally {
      app.clock.set(NOW);
    }
  });
});

describe('browsers on shop sites (CORS)', () => {
  it("lets a shop's subdomain page preflight and book; other origins get no CORS headers", async () => {
    const shop = await utcShop();
    const origin = `http://${shop.slug}.localhost:3000`;
    const preflight = await request(app)
      .options(`/api/shops/${shop.slug}/appointments`)
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type, idempotency-key');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Idempotency-Key/i);
    const booked = await book(shop, { start: '2026-12-02T10:00:00Z' }, { Origin: origin });
    expect(booked.status).toBe(201);
    expect(booked.headers['access-control-allow-origin']).toBe(origin);
    const slots = await request(app)
      .get(`/api/shops/${shop.slug}/availability`)
      .query({ serviceId: shop.services[0]!.id, date: '2026-12-02' })
      .set('Origin', origin);
    expect(slots.headers['access-control-allow-origin']).toBe(origin);
    const evil = await request(app)
      .options(`/api/shops/${shop.slug}/appointments`)
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limit', () => {
  it('answers the 21st booking request from one address, and the 11th join attempt of a user, with 429', async () => {
    const limited = await createBookingTestApp(db, {
      clock: createTestClock(NOW),
      configOverrides: { AUTH_RATE_LIMIT_MULTIPLIER: '1' },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await request(limited).post('/api/shops/no-such-shop/appointments').send({});
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(statuses[20]).toBe(429);
      // Another address is not affected.
      const other = await request(limited)
        .post('/api/shops/no-such-shop/appointments')
        .set('X-Forwarded-For', '198.51.100.9')
        .send({});
      expect(other.status).toBe(400);

      // Join-code guesses: 10 per user per 10 minutes.
      const user = await signUpTestUser(limited);
      const joins: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await request(limited)
          .post('/api/barbers/join')
          .set('Authorization', `Bearer ${user.accessToken}`)
          .send({ code: 'ABCDEFGH' });
        joins.push(res.status);
      }
      expect(joins.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(joins[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('a booking keeps its price and currency (issue 13)', () => {
  it("after the service's price and the shop's currency are edited", async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'UTC', hours_json: everyDay('09:00', '18:00'), currency: 'EUR' },
      services: [{ name: 'Haircut', durationMinutes: 60, price: 35 }],
    });
    const booked = await book(shop, { start: '2026-12-02T10:00:00Z' });
    expect(booked.status).toBe(201);
    const auth = { Authorization: `Bearer ${owner.accessToken}` };

    const price = await request(app)
      .patch(`/api/shops/${shop.id}/services/${shop.services[0]!.id}`)
      .set(auth)
      .send({ price: 50 });
    expect(price.status).toBe(200);
    const currency = await request(app).patch(`/api/shops/${shop.id}`).set(auth).send({ currency: 'GBP' });
    expect(currency.body.currency).toBe('GBP');

    const [row] = await db.dataSource.query('SELECT service_price, currency FROM appointments WHERE id = $1', [
      booked.body.id,
    ]);
    expect({ price: Number(row.service_price), currency: row.currency }).toEqual({ price: 35, currency: 'EUR' });
    const managed = await request(app).get(`/api/appointments/manage/${booked.body.manageToken}`);
    expect(managed.status).toBe(200);
    expect((managed.body as ManagedAppointment).service.price).toBe(35);

    // A booking made after the change takes the new price and currency.
    const later = await book(shop, { start: '2026-12-02T12:00:00Z' });
    const [next] = await db.dataSource.query('SELECT service_price, currency FROM appointments WHERE id = $1', [
      later.body.id,
    ]);
    expect({ price: Number(next.service_price), currency: next.currency }).toEqual({ price: 50, currency: 'GBP' });
  });
});
