import {
  BOOKING_MESSAGES,
  type BookedAppointment,
  type PublicWaitlistEntry,
  VISIT_LIMITS,
  VISIT_MESSAGES,
  type WaitlistEntry,
  type WaitlistJoined,
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
  listen,
  setUpShop,
  type TestShop,
} from '../appointments/booking.test-helper';
import type { Mailer, MailMessage } from '../mail/mailer';
import { bearer } from '../shops/shops.test-helper';
import type { WaitlistDeps } from './holds';
import { handleHoldExpiry, runWaitlistCheck } from './offers';
import { handleWaitlistMail } from './waitlist-mails';
import {
  enqueueWaitlistCheck,
  WAITLIST_CHECK_QUEUE,
  WAITLIST_MAIL_QUEUE,
  type WaitlistMailJob,
} from './waitlist-queue';
import { startWaitlistWorker } from './waitlist-worker';

let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;
let deps: WaitlistDeps;
/** Tuesday 2026-12-01, 08:00 UTC; the waitlist is for Wednesday 2026-12-02, open 9:00-12:00. */
const NOW = '2026-12-01T08:00:00Z';
const DAY = '2026-12-02';
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createBookingTestApp(db, {
    clock: createTestClock(NOW),
    configOverrides: { PUBLIC_ORIGIN: ORIGIN },
  });
  owner = await signUpTestUser(app);
  deps = {
    dataSource: db.dataSource,
    config: app.config,
    mailQueue: app.mailQueue,
    now: app.clock.now,
    logger: createLogger('silent'),
  };
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

/** Moves the booking clock on (it keeps running in real time from there). */
const advance = (minutes: number) => app.clock.set(new Date(app.clock.now().getTime() + minutes * 60_000));

const shortDayShop = (barbers = ['Sam']) =>
  setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'UTC', hours_json: everyDay('09:00', '12:00') },
    services: [{ name: 'Haircut', durationMinutes: 60, price: 35 }],
    barbers,
  });

const book = (shop: TestShop, start: string, n = 90, barberId = shop.barbers[0]!.id) =>
  request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({ serviceId: shop.services[0]!.id, barberId, start, client: client(n) });

/** Books 9:00, 10:00 and 11:00 with every barber: the day is full. Returns the appointments by start. */
async function fillDay(shop: TestShop): Promise<Map<string, BookedAppointment>> {
  const booked = new Map<string, BookedAppointment>();
  let n = 90;
  for (const barber of shop.barbers) {
    for (const hour of ['09', '10', '11']) {
      const res = await book(shop, `${DAY}T${hour}:00:00Z`, n++, barber.id);
      expect(res.status).toBe(201);
      booked.set(`${barber.name} ${hour}:00`, res.body);
    }
  }
  return booked;
}

const cancel = async (shop: TestShop, appointment: BookedAppointment) => {
  const res = await request(app)
    .patch(`/api/shops/${shop.id}/appointments/${appointment.id}`)
    .set(bearer(owner.accessToken))
    .send({ status: 'cancelled' });
  expect(res.status).toBe(200);
};

const join = (shop: TestShop, n: number, body: Record<string, unknown> = {}) =>
  request(app)
    .post(`/api/shops/${shop.slug}/waitlist`)
    .send({
      date: DAY,
      windowStart: '09:00',
      windowEnd: '12:00',
      barberId: 'any',
      serviceIds: [shop.services[0]!.id],
      client: client(n),
      ...body,
    });

async function joined(shop: TestShop, n: number, body: Record<string, unknown> = {}): Promise<WaitlistJoined> {
  const res = await join(shop, n, body);
  expect(res.status).toBe(201);
  return res.body;
}

interface HoldDbRow {
  id: string;
  status: string;
  starts_at: Date;
  ends_at: Date;
  expires_at: Date;
  barber_id: string;
  appointment_id: string | null;
}

