import type { Appointment, BookedAppointment, Series, SeriesResult } from '@barberly/common';
import { BOOKING_MESSAGES, VISIT_MESSAGES } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { AppointmentEntity } from '../appointments/appointment.entity';
import { loadAppointmentContext } from '../appointments/appointment-view';
import type { BookingDeps } from '../appointments/booking.service';
import {
  type BookingTestApp,
  client,
  createBookingTestApp,
  createTestClock,
  everyDay,
  setUpShop,
  type TestShop,
} from '../appointments/booking.test-helper';
import { BarberEntity } from '../barbers/barber.entity';
import { ServiceEntity } from '../services/service.entity';
import { ShopEntity } from '../shops/shop.entity';
import { bearer } from '../shops/shops.test-helper';
import { cancelSeriesVisits, createSeriesForBooking, extendSeries, managedSeriesOf } from './series.service';

let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;
let stranger: TestUser;
/** Wednesday 2026-10-14, 10:00 in New York (EDT). */
const NOW = '2026-10-14T14:00:00Z';
/** Tuesday 2026-10-20, 10:00 EDT: the first visit of most series here. */
const FIRST = '2026-10-20T14:00:00Z';

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

const deps = (): BookingDeps => ({
  dataSource: db.dataSource,
  config: app.config,
  mailQueue: app.mailQueue,
  now: app.clock.now,
  logger: createLogger('silent'),
});

const nyShop = (settings: { bookingHorizonDays?: number; clientsMayRepeat?: boolean } = {}) =>
  setUpShop(app, owner.accessToken, {
    settings: {
      timeZone: 'America/New_York',
      hours_json: everyDay('09:00', '18:00'),
      minNoticeMinutes: 0,
      bookingHorizonDays: settings.bookingHorizonDays ?? 60,
      ...(settings.clientsMayRepeat ? { clientsMayRepeat: true } : {}),
    },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers: ['Marco'],
  });

const seriesBody = (shop: TestShop, repeat: Record<string, unknown>, start = FIRST) => ({
  barberId: shop.barbers[0]!.id,
  serviceIds: [shop.services[0]!.id],
  start,
  repeat,
  client: client(7),
});

const postSeries = (shop: TestShop, body: object, token = owner.accessToken) =>
  request(app).post(`/api/shops/${shop.id}/series`).set(bearer(token)).send(body);

