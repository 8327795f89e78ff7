import type { BookedAppointment } from '@barberly/common';
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
import { type BookingMailQueue, createBookingMailQueue } from './mail-queue';
import { type MailWorker, startMailWorker } from './mail-worker';
import { createMailer, type Mailer } from './mailer';
import { mimePart, startTestSmtpServer, type TestSmtpServer } from './smtp.test-helper';

/**
 * Booking mails through the durable queue to a real SMTP server. The booking clock is a real-time clock set to
 * a chosen instant: a reminder "24 hours before" a start 24 h + 3 s away is due 3 real seconds later.
 */
let db: TestDatabase;
let app: BookingTestApp;
let smtp: TestSmtpServer;
let owner: TestUser;
let shop: TestShop;
let mailer: Mailer;
let worker: MailWorker;
/** Workers started by tests (restarts); stopped at the end. */
const extra: Array<{ worker: MailWorker; queue: BookingMailQueue }> = [];
const clock = createTestClock('2027-01-04T12:00:00Z');
const logger = createLogger('silent');

function startWorker(queue: BookingMailQueue) {
  return startMailWorker({
    queue,
    dataSource: db.dataSource,
    mailer,
    publicOrigin: 'http://localhost:3000',
    now: clock.now,
    logger,
    pollingIntervalSeconds: 0.5,
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startTestSmtpServer();
  app = await createBookingTestApp(db, {
    clock,
    configOverrides: { PUBLIC_ORIGIN: 'http://localhost:3000', SMTP_URL: smtp.url },
  });
  mailer = createMailer({ smtpUrl: smtp.url, logger });
  worker = await startWorker(app.mailQueue);
  owner = await signUpTestUser(app);
  shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('08:00', '20:00'), reminderLeadMinutes: 1440 },
    services: [{ name: 'Skin Fade', durationMinutes: 45, price: 40 }],
    barbers: ['Alex', 'Blake', 'Casey', 'Drew'],
  });
});
afterAll(async () => {
  await worker?.stop();
  for (const e of extra) {
    await e.worker.stop();
    await e.queue.stop();
  }
  mailer?.close();
  await app?.close();
  await smtp?.close();
  await db?.drop();
});

/** Books `start` after moving the clock to 24 h + `dueInSeconds` before it, so its reminder is due that soon. */
async function bookWithReminderIn(start: string, dueInSeconds: number, barberIndex: number, email: string) {
  clock.set(new Date(new Date(start).getTime() - 24 * 3_600_000 - dueInSeconds * 1000));
  const res = await request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({
      serviceId: shop.services[0]!.id,
      barberId: shop.barbers[barberIndex]!.id,
      start,
      client: { ...client(), email },
    });
  expect(res.status).toBe(201);
  return res.body as BookedAppointment;
}

const to = (email: string, subject: string) => (m: { to: string[]; subject: string }) =>
  m.to.includes(email) && m.subject.startsWith(subject);

describe('booking mails', () => {
  it('sends the client a confirmation with the .ics attached and the manage link, and the owner a notice', async () => {
    const email = 'confirm@example.com';
    const booked = await bookWithReminderIn('2027-01-06T15:00:00Z', 3600, 0, email);
    const [confirmation] = await smtp.waitFor(to(email, 'Booked:'));
    expect(confirmation!.subject).toBe("Booked: Skin Fade at Joe's Cuts, 2027-01-06 10:00 AM");
    const text = mimePart(confirmation!.raw, 'text/plain');
    expect(text).toContain('Your appointment is confirmed.');
    expect(text).toContain('When: Wednesday, January 6, 2027 at 10:00 AM (America/New_York)');
    expect(text).toContain(booked.manageUrl);
    const ics = mimePart(confirmation!.raw, 'text/calendar');
    expect(ics).toContain('BEGIN:VCALENDAR\r\n');
    expect(ics).toContain('DTSTART:20270106T150000Z\r\n');
    expect(ics).toContain('DTEND:20270106T154500Z\r\n');
    expect(ics).toContain(`UID:${booked.id}@barberly`);
    expect(confirmation!.raw).toMatch(/filename="?appointment\.ics"?/);

    const [notice] = await smtp.waitFor(to(owner.email, 'New booking:'));
    expect(mimePart(notice!.raw, 'text/plain')).toContain('Client: Client 1, confirm@example.com, +1 555 0100');
  });

  it('delivers the reminder once, when it is due (lead time before the start)', async () => {
    const email = 'remind@example.com';
    const start = '2027-01-07T15:00:00Z';
    await bookWithReminderIn(start, 3, 1, email);
    const [reminder] = await smtp.waitFor(to(email, 'Reminder:'));
    // Due at start - 24 h on the booking clock; it did not go out before.
    const dueAt = new Date(start).getTime() - 24 * 3_600_000;
    const sentAtOnClock = clock.now().getTime() - (Date.now() - reminder!.at.getTime());
    expect(sentAtOnClock).toBeGreaterThanOrEqual(dueAt);
    expect(mimePart(reminder!.raw, 'text/plain')).toContain('A reminder of your appointment.');
    // A later reminder as a marker: once it has arrived, the first would have been sent again if it ever were.
    await bookWithReminderIn('2027-01-07T16:00:00Z', 2, 1, 'marker1@example.com');
    await smtp.waitFor(to('marker1@example.com', 'Reminder:'));
    expect(smtp.received.filter(to(email, 'Reminder:'))).toHaveLength(1);
  });

  it('survives a worker restart: a reminder queued before it is delivered exactly once after', async () => {
    const email = 'restart@example.com';
    // Book (the reminder is due in 3 s), then stop the worker as a process exit would: the job waits in Postgres.
    await bookWithReminderIn('2027-01-08T15:00:00Z', 3, 2, email);
    await worker.stop();
    const queue = createBookingMailQueue({ connectionString: db.url, logger, supervise: true });
    const restarted = await startWorker(queue);
    extra.push({ worker: restarted, queue });
    await smtp.waitFor(to(email, 'Reminder:'));
    await bookWithReminderIn('2027-01-08T16:00:00Z', 2, 2, 'marker2@example.com');
    await smtp.waitFor(to('marker2@example.com', 'Reminder:'));
    expect(smtp.received.filter(to(email, 'Reminder:'))).toHaveLength(1);
    expect(smtp.received.filter(to(email, 'Booked:'))).toHaveLength(1);
  });

  it('a cancelled appointment gets a cancellation notice and no reminder', async () => {
    const email = 'cancel@example.com';
    const booked = await bookWithReminderIn('2027-01-09T15:00:00Z', 4, 3, email);
    const cancel = await request(app).post(`/api/appointments/manage/${booked.manageToken}/cancel`);
    expect(cancel.status).toBe(200);
    const [notice] = await smtp.waitFor(to(email, 'Cancelled:'));
    expect(mimePart(notice!.raw, 'text/calendar')).toContain('STATUS:CANCELLED');
    await smtp.waitFor(to(owner.email, 'Cancelled:'));
    // A marker due after the cancelled reminder would have been.
    await bookWithReminderIn('2027-01-09T17:00:00Z', 6, 3, 'marker3@example.com');
    await smtp.waitFor(to('marker3@example.com', 'Reminder:'));
    expect(smtp.received.filter(to(email, 'Reminder:'))).toHaveLength(0);
  });
});
