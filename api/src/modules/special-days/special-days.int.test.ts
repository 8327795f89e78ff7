import {
  type AvailabilityDaysResponse,
  type AvailabilityResponse,
  BOOKING_MESSAGES,
  type HolidaySuggestionsResponse,
  type SeriesResult,
  SPECIAL_DAY_MESSAGES,
  type SpecialDayPutResponse,
  type SpecialDaysResponse,
} from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { staffActor } from '../assistant/actor';
import { findTool } from '../assistant/tools';
import { type AvailabilityCache, createAvailabilityCache } from '../availability/availability-cache';
import { bearer } from '../shops/shops.test-helper';
import type { WaitlistDeps } from '../waitlist/holds';
import { runWaitlistCheck } from '../waitlist/offers';

/**
 * Special days (issue 25, item 6) and the days endpoint (item 7) against the real database, through the real app
 * with availability's cache listening (decision 0060): every reader of hours honours a closed day and a day's own
 * hours, and the days answer agrees with the one-day answer day by day.
 */
let db: TestDatabase;
let cache: AvailabilityCache;
let app: BookingTestApp;
let owner: TestUser;
let waitlistDeps: WaitlistDeps;
/** Tuesday 2026-12-01, 08:00 UTC. */
const NOW = '2026-12-01T08:00:00Z';
const CHRISTMAS = '2026-12-25';

beforeAll(async () => {
  db = await createTestDatabase();
  cache = createAvailabilityCache({
    dataSource: db.dataSource,
    connectionString: db.url,
    logger: createLogger('silent'),
  });
  await cache.ready();
  app = await createBookingTestApp(db, { clock: createTestClock(NOW), availabilityCache: cache });
  owner = await signUpTestUser(app);
  waitlistDeps = {
    dataSource: db.dataSource,
    config: app.config,
    mailQueue: app.mailQueue,
    now: app.clock.now,
    logger: createLogger('silent'),
  };
}, 60_000);
afterAll(async () => {
  await cache?.close();
  await app?.close();
  await db?.drop();
});

const auth = () => bearer(owner.accessToken);

/** A UTC shop open 09:00-12:00 every day with a 60-minute cut, bookable 90 days ahead, no notice. */
const shopOf = (barbers = ['Sam'], hours = everyDay('09:00', '12:00')) =>
  setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'UTC', hours_json: hours, bookingHorizonDays: 90, minNoticeMinutes: 0 },
    services: [{ name: 'Haircut', durationMinutes: 60, price: 30 }],
    barbers,
  });

const put = (shop: TestShop, date: string, body: unknown, query = '', token = owner.accessToken) =>
  request(app)
    .put(`/api/shops/${shop.id}/special-days/${date}${query}`)
    .set(bearer(token))
    .send(body as object);

const labels = async (shop: TestShop, date: string, barberId = 'any') => {
  await cache.sync();
  const res = await request(app)
    .get(`/api/shops/${shop.slug}/availability`)
    .query({ serviceId: shop.services[0]!.id, barberId, date });
  expect(res.status).toBe(200);
  return (res.body as AvailabilityResponse).slots.map((s) => s.label);
};

const book = (shop: TestShop, start: string, n: number, barberId = shop.barbers[0]!.id) =>
  request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({ serviceId: shop.services[0]!.id, barberId, start, client: client(n) });