const holdsOf = (entryId: string) =>
  db.dataSource.query(
    `SELECT "id", "status", "starts_at", "ends_at", "expires_at", "barber_id", "appointment_id" FROM "slot_holds"
     WHERE "waitlist_entry_id" = $1 ORDER BY "created_at"`,
    [entryId],
  ) as Promise<HoldDbRow[]>;

const statusOf = async (entryId: string) =>
  (
    (await db.dataSource.query(`SELECT "status" FROM "waitlist_entries" WHERE "id" = $1`, [entryId])) as Array<{
      status: string;
    }>
  )[0]?.status;

/** The link's token rides in the offer mail's job (only its hash is stored). */
async function holdToken(holdId: string): Promise<string> {
  const [job] = (await db.dataSource.query(
    `SELECT "data" FROM pgboss.job WHERE "name" = $1 AND "data"->>'holdId' = $2`,
    [WAITLIST_MAIL_QUEUE, holdId],
  )) as Array<{ data: WaitlistMailJob }>;
  if (!job) throw new Error(`no offer mail for hold ${holdId}`);
  return job.data.token;
}

/** The one active hold of the entry, with its token. */
async function activeHold(entryId: string): Promise<HoldDbRow & { token: string }> {
  const active = (await holdsOf(entryId)).filter((h) => h.status === 'active');
  expect(active).toHaveLength(1);
  return { ...active[0]!, token: await holdToken(active[0]!.id) };
}

const claim = (token: string, body?: Record<string, unknown>) =>
  request(app)
    .post(`/api/waitlist/holds/${token}/claim`)
    .send(body ?? {});

const capturingMailer = () => {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      sent.push(message);
    },
    close() {},
  };
  return { sent, mailer };
};