const makeSeries = async (shop: TestShop, repeat: Record<string, unknown>, start = FIRST): Promise<SeriesResult> => {
  const res = await postSeries(shop, seriesBody(shop, repeat, start));
  if (res.status !== 201) throw new Error(`series: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

const getSeries = async (shop: TestShop, id: string): Promise<Series> => {
  const res = await request(app).get(`/api/shops/${shop.id}/series/${id}`).set(bearer(owner.accessToken));
  expect(res.status).toBe(200);
  return res.body;
};

const book = async (shop: TestShop, start: string, n = 1): Promise<BookedAppointment> => {
  const res = await request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({ serviceId: shop.services[0]!.id, barberId: shop.barbers[0]!.id, start, client: client(n) });
  if (res.status !== 201) throw new Error(`book ${start}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

const seriesAppointments = (seriesId: string) =>
  db.dataSource
    .getRepository(AppointmentEntity)
    .find({ where: { seriesId }, order: { startsAt: 'ASC' } })
    .then((rows) =>
      rows.map((a) => ({ occurrence: a.seriesOccurrence, start: a.startsAt.toISOString(), status: a.status })),
    );

describe('recurring series (owner)', () => {
  it('keeps 10:00 wall time weekly across the November DST change', async () => {
    const shop = await nyShop();
    const { series, booked, collisions } = await makeSeries(shop, { intervalWeeks: 1, count: 4 });
    expect(collisions).toEqual([]);
    expect(booked.map((a) => [a.localDate, a.localTime, a.start])).toEqual([
      ['2026-10-20', '10:00 AM', '2026-10-20T14:00:00.000Z'],
      ['2026-10-27', '10:00 AM', '2026-10-27T14:00:00.000Z'],
      // EST from 2026-11-01: the same wall time is an hour later in UTC.
      ['2026-11-03', '10:00 AM', '2026-11-03T15:00:00.000Z'],
      ['2026-11-10', '10:00 AM', '2026-11-10T15:00:00.000Z'],
    ]);
    expect(booked.every((a) => a.barber.name === 'Marco' && a.client.name === 'Client 7')).toBe(true);
    expect(series).toMatchObject({
      intervalWeeks: 1,
      localTime: '10:00',
      weekday: 2,
      firstDate: '2026-10-20',
      occurrences: 4,
      untilDate: null,
      status: 'active',
      createdBy: 'owner',
      barberName: 'Marco',
      serviceNames: ['Haircut'],
      rrule: 'DTSTART;TZID=America/New_York:20261020T100000\nRRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=4',
    });
    expect(series.upcoming.map((a) => a.id)).toEqual(booked.map((a) => a.id));
    // One confirmation (the first visit, with its manage link), reminders for each visit, no owner notice.
    const jobs = (await db.dataSource.query(
      `SELECT "data"->>'kind' AS "kind", "data"->>'appointmentId' AS "id", "data" ? 'manageToken' AS "link"
       FROM pgboss.job WHERE "data"->>'appointmentId' = ANY($1) ORDER BY "start_after"`,
      [booked.map((a) => a.id)],
    )) as Array<{ kind: string; id: string; link: boolean }>;
    expect(jobs.filter((j) => j.kind === 'confirmation')).toEqual([
      { kind: 'confirmation', id: booked[0]!.id, link: true },
    ]);
    expect(jobs.filter((j) => j.kind === 'reminder').map((j) => [j.id, j.link])).toEqual(
      booked.map((a) => [a.id, true]),
    );
    expect(jobs.filter((j) => j.kind === 'owner_notice')).toEqual([]);
  });

  it('books a 3-weekly series of K visits on the same weekday', async () => {
    const shop = await nyShop({ bookingHorizonDays: 120 });
    const { booked } = await makeSeries(shop, { intervalWeeks: 3, count: 5 });
    expect(booked.map((a) => a.localDate)).toEqual([
      '2026-10-20',
      '2026-11-10',
      '2026-12-01',
      '2026-12-22',
      '2027-01-12',
    ]);
    expect(new Set(booked.map((a) => a.localTime))).toEqual(new Set(['10:00 AM']));
  });

  it('books until a date, only within the booking horizon', async () => {
    const shop = await nyShop({ bookingHorizonDays: 20 });
    const { series, booked } = await makeSeries(shop, { intervalWeeks: 1, until: '2026-11-24' });
    // Today 2026-10-14 + 20 days = 2026-11-03: the rest waits for the horizon to move.
    expect(booked.map((a) => a.localDate)).toEqual(['2026-10-20', '2026-10-27', '2026-11-03']);
    expect(series.untilDate).toBe('2026-11-24');
  });

  it('reports a collision with the nearest free alternatives instead of skipping it', async () => {
    const shop = await nyShop();
    await book(shop, '2026-10-27T14:00:00Z'); // Tue Oct 27 10:00-10:30 taken
    const { series, booked, collisions } = await makeSeries(shop, { intervalWeeks: 1, count: 3 });
    expect(booked.map((a) => a.localDate)).toEqual(['2026-10-20', '2026-11-03']);
    expect(collisions).toHaveLength(1);
    expect(collisions[0]).toMatchObject({
      date: '2026-10-27',
      wantedStart: '2026-10-27T14:00:00.000Z',
      status: 'open',
    });
    // Same day, nearest to 10:00 first (ties: the earlier).
    expect(collisions[0]!.alternatives.map((c) => c.label)).toEqual([
      'Tue, Oct 27 · 9:30 AM',
      'Tue, Oct 27 · 10:30 AM',
      'Tue, Oct 27 · 9:15 AM',
      'Tue, Oct 27 · 10:45 AM',
      'Tue, Oct 27 · 9:00 AM',
    ]);
    const read = await getSeries(shop, series.id);
    expect(read.collisions.map((c) => [c.date, c.status, c.alternatives.length])).toEqual([['2026-10-27', 'open', 5]]);
  });

  it('offers the next days when the day is full', async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'America/New_York', hours_json: everyDay('10:00', '10:30'), minNoticeMinutes: 0 },
      services: [{ name: 'Haircut', durationMinutes: 30 }],
      barbers: ['Marco'],
    });
    await book(shop, '2026-10-27T14:00:00Z');
    const { collisions } = await makeSeries(shop, { intervalWeeks: 1, count: 2 });
    expect(collisions[0]!.alternatives.map((c) => c.label)).toEqual([
      'Mon, Oct 26 · 10:00 AM',
      'Wed, Oct 28 · 10:00 AM',
      'Sun, Oct 25 · 10:00 AM',
      'Thu, Oct 29 · 10:00 AM',
      'Sat, Oct 24 · 10:00 AM',
    ]);
  });

  it('accepts an alternative as that occurrence; a start not offered is refused', async () => {
    const shop = await nyShop();
    await book(shop, '2026-10-27T14:00:00Z');
    const { series, collisions } = await makeSeries(shop, { intervalWeeks: 1, count: 3 });
    const accept = (start: string) =>
      request(app)
        .post(`/api/shops/${shop.id}/series/${series.id}/collisions/2026-10-27/accept`)
        .set(bearer(owner.accessToken))
        .send({ start });

    const taken = await accept('2026-10-27T14:00:00Z');
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('slot_taken');

    const chosen = collisions[0]!.alternatives[1]!; // 10:30 AM
    const res = await accept(chosen.start);
    expect(res.status).toBe(201);
    const appointment = res.body as Appointment;
    expect(appointment).toMatchObject({ localDate: '2026-10-27', localTime: '10:30 AM', status: 'confirmed' });
    expect(appointment.barber.name).toBe('Marco');

    const read = await getSeries(shop, series.id);
    expect(read.collisions).toEqual([
      { date: '2026-10-27', wantedStart: '2026-10-27T14:00:00.000Z', alternatives: [], status: 'resolved' },
    ]);
    expect(read.upcoming.map((a) => a.localDate)).toEqual(['2026-10-20', '2026-10-27', '2026-11-03']);
    expect((await seriesAppointments(series.id)).map((a) => a.occurrence)).toEqual([
      '2026-10-20',
      '2026-10-27',
      '2026-11-03',
    ]);

    const again = await accept(collisions[0]!.alternatives[0]!.start);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(VISIT_MESSAGES.collisionNotFound);
  });

  it('dismisses a collision once', async () => {
    const shop = await nyShop();
    await book(shop, '2026-10-27T14:00:00Z');
    const { series } = await makeSeries(shop, { intervalWeeks: 1, count: 2 });
    const dismiss = () =>
      request(app)
        .post(`/api/shops/${shop.id}/series/${series.id}/collisions/2026-10-27/dismiss`)
        .set(bearer(owner.accessToken));
    expect((await dismiss()).status).toBe(204);
    expect((await getSeries(shop, series.id)).collisions[0]!.status).toBe('dismissed');
    const again = await dismiss();
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(VISIT_MESSAGES.collisionNotFound);
  });

  it('lists the shop series by status', async () => {
    const shop = await nyShop();
    const a = await makeSeries(shop, { intervalWeeks: 2, count: 2 });
    const b = await makeSeries(shop, { intervalWeeks: 2, count: 2 }, '2026-10-21T15:00:00Z');
    await db.dataSource.query(`UPDATE "appointment_series" SET "status" = 'ended' WHERE "id" = $1`, [b.series.id]);
    const list = (status?: string) =>
      request(app)
        .get(`/api/shops/${shop.id}/series`)
        .query(status ? { status } : {})
        .set(bearer(owner.accessToken));
    expect(((await list('active')).body as Series[]).map((s) => s.id)).toEqual([a.series.id]);
    expect(((await list()).body as Series[]).map((s) => s.id)).toEqual([a.series.id, b.series.id]);
    expect((await list('nope')).status).toBe(400);
  });

  it('cancels one visit, or it and every later one (the series then ends)', async () => {
    const shop = await nyShop();
    const { series, booked } = await makeSeries(shop, { intervalWeeks: 1, count: 5 });
    const cancel = (id: string, scope: 'one' | 'following') =>
      db.dataSource.transaction(async (manager) => {
        const ctx = (await loadAppointmentContext(manager, { id }, true))!;
        return cancelSeriesVisits(deps(), manager, ctx, scope);
      });

    expect((await cancel(booked[1]!.id, 'one')).map((c) => c.appointment.id)).toEqual([booked[1]!.id]);
    expect((await getSeries(shop, series.id)).status).toBe('active');

    const following = await cancel(booked[3]!.id, 'following');
    expect(following.map((c) => c.appointment.id)).toEqual([booked[3]!.id, booked[4]!.id]);
    expect((await seriesAppointments(series.id)).map((a) => [a.occurrence, a.status])).toEqual([
      ['2026-10-20', 'confirmed'],
      ['2026-10-27', 'cancelled'],
      ['2026-11-03', 'confirmed'],
      ['2026-11-10', 'cancelled'],
      ['2026-11-17', 'cancelled'],
    ]);
    const read = await getSeries(shop, series.id);
    expect(read.status).toBe('ended');
    expect(read.upcoming.map((a) => a.localDate)).toEqual(['2026-10-20', '2026-11-03']);
    // Cancelled versions are bumped, so queued reminders of those visits go stale.
    const versions = await db.dataSource.getRepository(AppointmentEntity).findOneByOrFail({ id: booked[4]!.id });
    expect(versions.version).toBe(2);
  });

  it('refuses bad rules with the visit wording', async () => {
    const shop = await nyShop();
    const expect400 = async (repeat: Record<string, unknown>, message: string) => {
      const res = await postSeries(shop, seriesBody(shop, repeat));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    };
    await expect400({ intervalWeeks: 0, count: 3 }, VISIT_MESSAGES.intervalWeeks);
    await expect400({ intervalWeeks: 13, count: 3 }, VISIT_MESSAGES.intervalWeeks);
    await expect400({ intervalWeeks: 1, count: 3, until: '2026-12-31' }, VISIT_MESSAGES.seriesEnd);
    await expect400({ intervalWeeks: 1 }, VISIT_MESSAGES.seriesEnd);
    await expect400({ intervalWeeks: 1, until: '2026-10-19' }, VISIT_MESSAGES.untilBeforeStart);
    await expect400({ intervalWeeks: 1, until: '2026-10-20' }, VISIT_MESSAGES.untilBeforeStart);
    await expect400({ intervalWeeks: 1, count: 53 }, VISIT_MESSAGES.occurrences);
    await expect400({ intervalWeeks: 1, until: '2028-01-01' }, VISIT_MESSAGES.occurrences);
    // The first visit the shop itself refuses: the rule would repeat it.
    const past = await postSeries(shop, seriesBody(shop, { intervalWeeks: 1, count: 2 }, '2026-10-13T14:00:00Z'));
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe(BOOKING_MESSAGES.past);
    const night = await postSeries(shop, seriesBody(shop, { intervalWeeks: 1, count: 2 }, '2026-10-21T02:00:00Z'));
    expect(night.status).toBe(400);
    expect(await db.dataSource.query(`SELECT 1 FROM "appointment_series" WHERE "shop_id" = $1`, [shop.id])).toEqual([]);
  });

  it('is the owner only: 401 without a session, 403 for another owner, 404 for unknown ids', async () => {
    const shop = await nyShop();
    const { series } = await makeSeries(shop, { intervalWeeks: 1, count: 2 });
    const body = seriesBody(shop, { intervalWeeks: 1, count: 2 });
    expect((await request(app).post(`/api/shops/${shop.id}/series`).send(body)).status).toBe(401);
    expect((await request(app).get(`/api/shops/${shop.id}/series/${series.id}`)).status).toBe(401);
    expect((await postSeries(shop, body, stranger.accessToken)).status).toBe(403);
    const theirs = await request(app)
      .get(`/api/shops/${shop.id}/series/${series.id}`)
      .set(bearer(stranger.accessToken));
    expect(theirs.status).toBe(403);
    const unknownShop = await request(app)
      .post(`/api/shops/00000000-0000-4000-8000-000000000000/series`)
      .set(bearer(owner.accessToken))
      .send(body);
    expect(unknownShop.status).toBe(404);
    const unknownSeries = await request(app)
      .get(`/api/shops/${shop.id}/series/00000000-0000-4000-8000-000000000000`)
      .set(bearer(owner.accessToken));
    expect(unknownSeries.status).toBe(404);
    expect(unknownSeries.body.error.message).toBe(VISIT_MESSAGES.seriesNotFound);
    const otherShop = await nyShop();
    const elsewhere = await request(app)
      .get(`/api/shops/${otherShop.id}/series/${series.id}`)
      .set(bearer(owner.accessToken));
    expect(elsewhere.status).toBe(404);
  });
});

