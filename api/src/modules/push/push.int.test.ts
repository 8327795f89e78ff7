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
  type TestShop,
} from '../appointments/booking.test-helper';
import { bearer } from '../shops/shops.test-helper';
import { type AppointmentEventLike, notifyAppointmentEvent, notifyClientText } from './appointment-notice';
import { type FakePushService, startFakePushService } from './fake-push-service.test-helper';
import type { StaffMail } from './staff-notify';
import { vapidFromEnv } from './vapid';

/**
 * Issue 26 item 4: web push to barbers and owners, delivered to a local push service that checks the VAPID
 * signature and decrypts the payload (RFC 8030, 8291, 8292); each event on and off per person; a gone subscription
 * deleted; e-mail as the fallback for those who chose it.
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
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
  await push?.close();
  delete process.env.VAPID_PUBLIC_KEY;
  delete process.env.VAPID_PRIVATE_KEY;
});

async function shopWithBarber(): Promise<{ shop: TestShop; barber: TestUser; barberId: string }> {
  const shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00'), bookingHorizonDays: 365 },
    services: [{ name: 'Skin fade', durationMinutes: 30, price: 25 }],
    barbers: ['Alex'],
  });
  const code = (await request(app).get(`/api/shops/${shop.id}/join-code`).set(bearer(owner.accessToken))).body.code;
  const barber = await signUpTestUser(app);
  const joined = await request(app)
    .post('/api/barbers/join')
    .set(bearer(barber.accessToken))
    .send({ code, name: 'Tony' });
  return { shop, barber, barberId: joined.body.barber.id };
}

async function book(shop: TestShop, barberId: string, start: string, name: string): Promise<string> {
  const res = await request(app)
    .post(`/api/shops/${shop.id}/bookings`)
    .set(bearer(owner.accessToken))
    .send({
      serviceIds: [shop.services[0]!.id],
      barberId,
      start,
      client: { name, email: 'client@example.com', phone: '(212) 555-0142' },
      notify: false,
    });
  expect(res.status).toBe(201);
  return res.body.id ?? res.body.appointment?.id;
}

const subscribe = async (token: string) => {
  const sub = push.subscribe();
  const res = await request(app).post('/api/my/push-subscriptions').set(bearer(token)).send(sub);
  expect(res.status).toBe(201);
  return sub;
};

const event = (shopId: string, appointmentId: string, over: Partial<AppointmentEventLike>): AppointmentEventLike => ({
  id: crypto.randomUUID(),
  shopId,
  appointmentId,
  type: 'booked',
  actor: { kind: 'client' },
  via: 'online',
  before: null,
  after: null,
  data: {},
  ...over,
});

const pushesTo = (endpoint: string) =>
  push.received
    .filter((r) => endpoint.endsWith(`/push/${r.subscriptionId}`))
    .map((r) => r.payload as { title: string; body: string; event: string });

describe('web push api', () => {
  it('gives the VAPID key, keeps the caller’s subscriptions and refuses bad ones in words', async () => {
    expect((await request(app).get('/api/push/key')).body).toEqual({ publicKey: keys.publicKey });
    const { barber } = await shopWithBarber();
    await subscribe(barber.accessToken);
    const bad = await request(app)
      .post('/api/my/push-subscriptions')
      .set(bearer(barber.accessToken))
      .send({ endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.endpoint).toBe('Enter the push service address the browser gave (https)');
    expect((await request(app).post('/api/my/push-subscriptions').send(push.subscribe())).status).toBe(401);
    const prefs = await request(app).get('/api/my/notification-preferences').set(bearer(barber.accessToken));
    expect(prefs.body.pushSubscriptions).toBe(1);
    expect(prefs.body.push).toEqual({
      newBooking: true,
      cancellation: true,
      moved: true,
      clientText: true,
      waitlistClaim: true,
    });
    const put = await request(app)
      .put('/api/my/notification-preferences')
      .set(bearer(barber.accessToken))
      .send({ push: { moved: false }, email: { clientText: false } });
    expect(put.status).toBe(200);
    expect(put.body.push.moved).toBe(false);
    expect(put.body.email.clientText).toBe(false);
    const wrong = await request(app)
      .put('/api/my/notification-preferences')
      .set(bearer(barber.accessToken))
      .send({ push: { lunch: true } });
    expect(wrong.status).toBe(400);
  });
});

describe('pushes for each event', () => {
  it('reaches the barber and the owner, signed and encrypted, as each chose; a gone subscription is deleted', async () => {
    const { shop, barber, barberId } = await shopWithBarber();
    const barberSub = await subscribe(barber.accessToken);
    const ownerSub = await subscribe(owner.accessToken);
    const deps = { manager: db.dataSource.manager, vapid: vapidFromEnv(), agent: push.agent };
    const id = await book(shop, barberId, '2026-12-03T15:00:00Z', 'Ana María López');
    const after = { start: '2026-12-03T15:00:00Z', barberId };

    await notifyAppointmentEvent(deps, event(shop.id, id, { type: 'booked', after }));
    expect(pushesTo(barberSub.endpoint)).toEqual([
      expect.objectContaining({
        event: 'newBooking',
        title: 'New booking',
        body: 'Ana, Skin fade, Thu, Dec 3 · 10:00 AM',
      }),
    ]);
    expect(pushesTo(ownerSub.endpoint)).toHaveLength(1);

    await notifyAppointmentEvent(deps, event(shop.id, id, { type: 'booked', via: 'waitlist', after }));
    expect(pushesTo(barberSub.endpoint).at(-1)).toMatchObject({ event: 'waitlistClaim', title: 'Waitlist claim' });

    // The barber turns "moved" off: the owner still hears of it, the barber does not.
    await request(app)
      .put('/api/my/notification-preferences')
      .set(bearer(barber.accessToken))
      .send({ push: { moved: false } });
    const moved = { start: '2026-12-03T16:00:00Z', barberId };
    await notifyAppointmentEvent(deps, event(shop.id, id, { type: 'moved', before: after, after: moved }));
    expect(pushesTo(barberSub.endpoint).map((p) => p.event)).not.toContain('moved');
    expect(pushesTo(ownerSub.endpoint).at(-1)).toMatchObject({
      event: 'moved',
      body: 'Ana, Skin fade: Thu, Dec 3 · 10:00 AM → Thu, Dec 3 · 11:00 AM',
    });

    await notifyAppointmentEvent(deps, event(shop.id, id, { type: 'cancelled', before: moved, after: moved }));
    expect(pushesTo(barberSub.endpoint).at(-1)).toMatchObject({
      event: 'cancellation',
      body: 'Ana cancelled Skin fade, Thu, Dec 3 · 11:00 AM',
    });

    await notifyClientText(deps, {
      shopId: shop.id,
      barberId,
      clientName: 'Ana María López',
      body: 'Running 5 min late',
    });
    expect(pushesTo(barberSub.endpoint).at(-1)).toMatchObject({
      event: 'clientText',
      title: 'Text from Ana',
      body: 'Running 5 min late',
    });

    // The staff member who made the change is not told; the owner moving a visit tells the barber.
    const before = pushesTo(ownerSub.endpoint).length;
    await notifyAppointmentEvent(
      deps,
      event(shop.id, id, { type: 'booked', actor: { kind: 'staff', id: owner.userId }, after }),
    );
    expect(pushesTo(ownerSub.endpoint)).toHaveLength(before);

    // The phone unsubscribed at the push service: 410, and the subscription is gone from the database.
    push.drop(barberSub.endpoint, 410);
    const result = await notifyAppointmentEvent(deps, event(shop.id, id, { type: 'booked', after }));
    expect(result?.gone).toBe(1);
    const prefs = await request(app).get('/api/my/notification-preferences').set(bearer(barber.accessToken));
    expect(prefs.body.pushSubscriptions).toBe(0);
    expect(push.rejected.filter((r) => r.status === 403)).toEqual([]);
  });

  it('a 404 from the push service deletes the subscription too; e-mail goes to those who chose it and got no push', async () => {
    const { shop, barber, barberId } = await shopWithBarber();
    const sub = await subscribe(barber.accessToken);
    push.drop(sub.endpoint, 404);
    const mails: StaffMail[] = [];
    const deps = {
      manager: db.dataSource.manager,
      vapid: vapidFromEnv(),
      agent: push.agent,
      sendMail: async (m: StaffMail) => void mails.push(m),
      publicOrigin: 'https://admin.example.com',
    };
    const id = await book(shop, barberId, '2026-12-04T15:00:00Z', 'Bo Diddley');
    const result = await notifyAppointmentEvent(
      deps,
      event(shop.id, id, { type: 'booked', after: { start: '2026-12-04T15:00:00Z', barberId } }),
    );
    expect(result?.gone).toBe(1);
    // The barber (e-mail on by default) is mailed; the owner has e-mail off by default and a push subscription.
    expect(mails.map((m) => m.to)).toContain(barber.email);
    expect(mails.find((m) => m.to === barber.email)).toMatchObject({ subject: 'New booking' });
    expect(mails.find((m) => m.to === barber.email)?.text).toContain('https://admin.example.com/dashboard');
    await request(app)
      .put('/api/my/notification-preferences')
      .set(bearer(barber.accessToken))
      .send({ email: { newBooking: false } });
    mails.length = 0;
    await notifyAppointmentEvent(
      deps,
      event(shop.id, id, { type: 'booked', after: { start: '2026-12-04T15:00:00Z', barberId } }),
    );
    expect(mails.map((m) => m.to)).not.toContain(barber.email);
  });

  it('a push signed with another key is refused by the push service (the fake checks VAPID)', async () => {
    const { shop, barber, barberId } = await shopWithBarber();
    const sub = await subscribe(barber.accessToken);
    const id = await book(shop, barberId, '2026-12-05T15:00:00Z', 'Cy Young');
    const other = webpush.generateVAPIDKeys();
    await notifyAppointmentEvent(
      {
        manager: db.dataSource.manager,
        vapid: { ...other, subject: 'mailto:no-reply@barberly.local' },
        agent: push.agent,
      },
      event(shop.id, id, { type: 'booked', after: { start: '2026-12-05T15:00:00Z', barberId } }),
    );
    expect(pushesTo(sub.endpoint)).toEqual([]);
    expect(push.rejected.at(-1)).toEqual({ status: 403, reason: 'k is not the application server key' });
  });
});