describe('availability honours special days', () => {
  it('a closed day offers nothing, a day with its own hours offers those, and removing it brings the week back', async () => {
    const shop = await shopOf(['Sam', 'Diego']);
    expect(await labels(shop, CHRISTMAS)).toEqual([
      '9:00 AM',
      '9:15 AM',
      '9:30 AM',
      '9:45 AM',
      '10:00 AM',
      '10:15 AM',
      '10:30 AM',
      '10:45 AM',
      '11:00 AM',
    ]);

    expect((await put(shop, CHRISTMAS, { closed: true, reason: 'Christmas Day' })).status).toBe(200);
    expect(await labels(shop, CHRISTMAS)).toEqual([]);
    // The booking itself is refused as on any closed day.
    const refused = await book(shop, `${CHRISTMAS}T10:00:00Z`, 1);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(BOOKING_MESSAGES.closed);

    expect((await put(shop, CHRISTMAS, { open: '10:00', close: '11:30' })).status).toBe(200);
    expect(await labels(shop, CHRISTMAS)).toEqual(['10:00 AM', '10:15 AM', '10:30 AM']);

    const removed = await request(app).delete(`/api/shops/${shop.id}/special-days/${CHRISTMAS}`).set(auth());
    expect(removed.status).toBe(204);
    expect(await labels(shop, CHRISTMAS)).toHaveLength(9);
  });

  it('a barber-level day closes that barber alone', async () => {
    const shop = await shopOf(['Sam', 'Diego']);
    const [sam, diego] = shop.barbers;
    const res = await put(shop, '2026-12-10', { closed: true, reason: 'Dentist' }, `?barberId=${sam!.id}`);
    expect(res.status).toBe(200);
    expect((res.body as SpecialDayPutResponse).specialDay).toEqual({
      date: '2026-12-10',
      barberId: sam!.id,
      closed: true,
      open: null,
      close: null,
      reason: 'Dentist',
    });
    expect(await labels(shop, '2026-12-10', sam!.id)).toEqual([]);
    expect(await labels(shop, '2026-12-10', diego!.id)).toHaveLength(9);
    expect(await labels(shop, '2026-12-10')).toHaveLength(9);
    expect((await book(shop, '2026-12-10T10:00:00Z', 2, sam!.id)).status).toBe(400);
  });
});

describe("the assistant's free-time tool honours special days", () => {
  it('finds no free time on a closed day and names the day in shop_info', async () => {
    const shop = await shopOf();
    await put(shop, CHRISTMAS, { closed: true, reason: 'Christmas Day' });
    await put(shop, '2026-12-05', { open: '10:00', close: '11:00', reason: 'Parade' });
    await cache.sync();
    const actor = await staffActor(db.dataSource.manager, shop.id, { id: owner.userId, email: owner.email } as never);
    const ctx = {
      deps: { ...waitlistDeps, availabilityCache: cache, config: app.config, redis: null },
      actor,
    } as never;
    const free = findTool(actor, 'find_free_times')!;
    const closed = await free.run!(ctx, { date: CHRISTMAS });
    expect(closed.summary).toBe(`No free time on ${CHRISTMAS} for Haircut`);
    const open = await free.run!(ctx, { date: '2026-12-24' });
    expect((open.data as { slots: unknown[] }).slots).toHaveLength(9);
    const info = await findTool(actor, 'shop_info')!.run!(ctx, {});
    // The next 14 days only: the parade, not Christmas.
    expect((info.data as { specialDays: unknown[] }).specialDays).toEqual([
      { date: '2026-12-05', barberId: null, closed: false, open: '10:00', close: '11:00', reason: 'Parade' },
    ]);
  });
});

describe('the walk-in gap honours special days', () => {
  it('today closed: no walk-in; today with shorter hours: the first gap inside them', async () => {
    const shop = await shopOf();
    const walkIn = () =>
      request(app).post(`/api/shops/${shop.id}/walk-in`).set(auth()).send({ serviceId: shop.services[0]!.id });
    await put(shop, '2026-12-01', { closed: true, reason: 'Staff training' });
    const closed = await walkIn();
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toBe(BOOKING_MESSAGES.walkInNoSlot);

    await put(shop, '2026-12-01', { open: '10:30', close: '12:00' });
    const open = await walkIn();
    expect(open.status).toBe(201);
    expect(open.body.localTime).toBe('10:30 AM');
  });
});

