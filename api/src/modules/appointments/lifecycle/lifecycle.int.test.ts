import type { AppointmentHistory, BookedVisit } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/logger';
import { signUpTestUser, type TestUser } from '../../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { BOOKING_MAIL_QUEUE } from '../../mail/mail-queue';
import { handleBookingMail } from '../../mail/mail-worker';
import { createMailer } from '../../mail/mailer';
import { startTestSmtpServer } from '../../mail/smtp.test-helper';
import { bearer } from '../../shops/shops.test-helper';
import { WAITLIST_CHECK_QUEUE } from '../../waitlist/waitlist-queue';
import { loadAppointmentContext } from '../appointment-view';
import {
  type BookingTestApp,
  client,
  createBookingTestApp,
  createTestClock,
  everyDay,
  setUpShop,
  type TestShop,
} from '../booking.test-helper';
import { appointmentListeners, loadEvent } from '.';

/**
 * Issue 24: every change goes through the lifecycle, which writes its event with it; the follow-ups (mails, the
 * waitlist's check) are the listeners', queued in the same transaction, each once.
 */

let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;
let shop: TestShop;
/** Wednesday 2026-10-14, 10:00 in New York. */
const NOW = '2026-10-14T14:00:00Z';
/** Tuesday 2026-10-20 in New York (EDT, UTC-4). */
const DAY = '2026-10-20';
const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00-04:00`).toISOString();

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createBookingTestApp(db, { clock: createTestClock(NOW) });
  owner = await signUpTestUser(app);
  shop = await setUpShop(app, owner.accessToken, {
    settings: {
      timeZone: 'America/New_York',
      hours_json: everyDay('09:00', '18:00'),
      minNoticeMinutes: 0,
      clientsMayRepeat: true,
      waitlistEnabled: true,
      reminderLeadMinutes: 1440,
    },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers: ['Marcus'],
  });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

let n = 0;
async function book(start: string, body: Record<string, unknown> = {}): Promise<BookedVisit> {
  n += 1;
  const res = await request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({ serviceIds: [shop.services[0]!.id], barberId: shop.barbers[0]!.id, start, client: client(n), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The appointment's events, as (type, actor kind). */
async function eventsOf(id: string): Promise<string[]> {
  const rows = (await db.dataSource.query(
    `SELECT "type", "actor_kind" FROM "appointment_events" WHERE "appointment_id" = $1 ORDER BY "seq"`,
    [id],
  )) as Array<{ type: string; actor_kind: string }>;
  return rows.map((r) => `${r.type} by ${r.actor_kind}`);
}

/** The booking mails queued for the appointment, as 'kind v{version}', sorted. */
async function mailsOf(id: string): Promise<string[]> {
  const rows = (await db.dataSource.query(
    `SELECT "data"->>'kind' AS "kind", "data"->>'version' AS "version" FROM pgboss.job
     WHERE "name" = $1 AND "data"->>'appointmentId' = $2`,
    [BOOKING_MAIL_QUEUE, id],
  )) as Array<{ kind: string; version: string }>;
  return rows.map((r) => `${r.kind} v${r.version}`).sort();
}

/** Waitlist checks waiting to run for the shop's day. */
async function checksOf(date: string): Promise<number> {
  const [row] = (await db.dataSource.query(
    `SELECT count(*)::int AS "n" FROM pgboss.job WHERE "name" = $1 AND "data"->>'shopId' = $2 AND "data"->>'date' = $3
       AND "state" = 'created'`,
    [WAITLIST_CHECK_QUEUE, shop.id, date],
  )) as Array<{ n: number }>;
  return row!.n;
}

/** Someone waits for the day; the check their joining queued has run (as the worker would). */
async function someoneWaits(date: string) {
  const res = await request(app)
    .post(`/api/shops/${shop.slug}/waitlist`)
    .send({
      date,
      windowStart: '16:00',
      windowEnd: '17:00',
      barberId: 'any',
      serviceIds: [shop.services[0]!.id],
      client: client(99),
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const boss = app.mailQueue.boss;
  for (const job of await boss.fetch(WAITLIST_CHECK_QUEUE, { batchSize: 10 })) {
    await boss.complete(WAITLIST_CHECK_QUEUE, job.id);
  }
  expect(await checksOf(date)).toBe(0);
}

const history = (appointmentId: string, token = owner.accessToken) =>
  request(app).get(`/api/shops/${shop.id}/appointments/${appointmentId}/events`).set(bearer(token));

describe('each transition writes its event, and its follow-ups are queued once', () => {
  it('online booking: booked by the client; confirmation, owner notice and reminder', async () => {
    const booked = await book(at('09:00'));
    expect(await eventsOf(booked.id)).toEqual(['booked by client']);
    expect(await mailsOf(booked.id)).toEqual(['confirmation v1', 'owner_notice v1', 'reminder v1']);
  });

  it('cancel from the manage link: the full list is the two notices and one waitlist check of the day', async () => {
    const booked = await book(at('09:30'));
    await someoneWaits(DAY);
    const res = await request(app).post(`/api/appointments/manage/${booked.manageToken}/cancel`).send({});
    expect(res.status).toBe(200);
    expect(await eventsOf(booked.id)).toEqual(['booked by client', 'cancelled by client']);
    // The reminder v1 stays queued but stale: the worker drops a reminder whose version moved on.
    expect(await mailsOf(booked.id)).toEqual([
      'cancellation v2',
      'confirmation v1',
      'owner_cancellation v2',
      'owner_notice v1',
      'reminder v1',
    ]);
    expect(await checksOf(DAY)).toBe(1);
  });

  it('move from the manage link: the rescheduled mail, a fresh reminder, and a check of the day it left', async () => {
    const booked = await book(at('10:00'));
    const res = await request(app)
      .post(`/api/appointments/manage/${booked.manageToken}/reschedule`)
      .send({ start: '2026-10-21T14:00:00.000Z' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await eventsOf(booked.id)).toEqual(['booked by client', 'moved by client']);
    expect(await mailsOf(booked.id)).toEqual([
      'confirmation v1',
      'owner_notice v1',
      'reminder v1',
      'reminder v2',
      'rescheduled v2',
    ]);
    // Someone waits for the 20th (the day it left): its check is the one (already queued by the cancel above).
    expect(await checksOf(DAY)).toBe(1);
    expect(await checksOf('2026-10-21')).toBe(0);
  });

  it('no-show set by the owner: the event names the owner; nothing else follows', async () => {
    const booked = await book(at('11:00'));
    const before = await mailsOf(booked.id);
    const res = await request(app)
      .patch(`/api/shops/${shop.id}/appointments/${booked.id}`)
      .set(bearer(owner.accessToken))
      .send({ status: 'no_show' });
    expect(res.status).toBe(200);
    const rows = (await db.dataSource.query(
      `SELECT "type", "actor_kind", "actor_id", "before"->>'status' AS "was", "after"->>'status' AS "is"
       FROM "appointment_events" WHERE "appointment_id" = $1 ORDER BY "seq"`,
      [booked.id],
    )) as Array<Record<string, string>>;
    expect(rows.at(-1)).toEqual({
      type: 'no_show',
      actor_kind: 'staff',
      actor_id: owner.userId,
      was: 'confirmed',
      is: 'no_show',
    });
    expect(await mailsOf(booked.id)).toEqual(before);
    // Setting it again changes nothing and writes no second event.
    await request(app)
      .patch(`/api/shops/${shop.id}/appointments/${booked.id}`)
      .set(bearer(owner.accessToken))
      .send({ status: 'no_show' });
    expect(await eventsOf(booked.id)).toEqual(['booked by client', 'no_show by staff']);
  });

  it('walk-in: booked by the staff, and no mail at all', async () => {
    const res = await request(app)
      .post(`/api/shops/${shop.id}/walk-in`)
      .set(bearer(owner.accessToken))
      .send({ serviceId: shop.services[0]!.id, barberId: 'any' });
    // Today (the 14th, 10:00 New York) has room from 10:00 on.
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await eventsOf(res.body.id)).toEqual(['booked by staff']);
    expect(await mailsOf(res.body.id)).toEqual([]);
  });

  it('series cancel (this and the following): each visit cancelled with its event and its two notices', async () => {
    const first = await book(at('15:00'), { repeat: { intervalWeeks: 1, count: 3 } });
    const ids = [first.id, ...(first.series?.booked ?? []).map((b) => b.id).filter((id) => id !== first.id)];
    expect(ids).toHaveLength(3);
    // The later visits are the series' own: reminders only, no confirmation or owner notice of their own.
    expect(await eventsOf(ids[1]!)).toEqual(['booked by client']);
    expect(await mailsOf(ids[1]!)).toEqual(['reminder v1']);
    await someoneWaits('2026-10-27');

    const res = await request(app)
      .patch(`/api/shops/${shop.id}/appointments/${first.id}`)
      .set(bearer(owner.accessToken))
      .send({ status: 'cancelled', scope: 'following' });
    expect(res.status).toBe(200);
    expect(await eventsOf(first.id)).toEqual(['booked by client', 'series_joined by client', 'cancelled by staff']);
    for (const id of ids.slice(1)) {
      expect(await eventsOf(id)).toEqual(['booked by client', 'cancelled by staff']);
      expect(await mailsOf(id)).toEqual(['cancellation v2', 'owner_cancellation v2', 'reminder v1']);
    }
    expect(await mailsOf(first.id)).toEqual([
      'cancellation v2',
      'confirmation v1',
      'owner_cancellation v2',
      'owner_notice v1',
      'reminder v1',
    ]);
    expect(await checksOf('2026-10-27')).toBe(1);
  });
});

describe('replay', () => {
  it('every listener run again on the same event queues nothing more', async () => {
    const booked = await book(at('12:00'));
    await request(app).post(`/api/appointments/manage/${booked.manageToken}/cancel`).send({});
    const ids = (await db.dataSource.query(
      `SELECT "id" FROM "appointment_events" WHERE "appointment_id" = $1 ORDER BY "seq"`,
      [booked.id],
    )) as Array<{ id: string }>;
    const jobs = async () =>
      ((await db.dataSource.query(`SELECT count(*)::int AS "n" FROM pgboss.job`)) as Array<{ n: number }>)[0]!.n;
    const before = await jobs();
    const listeners = appointmentListeners();
    // Every registered listener (listeners.ts grows: push, payments...), the mail and waitlist ones at least.
    expect(listeners.map((l) => l.name)).toEqual(expect.arrayContaining(['booking-mail', 'waitlist-offer']));
    for (const { id } of ids) {
      for (let run = 0; run < 2; run++) {
        await db.dataSource.transaction(async (manager) => {
          const event = (await loadEvent(manager, id))!;
          const ctx = (await loadAppointmentContext(manager, { id: booked.id }))!;
          for (const listener of listeners.filter((l) => l.types.includes(event.type))) {
            await listener.enqueue?.(event, {
              manager,
              queue: app.mailQueue,
              now: app.clock.now(),
              appointment: ctx.appointment,
              shop: ctx.shop,
            });
          }
        });
      }
    }
    expect(await jobs()).toBe(before);
  });
});

describe('a failing follow-up', () => {
  it('the mail server down: the booking stays, the mail is retried later, then sent once', async () => {
    const booked = await book(at('13:00'));
    const logger = createLogger('silent');
    const [job] = (await db.dataSource.query(
      `SELECT "id", "data" FROM pgboss.job WHERE "name" = $1 AND "data"->>'appointmentId' = $2 AND "data"->>'kind' = 'confirmation'`,
      [BOOKING_MAIL_QUEUE, booked.id],
    )) as Array<{ id: string; data: Parameters<typeof handleBookingMail>[1] }>;
    // Nothing listens on port 1: the send fails, as the worker's would.
    const down = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', logger });
    const deps = { dataSource: db.dataSource, publicOrigin: 'http://localhost:3000', now: app.clock.now, logger };
    await expect(handleBookingMail({ ...deps, mailer: down }, job!.data)).rejects.toThrow();
    down.close();
    // Committed all the same; the queue retries the job with backoff (a day of attempts).
    const manage = await request(app).get(`/api/appointments/manage/${booked.manageToken}`);
    expect(manage.body.status).toBe('confirmed');
    const [queue] = (await db.dataSource.query(
      `SELECT "retry_limit", "retry_backoff" FROM pgboss.queue WHERE "name" = $1`,
      [BOOKING_MAIL_QUEUE],
    )) as Array<{ retry_limit: number; retry_backoff: boolean }>;
    expect(queue).toEqual({ retry_limit: 12, retry_backoff: true });

    const smtp = await startTestSmtpServer();
    const up = createMailer({ smtpUrl: smtp.url, logger });
    try {
      expect(await handleBookingMail({ ...deps, mailer: up }, job!.data)).toBe('sent');
      expect(await handleBookingMail({ ...deps, mailer: up }, job!.data)).toBe('skipped');
      expect(smtp.received.filter((m) => m.to.includes(client(n).email))).toHaveLength(1);
    } finally {
      up.close();
      await smtp.close();
    }
  });
});

describe('GET /api/shops/{id}/appointments/{appointmentId}/events', () => {
  it('reads the history in words, for the owner and the barber of the chair', async () => {
    const booked = await book(at('16:00'));
    await request(app)
      .post(`/api/appointments/manage/${booked.manageToken}/reschedule`)
      .send({ start: at('16:30') })
      .expect(200);
    const res = await history(booked.id);
    expect(res.status).toBe(200);
    const body = res.body as AppointmentHistory;
    expect(body.timeZone).toBe('America/New_York');
    expect(body.events.map((e) => e.text)).toEqual(['Booked online by the client', 'Moved to 4:30 PM by the client']);
    expect(body.events[1]).toMatchObject({ type: 'moved', actor: { kind: 'client', name: null } });
    expect(body.events[1]!.before!.start).toBe(at('16:00'));

    // The owner moves it: named by their barber name when they have a chair, else their first name or the shop.
    await request(app)
      .patch(`/api/shops/${shop.id}/appointments/${booked.id}`)
      .set(bearer(owner.accessToken))
      .send({ status: 'completed' })
      .expect(200);
    const after = (await history(booked.id)).body as AppointmentHistory;
    expect(after.events.at(-1)!.text).toMatch(/^Marked completed by /);
  });

  it('answers 401 without a session, 403 to someone else, 404 for an unknown appointment', async () => {
    const booked = await book(at('17:00'));
    expect((await request(app).get(`/api/shops/${shop.id}/appointments/${booked.id}/events`)).status).toBe(401);
    const stranger = await signUpTestUser(app);
    expect((await history(booked.id, stranger.accessToken)).status).toBe(403);
    expect((await history('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await history('nope')).status).toBe(404);
  });
});
