import type { ClientDetail, ClientList, ClientNote } from '@barberly/common';
import { CLIENT_MESSAGES } from '@barberly/common';
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
import { startTestSmtpServer, type TestSmtpServer } from '../mail/smtp.test-helper';
import { type FakeTwilio, startFakeTwilio } from '../messaging/fake-twilio.test-helper';
import { bearer } from '../shops/shops.test-helper';

let db: TestDatabase;
let app: BookingTestApp;
let smtp: TestSmtpServer;
let owner: TestUser;
let stranger: TestUser;
/** Wednesday 2026-12-02, 10:07 in New York (15:07Z). */
const NOW = '2026-12-02T15:07:00Z';

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startTestSmtpServer();
  app = await createBookingTestApp(db, {
    clock: createTestClock(NOW),
    configOverrides: { PUBLIC_ORIGIN: 'http://localhost:3000', SMTP_URL: smtp.url },
  });
  owner = await signUpTestUser(app);
  stranger = await signUpTestUser(app);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await db?.drop();
});

const nyShop = (barbers = ['Alex', 'Blake']) =>
  setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00'), minNoticeMinutes: 0 },
    services: [
      { name: 'Haircut', durationMinutes: 30, price: 25 },
      { name: 'Beard trim', durationMinutes: 15, price: 15 },
    ],
    barbers,
  });