describe('series placement honours special days', () => {
  it('an occurrence on a closed day is a collision with alternatives on other days, never a silent skip', async () => {
    const shop = await shopOf();
    await put(shop, CHRISTMAS, { closed: true, reason: 'Christmas Day' });
    await put(shop, '2026-12-24', { open: '09:00', close: '10:00', reason: 'Christmas Eve' });
    const res = await request(app)
      .post(`/api/shops/${shop.id}/series`)
      .set(auth())
      .send({
        barberId: shop.barbers[0]!.id,
        serviceIds: [shop.services[0]!.id],
        start: '2026-12-11T10:00:00Z',
        repeat: { intervalWeeks: 1, count: 3 },
        client: client(5),
      });
    expect(res.status).toBe(201);
    const result = res.body as SeriesResult;
    expect(result.booked.map((a) => a.localDate)).toEqual(['2026-12-11', '2026-12-18']);
    expect(result.collisions).toHaveLength(1);
    const collision = result.collisions[0]!;
    expect(collision).toMatchObject({ date: CHRISTMAS, status: 'open' });
    expect(collision.alternatives.length).toBeGreaterThan(0);
    // Nothing on Christmas Day, and on Christmas Eve only its own hours (9:00 is the one start that fits 9-10).
    const starts = collision.alternatives.map((a) => a.start);
    expect(starts.some((s) => s.startsWith(CHRISTMAS))).toBe(false);
    expect(starts.filter((s) => s.startsWith('2026-12-24'))).toEqual(
      starts.some((s) => s.startsWith('2026-12-24')) ? ['2026-12-24T09:00:00.000Z'] : [],
    );
  });
});