describe("'Make this a series…' (the owner adopts an appointment)", () => {
  const adoptBody = (shop: TestShop, appointment: { id: string; start: string }, repeat: Record<string, unknown>) => ({
    fromAppointmentId: appointment.id,
    barberId: shop.barbers[0]!.id,
    serviceIds: [shop.services[0]!.id],
    start: appointment.start,
    repeat,
  });
  const jobsOf = (ids: string[]) =>
    db.dataSource.query(
      `SELECT "data"->>'kind' AS "kind", "data"->>'appointmentId' AS "id" FROM pgboss.job
       WHERE "data"->>'appointmentId' = ANY($1) ORDER BY "start_after"`,
      [ids],
    ) as Promise<Array<{ kind: string; id: string }>>;

  it('makes the appointment the first visit and books the next ones at the same wall time, across DST', async () => {
    const shop = await nyShop();
    await book(shop, '2026-10-27T14:00:00Z', 2); // Tue Oct 27 10:00 EDT taken
    const first = await book(shop, FIRST, 3);
    const before = await jobsOf([first.id]);

    const res = await postSeries(shop, adoptBody(shop, first, { intervalWeeks: 1, count: 4 }));
    expect(res.status).toBe(201);
    const { series, booked, collisions } = res.body as SeriesResult;
    expect(booked[0]!.id).toBe(first.id);
    expect(booked.map((a) => [a.localDate, a.localTime, a.start, a.seriesId])).toEqual([
      ['2026-10-20', '10:00 AM', '2026-10-20T14:00:00.000Z', series.id],
      ['2026-11-03', '10:00 AM', '2026-11-03T15:00:00.000Z', series.id],
      ['2026-11-10', '10:00 AM', '2026-11-10T15:00:00.000Z', series.id],
    ]);
    expect(collisions.map((c) => [c.date, c.status])).toEqual([['2026-10-27', 'open']]);
    expect(series).toMatchObject({
      firstDate: '2026-10-20',
      localTime: '10:00',
      weekday: 2,
      occurrences: 4,
      createdBy: 'owner',
      client: client(3),
    });
    expect(booked.every((a) => a.client.name === 'Client 3' && a.client.email === 'client3@example.com')).toBe(true);
    expect(await seriesAppointments(series.id)).toEqual([
      { occurrence: '2026-10-20', start: '2026-10-20T14:00:00.000Z', status: 'confirmed' },
      { occurrence: '2026-11-03', start: '2026-11-03T15:00:00.000Z', status: 'confirmed' },
      { occurrence: '2026-11-10', start: '2026-11-10T15:00:00.000Z', status: 'confirmed' },
    ]);
    expect((await getSeries(shop, series.id)).upcoming.map((a) => a.id)).toEqual(booked.map((a) => a.id));
    // The client has the first visit's confirmation already (its link now manages the series): the new visits get
    // their reminders, nobody gets a second confirmation or an owner notice.
    const after = await jobsOf(booked.map((a) => a.id));
    expect(after.filter((j) => j.id === first.id)).toEqual(before);
    expect(after.filter((j) => j.id !== first.id)).toEqual(
      booked.slice(1).map((a) => ({ kind: 'reminder', id: a.id })),
    );
    const managed = await managedSeriesOf(
      db.dataSource.manager,
      await db.dataSource.getRepository(AppointmentEntity).findOneByOrFail({ id: first.id }),
      app.clock.now(),
    );
    expect(managed?.id).toBe(series.id);
  });

  it('refuses an appointment already in a series with 409, and creates nothing', async () => {
    const shop = await nyShop();
    const first = await book(shop, FIRST, 3);
    expect((await postSeries(shop, adoptBody(shop, first, { intervalWeeks: 2, count: 2 }))).status).toBe(201);
    const again = await postSeries(shop, adoptBody(shop, first, { intervalWeeks: 1, count: 2 }));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'already_in_series', message: VISIT_MESSAGES.alreadyInSeries });
    const { booked } = await makeSeries(shop, { intervalWeeks: 1, count: 2 }, '2026-10-21T14:00:00Z');
    const visitOfSeries = await postSeries(shop, adoptBody(shop, booked[1]!, { intervalWeeks: 1, count: 2 }));
    expect(visitOfSeries.status).toBe(409);
    expect(visitOfSeries.body.error.message).toBe(VISIT_MESSAGES.alreadyInSeries);
    expect(
      await db.dataSource.query(`SELECT 1 FROM "appointment_series" WHERE "shop_id" = $1`, [shop.id]),
    ).toHaveLength(2);
  });

  it("refuses another shop's, a cancelled, a past or a moved appointment, and a client alongside", async () => {
    const shop = await nyShop();
    const other = await nyShop();
    const repeat = { intervalWeeks: 1, count: 2 };
    const theirs = await book(other, FIRST, 4);
    const elsewhere = await postSeries(shop, adoptBody(shop, theirs, repeat));
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.message).toBe(BOOKING_MESSAGES.appointmentNotFound);
    const unknown = await postSeries(
      shop,
      adoptBody(shop, { id: '00000000-0000-4000-8000-000000000000', start: FIRST }, repeat),
    );
    expect(unknown.status).toBe(404);

    const cancelled = await book(shop, '2026-10-21T14:00:00Z', 5);
    const patch = await request(app)
      .patch(`/api/shops/${shop.id}/appointments/${cancelled.id}`)
      .set(bearer(owner.accessToken))
      .send({ status: 'cancelled' });
    expect(patch.status).toBe(200);
    const notConfirmed = await postSeries(shop, adoptBody(shop, cancelled, repeat));
    expect(notConfirmed.status).toBe(409);
    expect(notConfirmed.body.error.message).toBe(BOOKING_MESSAGES.notChangeable);

    const soon = await book(shop, '2026-10-15T14:00:00Z', 6); // tomorrow 10:00
    try {
      app.clock.set('2026-10-15T15:00:00Z'); // it has started
      const past = await postSeries(shop, adoptBody(shop, soon, repeat));
      expect(past.status).toBe(400);
      expect(past.body.error.message).toBe(BOOKING_MESSAGES.past);
    } finally {
      app.clock.set(NOW);
    }

    const first = await book(shop, FIRST, 3);
    const moved = await postSeries(shop, { ...adoptBody(shop, first, repeat), start: '2026-10-20T14:30:00Z' });
    expect(moved.status).toBe(409);
    expect(moved.body.error).toMatchObject({ code: 'appointment_changed', message: VISIT_MESSAGES.appointmentChanged });
    const withClient = await postSeries(shop, { ...adoptBody(shop, first, repeat), client: client(9) });
    expect(withClient.status).toBe(400);
    expect(withClient.body.error.message).toBe(VISIT_MESSAGES.adoptedClient);
    const noClient = await postSeries(shop, { ...seriesBody(shop, repeat), client: undefined });
    expect(noClient.status).toBe(400);
    expect(noClient.body.error.message).toBe(BOOKING_MESSAGES.clientName);

    expect(await db.dataSource.query(`SELECT 1 FROM "appointment_series" WHERE "shop_id" = $1`, [shop.id])).toEqual([]);
    const untouched = await db.dataSource.getRepository(AppointmentEntity).findOneByOrFail({ id: first.id });
    expect(untouched.seriesId).toBeNull();
  });

  it('is the owner only: 401 without a session, 403 for another owner', async () => {
    const shop = await nyShop();
    const first = await book(shop, FIRST, 3);
    const body = adoptBody(shop, first, { intervalWeeks: 1, count: 2 });
    expect((await request(app).post(`/api/shops/${shop.id}/series`).send(body)).status).toBe(401);
    expect((await postSeries(shop, body, stranger.accessToken)).status).toBe(403);
    const untouched = await db.dataSource.getRepository(AppointmentEntity).findOneByOrFail({ id: first.id });
    expect(untouched.seriesId).toBeNull();
  });
});