const book = async (
  shop: TestShop,
  start: string,
  who: { name: string; email: string; phone: string },
  opts: { barber?: number; service?: number } = {},
) => {
  const res = await request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({
      serviceId: shop.services[opts.service ?? 0]!.id,
      barberId: shop.barbers[opts.barber ?? 0]!.id,
      start,
      client: who,
    });
  if (res.status !== 201) throw new Error(`book ${start}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string };
};

const clientOf = async (appointmentId: string) =>
  (
    (await db.dataSource.query(`SELECT "client_id" FROM "appointments" WHERE "id" = $1`, [appointmentId])) as Array<{
      client_id: string | null;
    }>
  )[0]!.client_id;

/** A past appointment as the books hold it (the booking api refuses the past). */
async function history(
  shop: TestShop,
  clientId: string | null,
  start: string,
  status: 'completed' | 'confirmed' | 'cancelled' | 'no_show',
  opts: { barber?: number; price?: number; name?: string; email?: string } = {},
) {
  const starts = new Date(start);
  const [row] = (await db.dataSource.query(
    `INSERT INTO "appointments" ("shop_id", "barber_id", "service_id", "service_name", "service_duration_minutes",
       "service_price", "starts_at", "ends_at", "status", "client_name", "client_email", "client_id")
     VALUES ($1, $2, $3, 'Haircut', 30, $4, $5, $6, $7, $8, $9, $10) RETURNING "id"`,
    [
      shop.id,
      shop.barbers[opts.barber ?? 0]!.id,
      shop.services[0]!.id,
      opts.price ?? 25,
      starts,
      new Date(starts.getTime() + 30 * 60_000),
      status,
      opts.name ?? 'Someone',
      opts.email ?? '',
      clientId,
    ],
  )) as Array<{ id: string }>;
  return row!.id;
}

const list = async (shop: TestShop, query: Record<string, string> = {}, token = owner.accessToken) =>
  request(app).get(`/api/shops/${shop.id}/clients`).query(query).set(bearer(token));

async function joinAsBarber(shop: TestShop): Promise<{ user: TestUser; barberId: string; name: string }> {
  const code = (await request(app).get(`/api/shops/${shop.id}/join-code`).set(bearer(owner.accessToken))).body
    .code as string;
  const user = await signUpTestUser(app, `barber-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
  const joined = await request(app).post('/api/barbers/join').set(bearer(user.accessToken)).send({ code });
  expect(joined.status).toBe(200);
  return { user, barberId: joined.body.barber.id, name: joined.body.barber.name };
}

describe('one record per person', () => {
  it('matches the same person by e-mail in any case and by a differently written phone', async () => {
    const shop = await nyShop();
    const first = await book(shop, '2026-12-03T15:00:00Z', {
      name: 'Ana Ruiz',
      email: 'Ana@Example.com',
      phone: '+1 (415) 555-0123',
    });
    const second = await book(shop, '2026-12-04T15:00:00Z', {
      name: 'Ana Ruiz',
      email: 'ana@example.com ',
      phone: '(415) 555-0123',
    });
    // No e-mail this time (a walk-in), the number written another way: still Ana.
    const walkIn = await request(app)
      .post(`/api/shops/${shop.id}/walk-in`)
      .set(bearer(owner.accessToken))
      .send({ serviceId: shop.services[0]!.id, client: { name: 'Ana', phone: '415.555.0123' } });
    expect(walkIn.status).toBe(201);
    const ana = await clientOf(first.id);
    expect(ana).not.toBeNull();
    expect(await clientOf(second.id)).toBe(ana);
    expect(await clientOf(walkIn.body.id)).toBe(ana);
    const clients = (await list(shop)).body as ClientList;
    expect(clients.total).toBe(1);
    expect(clients.clients[0]).toMatchObject({ name: 'Ana Ruiz', email: 'ana@example.com', phone: '+14155550123' });
  });

  it('keeps two people sharing a family phone apart when their e-mails differ', async () => {
    const shop = await nyShop();
    const dad = await book(shop, '2026-12-03T15:00:00Z', {
      name: 'Tom Lee',
      email: 'tom@example.com',
      phone: '415 555 0199',
    });
    const kid = await book(shop, '2026-12-03T15:30:00Z', {
      name: 'Max Lee',
      email: 'max@example.com',
      phone: '+1 415-555-0199',
    });
    expect(await clientOf(dad.id)).not.toBe(await clientOf(kid.id));
    // A phone-only walk-in names Max: the record with that name wins among those sharing the phone.
    const walkIn = await request(app)
      .post(`/api/shops/${shop.id}/walk-in`)
      .set(bearer(owner.accessToken))
      .send({ serviceId: shop.services[1]!.id, client: { name: 'max lee', phone: '4155550199' } });
    expect(await clientOf(walkIn.body.id)).toBe(await clientOf(kid.id));
    expect((await list(shop)).body.total).toBe(2);
  });

  it('a walk-in known only by name is not a client record; a phone-only one is', async () => {
    const shop = await nyShop();
    const anonymous = await request(app)
      .post(`/api/shops/${shop.id}/walk-in`)
      .set(bearer(owner.accessToken))
      .send({ serviceId: shop.services[0]!.id });
    expect(anonymous.status).toBe(201);
    expect(await clientOf(anonymous.body.id)).toBeNull();
    const bad = await request(app)
      .post(`/api/shops/${shop.id}/walk-in`)
      .set(bearer(owner.accessToken))
      .send({ serviceId: shop.services[0]!.id, client: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect((await list(shop)).body.total).toBe(0);
  });

  it('two first bookings of one new person at once make one record', async () => {
    const shop = await nyShop();
    const who = { name: 'Rae', email: 'rae@example.com', phone: '+1 917 555 0112' };
    const [a, b] = await Promise.all([
      book(shop, '2026-12-03T15:00:00Z', who, { barber: 0 }),
      book(shop, '2026-12-03T15:00:00Z', who, { barber: 1 }),
    ]);
    expect(await clientOf(a.id)).toBe(await clientOf(b.id));
    expect((await list(shop)).body.total).toBe(1);
  });
});

describe('the Clients tab', () => {
  it('shows visits, last visit, next appointment, total spent and no-shows; searches name, e-mail and phone', async () => {
    const shop = await nyShop();
    const next = await book(shop, '2026-12-09T15:00:00Z', {
      name: 'Kai Moss',
      email: 'kai@example.com',
      phone: '+1 212 555 0101',
    });
    const kai = (await clientOf(next.id))!;
    await history(shop, kai, '2026-10-01T14:00:00Z', 'completed', { price: 25 });
    await history(shop, kai, '2026-10-29T14:00:00Z', 'completed', { price: 40 });
    await history(shop, kai, '2026-11-12T15:00:00Z', 'no_show');
    await history(shop, kai, '2026-11-20T15:00:00Z', 'cancelled');
    // Confirmed and over: a visit the shop did not mark, with no money counted.
    await history(shop, kai, '2026-11-26T15:00:00Z', 'confirmed');
    await book(shop, '2026-12-10T15:00:00Z', { name: 'Bo Chen', email: 'bo@example.com', phone: '+1 917 555 0113' });

    const all = (await list(shop, { sort: 'visits' })).body as ClientList;
    expect(all.currency).toBe('USD');
    expect(all.clients.map((c) => c.name)).toEqual(['Kai Moss', 'Bo Chen']);
    expect(all.clients[0]).toMatchObject({
      visits: 3,
      lastVisit: '2026-11-26T15:00:00.000Z',
      nextAppointment: '2026-12-09T15:00:00.000Z',
      totalSpent: 65,
      noShows: 1,
      // Oct 1 -> Oct 29 (28 days), Oct 29 -> Nov 26 (28 days).
      usualIntervalDays: 28,
      dueDate: '2026-12-24',
      overdue: false,
    });
    for (const q of ['kai', 'KAI@EX', '555 0101', '2125550101']) {
      const found = (await list(shop, { q })).body as ClientList;
      expect(
        found.clients.map((c) => c.name),
        q,
      ).toEqual(['Kai Moss']);
    }
    expect((await list(shop, { q: '%' })).body.total).toBe(0);
    expect((await list(shop, { sort: 'bogus' })).status).toBe(400);
  });

  it('"Due back" leads with those due now; overdue by more than three intervals is "Lapsed"; the assistant agrees', async () => {
    const shop = await nyShop();
    const mk = async (name: string) =>
      (
        (await db.dataSource.query(
          `INSERT INTO "clients" ("shop_id", "name", "email") VALUES ($1, $2, $3) RETURNING "id"`,
          [shop.id, name, `${name.toLowerCase()}@example.com`],
        )) as Array<{ id: string }>
      )[0]!.id;
    // Each client at their own hour: one barber cannot take two at once.
    let hour = 13;
    const visits = async (id: string, days: string[]) => {
      hour += 1;
      for (const d of days) await history(shop, id, `${d}T${hour}:00:00Z`, 'completed');
    };
    // Today is Dec 2. Every 14 days, last on Nov 18: due today.
    await visits(await mk('Today'), ['2026-11-04', '2026-11-18']);
    // Every 14 days, last on Nov 4: due Nov 18, 14 days overdue (one interval).
    await visits(await mk('Fortnight'), ['2026-10-07', '2026-10-21', '2026-11-04']);
    // Gaps 10, 30, 20, 10 days: median 15; last Nov 20 -> due Dec 5, not yet.
    const notYet = await mk('NotYet');
    for (const d of ['2026-09-11', '2026-09-21', '2026-10-21', '2026-11-10'])
      await history(shop, notYet, `${d}T14:00:00Z`, 'completed', { barber: 1 });
    await history(shop, notYet, '2026-11-20T15:00:00Z', 'completed');
    // Monthly, last Sep 30 -> due Oct 30: 33 days overdue, within three intervals (90 days).
    await visits(await mk('Monthly'), ['2026-07-31', '2026-08-31', '2026-09-30']);
    // Every 14 days, last Aug 1 -> due Aug 15: 109 days overdue, more than three intervals (42 days): lapsed.
    await visits(await mk('Gone'), ['2026-07-18', '2026-08-01']);
    // Monthly, last Jun 1 -> due Jul 1: 154 days overdue (more than 90): lapsed, and longer ago than Gone.
    await visits(await mk('Gone longer'), ['2026-04-02', '2026-05-02', '2026-06-01']);
    // Overdue but already booked: on neither list.
    const booked = await mk('Booked');
    await visits(booked, ['2026-09-01', '2026-09-15']);
    await history(shop, booked, '2026-12-20T15:00:00Z', 'confirmed');
    // One visit: no rhythm yet.
    await history(shop, await mk('Once'), '2026-06-01T14:00:00Z', 'completed');

    const due = (await list(shop, { filter: 'due' })).body as ClientList;
    expect(due.clients.map((c) => [c.name, c.dueDate, c.usualIntervalDays, c.overdue, c.lapsed])).toEqual([
      ['Today', '2026-12-02', 14, false, false],
      ['Fortnight', '2026-11-18', 14, true, false],
      ['Monthly', '2026-10-30', 30, true, false],
    ]);
    expect(due.total).toBe(3);
    const lapsed = (await list(shop, { filter: 'lapsed' })).body as ClientList;
    expect(lapsed.clients.map((c) => [c.name, c.dueDate, c.overdue, c.lapsed])).toEqual([
      ['Gone', '2026-08-15', true, true],
      ['Gone longer', '2026-07-01', true, true],
    ]);
    expect(lapsed.total).toBe(2);
    const detail = (await request(app).get(`/api/shops/${shop.id}/clients/${notYet}`).set(bearer(owner.accessToken)))
      .body as ClientDetail;
    expect([detail.usualIntervalDays, detail.dueDate, detail.overdue, detail.lapsed]).toEqual([
      15,
      '2026-12-05',
      false,
      false,
    ]);

    // The assistant's "Who is overdue" reads the same lists: the same names and counts.
    const asked = await request(app)
      .post(`/api/shops/${shop.id}/assistant/quick/who-is-overdue`)
      .set(bearer(owner.accessToken));
    expect(asked.status).toBe(200);
    expect(asked.body.text).toBe(
      '3 clients are due back: Today, Fortnight, Monthly. 2 more clients have lapsed (overdue by more than three usual intervals).',
    );
  });

  it('the client page has the history, usual service and barber, notes and tags', async () => {
    const shop = await nyShop();
    const a = await book(
      shop,
      '2026-12-03T15:00:00Z',
      { name: 'Lu Park', email: 'lu@example.com', phone: '+1 917 555 0114' },
      { barber: 1 },
    );
    const lu = (await clientOf(a.id))!;
    await history(shop, lu, '2026-11-01T14:00:00Z', 'completed', { barber: 1 });
    const auth = bearer(owner.accessToken);
    const tagged = await request(app)
      .patch(`/api/shops/${shop.id}/clients/${lu}`)
      .set(auth)
      .send({ tags: ['VIP', 'Prefers quiet', 'VIP'] });
    expect(tagged.status).toBe(200);
    expect(tagged.body.tags).toEqual(['VIP', 'Prefers quiet']);
    const tooLong = await request(app)
      .patch(`/api/shops/${shop.id}/clients/${lu}`)
      .set(auth)
      .send({ tags: ['x'.repeat(31)] });
    expect([tooLong.status, tooLong.body.error?.message ?? tooLong.body.message]).toEqual([400, CLIENT_MESSAGES.tag]);
    const note = await request(app)
      .post(`/api/shops/${shop.id}/clients/${lu}/notes`)
      .set(auth)
      .send({ body: 'Likes a #2 on the sides' });
    expect(note.status).toBe(201);
    const empty = await request(app).post(`/api/shops/${shop.id}/clients/${lu}/notes`).set(auth).send({ body: '  ' });
    expect(empty.status).toBe(400);

    const page = (await request(app).get(`/api/shops/${shop.id}/clients/${lu}`).set(auth)).body as ClientDetail;
    expect(page.appointments.map((x) => [x.startsAt, x.status, x.barberName, x.price, x.currency])).toEqual([
      ['2026-12-03T15:00:00.000Z', 'confirmed', 'Blake', 25, 'USD'],
      ['2026-11-01T14:00:00.000Z', 'completed', 'Blake', 25, 'USD'],
    ]);
    expect(page.usualService?.name).toBe('Haircut');
    expect(page.usualBarber?.name).toBe('Blake');
    expect(page.tags).toEqual(['VIP', 'Prefers quiet']);
    expect(page.notes.map((n) => [n.body, n.mine])).toEqual([['Likes a #2 on the sides', true]]);
    expect(page.canManage).toBe(true);
    const removed = await request(app).delete(`/api/shops/${shop.id}/clients/${lu}/notes/${note.body.id}`).set(auth);
    expect(removed.status).toBe(204);
  });
});

describe('who may see what', () => {
  it('barbers see the clients they served and add notes; only the owner manages; strangers see nothing', async () => {
    const shop = await nyShop(['Alex']);
    const { user: barber, barberId, name: barberName } = await joinAsBarber(shop);
    const mine = await book(
      { ...shop, barbers: [{ id: barberId } as TestShop['barbers'][number]] },
      '2026-12-03T15:00:00Z',
      {
        name: 'Served',
        email: 'served@example.com',
        phone: '+1 917 555 0115',
      },
    );
    const other = await book(shop, '2026-12-03T16:00:00Z', {
      name: 'Alexs',
      email: 'alexs@example.com',
      phone: '+1 917 555 0116',
    });
    const served = (await clientOf(mine.id))!;
    const notServed = (await clientOf(other.id))!;
    // A booking alone does not make a client "served": a visit with the barber that took place does (issue 23).
    await history(
      { ...shop, barbers: [{ id: barberId } as TestShop['barbers'][number]] },
      served,
      '2026-11-20T15:00:00Z',
      'completed',
    );

    const theirs = (await list(shop, {}, barber.accessToken)).body as ClientList;
    expect(theirs.clients.map((c) => c.name)).toEqual(['Served']);
    expect(
      (await request(app).get(`/api/shops/${shop.id}/clients/${notServed}`).set(bearer(barber.accessToken))).status,
    ).toBe(404);
    const page = await request(app).get(`/api/shops/${shop.id}/clients/${served}`).set(bearer(barber.accessToken));
    expect(page.body.canManage).toBe(false);
    const note = await request(app)
      .post(`/api/shops/${shop.id}/clients/${served}/notes`)
      .set(bearer(barber.accessToken))
      .send({ body: 'Allergic to talc' });
    expect(note.status).toBe(201);
    expect((note.body as ClientNote).authorName).toBe(barberName);
    for (const [method, path, body] of [
      ['patch', `/clients/${served}`, { tags: ['x'] }],
      ['delete', `/clients/${served}`, undefined],
      ['post', `/clients/${served}/merge`, { otherClientId: notServed }],
      ['get', `/clients/${served}/export`, undefined],
      ['post', `/clients/${served}/rebook`, undefined],
    ] as const) {
      const res = await request(app)[method](`/api/shops/${shop.id}${path}`).set(bearer(barber.accessToken)).send(body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    // The owner may delete the barber's note; the barber may not delete the owner's.
    const ownerNote = await request(app)
      .post(`/api/shops/${shop.id}/clients/${served}/notes`)
      .set(bearer(owner.accessToken))
      .send({ body: 'Owner note' });
    expect(
      (
        await request(app)
          .delete(`/api/shops/${shop.id}/clients/${served}/notes/${ownerNote.body.id}`)
          .set(bearer(barber.accessToken))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(app)
          .delete(`/api/shops/${shop.id}/clients/${served}/notes/${note.body.id}`)
          .set(bearer(owner.accessToken))
      ).status,
    ).toBe(204);

    expect((await list(shop, {}, stranger.accessToken)).status).toBe(403);
    expect(
      (await request(app).get(`/api/shops/${shop.id}/clients/${served}`).set(bearer(stranger.accessToken))).status,
    ).toBe(403);
    expect((await request(app).get(`/api/shops/${shop.id}/clients`)).status).toBe(401);
    // Another shop's client id under this shop is unknown here.
    const elsewhere = await nyShop();
    const theirClient = (await clientOf(
      (
        await book(elsewhere, '2026-12-03T15:00:00Z', {
          name: 'Xavi',
          email: 'x@example.com',
          phone: '+1 917 555 0117',
        })
      ).id,
    ))!;
    expect(
      (await request(app).get(`/api/shops/${shop.id}/clients/${theirClient}`).set(bearer(owner.accessToken))).status,
    ).toBe(404);
    expect(
      (await request(app).get(`/api/shops/${shop.id}/clients/not-a-uuid`).set(bearer(owner.accessToken))).status,
    ).toBe(404);
  });
});

describe('merge, export, erase', () => {
  it('merging moves the history and notes; a later booking under the merged e-mail lands on the kept record', async () => {
    const shop = await nyShop();
    const a = await book(shop, '2026-12-03T15:00:00Z', {
      name: 'Sam Ortiz',
      email: 'sam@work.com',
      phone: '+1 917 555 0118',
    });
    const b = await book(shop, '2026-12-04T15:00:00Z', {
      name: 'Sammy',
      email: 'sam@home.com',
      phone: '+1 646 555 0111',
    });
    const keep = (await clientOf(a.id))!;
    const fold = (await clientOf(b.id))!;
    const auth = bearer(owner.accessToken);
    await request(app)
      .patch(`/api/shops/${shop.id}/clients/${fold}`)
      .set(auth)
      .send({ tags: ['VIP'] });
    await request(app).post(`/api/shops/${shop.id}/clients/${fold}/notes`).set(auth).send({ body: 'From B' });
    expect(
      (await request(app).post(`/api/shops/${shop.id}/clients/${keep}/merge`).set(auth).send({ otherClientId: keep }))
        .status,
    ).toBe(400);

    const merged = await request(app)
      .post(`/api/shops/${shop.id}/clients/${keep}/merge`)
      .set(auth)
      .send({ otherClientId: fold });
    expect(merged.status).toBe(200);
    const body = merged.body as ClientDetail;
    expect(body.appointments).toHaveLength(2);
    expect(body).toMatchObject({ email: 'sam@work.com', phone: '+19175550118', tags: ['VIP'] });
    expect(body.notes.map((n) => n.body)).toEqual(['From B']);
    expect((await request(app).get(`/api/shops/${shop.id}/clients/${fold}`).set(auth)).status).toBe(404);
    const later = await book(shop, '2026-12-05T15:00:00Z', {
      name: 'Sammy',
      email: 'SAM@home.com',
      phone: '+1 917 555 0119',
    });
    expect(await clientOf(later.id)).toBe(keep);
    expect((await list(shop)).body.total).toBe(1);
  });

  it('export gives everything held; erase removes the person everywhere and keeps the books', async () => {
    const shop = await nyShop();
    const a = await book(shop, '2026-12-03T15:00:00Z', {
      name: 'Eve Stone',
      email: 'eve@example.com',
      phone: '+1 212 555 0177',
    });
    const eve = (await clientOf(a.id))!;
    await history(shop, eve, '2026-11-01T14:00:00Z', 'completed', {
      name: 'Eve Stone',
      email: 'eve@example.com',
      price: 30,
    });
    const auth = bearer(owner.accessToken);
    await request(app).post(`/api/shops/${shop.id}/clients/${eve}/notes`).set(auth).send({ body: 'Prefers mornings' });
    await db.dataSource.query(
      `INSERT INTO "text_messages" ("shop_id", "appointment_id", "direction", "channel", "kind", "phone", "body", "status")
       VALUES ($1, $2, 'in', 'sms', 'reply', '+12125550177', 'C - see you Eve', 'received')`,
      [shop.id, a.id],
    );
    const queuedBefore = (await db.dataSource.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE "data"->>'appointmentId' = $1 AND "state" = 'created'`,
      [a.id],
    )) as Array<{ n: number }>;
    expect(queuedBefore[0]!.n).toBeGreaterThan(0);

    const exported = await request(app).get(`/api/shops/${shop.id}/clients/${eve}/export`).set(auth);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="client-${eve}.json"`);
    expect(exported.body.client).toMatchObject({ name: 'Eve Stone', email: 'eve@example.com', phone: '+12125550177' });
    expect(exported.body.appointments).toHaveLength(2);
    expect(exported.body.notes.map((n: { body: string }) => n.body)).toEqual(['Prefers mornings']);
    expect(exported.body.textMessages.map((t: { body: string }) => t.body)).toEqual(['C - see you Eve']);

    expect((await request(app).delete(`/api/shops/${shop.id}/clients/${eve}`).set(auth)).status).toBe(204);
    const rows = (await db.dataSource.query(
      `SELECT "client_name", "client_email", "client_phone", "client_phone_e164", "note", "manage_token_hash",
              "status", "service_price"::float8 AS "price"
       FROM "appointments" WHERE "client_id" = $1 ORDER BY "starts_at"`,
      [eve],
    )) as Array<Record<string, unknown>>;
    expect(rows).toEqual([
      {
        client_name: 'Erased client',
        client_email: '',
        client_phone: '',
        client_phone_e164: null,
        note: '',
        manage_token_hash: null,
        status: 'completed',
        price: 30,
      },
      {
        client_name: 'Erased client',
        client_email: '',
        client_phone: '',
        client_phone_e164: null,
        note: '',
        manage_token_hash: null,
        status: 'confirmed',
        price: 25,
      },
    ]);
    const [record] = (await db.dataSource.query(
      `SELECT "name", "email", "phone", "tags" FROM "clients" WHERE "id" = $1`,
      [eve],
    )) as Array<Record<string, unknown>>;
    expect(record).toEqual({ name: 'Erased client', email: null, phone: null, tags: [] });
    expect(await db.dataSource.query(`SELECT 1 FROM "client_notes" WHERE "client_id" = $1`, [eve])).toEqual([]);
    const texts = (await db.dataSource.query(
      `SELECT "phone", "body" FROM "text_messages" WHERE "appointment_id" = $1`,
      [a.id],
    )) as Array<Record<string, unknown>>;
    expect(texts).toEqual([{ phone: '', body: '' }]);
    const queuedAfter = (await db.dataSource.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE "data"->>'appointmentId' = $1 AND "state" = 'created'`,
      [a.id],
    )) as Array<{ n: number }>;
    expect(queuedAfter[0]!.n).toBe(0);
    // Search finds nobody; the erased record cannot be edited, noted or texted.
    for (const q of ['eve', 'stone', '555 0177']) expect((await list(shop, { q })).body.total, q).toBe(0);
    expect(
      (await request(app).post(`/api/shops/${shop.id}/clients/${eve}/notes`).set(auth).send({ body: 'x' })).status,
    ).toBe(409);
    expect((await request(app).post(`/api/shops/${shop.id}/clients/${eve}/rebook`).set(auth)).status).toBe(409);
    // A new booking with the same e-mail is a new record, not the erased one.
    const back = await book(shop, '2026-12-05T15:00:00Z', {
      name: 'Eve Stone',
      email: 'eve@example.com',
      phone: '+1 917 555 0123',
    });
    expect(await clientOf(back.id)).not.toBe(eve);
  });
});

describe('send a rebook link', () => {
  it('e-mails a link to the booking page with their usual service and barber', async () => {
    const shop = await nyShop();
    const mk = (
      (await db.dataSource.query(
        `INSERT INTO "clients" ("shop_id", "name", "email") VALUES ($1, 'Nia Brooks', 'nia@example.com') RETURNING "id"`,
        [shop.id],
      )) as Array<{ id: string }>
    )[0]!.id;
    await history(shop, mk, '2026-09-01T14:00:00Z', 'completed', { barber: 1 });
    await history(shop, mk, '2026-10-01T14:00:00Z', 'completed', { barber: 1 });
    const sent = await request(app).post(`/api/shops/${shop.id}/clients/${mk}/rebook`).set(bearer(owner.accessToken));
    expect(sent.status).toBe(200);
    const link = `http://localhost:3000/shop/${shop.slug}/book?service=${shop.services[0]!.id}&barber=${shop.barbers[1]!.id}`;
    expect(sent.body).toEqual({ channel: 'email', sentTo: 'nia@example.com', link });
    const [mail] = await smtp.waitFor((m) => m.to.includes('nia@example.com'));
    expect(mail!.subject).toContain('Time for your next visit');
    expect(mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(link);

    const nobody = (
      (await db.dataSource.query(`INSERT INTO "clients" ("shop_id", "name") VALUES ($1, 'No Contact') RETURNING "id"`, [
        shop.id,
      ])) as Array<{ id: string }>
    )[0]!.id;
    await history(shop, nobody, '2026-10-01T14:00:00Z', 'completed');
    const refused = await request(app)
      .post(`/api/shops/${shop.id}/clients/${nobody}/rebook`)
      .set(bearer(owner.accessToken));
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message ?? refused.body.message).toBe(CLIENT_MESSAGES.noContact);
  });

  it('texts the link when the shop texts and the client agreed to texts, unless they said STOP', async () => {
    const twilio: FakeTwilio = await startFakeTwilio();
    const texting = await createBookingTestApp(db, {
      clock: createTestClock(NOW),
      configOverrides: {
        PUBLIC_ORIGIN: 'http://localhost:3000',
        SMTP_URL: smtp.url,
        TWILIO_ACCOUNT_SID: twilio.accountSid,
        TWILIO_AUTH_TOKEN: twilio.authToken,
        TWILIO_FROM: twilio.from,
        TWILIO_API_URL: twilio.url,
      },
    });
    try {
      const shop = await nyShop();
      const auth = bearer(owner.accessToken);
      const on = await request(texting).patch(`/api/shops/${shop.id}/messaging`).set(auth).send({ smsEnabled: true });
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      const id = (
        (await db.dataSource.query(
          `INSERT INTO "clients" ("shop_id", "name", "email", "phone") VALUES ($1, 'Ravi Das', 'ravi@example.com', '+12125550188') RETURNING "id"`,
          [shop.id],
        )) as Array<{ id: string }>
      )[0]!.id;
      const visit = await history(shop, id, '2026-10-01T14:00:00Z', 'completed');
      await db.dataSource.query(
        `UPDATE "appointments" SET "reminder_channel" = 'sms', "reminder_consent_at" = now() WHERE "id" = $1`,
        [visit],
      );
      const sent = await request(texting).post(`/api/shops/${shop.id}/clients/${id}/rebook`).set(auth);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body).toMatchObject({ channel: 'sms', sentTo: '+12125550188' });
      const text = twilio.sent.find((m) => m.to === '+12125550188');
      expect(text?.body).toContain(sent.body.link);
      expect(text?.body).toContain('Ravi');

      await db.dataSource.query(`INSERT INTO "text_opt_outs" ("shop_id", "phone") VALUES ($1, '+12125550188')`, [
        shop.id,
      ]);
      const mailed = await request(texting).post(`/api/shops/${shop.id}/clients/${id}/rebook`).set(auth);
      expect(mailed.body).toMatchObject({ channel: 'email', sentTo: 'ravi@example.com' });
      expect(twilio.sent.filter((m) => m.to === '+12125550188')).toHaveLength(1);
    } finally {
      await texting.close();
      await twilio.close();
    }
  });

  it("keeps to the shop's text rules: a number outside its countries gets the e-mail, and its own sender is used", async () => {
    const twilio: FakeTwilio = await startFakeTwilio();
    const texting = await createBookingTestApp(db, {
      clock: createTestClock(NOW),
      configOverrides: {
        PUBLIC_ORIGIN: 'http://localhost:3000',
        SMTP_URL: smtp.url,
        TWILIO_ACCOUNT_SID: twilio.accountSid,
        TWILIO_AUTH_TOKEN: twilio.authToken,
        TWILIO_FROM: twilio.from,
        TWILIO_API_URL: twilio.url,
      },
    });
    try {
      const shop = await nyShop();
      const auth = bearer(owner.accessToken);
      expect(
        (await request(texting).patch(`/api/shops/${shop.id}/messaging`).set(auth).send({ smsEnabled: true })).status,
      ).toBe(200);
      const consented = async (name: string, email: string, phone: string, at: string) => {
        const id = (
          (await db.dataSource.query(
            `INSERT INTO "clients" ("shop_id", "name", "email", "phone") VALUES ($1, $2, $3, $4) RETURNING "id"`,
            [shop.id, name, email, phone],
          )) as Array<{ id: string }>
        )[0]!.id;
        const visit = await history(shop, id, at, 'completed');
        await db.dataSource.query(
          `UPDATE "appointments" SET "reminder_channel" = 'sms', "reminder_consent_at" = now() WHERE "id" = $1`,
          [visit],
        );
        return id;
      };
      // Agreed to texts when the shop still texted the UK; it no longer does.
      const abroad = await consented('Olly Hart', 'olly@example.com', '+447700900123', '2026-10-01T14:00:00Z');
      const mailed = await request(texting).post(`/api/shops/${shop.id}/clients/${abroad}/rebook`).set(auth);
      expect(mailed.status, JSON.stringify(mailed.body)).toBe(200);
      expect(mailed.body).toMatchObject({ channel: 'email', sentTo: 'olly@example.com' });
      expect(twilio.sent.filter((m) => m.to === '+447700900123')).toHaveLength(0);

      // A shop with its own number texts from it.
      const own = '+12125550999';
      twilio.ownNumber(own);
      await db.dataSource.query(`UPDATE "shops" SET "text_from" = $2 WHERE "id" = $1`, [shop.id, own]);
      const local = await consented('Ana Ruiz', 'ana@example.com', '+12125550177', '2026-10-02T14:00:00Z');
      const texted = await request(texting).post(`/api/shops/${shop.id}/clients/${local}/rebook`).set(auth);
      expect(texted.body).toMatchObject({ channel: 'sms', sentTo: '+12125550177' });
      const text = twilio.sent.find((m) => m.to === '+12125550177', '2026-10-02T14:00:00Z');
      expect(text?.from).toBe(own);
    } finally {
      await texting.close();
      await twilio.close();
    }
  });
});