describe('the waitlist honours special days', () => {
  it('no offer on a day that closed; the offer comes once the day opens again', async () => {
    const shop = await shopOf();
    const day = '2026-12-02';
    const booked = [];
    for (const [i, hour] of ['09', '10', '11'].entries()) {
      const res = await book(shop, `${day}T${hour}:00:00Z`, 40 + i);
      expect(res.status).toBe(201);
      booked.push(res.body);
    }
    const joined = await request(app)
      .post(`/api/shops/${shop.slug}/waitlist`)
      .send({
        date: day,
        windowStart: '09:00',
        windowEnd: '12:00',
        barberId: 'any',
        serviceIds: [shop.services[0]!.id],
        client: client(50),
      });
    expect(joined.status).toBe(201);
    expect((await put(shop, day, { closed: true, reason: 'Burst pipe' })).status).toBe(200);
    const cancelled = await request(app)
      .patch(`/api/shops/${shop.id}/appointments/${booked[1].id}`)
      .set(auth())
      .send({ status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(await runWaitlistCheck(waitlistDeps, { shopId: shop.id, date: day })).toBe(0);

    await request(app).delete(`/api/shops/${shop.id}/special-days/${day}`).set(auth());
    expect(await runWaitlistCheck(waitlistDeps, { shopId: shop.id, date: day })).toBe(1);
  });
});

describe('closing a day that has appointments', () => {
  it('answers 200 with the appointments the new hours leave out; with cancelAffected they are cancelled with notice', async () => {
    const shop = await shopOf(['Sam', 'Diego']);
    const day = '2026-12-03';
    const early = await book(shop, `${day}T09:00:00Z`, 60, shop.barbers[0]!.id);
    const late = await book(shop, `${day}T11:00:00Z`, 61, shop.barbers[1]!.id);
    expect([early.status, late.status]).toEqual([201, 201]);

    // Shorter hours leave out only the 11:00 visit.
    const shorter = await put(shop, day, { open: '09:00', close: '11:00' });
    expect(shorter.status).toBe(200);
    expect((shorter.body as SpecialDayPutResponse).affected.map((a) => a.id)).toEqual([late.body.id]);

    const closed = await put(shop, day, { closed: true, reason: 'Family event' });
    const body = closed.body as SpecialDayPutResponse;
    expect(body.affected.map((a) => [a.localTime, a.client.name, a.status])).toEqual([
      ['9:00 AM', 'Client 60', 'confirmed'],
      ['11:00 AM', 'Client 61', 'confirmed'],
    ]);
    expect(body.cancelled).toEqual([]);

    const cancelling = await put(shop, day, { closed: true, reason: 'Family event', cancelAffected: true });
    expect(cancelling.status).toBe(200);
    const done = cancelling.body as SpecialDayPutResponse;
    expect(done.affected).toEqual([]);
    expect(done.cancelled.map((a) => [a.id, a.status])).toEqual([
      [early.body.id, 'cancelled'],
      [late.body.id, 'cancelled'],
    ]);
    // Each client is told: the owner's cancel path queues the cancellation mail.
    const mails = (await db.dataSource.query(
      `SELECT "data"->>'appointmentId' AS "id" FROM pgboss.job
       WHERE "name" = 'booking-mail' AND "data"->>'kind' = 'cancellation' AND "data"->>'appointmentId' = ANY($1)`,
      [[early.body.id, late.body.id]],
    )) as Array<{ id: string }>;
    expect(mails.map((m) => m.id).sort()).toEqual([early.body.id, late.body.id].sort());
  });
});

describe('validation and permissions', () => {
  it('refuses bad input in words', async () => {
    const shop = await shopOf();
    const cases: Array<[string, unknown, string]> = [
      ['2026-02-30', { closed: true }, SPECIAL_DAY_MESSAGES.date],
      ['2026-12-05', {}, SPECIAL_DAY_MESSAGES.shape],
      ['2026-12-05', { closed: true, open: '10:00' }, SPECIAL_DAY_MESSAGES.closedWithHours],
      ['2026-12-05', { open: '12:00', close: '10:00' }, SPECIAL_DAY_MESSAGES.closeAfterOpen],
      ['2026-12-05', { open: '10', close: '12:00' }, SPECIAL_DAY_MESSAGES.time],
      ['2026-12-05', { closed: true, why: 'x' }, SPECIAL_DAY_MESSAGES.unknownField],
      ['2026-11-30', { closed: true }, SPECIAL_DAY_MESSAGES.past],
    ];
    for (const [date, body, message] of cases) {
      const res = await put(shop, date, body);
      expect(res.status, `${date} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_input', message });
    }
    const other = await put(shop, '2026-12-05', { closed: true }, '?barberId=5b0f3c1e-8f0a-4a57-9b7e-2d1a3f4c5e6f');
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe(SPECIAL_DAY_MESSAGES.barberNotFound);
    const gone = await request(app).delete(`/api/shops/${shop.id}/special-days/2026-12-06`).set(auth());
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(SPECIAL_DAY_MESSAGES.notFound);
    const range = await request(app)
      .get(`/api/shops/${shop.id}/special-days`)
      .query({ from: '2026-12-01', to: '2028-12-01' })
      .set(auth());
    expect(range.status).toBe(400);
    expect(range.body.error.message).toBe(SPECIAL_DAY_MESSAGES.range);
    const days = await request(app)
      .get(`/api/shops/${shop.slug}/availability/days`)
      .query({ serviceIds: shop.services[0]!.id, from: '2026-12-01', to: '2027-02-01' });
    expect(days.status).toBe(400);
    expect(days.body.error).toMatchObject({
      message: SPECIAL_DAY_MESSAGES.daysRange,
      fields: { to: SPECIAL_DAY_MESSAGES.daysRange },
    });
  });

  it('owner: all; a barber of the shop: their own days only; anyone else: 403; no session: 401', async () => {
    const shop = await shopOf(['Sam']);
    const code = await request(app).get(`/api/shops/${shop.id}/join-code`).set(auth());
    const barberUser = await signUpTestUser(app);
    const joined = await request(app).post('/api/barbers/join').set(bearer(barberUser.accessToken)).send(code.body);
    expect(joined.status).toBe(200);
    const ownId = joined.body.barber.id as string;
    const stranger = await signUpTestUser(app);

    expect((await put(shop, '2026-12-07', { closed: true }, '', stranger.accessToken)).status).toBe(403);
    expect(
      (await request(app).get(`/api/shops/${shop.id}/special-days`).set(bearer(stranger.accessToken))).status,
    ).toBe(403);
    expect(
      (await request(app).put(`/api/shops/${shop.id}/special-days/2026-12-07`).send({ closed: true })).status,
    ).toBe(401);

    const shopLevel = await put(shop, '2026-12-07', { closed: true }, '', barberUser.accessToken);
    expect(shopLevel.status).toBe(403);
    expect(shopLevel.body.error.message).toBe(SPECIAL_DAY_MESSAGES.ownDaysOnly);
    const someoneElse = await put(
      shop,
      '2026-12-07',
      { closed: true },
      `?barberId=${shop.barbers[0]!.id}`,
      barberUser.accessToken,
    );
    expect(someoneElse.status).toBe(403);
    const own = await put(
      shop,
      '2026-12-07',
      { open: '10:00', close: '11:00', reason: 'Half day' },
      `?barberId=${ownId}`,
      barberUser.accessToken,
    );
    expect(own.status).toBe(200);
    const cancelling = await put(
      shop,
      '2026-12-07',
      { closed: true, cancelAffected: true },
      `?barberId=${ownId}`,
      barberUser.accessToken,
    );
    expect(cancelling.status).toBe(403);
    expect(cancelling.body.error.message).toBe(SPECIAL_DAY_MESSAGES.cancelOwnerOnly);

    await put(shop, CHRISTMAS, { closed: true, reason: 'Christmas Day' });
    const seen = await request(app).get(`/api/shops/${shop.id}/special-days`).set(bearer(barberUser.accessToken));
    expect(seen.status).toBe(200);
    expect((seen.body as SpecialDaysResponse).specialDays.map((d) => [d.date, d.barberId, d.reason])).toEqual([
      ['2026-12-07', ownId, 'Half day'],
      [CHRISTMAS, null, 'Christmas Day'],
    ]);
    expect(
      (
        await request(app)
          .get(`/api/shops/${shop.id}/special-days/holiday-suggestions`)
          .set(bearer(barberUser.accessToken))
      ).status,
    ).toBe(403);
    expect(
      (await request(app).get('/api/shops/5b0f3c1e-8f0a-4a57-9b7e-2d1a3f4c5e6f/special-days').set(auth())).status,
    ).toBe(404);
  });
});

describe('holiday suggestions', () => {
  it("a US shop is offered its country's public holidays for the next 12 months, Christmas among them", async () => {
    const shop = await shopOf();
    await request(app).patch(`/api/shops/${shop.id}`).set(auth()).send({ phoneNumber: '+1 212 555 0100' });
    await put(shop, CHRISTMAS, { closed: true, reason: 'Christmas Day' });
    const res = await request(app).get(`/api/shops/${shop.id}/special-days/holiday-suggestions`).set(auth());
    expect(res.status).toBe(200);
    const body = res.body as HolidaySuggestionsResponse;
    expect(body).toMatchObject({ country: 'US', from: '2026-12-01', to: '2027-11-30' });
    expect(body.holidays).toContainEqual({ date: CHRISTMAS, name: 'Christmas Day', alreadySet: true });
    expect(body.holidays).toContainEqual({ date: '2027-01-01', name: "New Year's Day", alreadySet: false });
    expect(body.holidays.every((h) => h.date >= body.from && h.date <= body.to)).toBe(true);
    // Nothing was closed by asking.
    const list = await request(app).get(`/api/shops/${shop.id}/special-days`).set(auth());
    expect((list.body as SpecialDaysResponse).specialDays.map((d) => d.date)).toEqual([CHRISTMAS]);
  });
});

describe('the shop page', () => {
  it("carries the shop's upcoming special days, not a barber's", async () => {
    const shop = await shopOf();
    await put(shop, '2026-12-08', { closed: true, reason: 'Christmas Day' });
    await put(shop, '2026-12-09', { closed: true }, `?barberId=${shop.barbers[0]!.id}`);
    const page = await request(app).get(`/api/shops/${shop.slug}`);
    expect(page.body.specialDays).toEqual([
      { date: '2026-12-08', closed: true, open: null, close: null, reason: 'Christmas Day' },
    ]);
  });
});

/** A small deterministic PRNG (mulberry32): the same busy shop every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('GET /availability/days', () => {
  it('agrees with the one-day answer on each of 62 days of a busy shop, for any barber and each barber', async () => {
    const hours = { ...everyDay('09:00', '12:00'), sunday: { open: '', close: '', closed: true } };
    const shop = await shopOf(['Sam', 'Diego'], hours);
    const [sam, diego] = shop.barbers;
    await put(shop, CHRISTMAS, { closed: true, reason: 'Christmas Day' });
    await put(shop, '2026-12-24', { open: '09:00', close: '10:00', reason: 'Christmas Eve' });
    await put(shop, '2026-12-10', { closed: true, reason: 'Dentist' }, `?barberId=${sam!.id}`);
    const next = random(25);
    const dates: string[] = [];
    for (let d = new Date('2026-12-01T00:00:00Z'); dates.length < 62; d = new Date(d.getTime() + 86_400_000)) {
      dates.push(d.toISOString().slice(0, 10));
    }
    // Busy: every 9th day full for both, every 7th full for Sam, the rest about 60% booked.
    const starts: Array<[string, string]> = [];
    for (const [i, date] of dates.entries()) {
      for (const barber of [sam!, diego!]) {
        for (const hour of ['09', '10', '11']) {
          const full = i % 9 === 4 || (i % 7 === 3 && barber === sam);
          if (full || next() < 0.6) starts.push([`${date}T${hour}:00:00Z`, barber.id]);
        }
      }
    }
    let n = 100;
    for (let i = 0; i < starts.length; i += 6) {
      // A start refused because the day is closed is as it should be; anything else is a broken set-up.
      const results = await Promise.all(
        starts.slice(i, i + 6).map(([start, barberId]) => book(shop, start, n++, barberId)),
      );
      for (const res of results) expect([201, 400]).toContain(res.status);
    }
    await cache.sync();

    const from = dates[0]!;
    const to = dates[61]!;
    for (const barberId of ['any', sam!.id, diego!.id]) {
      const res = await request(app)
        .get(`/api/shops/${shop.slug}/availability/days`)
        .query({ serviceIds: shop.services[0]!.id, barberId, from, to });
      expect(res.status).toBe(200);
      const body = res.body as AvailabilityDaysResponse;
      expect(body.days.map((d) => d.date)).toEqual(dates);
      for (const day of body.days) {
        const one = await labels(shop, day.date, barberId);
        expect(day.free, `${barberId} ${day.date}`).toBe(one.length > 0);
        if (barberId === 'any' || day.free) {
          expect(day.othersFree).toBeUndefined();
          continue;
        }
        const other = barberId === sam!.id ? diego! : sam!;
        const theirs = await labels(shop, day.date, other.id);
        expect(day.othersFree ?? [], `${barberId} ${day.date}`).toEqual(theirs.length > 0 ? [other.id] : []);
      }
    }

    const any = (
      await request(app)
        .get(`/api/shops/${shop.slug}/availability/days`)
        .query({ serviceIds: shop.services[0]!.id, barberId: 'any', from, to })
    ).body as AvailabilityDaysResponse;
    const of = (date: string) => any.days.find((d) => d.date === date);
    expect(of(CHRISTMAS)).toEqual({ date: CHRISTMAS, free: false, closed: true, reason: 'Closed (Christmas Day)' });
    expect(of('2026-12-06')).toEqual({ date: '2026-12-06', free: false, closed: true, reason: 'Closed' });
    expect(of(dates[4]!)).toEqual({ date: dates[4], free: false, reason: 'Fully booked' });
    const samOff = (
      await request(app)
        .get(`/api/shops/${shop.slug}/availability/days`)
        .query({ serviceIds: shop.services[0]!.id, barberId: sam!.id, from: '2026-12-10', to: '2026-12-10' })
    ).body as AvailabilityDaysResponse;
    expect(samOff.days[0]).toMatchObject({ free: false, closed: true, reason: 'Closed (Dentist)' });
  }, 120_000);

  it('is dropped like the one-day answer when a special day changes', async () => {
    const shop = await shopOf();
    const ask = async () => {
      await cache.sync();
      const res = await request(app)
        .get(`/api/shops/${shop.slug}/availability/days`)
        .query({ serviceIds: shop.services[0]!.id, from: '2026-12-28', to: '2026-12-29' });
      return (res.body as AvailabilityDaysResponse).days.map((d) => d.free);
    };
    expect(await ask()).toEqual([true, true]);
    expect(await ask()).toEqual([true, true]);
    await put(shop, '2026-12-28', { closed: true });
    expect(await ask()).toEqual([false, true]);
    await request(app).delete(`/api/shops/${shop.id}/special-days/2026-12-28`).set(auth());
    expect(await ask()).toEqual([true, true]);
  });
});
