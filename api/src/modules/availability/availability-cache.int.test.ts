import { randomBytes } from 'node:crypto';
import type { AvailabilityResponse } from '@barberly/common';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataSource } from '../../platform/db/data-source';
import { HttpError } from '../../platform/http/errors';
import { createLogger } from '../../platform/logger';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
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
import { getAvailabilityAnswer } from './availability.service';
import { type AvailabilityCache, createAvailabilityCache, createUncachedAvailability } from './availability-cache';

// A shop in New York over its spring-forward night (2026-03-08), asked about by the booking page through an api
// whose availability is cached, while its owner and clients change the schedule.
const DATES = ['2026-03-07', '2026-03-08'];
const CLOCK_START = '2026-03-01T12:00:00Z';

let db: TestDatabase;
let cache: AvailabilityCache;
let app: BookingTestApp;
let owner: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  cache = createAvailabilityCache({
    dataSource: db.dataSource,
    connectionString: db.url,
    logger: createLogger('silent'),
  });
  await cache.ready();
  app = await createBookingTestApp(db, {
    clock: createTestClock(CLOCK_START),
    availabilityCache: cache,
  });
  owner = await signUpTestUser(app);
});
afterAll(async () => {
  await cache?.close();
  await app?.close();
  await db?.drop();
});

/** A question as the booking page asks it: one service (serviceId) or a visit (serviceIds=a,b). */
type Question = { serviceId?: string; serviceIds?: string; barberId: string; date: string };

/** The cached api's answer: the day, or the 400 (a barber who does not do the visit). */
const askedAnyway = async (shop: TestShop, q: Question) => {
  const res = await request(app).get(`/api/shops/${shop.slug}/availability`).query(q);
  expect([200, 400]).toContain(res.status);
  return { status: res.status, body: res.status === 200 ? res.body : res.body.error.message };
};

/** What the database says right now, computed without any cache. */
const fromDatabase = async (shop: TestShop, q: Question) => {
  try {
    const answer = await getAvailabilityAnswer(
      { dataSource: db.dataSource, now: app.clock.now, availabilityCache: createUncachedAvailability(db.dataSource) },
      shop.slug,
      q,
      undefined,
    );
    return { status: 200, body: JSON.parse(answer.body) as AvailabilityResponse };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return { status: err.status, body: err.message };
  }
};

const questions = (shop: TestShop): Question[] =>
  DATES.flatMap((date) =>
    ['any', ...shop.barbers.map((b) => b.id)].flatMap((barberId) => [
      ...shop.services.map((service) => ({ serviceId: service.id, barberId, date })),
      // The whole visit: cut + shave, back to back.
      ...(shop.services.length > 1 ? [{ serviceIds: shop.services.map((s) => s.id).join(','), barberId, date }] : []),
    ]),
  );

/** Every question the booking page can ask, answered by the cached api and by the database: the same. */
async function expectSameAsDatabase(shop: TestShop) {
  for (const q of questions(shop)) {
    const cached = await askedAnyway(shop, q);
    expect(cached, JSON.stringify(q)).toEqual(await fromDatabase(shop, q));
  }
}

// A start on the day's 15-minute grid in New York (UTC-5 on the 7th, UTC-4 after 3 AM on the 8th).
const startArb = fc.record({ day: fc.integer({ min: 0, max: 1 }), quarter: fc.integer({ min: 0, max: 4 * 8 - 1 }) });
const startOf = ({ day, quarter }: { day: number; quarter: number }) => {
  // 00:00 local on each date, from the zone's offset that night.
  const midnight = day === 0 ? Date.parse('2026-03-07T05:00:00Z') : Date.parse('2026-03-08T05:00:00Z');
  return new Date(midnight + quarter * 15 * 60_000).toISOString();
};

