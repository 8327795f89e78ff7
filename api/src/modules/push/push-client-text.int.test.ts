import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import webpush from 'web-push';
import { signUpTestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import {
  type BookingTestApp,
  createBookingTestApp,
  createTestClock,
  everyDay,
  listen,
  setUpShop,
} from '../appointments/booking.test-helper';
import type { BookingMailJob } from '../mail/mail-queue';
import { handleBookingMail } from '../mail/mail-worker';
import { type FakeTwilio, startFakeTwilio } from '../messaging/fake-twilio.test-helper';
import { createTextProvider, INBOUND_PATH } from '../messaging/twilio';
import { bearer } from '../shops/shops.test-helper';
import { type FakePushService, startFakePushService } from './fake-push-service.test-helper';
import { configureStaffNotifications } from './push-setup';

/**
 * Issue 26 item 4: a client's text that lands in the shop's inbox (Twilio's signed inbound webhook, through the
 * real route) is pushed to the barber of their next visit, as they chose.
 */
const PUBLIC_ORIGIN = 'https://barberly.test';
let db: TestDatabase;
let twilio: FakeTwilio;
let push: FakePushService;
let app: BookingTestApp;
let server: { url: string; close(): Promise<void> };
const keys = webpush.generateVAPIDKeys();
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  push = await startFakePushService({ applicationServerKey: keys.publicKey });
  db = await createTestDatabase();
  twilio = await startFakeTwilio();
  app = await createBookingTestApp(db, {
    clock: createTestClock(),
    configOverrides: {
      PUBLIC_ORIGIN,
      APP_DOMAIN: 'barberly.test',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: twilio.from,
      TWILIO_WHATSAPP_FROM: twilio.whatsappFrom,
      TWILIO_API_URL: twilio.url,
    },
  });
  server = await listen(app);
  twilio.deliverTo = server.url;
  configureStaffNotifications({ dataSource: db.dataSource, agent: push.agent });
});
afterAll(async () => {
  await server?.close();
  await app?.close();
  await db?.drop();
  await twilio?.close();
  await push?.close();
  delete process.env.VAPID_PUBLIC_KEY;
  delete process.env.VAPID_PRIVATE_KEY;
});

it("a client's text in the inbox reaches the barber of their next visit", async () => {
  const owner = await signUpTestUser(app);
  const shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('00:00', '23:59'), minNoticeMinutes: 0 },
    services: [{ name: 'Skin Fade', durationMinutes: 30, price: 30 }],
    barbers: ['Sam'],
  });
  await request(app)
    .patch(`/api/shops/${shop.id}/messaging`)
    .set(bearer(owner.accessToken))
    .send({ smsEnabled: true, quietStart: '00:00', quietEnd: '00:00' });
  const code = (await request(app).get(`/api/shops/${shop.id}/join-code`).set(bearer(owner.accessToken))).body.code;
  const barber = await signUpTestUser(app);
  const barberId = (
    await request(app).post('/api/barbers/join').set(bearer(barber.accessToken)).send({ code, name: 'Tony' })
  ).body.barber.id as string;
  const sub = push.subscribe();
  await request(app).post('/api/my/push-subscriptions').set(bearer(barber.accessToken)).send(sub);
  const ownerSub = push.subscribe();
  await request(app).post('/api/my/push-subscriptions').set(bearer(owner.accessToken)).send(ownerSub);

  const start = new Date(app.clock.now().getTime() + 48 * 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  const phone = '(212) 555-0177';
  const booked = await request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({
      serviceId: shop.services[0]!.id,
      barberId,
      start: start.toISOString(),
      client: { name: 'Jordan Lee', email: 'jordan@example.com', phone },
      reminders: { channel: 'sms', consent: true },
    });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  // The confirmation text goes out (the shop has texted the number, so its reply finds the shop).
  const [job] = (await db.dataSource.query(
    `SELECT "data" FROM pgboss.job WHERE "data"->>'appointmentId' = $1 AND "data"->>'kind' = 'confirmation'`,
    [booked.body.id],
  )) as Array<{ data: BookingMailJob }>;
  await handleBookingMail(
    {
      dataSource: db.dataSource,
      mailer: { send: async () => undefined, close() {} },
      publicOrigin: PUBLIC_ORIGIN,
      now: app.clock.now,
      logger,
      texts: {
        dataSource: db.dataSource,
        provider: createTextProvider(app.config, logger),
        queue: app.mailQueue,
        config: app.config,
        now: app.clock.now,
        logger,
      },
    },
    job!.data,
  );

  expect(
    await twilio.postInbound({
      url: `${PUBLIC_ORIGIN}${INBOUND_PATH}`,
      from: '+12125550177',
      body: 'Running 10 min late, sorry',
    }),
  ).toBe(200);
  const mine = () => push.received.filter((r) => sub.endpoint.endsWith(`/push/${r.subscriptionId}`));
  await expect.poll(() => mine().length).toBe(1);
  expect(mine()[0]!.payload).toMatchObject({
    event: 'clientText',
    title: 'Text from Jordan',
    body: 'Running 10 min late, sorry',
  });

  // Turned off by the barber: the next text is not pushed to them.
  await request(app)
    .put('/api/my/notification-preferences')
    .set(bearer(barber.accessToken))
    .send({ push: { clientText: false } });
  expect(
    await twilio.postInbound({ url: `${PUBLIC_ORIGIN}${INBOUND_PATH}`, from: '+12125550177', body: 'See you then' }),
  ).toBe(200);
  // The owner (push on) hears of it, so the hook has run; the barber who turned it off does not.
  const owners = () => push.received.filter((r) => ownerSub.endpoint.endsWith(`/push/${r.subscriptionId}`));
  await expect.poll(() => owners().length).toBe(2);
  expect(mine()).toHaveLength(1);
});
