import type { BookedVisit } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../../platform/logger';
import { signUpTestUser } from '../../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import {
  type BookingTestApp,
  client,
  createBookingTestApp,
  createTestClock,
  everyDay,
  setUpShop,
  type TestShop,
} from '../booking.test-helper';
import {
  APPOINTMENT_EVENT_QUEUE,
  type AppointmentEventJob,
  type AppointmentListener,
  deliverEvent,
  registerAppointmentListeners,
  startAppointmentEventWorker,
} from '.';

/**
 * Issue 24: a listener's after-commit part (`handle`) runs from the durable queue, once per event: a failure leaves
 * the change committed and is run again; a replay of a done delivery changes nothing.
 */

let db: TestDatabase;
let app: BookingTestApp;
let shop: TestShop;
/** Whether the stand-in follow-up's outside service is down (an SMTP server, a push gateway...). */
let down = true;

/** A follow-up as a new listener file would add one: it records each cancellation it handled. */
const auditListener: AppointmentListener = {
  name: 'test-audit',
  types: ['cancelled'],
  async handle(event, { manager }) {
    if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    await manager.query(`INSERT INTO "test_audit" ("event_id", "appointment_id") VALUES ($1, $2)`, [
      event.id,
      event.appointmentId,
    ]);
  },
};

beforeAll(async () => {
  db = await createTestDatabase();
  await db.dataSource.query(`CREATE TABLE "test_audit" ("event_id" uuid NOT NULL, "appointment_id" uuid NOT NULL)`);
  app = await createBookingTestApp(db, { clock: createTestClock('2026-10-14T14:00:00Z') });
  registerAppointmentListeners([auditListener]);
  const owner = await signUpTestUser(app);
  shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00'), minNoticeMinutes: 0 },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers: ['Marcus'],
  });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

async function bookAndCancel(start: string, n: number): Promise<BookedVisit> {
  const res = await request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({ serviceIds: [shop.services[0]!.id], barberId: shop.barbers[0]!.id, start, client: client(n) });
  expect(res.status).toBe(201);
  expect((await request(app).post(`/api/appointments/manage/${res.body.manageToken}/cancel`).send({})).status).toBe(
    200,
  );
  return res.body;
}

const handlerDeps = () => ({
  dataSource: db.dataSource,
  now: app.clock.now,
  config: app.config,
  logger: createLogger('silent'),
  queue: app.mailQueue,
});

async function jobOf(appointmentId: string): Promise<AppointmentEventJob> {
  const [row] = (await db.dataSource.query(
    `SELECT j."data" FROM pgboss.job j JOIN "appointment_events" e ON e."id" = (j."data"->>'eventId')::uuid
     WHERE j."name" = $1 AND e."appointment_id" = $2 AND j."data"->>'handler' = 'test-audit'`,
    [APPOINTMENT_EVENT_QUEUE, appointmentId],
  )) as Array<{ data: AppointmentEventJob }>;
  return row!.data;
}

const audited = async (appointmentId: string) =>
  (
    (await db.dataSource.query(`SELECT count(*)::int AS "n" FROM "test_audit" WHERE "appointment_id" = $1`, [
      appointmentId,
    ])) as Array<{ n: number }>
  )[0]!.n;

it('a failing handler leaves the cancellation committed and runs again; a replay changes nothing', async () => {
  const booked = await bookAndCancel('2026-10-20T14:00:00.000Z', 1);
  // The job was queued with the change (same transaction), for this listener only.
  const job = await jobOf(booked.id);
  expect(job.handler).toBe('test-audit');

  down = true;
  await expect(deliverEvent(handlerDeps(), job)).rejects.toThrow(/ECONNREFUSED/);
  const manage = await request(app).get(`/api/appointments/manage/${booked.manageToken}`);
  expect(manage.body.status).toBe('cancelled');
  expect(await audited(booked.id)).toBe(0);
  const [queue] = (await db.dataSource.query(
    `SELECT "retry_limit", "retry_backoff" FROM pgboss.queue WHERE "name" = $1`,
    [APPOINTMENT_EVENT_QUEUE],
  )) as Array<{ retry_limit: number; retry_backoff: boolean }>;
  expect(queue).toEqual({ retry_limit: 12, retry_backoff: true });

  down = false;
  expect(await deliverEvent(handlerDeps(), job)).toBe('done');
  expect(await deliverEvent(handlerDeps(), job)).toBe('already');
  expect(await audited(booked.id)).toBe(1);
});

it('the worker runs the queued handler after the commit', async () => {
  down = false;
  const worker = await startAppointmentEventWorker({
    queue: app.mailQueue,
    dataSource: db.dataSource,
    config: app.config,
    logger: createLogger('silent'),
    now: app.clock.now,
    pollingIntervalSeconds: 0.5,
  });
  try {
    const booked = await bookAndCancel('2026-10-20T15:00:00.000Z', 2);
    for (let i = 0; i < 100 && (await audited(booked.id)) === 0; i++) await new Promise((r) => setTimeout(r, 200));
    expect(await audited(booked.id)).toBe(1);
  } finally {
    await worker.stop();
  }
});
