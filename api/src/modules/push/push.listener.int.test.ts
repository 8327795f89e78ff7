import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import {
  type BookingTestApp,
  createBookingTestApp,
  createTestClock,
  everyDay,
  setUpShop,
} from '../appointments/booking.test-helper';
import {
  APPOINTMENT_EVENT_QUEUE,
  type AppointmentEventJob,
  type HandlerDeps,
  loadEvent,
} from '../appointments/lifecycle';
import { bearer } from '../shops/shops.test-helper';
import { type FakePushService, startFakePushService } from './fake-push-service.test-helper';
import { staffPushListener } from './push.listener';
import { configureStaffNotifications } from './push-setup';

/**
 * Issue 26 item 4 through the real routes and the appointment lifecycle (decision 0187): a client books online, the
 * owner moves the visit, the client cancels; each change queues the `staff-push` listener's delivery, and running it
 * pushes to the barber's subscription at the local push service (VAPID checked, payload decrypted).
 */
let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;
let push: FakePushService;
const keys = webpush.generateVAPIDKeys();

beforeAll(async () => {
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  push = await startFakePushService({ applicationServerKey: keys.publicKey });
  db = await createTestDatabase();
  app = await createBookingTestApp(db, { clock: createTestClock('2026-12-02T08:00:00Z') });
  owner = await signUpTestUser(app);
  configureStaffNotifications({ dataSource: db.dataSource, agent: push.agent });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
  await push?.close();
  delete process.env.VAPID_PUBLIC_KEY;
  delete process.env.VAPID_PRIVATE_KEY;
});

/** Runs the queued deliveries of the push listener, as the worker does after the commit. */
async function runPushDeliveries(): Promise<number> {
  const jobs = (await db.dataSource.query(
    `SELECT "id", "data" FROM pgboss.job WHERE "name" = $1 AND "state" = 'created' AND "data"->>'handler' = $2`,
    [APPOINTMENT_EVENT_QUEUE, staffPushListener.name],
  )) as Array<{ id: string; data: AppointmentEventJob }>;
  for (const job of jobs) {
    await db.dataSource.transaction(async (manager) => {
      const event = await loadEvent(manager, job.data.eventId);
      if (event) await staffPushListener.handle!(event, { manager, now: app.clock.now } as unknown as HandlerDeps);
      await manager.query(`UPDATE pgboss.job SET "state" = 'completed' WHERE "id" = $1`, [job.id]);
    });
  }
  return jobs.length;
}

describe('the staff-push lifecycle listener', () => {
  it('pushes a new online booking, a move and a cancellation to the subscribed barber', async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'UTC', hours_json: everyDay('09:00', '18:00'), bookingHorizonDays: 365 },
      services: [{ name: 'Skin fade', durationMinutes: 30, price: 25 }],
      barbers: ['Alex'],
    });
    const code = (await request(app).get(`/api/shops/${shop.id}/join-code`).set(bearer(owner.accessToken))).body.code;
    const barber = await signUpTestUser(app);
    const barberId = (
      await request(app).post('/api/barbers/join').set(bearer(barber.accessToken)).send({ code, name: 'Tony' })
    ).body.barber.id as string;
    const sub = push.subscribe();
    expect(
      (await request(app).post('/api/my/push-subscriptions').set(bearer(barber.accessToken)).send(sub)).status,
    ).toBe(201);
    const mine = () =>
      push.received
        .filter((r) => sub.endpoint.endsWith(`/push/${r.subscriptionId}`))
        .map((r) => r.payload as { event: string; body: string });

    const booked = await request(app)
      .post(`/api/shops/${shop.slug}/appointments`)
      .send({
        serviceId: shop.services[0]!.id,
        barberId,
        start: '2026-12-03T10:00:00Z',
        client: { name: 'Ana López', email: 'ana@example.com', phone: '(212) 555-0142' },
      });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(await runPushDeliveries()).toBe(1);
    expect(mine()).toEqual([
      expect.objectContaining({ event: 'newBooking', body: 'Ana, Skin fade, Thu, Dec 3 · 10:00 AM' }),
    ]);
    // A replayed run finds nothing new to send.
    expect(await runPushDeliveries()).toBe(0);

    const id = (booked.body.id ?? booked.body.appointment?.id) as string;
    const moved = await request(app)
      .post(`/api/shops/${shop.id}/appointments/${id}/move`)
      .set(bearer(owner.accessToken))
      .send({ start: '2026-12-03T11:00:00Z' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await runPushDeliveries();
    expect(mine().at(-1)).toMatchObject({
      event: 'moved',
      body: 'Ana, Skin fade: Thu, Dec 3 · 10:00 AM → Thu, Dec 3 · 11:00 AM',
    });

    const cancelled = await request(app)
      .patch(`/api/shops/${shop.id}/appointments/${id}`)
      .set(bearer(owner.accessToken))
      .send({ status: 'cancelled' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await runPushDeliveries();
    expect(mine().at(-1)).toMatchObject({ event: 'cancellation' });
    expect(push.rejected).toEqual([]);
  });
});