describe('recurring series (client)', () => {
  it("makes a client's series from their booking; any visit's link manages it and accepts an alternative", async () => {
    const shop = await nyShop({ clientsMayRepeat: true });
    await book(shop, '2026-11-03T15:00:00Z', 2); // Tue Nov 3 10:00 EST taken
    const first = await book(shop, FIRST, 3);
    const result = await db.dataSource.transaction(async (manager) => {
      const appointment = await manager.getRepository(AppointmentEntity).findOneByOrFail({ id: first.id });
      return createSeriesForBooking(manager, deps(), {
        shop: await manager.getRepository(ShopEntity).findOneByOrFail({ id: shop.id }),
        appointment,
        services: [await manager.getRepository(ServiceEntity).findOneByOrFail({ id: shop.services[0]!.id })],
        barber: await manager.getRepository(BarberEntity).findOneByOrFail({ id: shop.barbers[0]!.id }),
        repeat: { intervalWeeks: 1, count: 3 },
        client: client(3),
        manageTokenHash: appointment.manageTokenHash!,
      });
    });
    expect(result.series).toMatchObject({ createdBy: 'client', status: 'active' });
    expect(result.booked.map((a) => a.localDate)).toEqual(['2026-10-20', '2026-10-27']);
    expect(result.booked.every((a) => a.client.name === 'Client 3')).toBe(true);
    expect(result.collisions.map((c) => c.date)).toEqual(['2026-11-03']);

    const firstRow = await db.dataSource.getRepository(AppointmentEntity).findOneByOrFail({ id: first.id });
    expect([firstRow.seriesId, firstRow.seriesOccurrence]).toEqual([result.series.id, '2026-10-20']);
    const managed = await managedSeriesOf(db.dataSource.manager, firstRow, app.clock.now());
    expect(managed).toMatchObject({ id: result.series.id, intervalWeeks: 1, localTime: '10:00', weekday: 2 });
    expect(managed!.upcoming.map((a) => a.localDate)).toEqual(['2026-10-20', '2026-10-27']);
    expect(managed!.collisions.map((c) => [c.date, c.alternatives[0]?.label])).toEqual([
      ['2026-11-03', 'Tue, Nov 3 · 9:30 AM'],
    ]);

    const accept = await request(app)
      .post(`/api/appointments/manage/${first.manageToken}/series/collisions/2026-11-03/accept`)
      .send({ start: managed!.collisions[0]!.alternatives[0]!.start });
    expect(accept.status).toBe(201);
    expect(accept.body).toMatchObject({ localDate: '2026-11-03', localTime: '9:30 AM', seriesId: result.series.id });
    const unknown = await request(app)
      .post(`/api/appointments/manage/${'x'.repeat(43)}/series/collisions/2026-11-03/accept`)
      .send({ start: '2026-11-03T14:30:00Z' });
    expect(unknown.status).toBe(404);
    const outside = await managedSeriesOf(
      db.dataSource.manager,
      await db.dataSource
        .getRepository(AppointmentEntity)
        .findOneByOrFail({ shopId: shop.id, startsAt: new Date('2026-11-03T15:00:00Z') }),
      app.clock.now(),
    );
    expect(outside).toBeUndefined();
  });
});