describe('joining the waitlist', () => {
  it('answers 201 with the place in line and the leave link; only the token hash is stored, the client linked', async () => {
    const shop = await shortDayShop();
    const first = await joined(shop, 1);
    const second = await joined(shop, 2, { barberId: shop.barbers[0]!.id, windowStart: '10:00', windowEnd: '11:30' });
    expect(first.position).toBe(1);
    expect(second.position).toBe(2);
    expect(second.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.manageUrl).toBe(`${ORIGIN}/shop/${shop.slug}/waitlist/${second.manageToken}`);
    const [row] = await db.dataSource.query(
      `SELECT e."manage_token_hash", e."status", c."email" FROM "waitlist_entries" e
       JOIN "clients" c ON c."id" = e."client_id" WHERE e."id" = $1`,
      [second.id],
    );
    expect(row).toEqual({
      manage_token_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      status: 'waiting',
      email: client(2).email,
    });

    const own = await request(app).get(`/api/waitlist/${second.manageToken}`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      status: 'waiting',
      date: DAY,
      windowStart: '10:00',
      windowEnd: '11:30',
      position: 2,
      barber: { id: shop.barbers[0]!.id, name: 'Sam' },
      services: [{ id: shop.services[0]!.id, name: 'Haircut' }],
      shop: { id: shop.id, slug: shop.slug, name: "Joe's Cuts", timeZone: 'UTC' },
    } satisfies PublicWaitlistEntry);
  });

  it('mails the client their place and the leave link', async () => {
    const shop = await shortDayShop();
    await joined(shop, 1);
    const entry = await joined(shop, 2, { windowStart: '10:00', windowEnd: '11:30' });
    const [job] = (await db.dataSource.query(
      `SELECT "data" FROM pgboss.job WHERE "name" = $1 AND "data"->>'entryId' = $2`,
      [WAITLIST_MAIL_QUEUE, entry.id],
    )) as Array<{ data: WaitlistMailJob }>;
    expect(job?.data).toEqual({ kind: 'joined', entryId: entry.id, token: entry.manageToken });
    const { sent, mailer } = capturingMailer();
    expect(await handleWaitlistMail({ ...deps, mailer, publicOrigin: ORIGIN }, job!.data)).toBe('sent');
    expect(sent[0]).toMatchObject({
      to: client(2).email,
      subject: `You're on the waitlist at Joe's Cuts: Wednesday, December 2, 2026`,
    });
    expect(sent[0]!.text).toContain('starting between 10:00 AM and 11:30 AM');
    expect(sent[0]!.text).toContain('Your place in line: 2.');
    expect(sent[0]!.text).toContain(`See or leave your place: ${entry.manageUrl}`);
  });

  it('links to the shop’s custom domain when it has one', async () => {
    const shop = await shortDayShop();
    await db.dataSource.query(`UPDATE "shops" SET "custom_domain" = 'www.joescuts.com' WHERE "id" = $1`, [shop.id]);
    const entry = await joined(shop, 1);
    expect(entry.manageUrl).toBe(`http://www.joescuts.com:3000/waitlist/${entry.manageToken}`);
  });

  it('refuses a shop without a waitlist, a past day, a day past the horizon, a reversed window', async () => {
    const shop = await shortDayShop();
    const past = await join(shop, 1, { date: '2026-11-30' });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatchObject({
      message: VISIT_MESSAGES.waitlistPast,
      fields: { date: VISIT_MESSAGES.waitlistPast },
    });
    const far = await join(shop, 1, { date: '2027-03-01' });
    expect(far.status).toBe(400);
    expect(far.body.error.message).toBe(BOOKING_MESSAGES.horizon(60));
    const reversed = await join(shop, 1, { windowStart: '11:00', windowEnd: '10:00' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.fields).toEqual({ windowEnd: VISIT_MESSAGES.window });
    // Today is fine.
    expect((await join(shop, 1, { date: '2026-12-01' })).status).toBe(201);

    await db.dataSource.query(`UPDATE "shops" SET "waitlist_enabled" = false WHERE "id" = $1`, [shop.id]);
    const off = await join(shop, 1);
    expect(off.status).toBe(400);
    expect(off.body.error.message).toBe(VISIT_MESSAGES.waitlistOff);
    expect((await request(app).post('/api/shops/no-such-shop/waitlist').send({})).status).toBe(400);
    expect((await join({ ...shop, slug: 'no-such-shop' }, 1)).status).toBe(404);
  });

  it('refuses services and barbers not of the shop, and a barber who does not do the visit', async () => {
    const shop = await shortDayShop();
    const other = await shortDayShop();
    const service = await join(shop, 1, { serviceIds: [other.services[0]!.id] });
    expect(service.status).toBe(400);
    expect(service.body.error.message).toBe(BOOKING_MESSAGES.serviceNotFound);
    const barber = await join(shop, 1, { barberId: other.barbers[0]!.id });
    expect(barber.status).toBe(400);
    expect(barber.body.error.message).toBe(BOOKING_MESSAGES.barberNotFound);

    await db.dataSource.query(`UPDATE "barbers" SET "offers_all_services" = false WHERE "shop_id" = $1`, [shop.id]);
    const named = await join(shop, 1, { barberId: shop.barbers[0]!.id });
    expect(named.status).toBe(400);
    expect(named.body.error.message).toBe(VISIT_MESSAGES.notOffered('Sam', 'Haircut'));
    const any = await join(shop, 1);
    expect(any.status).toBe(400);
    expect(any.body.error.message).toBe(VISIT_MESSAGES.noBarberForVisit);
  });
});