type Op =
  | { kind: 'book'; barber: number | 'any'; service: number; at: { day: number; quarter: number } }
  | { kind: 'cancel'; which: number }
  | { kind: 'reschedule'; which: number; at: { day: number; quarter: number } }
  | { kind: 'noShow'; which: number }
  | { kind: 'services'; which: number; only: number }
  | { kind: 'timeOff'; barber: number; at: { day: number; quarter: number }; quarters: number }
  | { kind: 'removeTimeOff'; which: number }
  | { kind: 'barberHours'; barber: number; open: string; close: string }
  | { kind: 'shopHours'; open: string; close: string }
  | { kind: 'serviceLength'; service: number; minutes: number }
  | { kind: 'notice'; minutes: number }
  // Issue 14: buffers, who does what, waitlist holds (made by SQL, as the waitlist does), time passing.
  | { kind: 'buffer'; service: number; minutes: number }
  | { kind: 'offers'; barber: number; all: boolean; only: number; override: number | null }
  | { kind: 'hold'; barber: number; at: { day: number; quarter: number }; quarters: number; expiresIn: number }
  | { kind: 'endHold'; which: number }
  | { kind: 'tick'; minutes: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      barber: fc.oneof(fc.constant('any' as const), fc.integer({ min: 0, max: 1 })),
      service: fc.integer({ min: 0, max: 1 }),
      at: startArb,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), which: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reschedule' as const), which: fc.nat(), at: startArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('noShow' as const), which: fc.nat() }) },
  {
    weight: 1,
    // Bit i: service i is in the visit (a longer visit moves its end, and its buffer).
    arbitrary: fc.record({
      kind: fc.constant('services' as const),
      which: fc.nat(),
      only: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('timeOff' as const),
      barber: fc.integer({ min: 0, max: 1 }),
      at: startArb,
      quarters: fc.integer({ min: 1, max: 12 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removeTimeOff' as const), which: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('barberHours' as const),
      barber: fc.integer({ min: 0, max: 1 }),
      open: fc.constantFrom('00:00', '01:00', '02:30'),
      close: fc.constantFrom('05:00', '06:00', '08:00'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('shopHours' as const),
      open: fc.constantFrom('00:00', '01:30'),
      close: fc.constantFrom('06:00', '07:45'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('serviceLength' as const),
      service: fc.integer({ min: 0, max: 1 }),
      minutes: fc.constantFrom(15, 30, 45, 60, 90),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('notice' as const), minutes: fc.constantFrom(0, 60, 1440) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('buffer' as const),
      service: fc.integer({ min: 0, max: 1 }),
      minutes: fc.constantFrom(0, 10, 15, 30),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('offers' as const),
      barber: fc.integer({ min: 0, max: 1 }),
      all: fc.boolean(),
      // Bit i: service i is listed.
      only: fc.integer({ min: 0, max: 3 }),
      override: fc.constantFrom(null, 20, 50),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('hold' as const),
      barber: fc.integer({ min: 0, max: 1 }),
      at: startArb,
      quarters: fc.integer({ min: 1, max: 6 }),
      // Minutes; 0.2 (12 s) expires inside an answer's 30-second life, after a 0.25 tick.
      expiresIn: fc.constantFrom(-5, 0.2, 10, 30),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('endHold' as const), which: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tick' as const), minutes: fc.constantFrom(0.25, 15, 45) }) },
);

interface Booked {
  id: string;
  token: string;
}

async function apply(
  shop: TestShop,
  op: Op,
  booked: Booked[],
  timeOff: Array<{ barber: string; id: string }>,
  holds: string[],
) {
  const auth = bearer(owner.accessToken);
  const pick = <T>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined);
  switch (op.kind) {
    case 'book': {
      const res = await request(app)
        .post(`/api/shops/${shop.slug}/appointments`)
        .send({
          serviceId: shop.services[op.service]!.id,
          barberId: op.barber === 'any' ? 'any' : shop.barbers[op.barber]!.id,
          start: startOf(op.at),
          client: client(booked.length + 1),
        });
      expect([201, 409, 400]).toContain(res.status);
      if (res.status === 201) booked.push({ id: res.body.id, token: res.body.manageToken });
      return;
    }
    case 'cancel': {
      const target = pick(booked, op.which);
      if (!target) return;
      const res = await request(app)
        .patch(`/api/shops/${shop.id}/appointments/${target.id}`)
        .set(auth)
        .send({ status: 'cancelled' });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      return;
    }
    case 'reschedule': {
      const target = pick(booked, op.which);
      if (!target) return;
      const res = await request(app)
        .post(`/api/appointments/manage/${target.token}/reschedule`)
        .send({ start: startOf(op.at) });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      return;
    }
    case 'noShow': {
      // From cancelled this takes the time back (or 409s when it is taken).
      const target = pick(booked, op.which);
      if (!target) return;
      const res = await request(app)
        .patch(`/api/shops/${shop.id}/appointments/${target.id}`)
        .set(auth)
        .send({ status: 'no_show' });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      return;
    }
    case 'services': {
      // The staff change the visit's services: same start and chair, a new end (refused when it runs into the next).
      const target = pick(booked, op.which);
      if (!target) return;
      const res = await request(app)
        .post(`/api/shops/${shop.id}/appointments/${target.id}/services`)
        .set(auth)
        .send({ serviceIds: shop.services.filter((_, i) => op.only & (1 << i)).map((s) => s.id) });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      return;
    }
    case 'timeOff': {
      const barber = shop.barbers[op.barber]!.id;
      const start = startOf(op.at);
      const end = new Date(Date.parse(start) + op.quarters * 15 * 60_000).toISOString();
      const res = await request(app)
        .post(`/api/shops/${shop.id}/barbers/${barber}/time-off`)
        .set(auth)
        .send({ start, end, reason: 'Errand' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      timeOff.push({ barber, id: res.body.id });
      return;
    }
    case 'removeTimeOff': {
      const target = pick(timeOff, op.which);
      if (!target) return;
      const res = await request(app)
        .delete(`/api/shops/${shop.id}/barbers/${target.barber}/time-off/${target.id}`)
        .set(auth);
      expect(res.status).toBe(204);
      timeOff.splice(timeOff.indexOf(target), 1);
      return;
    }
    case 'barberHours': {
      const res = await request(app)
        .patch(`/api/shops/${shop.id}/barbers/${shop.barbers[op.barber]!.id}/settings`)
        .set(auth)
        .send({ hours_json: everyDay(op.open, op.close) });
      expect(res.status).toBe(200);
      return;
    }
    case 'shopHours': {
      const res = await request(app)
        .patch(`/api/shops/${shop.id}`)
        .set(auth)
        .send({ hours_json: everyDay(op.open, op.close) });
      expect(res.status).toBe(200);
      return;
    }
    case 'serviceLength': {
      const res = await request(app)
        .patch(`/api/shops/${shop.id}/services/${shop.services[op.service]!.id}`)
        .set(auth)
        .send({ durationMinutes: op.minutes });
      expect(res.status).toBe(200);
      return;
    }
    case 'notice': {
      const res = await request(app).patch(`/api/shops/${shop.id}`).set(auth).send({ minNoticeMinutes: op.minutes });
      expect(res.status).toBe(200);
      return;
    }
    case 'buffer': {
      const res = await request(app)
        .patch(`/api/shops/${shop.id}/services/${shop.services[op.service]!.id}`)
        .set(auth)
        .send({ bufferMinutes: op.minutes });
      expect(res.status).toBe(200);
      return;
    }
    case 'offers': {
      const listed = shop.services.filter((_, i) => op.only & (1 << i));
      const res = await request(app)
        .put(`/api/shops/${shop.id}/barbers/${shop.barbers[op.barber]!.id}/services`)
        .set(auth)
        .send({
          offersAllServices: op.all,
          services: listed.map((s, i) => ({ serviceId: s.id, durationMinutes: i === 0 ? op.override : null })),
        });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return;
    }
    case 'hold': {
      const start = startOf(op.at);
      const end = new Date(Date.parse(start) + op.quarters * 15 * 60_000).toISOString();
      const expires = new Date(app.clock.now().getTime() + op.expiresIn * 60_000);
      const [row] = (await db.dataSource.query(
        `INSERT INTO slot_holds (shop_id, barber_id, service_ids, starts_at, ends_at, expires_at, token_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          shop.id,
          shop.barbers[op.barber]!.id,
          [shop.services[0]!.id],
          start,
          end,
          expires,
          randomBytes(32).toString('hex'),
        ],
      )) as [{ id: string }];
      holds.push(row.id);
      return;
    }
    case 'endHold': {
      const target = pick(holds, op.which);
      if (target) await db.dataSource.query(`UPDATE slot_holds SET status = 'expired' WHERE id = $1`, [target]);
      return;
    }
    case 'tick': {
      // Time passes: a hold may expire with no write to tell anyone.
      app.clock.set(new Date(app.clock.now().getTime() + op.minutes * 60_000));
      return;
    }
  }
}

describe('availability from the cache', () => {
  it('equals availability computed from the database after any sequence of bookings and schedule changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops) => {
        app.clock.set(CLOCK_START);
        const shop = await setUpShop(app, owner.accessToken, {
          settings: { timeZone: 'America/New_York', hours_json: everyDay('00:00', '07:00'), bookingHorizonDays: 30 },
          services: [
            { name: 'Cut', durationMinutes: 30 },
            { name: 'Shave', durationMinutes: 45 },
          ],
          barbers: ['Sam', 'Alex'],
        });
        const booked: Booked[] = [];
        const timeOff: Array<{ barber: string; id: string }> = [];
        const holds: string[] = [];
        // The cache holds every answer before the first change, so each change has something to make stale.
        await expectSameAsDatabase(shop);
        for (const op of ops) {
          await apply(shop, op, booked, timeOff, holds);
          // The invalidation window: the change's notification reaches the cache.
          await cache.sync();
          await expectSameAsDatabase(shop);
        }
      }),
      { numRuns: 30 },
    );
    app.clock.set(CLOCK_START);
    // The cache was used, not bypassed: most answers came from memory.
    expect(cache.stats().hits).toBeGreaterThan(cache.stats().misses);
  }, 240_000);

  it('answers an unchanged question with 304 to If-None-Match, and a changed one with the new day', async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'America/New_York', hours_json: everyDay('00:00', '03:00'), bookingHorizonDays: 30 },
      services: [{ name: 'Cut', durationMinutes: 60 }],
    });
    const query = { serviceId: shop.services[0]!.id, barberId: 'any', date: '2026-03-07' };
    const first = await request(app).get(`/api/shops/${shop.slug}/availability`).query(query);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await request(app)
      .get(`/api/shops/${shop.slug}/availability`)
      .query(query)
      .set('If-None-Match', String(first.headers.etag));
    expect(again.status).toBe(304);
    const booking = await request(app)
      .post(`/api/shops/${shop.slug}/appointments`)
      .send({ serviceId: query.serviceId, barberId: 'any', start: '2026-03-07T05:00:00Z', client: client() });
    expect(booking.status).toBe(201);
    await cache.sync();
    const after = await request(app)
      .get(`/api/shops/${shop.slug}/availability`)
      .query(query)
      .set('If-None-Match', String(first.headers.etag));
    expect(after.status).toBe(200);
    expect((after.body as AvailabilityResponse).slots.map((s) => s.label)).not.toContain('12:00 AM');
  });

  it("offers a cancelled or moved appointment's old time again as soon as the change is heard", async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'America/New_York', hours_json: everyDay('00:00', '03:00'), bookingHorizonDays: 30 },
      services: [{ name: 'Cut', durationMinutes: 60 }],
    });
    const query = { serviceId: shop.services[0]!.id, barberId: shop.barbers[0]!.id, date: '2026-03-07' };
    const labels = async () =>
      (
        (await request(app).get(`/api/shops/${shop.slug}/availability`).query(query)).body as AvailabilityResponse
      ).slots.map((s) => s.label);
    // The whole open day: every start from midnight to 2:00 (a 60-minute cut, closing at 3:00).
    const wholeDay = [
      '12:00 AM',
      '12:15 AM',
      '12:30 AM',
      '12:45 AM',
      '1:00 AM',
      '1:15 AM',
      '1:30 AM',
      '1:45 AM',
      '2:00 AM',
    ];
    expect(await labels()).toEqual(wholeDay);
    const booked = await request(app)
      .post(`/api/shops/${shop.slug}/appointments`)
      .send({ serviceId: query.serviceId, barberId: query.barberId, start: '2026-03-07T06:00:00Z', client: client() });
    expect(booked.status).toBe(201);
    await cache.sync();
    expect(await labels()).toEqual(['12:00 AM', '2:00 AM']);
    const moved = await request(app)
      .post(`/api/appointments/manage/${booked.body.manageToken}/reschedule`)
      .send({ start: '2026-03-07T05:00:00Z' });
    expect(moved.status).toBe(200);
    await cache.sync();
    expect(await labels()).toEqual(['1:00 AM', '1:15 AM', '1:30 AM', '1:45 AM', '2:00 AM']);
    const cancelled = await request(app).post(`/api/appointments/manage/${booked.body.manageToken}/cancel`).send({});
    expect(cancelled.status).toBeLessThan(300);
    await cache.sync();
    expect(await labels()).toEqual(wholeDay);
  });

  it('answers a repeated question from memory with the same headers and body as the first, CORS included', async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'America/New_York', hours_json: everyDay('00:00', '03:00'), bookingHorizonDays: 30 },
      services: [{ name: 'Cut', durationMinutes: 60 }],
    });
    const query = { serviceId: shop.services[0]!.id, barberId: 'any', date: '2026-03-07' };
    const ask = () =>
      request(app)
        .get(`/api/shops/${shop.slug}/availability`)
        .query(query)
        .set('Origin', `http://${shop.slug}.localhost:3000`);
    const before = cache.stats().hits;
    const first = await ask();
    const second = await ask();
    expect(cache.stats().hits).toBeGreaterThan(before);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    for (const name of [
      'access-control-allow-origin',
      'vary',
      'cache-control',
      'etag',
      'content-type',
      'x-content-type-options',
    ]) {
      expect(second.headers[name], name).toBe(first.headers[name]);
    }
    expect(second.headers['access-control-allow-origin']).toBe(`http://${shop.slug}.localhost:3000`);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Another site's page gets no CORS grant from memory either.
    const foreign = await request(app)
      .get(`/api/shops/${shop.slug}/availability`)
      .query(query)
      .set('Origin', 'https://evil.example');
    expect(foreign.status).toBe(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('offers a held time again once the hold expires, though nothing was written to say so', async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'America/New_York', hours_json: everyDay('00:00', '03:00'), bookingHorizonDays: 30 },
      services: [{ name: 'Cut', durationMinutes: 60 }],
    });
    const query = { serviceId: shop.services[0]!.id, barberId: 'any', date: '2026-03-07' };
    const labels = async () =>
      (
        (await request(app).get(`/api/shops/${shop.slug}/availability`).query(query)).body as AvailabilityResponse
      ).slots.map((s) => s.label);
    // Held 1:00-2:00 for 12 seconds: well inside the 30 seconds an answer may otherwise be kept.
    await db.dataSource.query(
      `INSERT INTO slot_holds (shop_id, barber_id, service_ids, starts_at, ends_at, expires_at, token_hash)
       VALUES ($1, $2, $3, '2026-03-07T06:00:00Z', '2026-03-07T07:00:00Z', $4, $5)`,
      [
        shop.id,
        shop.barbers[0]!.id,
        [shop.services[0]!.id],
        new Date(app.clock.now().getTime() + 12_000),
        randomBytes(32).toString('hex'),
      ],
    );
    await cache.sync();
    expect(await labels()).toEqual(['12:00 AM', '2:00 AM']);
    expect(await labels()).toEqual(['12:00 AM', '2:00 AM']); // from memory
    app.clock.set(new Date(app.clock.now().getTime() + 15_000));
    try {
      expect(await labels()).toContain('1:00 AM');
    } finally {
      app.clock.set(CLOCK_START);
    }
  });

  it('stops answering the public from memory once the owner takes the shop offline', async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'America/New_York', hours_json: everyDay('00:00', '03:00'), bookingHorizonDays: 30 },
      services: [{ name: 'Cut', durationMinutes: 60 }],
    });
    const query = { serviceId: shop.services[0]!.id, barberId: 'any', date: '2026-03-07' };
    expect((await request(app).get(`/api/shops/${shop.slug}/availability`).query(query)).status).toBe(200);
    expect((await request(app).get(`/api/shops/${shop.slug}/availability`).query(query)).status).toBe(200);
    const off = await request(app)
      .patch(`/api/shops/${shop.id}`)
      .set(bearer(owner.accessToken))
      .send({ is_active: false });
    expect(off.status).toBe(200);
    await cache.sync();
    expect((await request(app).get(`/api/shops/${shop.slug}/availability`).query(query)).status).toBe(404);
    // Its owner still previews it.
    const preview = await request(app)
      .get(`/api/shops/${shop.slug}/availability`)
      .query(query)
      .set(bearer(owner.accessToken));
    expect(preview.status).toBe(200);
  });

  it('does not offer, through a second api process, a slot booked through the first', async () => {
    // A second api (its own pool and its own cache) on the same database, as a second replica would be.
    const otherSource = createDataSource(db.url, { poolSize: 2 });
    await otherSource.initialize();
    const otherCache = createAvailabilityCache({
      dataSource: otherSource,
      connectionString: db.url,
      logger: createLogger('silent'),
    });
    await otherCache.ready();
    const other = await createBookingTestApp(
      { ...db, dataSource: otherSource },
      { clock: createTestClock('2026-03-01T12:00:00Z'), availabilityCache: otherCache },
    );
    try {
      const shop = await setUpShop(app, owner.accessToken, {
        settings: { timeZone: 'America/New_York', hours_json: everyDay('00:00', '02:00'), bookingHorizonDays: 30 },
        services: [{ name: 'Cut', durationMinutes: 60 }],
      });
      const query = { serviceId: shop.services[0]!.id, barberId: 'any', date: '2026-03-07' };
      const labels = async () =>
        (
          (await request(other).get(`/api/shops/${shop.slug}/availability`).query(query)).body as AvailabilityResponse
        ).slots.map((s) => s.label);
      expect(await labels()).toContain('1:00 AM');
      expect(await labels()).toContain('1:00 AM'); // now from the second process's cache
      const booking = await request(app)
        .post(`/api/shops/${shop.slug}/appointments`)
        .send({ serviceId: query.serviceId, barberId: 'any', start: '2026-03-07T06:00:00Z', client: client() });
      expect(booking.status).toBe(201);
      // The invalidation window is the notification's trip from the database to the second process.
      await otherCache.sync();
      expect(await labels()).not.toContain('1:00 AM');
      expect(otherCache.stats().hits).toBeGreaterThan(0);
    } finally {
      await other.close();
      await otherCache.close();
      await otherSource.destroy();
    }
  });
});