describe('series extension', () => {
  it('books the occurrences that enter the horizon as the clock moves, once, then ends the series', async () => {
    const shop = await nyShop({ bookingHorizonDays: 14 });
    const { series, booked } = await makeSeries(shop, { intervalWeeks: 1, count: 6 });
    // Today 2026-10-14 + 14 days = 2026-10-28.
    expect(booked.map((a) => a.localDate)).toEqual(['2026-10-20', '2026-10-27']);
    try {
      app.clock.set('2026-11-02T14:00:00Z'); // horizon now 2026-11-16
      await extendSeries(deps(), app.clock.now());
      await extendSeries(deps(), app.clock.now());
      expect((await seriesAppointments(series.id)).map((a) => a.occurrence)).toEqual([
        '2026-10-20',
        '2026-10-27',
        '2026-11-03',
        '2026-11-10',
      ]);

      app.clock.set('2026-11-09T14:00:00Z'); // horizon now 2026-11-23
      await book(shop, '2026-11-17T15:00:00Z', 4); // the 2026-11-17 visit collides
      await extendSeries(deps(), app.clock.now());
      let read = await getSeries(shop, series.id);
      expect(read.collisions.map((c) => [c.date, c.status])).toEqual([['2026-11-17', 'open']]);
      expect((await seriesAppointments(series.id)).map((a) => a.occurrence)).not.toContain('2026-11-17');

      app.clock.set('2026-11-20T14:00:00Z');
      await extendSeries(deps(), app.clock.now());
      expect((await seriesAppointments(series.id)).map((a) => [a.occurrence, a.start])).toContainEqual([
        '2026-11-24',
        '2026-11-24T15:00:00.000Z',
      ]);
      expect((await getSeries(shop, series.id)).status).toBe('active');

      app.clock.set('2026-11-25T14:00:00Z');
      await extendSeries(deps(), app.clock.now());
      read = await getSeries(shop, series.id);
      expect(read.status).toBe('ended');
    } finally {
      app.clock.set(NOW);
    }
  });
});