describe('offers', () => {
  it('a freed slot goes to the first in line; expiry passes it to the second, who claims it', async () => {
    const shop = await shortDayShop();
    const booked = await fillDay(shop);
    const [a, b, c] = [await joined(shop, 1), await joined(shop, 2), await joined(shop, 3)];
    // Nothing is free yet.
    expect(await runWaitlistCheck(deps, { shopId: shop.id, date: DAY })).toBe(0);

    await cancel(shop, booked.get('Sam 10:00')!);
    expect(await runWaitlistCheck(deps, { shopId: shop.id, date: DAY })).toBe(1);
    const held = await activeHold(a.id);
    expect(held.starts_at.toISOString()).toBe(`${DAY}T10:00:00.000Z`);
    expect(held.ends_at.toISOString()).toBe(`${DAY}T11:00:00.000Z`);
    expect(held.expires_at.getTime() - app.clock.now().getTime()).toBeGreaterThan(
      (VISIT_LIMITS.holdMinutes - 1) * 60_000,
    );
    expect([await statusOf(a.id), await statusOf(b.id), await statusOf(c.id)]).toEqual([
      'offered',
      'waiting',
      'waiting',
    ]);
    // The slot is offered to one entry at a time: checking again offers nothing more.
    expect(await runWaitlistCheck(deps, { shopId: shop.id, date: DAY })).toBe(0);

    const slot = await request(app).get(`/api/waitlist/holds/${held.token}`);
    expect(slot.status).toBe(200);
    expect(slot.body).toMatchObject({
      status: 'active',
      start: `${DAY}T10:00:00.000Z`,
      end: `${DAY}T11:00:00.000Z`,
      label: 'Wednesday, December 2, 2026 · 10:00 AM',
      barber: { id: shop.barbers[0]!.id, name: 'Sam' },
      services: [{ id: shop.services[0]!.id, name: 'Haircut', durationMinutes: 60, price: 35 }],
      shop: { id: shop.id, slug: shop.slug, timeZone: 'UTC', clock: '12h' },
      client: { name: 'Client 1' },
    });

    // The offer mail carries the claim link.
    const { sent, mailer } = capturingMailer();
    await handleWaitlistMail(
      { ...deps, mailer, publicOrigin: ORIGIN },
      { kind: 'offer', holdId: held.id, token: held.token },
    );
    expect(sent[0]!.to).toBe(client(1).email);
    expect(sent[0]!.text).toContain(`Book it: ${ORIGIN}/shop/${shop.slug}/hold/${held.token}`);

    // A's time runs out: the expiry job passes the slot to B.
    advance(VISIT_LIMITS.holdMinutes + 1);
    expect((await request(app).get(`/api/waitlist/holds/${held.token}`)).body.status).toBe('expired');
    expect(await handleHoldExpiry(deps, { holdId: held.id })).toBe('expired');
    expect((await holdsOf(a.id)).map((h) => h.status)).toEqual(['expired']);
    expect(await statusOf(a.id)).toBe('expired');
    const second = await activeHold(b.id);
    expect(second.starts_at.toISOString()).toBe(`${DAY}T10:00:00.000Z`);
    expect(await statusOf(c.id)).toBe('waiting');

    const res = await claim(second.token);
    expect(res.status).toBe(201);
    const appointment = res.body as BookedAppointment;
    expect(appointment).toMatchObject({
      status: 'confirmed',
      start: `${DAY}T10:00:00.000Z`,
      end: `${DAY}T11:00:00.000Z`,
      barber: { id: shop.barbers[0]!.id },
      client: client(2),
      service: { name: 'Haircut', durationMinutes: 60, price: 35 },
    });
    expect(appointment.manageUrl).toBe(`${ORIGIN}/shop/${shop.slug}/appointments/${appointment.manageToken}`);
    expect((await holdsOf(b.id)).map((h) => [h.status, h.appointment_id])).toEqual([['claimed', appointment.id]]);
    expect(await statusOf(b.id)).toBe('booked');
    // Mailed as a normal booking.
    const mails = await db.dataSource.query(
      `SELECT "data"->>'kind' AS "kind" FROM pgboss.job WHERE "name" = 'booking-mail' AND "data"->>'appointmentId' = $1
       ORDER BY 1`,
      [appointment.id],
    );
    expect(mails.map((m: { kind: string }) => m.kind)).toEqual(
      expect.arrayContaining(['confirmation', 'owner_notice']),
    );
    // The booked slot is gone: C gets nothing.
    expect(await runWaitlistCheck(deps, { shopId: shop.id, date: DAY })).toBe(0);
    expect(await statusOf(c.id)).toBe('waiting');
  });

  it('a window that no free start matches gets no offer; the next entry whose window matches does', async () => {
    const shop = await shortDayShop();
    const booked = await fillDay(shop);
    const early = await joined(shop, 1, { windowStart: '09:00', windowEnd: '10:00' });
    const late = await joined(shop, 2, { windowStart: '10:30', windowEnd: '12:00' });
    const fits = await joined(shop, 3, { windowStart: '09:30', windowEnd: '10:15' });
    await cancel(shop, booked.get('Sam 10:00')!);
    expect(await runWaitlistCheck(deps, { shopId: shop.id, date: DAY })).toBe(1);
    expect(await holdsOf(early.id)).toEqual([]);
    expect(await holdsOf(late.id)).toEqual([]);
    expect((await activeHold(fits.id)).starts_at.toISOString()).toBe(`${DAY}T10:00:00.000Z`);
  });

  it('the buffer counts: the hold covers the cleanup, and a visit whose cleanup runs into the next is not offered', async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'UTC', hours_json: everyDay('09:00', '12:00') },
      services: [{ name: 'Haircut', durationMinutes: 45, price: 35 }],
    });
    await db.dataSource.query(`UPDATE "services" SET "buffer_minutes" = 15 WHERE "shop_id" = $1`, [shop.id]);
    const booked = await fillDay(shop);
    const a = await joined(shop, 1);
    await cancel(shop, booked.get('Sam 10:00')!);
    expect(await runWaitlistCheck(deps, { shopId: shop.id, date: DAY })).toBe(1);
    const hold = await activeHold(a.id);
    expect([hold.starts_at.toISOString(), hold.ends_at.toISOString()]).toEqual([
      `${DAY}T10:00:00.000Z`,
      `${DAY}T11:00:00.000Z`,
    ]);
    // The client sees the visit, not the cleanup.
    expect((await request(app).get(`/api/waitlist/holds/${hold.token}`)).body.end).toBe(`${DAY}T10:45:00.000Z`);

    // With 30 minutes of cleanup, 10:00 would block the barber until 11:15, into the 11:00 visit.
    const b = await joined(shop, 2);
    await request(app).post(`/api/waitlist/${a.manageToken}/leave`);
    await db.dataSource.query(`UPDATE "services" SET "buffer_minutes" = 30 WHERE "shop_id" = $1`, [shop.id]);
    expect(await runWaitlistCheck(deps, { shopId: shop.id, date: DAY })).toBe(0);
    expect(await holdsOf(b.id)).toEqual([]);
  });

  it("'any' takes the earliest free start of any barber who does the visit", async () => {
    const shop = await shortDayShop(['Sam', 'Alex']);
    const booked = await fillDay(shop);
    const entry = await joined(shop, 1);
    await cancel(shop, booked.get('Alex 11:00')!);
    await cancel(shop, booked.get('Sam 10:00')!);
    expect(await runWaitlistCheck(deps, { shopId: shop.id, date: DAY })).toBe(1);
    const hold = await activeHold(entry.id);
    expect([hold.barber_id, hold.starts_at.toISOString()]).toEqual([shop.barbers[0]!.id, `${DAY}T10:00:00.000Z`]);
  });

  it('a claim after expiry is 410 and passes the slot on to the next in line', async () => {
    const shop = await shortDayShop();
    const booked = await fillDay(shop);
    const [a, b] = [await joined(shop, 1), await joined(shop, 2)];
    await cancel(shop, booked.get('Sam 11:00')!);
    await runWaitlistCheck(deps, { shopId: shop.id, date: DAY });
    const held = await activeHold(a.id);

    advance(VISIT_LIMITS.holdMinutes + 1);
    const late = await claim(held.token);
    expect(late.status).toBe(410);
    expect(late.body.error).toMatchObject({ code: 'hold_expired', message: VISIT_MESSAGES.holdExpired });
    expect((await holdsOf(a.id)).map((h) => h.status)).toEqual(['expired']);
    expect(await statusOf(a.id)).toBe('expired');
    // The check for the day is queued in the same transaction; run as the worker would.
    const queued = await db.dataSource.query(
      `SELECT "data" FROM pgboss.job WHERE "name" = $1 AND "data"->>'shopId' = $2 AND "state" = 'created'`,
      [WAITLIST_CHECK_QUEUE, shop.id],
    );
    expect(queued).toEqual([{ data: { shopId: shop.id, date: DAY } }]);
    expect(await runWaitlistCheck(deps, { shopId: shop.id, date: DAY })).toBe(1);
    const next = await activeHold(b.id);
    expect(next.starts_at.toISOString()).toBe(`${DAY}T11:00:00.000Z`);
    expect((await claim(held.token)).status).toBe(410);
    expect((await claim(next.token)).status).toBe(201);
  });

  it('claiming twice: the second is 409; an unknown link is 404', async () => {
    const shop = await shortDayShop();
    const booked = await fillDay(shop);
    const a = await joined(shop, 1);
    await cancel(shop, booked.get('Sam 09:00')!);
    await runWaitlistCheck(deps, { shopId: shop.id, date: DAY });
    const held = await activeHold(a.id);
    const [one, two] = await Promise.all([claim(held.token), claim(held.token)]);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    const again = await claim(held.token);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'hold_taken', message: VISIT_MESSAGES.holdTaken });
    expect((await request(app).get(`/api/waitlist/holds/${held.token}`)).body.status).toBe('claimed');
    const unknown = await claim('x'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(VISIT_MESSAGES.holdNotFound);
    expect((await request(app).get(`/api/waitlist/holds/nope`)).status).toBe(404);
  });

  it('the hold is honoured under 30 concurrent bookings of the held slot; the holder’s claim succeeds', async () => {
    const shop = await shortDayShop();
    const booked = await fillDay(shop);
    const a = await joined(shop, 1);
    await cancel(shop, booked.get('Sam 10:00')!);
    await runWaitlistCheck(deps, { shopId: shop.id, date: DAY });
    const held = await activeHold(a.id);

    const server = await listen(app);
    try {
      const attempts = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          fetch(`${server.url}/api/shops/${shop.slug}/appointments`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              serviceId: shop.services[0]!.id,
              barberId: i % 2 ? 'any' : shop.barbers[0]!.id,
              start: `${DAY}T10:00:00Z`,
              client: client(200 + i),
            }),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: { code: string } } })),
        ),
      );
      expect(attempts.map((r) => r.status)).toEqual(Array(30).fill(409));
      expect(new Set(attempts.map((r) => r.body.error?.code))).toEqual(new Set(['slot_taken']));
    } finally {
      await server.close();
    }
    const res = await claim(held.token);
    expect(res.status).toBe(201);
    const live = await db.dataSource.query(
      `SELECT "client_email" FROM "appointments" WHERE "shop_id" = $1 AND "starts_at" = $2 AND "status" = 'confirmed'`,
      [shop.id, `${DAY}T10:00:00Z`],
    );
    expect(live).toEqual([{ client_email: client(1).email }]);
  });

  it('leaving releases the hold and passes the slot on', async () => {
    const shop = await shortDayShop();
    const booked = await fillDay(shop);
    const [a, b] = [await joined(shop, 1), await joined(shop, 2)];
    await cancel(shop, booked.get('Sam 10:00')!);
    await runWaitlistCheck(deps, { shopId: shop.id, date: DAY });
    const held = await activeHold(a.id);

    const left = await request(app).post(`/api/waitlist/${a.manageToken}/leave`);
    expect(left.status).toBe(204);
    expect((await request(app).get(`/api/waitlist/${a.manageToken}`)).body).toMatchObject({
      status: 'left',
      position: 0,
    });
    expect((await request(app).get(`/api/waitlist/holds/${held.token}`)).body.status).toBe('released');
    expect((await claim(held.token)).status).toBe(410);
    // B moved up, and gets the slot.
    expect((await request(app).get(`/api/waitlist/${b.manageToken}`)).body.position).toBe(1);
    expect(await runWaitlistCheck(deps, { shopId: shop.id, date: DAY })).toBe(1);
    expect((await activeHold(b.id)).starts_at.toISOString()).toBe(`${DAY}T10:00:00.000Z`);
    expect((await request(app).post(`/api/waitlist/${'y'.repeat(43)}/leave`)).status).toBe(404);
  });
});

describe('the owner’s waitlist', () => {
  const list = (shop: TestShop, user = owner, date = DAY) =>
    request(app).get(`/api/shops/${shop.id}/waitlist?date=${date}`).set(bearer(user.accessToken));
  const offer = (shop: TestShop, entryId: string, body: Record<string, unknown>, user = owner) =>
    request(app).post(`/api/shops/${shop.id}/waitlist/${entryId}/offer`).set(bearer(user.accessToken)).send(body);

  it('lists the day in join order with places and current holds', async () => {
    const shop = await shortDayShop();
    const booked = await fillDay(shop);
    const [a, b] = [await joined(shop, 1), await joined(shop, 2, { barberId: shop.barbers[0]!.id })];
    await cancel(shop, booked.get('Sam 09:00')!);
    await runWaitlistCheck(deps, { shopId: shop.id, date: DAY });
    const res = await list(shop);
    expect(res.status).toBe(200);
    const entries = res.body as WaitlistEntry[];
    expect(entries.map((e) => [e.id, e.status, e.position])).toEqual([
      [a.id, 'offered', 1],
      [b.id, 'waiting', 2],
    ]);
    expect(entries[0]).toMatchObject({
      date: DAY,
      windowStart: '09:00',
      windowEnd: '12:00',
      barber: null,
      services: [{ id: shop.services[0]!.id, name: 'Haircut' }],
      client: client(1),
      hold: { start: `${DAY}T09:00:00.000Z`, label: 'Wednesday, December 2, 2026 · 9:00 AM', barberName: 'Sam' },
    });
    expect(entries[1]).toMatchObject({ barber: { id: shop.barbers[0]!.id, name: 'Sam' }, hold: null });
    expect((await list(shop, owner, '2026-12-03')).body).toEqual([]);
  });

  it('offers a time by hand: held and mailed, the previous hold released; a taken time is 409', async () => {
    const shop = await shortDayShop();
    const booked = await fillDay(shop);
    const a = await joined(shop, 1, { windowStart: '11:00', windowEnd: '12:00' });
    const taken = await offer(shop, a.id, { start: `${DAY}T10:00:00Z`, barberId: shop.barbers[0]!.id });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'offer_slot_taken', message: VISIT_MESSAGES.offerSlotTaken });

    await cancel(shop, booked.get('Sam 09:00')!);
    await cancel(shop, booked.get('Sam 10:00')!);
    const first = await offer(shop, a.id, { start: `${DAY}T09:00:00Z`, barberId: shop.barbers[0]!.id });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: a.id, status: 'offered', hold: { start: `${DAY}T09:00:00.000Z` } });
    const firstHold = await activeHold(a.id);

    const second = await offer(shop, a.id, { start: `${DAY}T10:00:00Z`, barberId: shop.barbers[0]!.id });
    expect(second.status).toBe(200);
    expect(second.body.hold).toMatchObject({ start: `${DAY}T10:00:00.000Z`, barberName: 'Sam' });
    expect((await holdsOf(a.id)).map((h) => h.status)).toEqual(['released', 'active']);
    expect((await request(app).get(`/api/waitlist/holds/${firstHold.token}`)).body.status).toBe('released');
    const now = await activeHold(a.id);
    expect((await claim(now.token)).status).toBe(201);

    // A booked entry is out of line; a time outside the hours is refused as a booking would be.
    const done = await offer(shop, a.id, { start: `${DAY}T11:00:00Z`, barberId: shop.barbers[0]!.id });
    expect(done.status).toBe(404);
    const b = await joined(shop, 2);
    const outside = await offer(shop, b.id, { start: `${DAY}T13:00:00Z`, barberId: shop.barbers[0]!.id });
    expect(outside.status).toBe(400);
    expect(outside.body.error.message).toBe(BOOKING_MESSAGES.outsideHours);
  });

  it('removes an entry (204, left) and releases its hold', async () => {
    const shop = await shortDayShop();
    const booked = await fillDay(shop);
    const a = await joined(shop, 1);
    await cancel(shop, booked.get('Sam 11:00')!);
    await runWaitlistCheck(deps, { shopId: shop.id, date: DAY });
    const held = await activeHold(a.id);
    const res = await request(app).delete(`/api/shops/${shop.id}/waitlist/${a.id}`).set(bearer(owner.accessToken));
    expect(res.status).toBe(204);
    expect(await statusOf(a.id)).toBe('left');
    expect((await holdsOf(a.id)).map((h) => h.status)).toEqual(['released']);
    expect((await request(app).get(`/api/waitlist/holds/${held.token}`)).body.status).toBe('released');
  });

  it('is the owner’s only: 401 without a session, 403 for another owner, 404 for an unknown shop or entry', async () => {
    const shop = await shortDayShop();
    const a = await joined(shop, 1);
    const stranger = await signUpTestUser(app);
    const body = { start: `${DAY}T09:00:00Z`, barberId: shop.barbers[0]!.id };
    expect((await request(app).get(`/api/shops/${shop.id}/waitlist`)).status).toBe(401);
    expect((await request(app).post(`/api/shops/${shop.id}/waitlist/${a.id}/offer`).send(body)).status).toBe(401);
    expect((await request(app).delete(`/api/shops/${shop.id}/waitlist/${a.id}`)).status).toBe(401);
    expect((await list(shop, stranger)).status).toBe(403);
    expect((await offer(shop, a.id, body, stranger)).status).toBe(403);
    expect(
      (await request(app).delete(`/api/shops/${shop.id}/waitlist/${a.id}`).set(bearer(stranger.accessToken))).status,
    ).toBe(403);
    const unknownShop = { ...shop, id: '00000000-0000-4000-8000-000000000000' };
    expect((await list(unknownShop)).status).toBe(404);
    expect((await offer(shop, '00000000-0000-4000-8000-000000000000', body)).status).toBe(404);
    expect(await statusOf(a.id)).toBe('waiting');
  });
});

describe('the worker', () => {
  it('runs queued checks and sends the waitlist mails', async () => {
    const shop = await shortDayShop();
    const booked = await fillDay(shop);
    const { sent, mailer } = capturingMailer();
    const worker = await startWaitlistWorker({ ...deps, mailer, pollingIntervalSeconds: 0.5 });
    try {
      const a = await joined(shop, 77);
      // The owner cancels; the check is queued with the cancellation (as the lead wires it) and the worker runs it.
      await cancel(shop, booked.get('Sam 10:00')!);
      await db.dataSource.transaction((manager) => enqueueWaitlistCheck(manager, app.mailQueue, shop.id, DAY));
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && sent.filter((m) => m.to === client(77).email).length < 2) {
        await new Promise((r) => setTimeout(r, 200));
      }
      const subjects = sent.filter((m) => m.to === client(77).email).map((m) => m.subject);
      expect(subjects).toEqual(
        expect.arrayContaining([
          `You're on the waitlist at Joe's Cuts: Wednesday, December 2, 2026`,
          `A time for you at Joe's Cuts: Wednesday, December 2, 2026 · 10:00 AM`,
        ]),
      );
      expect(await statusOf(a.id)).toBe('offered');
    } finally {
      await worker.stop();
    }
  });
});
