import {
  MESSAGING_MESSAGES,
  SHARED_STOP_TEXT,
  TEXT_RULE_MESSAGES,
  TEXTS_PER_NUMBER_PER_DAY,
  type TextMessage,
} from '@barberly/common';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provenAccessToken, signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import {
  type BookingTestApp,
  createBookingTestApp,
  createTestClock,
  everyDay,
  listen,
  setUpShop,
  type TestShop,
} from '../appointments/booking.test-helper';
import type { BookingMailJob } from '../mail/mail-queue';
import { handleBookingMail } from '../mail/mail-worker';
import type { MailMessage } from '../mail/mailer';
import { bearer } from '../shops/shops.test-helper';
import { type FakeTwilio, startFakeTwilio } from './fake-twilio.test-helper';
import { createTextProvider, INBOUND_PATH } from './twilio';

/**
 * Issue 23, findings 1 and 5: a reply reaches the shop the client was talking to, STOP on the shared sender stops
 * every shop on it, a shop's own number routes by To, and texts cannot be pumped (countries, mobile numbers, caps,
 * owners texting only numbers that booked online or texted in).
 */
const PUBLIC_ORIGIN = 'https://barberly.test';
const INBOUND = `${PUBLIC_ORIGIN}${INBOUND_PATH}`;
const OPERATOR = 'ops@barberly.test';
const PER_SHOP = 3;
let db: TestDatabase;
let twilio: FakeTwilio;
let app: BookingTestApp;
let server: { url: string; close(): Promise<void> };
let operator: TestUser;
const mails: MailMessage[] = [];
const logger = pino({ level: 'silent' });

beforeAll(async () => {
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
      TEXTS_PER_SHOP_PER_DAY: String(PER_SHOP),
      ADMIN_EMAILS: OPERATOR,
    },
  });
  server = await listen(app);
  twilio.deliverTo = server.url;
  const signedUp = await signUpTestUser(app, OPERATOR);
  // Operators need a proven address (decision 0173).
  operator = { ...signedUp, accessToken: await provenAccessToken(app, db, signedUp) };
});
afterAll(async () => {
  await server?.close();
  await app?.close();
  await twilio?.close();
  await db?.drop();
});

let phoneCounter = 300;
/** A New York number nobody else in this file uses. */
const nextPhone = () => `+1212555${String(phoneCounter++).padStart(4, '0')}`;

interface Shop extends TestShop {
  owner: TestUser;
}

async function newShop(name: string): Promise<Shop> {
  const owner = await signUpTestUser(app);
  const shop = await setUpShop(app, owner.accessToken, {
    settings: {
      name,
      timeZone: 'America/New_York',
      hours_json: everyDay('00:00', '23:59'),
      minNoticeMinutes: 0,
      phoneNumber: '(212) 555-0100',
    },
    services: [{ name: 'Skin Fade', durationMinutes: 30, price: 30 }],
    barbers: ['Sam'],
  });
  const res = await request(app)
    .patch(`/api/shops/${shop.id}/messaging`)
    .set(bearer(owner.accessToken))
    .send({ smsEnabled: true, whatsappEnabled: true, quietStart: '00:00', quietEnd: '00:00' });
  expect(res.status).toBe(200);
  return { ...shop, owner };
}

let hoursAhead = 24;
function book(shop: Shop, phone: string, channel: 'sms' | 'email' = 'sms') {
  const at = new Date(app.clock.now().getTime() + hoursAhead++ * 3_600_000);
  at.setUTCMinutes(0, 0, 0);
  return request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({
      serviceId: shop.services[0]?.id,
      barberId: 'any',
      start: at.toISOString(),
      client: { name: 'Jordan Lee', email: 'jordan@example.com', phone },
      reminders: { channel, consent: channel !== 'email' },
    });
}

const textDeps = () => ({
  dataSource: db.dataSource,
  provider: createTextProvider(app.config, logger),
  queue: app.mailQueue,
  config: app.config,
  now: app.clock.now,
  logger,
});

async function runJob(appointmentId: string, kind: BookingMailJob['kind']) {
  const [job] = (await db.dataSource.query(
    `SELECT "data" FROM pgboss.job WHERE "data"->>'appointmentId' = $1 AND "data"->>'kind' = $2 LIMIT 1`,
    [appointmentId, kind],
  )) as Array<{ data: BookingMailJob }>;
  if (!job) throw new Error(`no ${kind} job for ${appointmentId}`);
  return handleBookingMail(
    {
      dataSource: db.dataSource,
      mailer: { send: async (m) => void mails.push(m), close() {} },
      publicOrigin: PUBLIC_ORIGIN,
      now: app.clock.now,
      logger,
      texts: textDeps(),
    },
    job.data,
  );
}

/** A booking on the shop's page with SMS reminders, and its confirmation texted: the shop has texted the number. */
async function bookAndText(shop: Shop, phone: string) {
  const res = await book(shop, phone);
  expect(res.status).toBe(201);
  expect(await runJob(res.body.id, 'confirmation')).toBe('sent');
  return res.body.id as string;
}

async function walkIn(shop: Shop, phone: string) {
  const res = await request(app)
    .post(`/api/shops/${shop.id}/walk-in`)
    .set(bearer(shop.owner.accessToken))
    .send({ serviceId: shop.services[0]?.id, client: { name: 'Somebody', phone } });
  expect(res.status).toBe(201);
}

const inbox = async (shop: Shop) =>
  (
    (await request(app).get(`/api/shops/${shop.id}/messages`).set(bearer(shop.owner.accessToken))).body as TextMessage[]
  ).filter((t) => t.direction === 'in');
const sentTo = (phone: string) => twilio.sent.filter((m) => m.to.replace(/^whatsapp:/, '') === phone);
const reply = (from: string, body: string, extra: { to?: string; messagingServiceSid?: string } = {}) =>
  twilio.postInbound({ url: INBOUND, from, body, ...extra });

describe('replies on the shared sender', () => {
  it("shop B's walk-in with shop A's client's number does not take the client's reply: it reaches A", async () => {
    const a = await newShop('Alpha Cuts');
    const b = await newShop('Bravo Barbers');
    const phone = nextPhone();
    await bookAndText(a, phone);
    // Later, B's owner books a walk-in with that number, and someone books on B's page with it (e-mail reminders).
    await walkIn(b, phone);
    expect((await book(b, phone, 'email')).status).toBe(201);

    expect(await reply(phone, 'running 10 min late, gate code 4321')).toBe(200);
    expect((await inbox(a)).map((t) => t.body)).toEqual(['running 10 min late, gate code 4321']);
    expect(await inbox(b)).toEqual([]);
  });

  it('STOP on the shared sender is honoured by A although B booked the number last', async () => {
    const a = await newShop('Alpha Stop');
    const b = await newShop('Bravo Stop');
    const phone = nextPhone();
    const appointment = await bookAndText(a, phone);
    await walkIn(b, phone);

    await reply(phone, 'STOP');
    expect(sentTo(phone).at(-1)?.body).toBe(SHARED_STOP_TEXT);
    const before = sentTo(phone).length;
    const mailsBefore = mails.length;
    // A's reminder goes by e-mail, and A's owner cannot text the number.
    expect(await runJob(appointment, 'reminder')).toBe('sent');
    expect(sentTo(phone)).toHaveLength(before);
    expect(mails.slice(mailsBefore).map((m) => m.subject)).toEqual([expect.stringMatching(/^Reminder:/)]);
    const owner = await request(app)
      .post(`/api/shops/${a.id}/messages`)
      .set(bearer(a.owner.accessToken))
      .send({ phone, channel: 'sms', body: 'Are you sure?' });
    expect(owner.status).toBe(409);
    expect(owner.body.error.message).toBe(MESSAGING_MESSAGES.optedOut);

    // START on the shared sender turns texts back on for A.
    await reply(phone, 'START');
    const again = await request(app)
      .post(`/api/shops/${a.id}/messages`)
      .set(bearer(a.owner.accessToken))
      .send({ phone, channel: 'sms', body: 'Welcome back' });
    expect(again.status).toBe(201);
  });

  it('asks which shop when two shops texted the number, and delivers nothing until the client answers', async () => {
    const a = await newShop('Alpha Two');
    const b = await newShop('Bravo Two');
    const phone = nextPhone();
    await bookAndText(a, phone);
    await bookAndText(b, phone);

    await reply(phone, 'Can I come at 3 instead?');
    await reply(phone, 'Also my son');
    expect(await inbox(a)).toEqual([]);
    expect(await inbox(b)).toEqual([]);
    const questions = sentTo(phone).filter((m) => m.body.startsWith('Which shop'));
    // Asked once (not again a moment later), most recent texter first.
    expect(questions.map((m) => m.body)).toEqual([
      'Which shop is your message for? Reply with its number: 1 Bravo Two, 2 Alpha Two.',
    ]);

    await reply(phone, '2');
    expect((await inbox(a)).map((t) => t.body).sort()).toEqual(['Also my son', 'Can I come at 3 instead?']);
    expect(await inbox(b)).toEqual([]);
    // The choice holds for the next reply, until the other shop texts again.
    await reply(phone, 'Thanks!');
    expect((await inbox(a)).map((t) => t.body)).toContain('Thanks!');
    expect(await inbox(b)).toEqual([]);
  });

  it("an erasure by one shop of the list does not turn the client's answer into another shop's", async () => {
    const b = await newShop('Bravo Erased');
    const a = await newShop('Alpha Erased');
    const phone = nextPhone();
    await bookAndText(b, phone);
    await bookAndText(a, phone);
    await reply(phone, 'gate code 4321');
    expect(sentTo(phone).at(-1)?.body).toBe(
      'Which shop is your message for? Reply with its number: 1 Alpha Erased, 2 Bravo Erased.',
    );
    // Alpha erases the client before they answer; they answer 1, meaning Alpha.
    const [client] = (await db.dataSource.query('SELECT "id" FROM "clients" WHERE "shop_id" = $1', [a.id])) as Array<{
      id: string;
    }>;
    const erased = await request(app)
      .delete(`/api/shops/${a.id}/clients/${client?.id}`)
      .set(bearer(a.owner.accessToken));
    expect(erased.status).toBe(204);
    await reply(phone, '1');
    expect((await inbox(b)).map((t) => t.body)).not.toContain('gate code 4321');
    expect(await inbox(a)).toEqual([]);
  });

  it('a reply from a number no shop texted in 30 days reaches nobody', async () => {
    const a = await newShop('Alpha Old');
    const phone = nextPhone();
    await bookAndText(a, phone);
    await db.dataSource.query(
      `UPDATE "text_messages" SET "created_at" = now() - interval '31 days' WHERE "phone" = $1`,
      [phone],
    );
    await reply(phone, 'hello?');
    expect(await inbox(a)).toEqual([]);
  });
});

describe("a shop's own sender", () => {
  it('an operator gives a shop its own number; its texts go from it and replies to it route by To', async () => {
    const a = await newShop('Alpha Own');
    const b = await newShop('Bravo Shared');
    const own = '+13125550199';
    twilio.ownNumber(own);
    const path = `/api/admin/shops/${a.id}/text-sender`;
    const notOperator = await request(app).put(path).set(bearer(a.owner.accessToken)).send({ phoneNumber: own });
    expect(notOperator.status).toBe(403);
    const set = await request(app).put(path).set(bearer(operator.accessToken)).send({ phoneNumber: own });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ kind: 'number', number: own });
    const sharedOne = await request(app)
      .put(`/api/admin/shops/${b.id}/text-sender`)
      .set(bearer(operator.accessToken))
      .send({ phoneNumber: twilio.from });
    expect(sharedOne.status).toBe(409);
    expect(sharedOne.body.error.message).toBe(TEXT_RULE_MESSAGES.senderShared);
    const seen = await request(app).get(path).set(bearer(operator.accessToken));
    expect(seen.body).toMatchObject({ kind: 'number', number: own });
    expect((await request(app).get(path).set(bearer(a.owner.accessToken))).status).toBe(403);
    const taken = await request(app)
      .put(`/api/admin/shops/${b.id}/text-sender`)
      .set(bearer(operator.accessToken))
      .send({ phoneNumber: own });
    expect(taken.status).toBe(409);

    const phone = nextPhone();
    await bookAndText(a, phone);
    expect(sentTo(phone).at(-1)?.from).toBe(own);
    // B texts the same number later on the shared sender; a reply to A's number is still A's.
    await bookAndText(b, phone);
    await reply(phone, 'See you at 5', { to: own });
    expect((await inbox(a)).map((t) => t.body)).toEqual(['See you at 5']);
    expect(await inbox(b)).toEqual([]);
    // And a reply on the shared sender is B's (A does not text from it).
    await reply(phone, 'Shared hello');
    expect((await inbox(b)).map((t) => t.body)).toEqual(['Shared hello']);
    // STOP to A's own number stops A only.
    await reply(phone, 'STOP', { to: own });
    const toB = await request(app)
      .post(`/api/shops/${b.id}/messages`)
      .set(bearer(b.owner.accessToken))
      .send({ phone, channel: 'sms', body: 'Still there?' });
    expect(toB.status).toBe(201);
  });

  it('a Messaging Service routes by its SID; a number bought from Twilio is the shop’s and goes back on release', async () => {
    const a = await newShop('Alpha Service');
    const service = `MG${'ab'.repeat(16)}`;
    const set = await request(app)
      .put(`/api/admin/shops/${a.id}/text-sender`)
      .set(bearer(operator.accessToken))
      .send({ messagingServiceSid: service });
    expect(set.body).toMatchObject({ kind: 'messaging_service' });
    const phone = nextPhone();
    await bookAndText(a, phone);
    expect(sentTo(phone).at(-1)).toMatchObject({ messagingServiceSid: service, from: null });
    await reply(phone, 'Via the service', { to: '+14155550000', messagingServiceSid: service });
    expect((await inbox(a)).map((t) => t.body)).toEqual(['Via the service']);

    const bought = await request(app)
      .put(`/api/admin/shops/${a.id}/text-sender`)
      .set(bearer(operator.accessToken))
      .send({ buy: { country: 'US', areaCode: '312' } });
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ kind: 'number', number: '+13125550182' });
    expect(twilio.incomingNumbers.find((n) => n.phoneNumber === '+13125550182')).toMatchObject({
      smsUrl: INBOUND,
    });
    const none = await request(app)
      .put(`/api/admin/shops/${a.id}/text-sender`)
      .set(bearer(operator.accessToken))
      .send({ buy: { country: 'GB' } });
    expect(none.status).toBe(409);
    const owner = await request(app).get(`/api/shops/${a.id}/messaging/sender`).set(bearer(a.owner.accessToken));
    expect(owner.body).toMatchObject({ kind: 'number', number: '+13125550182', countries: ['US'], custom: false });

    // Another number bought for the shop replaces the first, which goes back to Twilio.
    const again = await request(app)
      .put(`/api/admin/shops/${a.id}/text-sender`)
      .set(bearer(operator.accessToken))
      .send({ buy: { country: 'US', areaCode: '212' } });
    expect(again.body).toMatchObject({ kind: 'number', number: '+12125550180' });
    expect(twilio.incomingNumbers.some((n) => n.phoneNumber === '+13125550182')).toBe(false);

    const cleared = await request(app).delete(`/api/admin/shops/${a.id}/text-sender`).set(bearer(operator.accessToken));
    expect(cleared.body).toMatchObject({ kind: 'shared', number: null });
    expect(twilio.incomingNumbers.some((n) => n.phoneNumber === '+12125550180')).toBe(false);
  });
});

describe('texts cannot be pumped', () => {
  it('refuses a number abroad (until the owner allows its country) and a number that is not mobile', async () => {
    const a = await newShop('Alpha Abroad');
    const uk = await book(a, '+44 7400 123456');
    expect(uk.status).toBe(400);
    expect(uk.body.error.fields['client.phone']).toBe(
      'This shop sends texts only to numbers in United States: use such a number, or choose e-mail',
    );
    const premium = await book(a, '+1 900 555 0100');
    expect(premium.status).toBe(400);
    expect(premium.body.error.fields['client.phone']).toBe(TEXT_RULE_MESSAGES.notMobile);
    // By e-mail the booking is fine.
    expect((await book(a, '+44 7400 123456', 'email')).status).toBe(201);

    const allowed = await request(app)
      .put(`/api/shops/${a.id}/messaging/countries`)
      .set(bearer(a.owner.accessToken))
      .send({ countries: ['us', 'GB'] });
    expect(allowed.body).toMatchObject({ countries: ['US', 'GB'], custom: true, kind: 'shared' });
    const bad = await request(app)
      .put(`/api/shops/${a.id}/messaging/countries`)
      .set(bearer(a.owner.accessToken))
      .send({ countries: ['XX'] });
    expect(bad.status).toBe(400);
    expect((await book(a, '+44 7400 123457')).status).toBe(201);
  });

  it(`stops texting after ${PER_SHOP} texts a day from online bookings (the e-mail goes), and after ${TEXTS_PER_NUMBER_PER_DAY} to one number`, async () => {
    const a = await newShop('Alpha Capped');
    const outcomes: string[] = [];
    const phones: string[] = [];
    for (let i = 0; i <= PER_SHOP; i++) {
      const phone = nextPhone();
      phones.push(phone);
      const res = await book(a, phone);
      const mailsBefore = mails.length;
      outcomes.push(await runJob(res.body.id, 'confirmation'));
      if (i === PER_SHOP) expect(mails.slice(mailsBefore).map((m) => m.to)).toEqual(['jordan@example.com']);
    }
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'sent']);
    expect(phones.map((p) => sentTo(p).length)).toEqual([1, 1, 1, 0]);

    // One number that has had the day's texts (from other shops) gets no more, from anyone.
    const b = await newShop('Bravo Capped');
    const busy = nextPhone();
    for (let i = 0; i < TEXTS_PER_NUMBER_PER_DAY; i++) {
      await db.dataSource.query(
        `INSERT INTO "text_messages" ("shop_id", "direction", "channel", "kind", "phone", "body", "status")
         VALUES ($1, 'out', 'sms', 'reply', $2, 'earlier', 'delivered')`,
        [a.id, busy],
      );
    }
    const res = await book(b, busy);
    expect(await runJob(res.body.id, 'confirmation')).toBe('sent');
    expect(sentTo(busy)).toHaveLength(0);
    const owner = await request(app)
      .post(`/api/shops/${b.id}/messages`)
      .set(bearer(b.owner.accessToken))
      .send({ phone: busy, channel: 'sms', body: 'Hello' });
    expect(owner.status).toBe(429);
    expect(owner.body.error.message).toBe(TEXT_RULE_MESSAGES.numberCapReached);
  });

  it(`counts one number's texts under a lock: jobs and owners texting it at once stop at ${TEXTS_PER_NUMBER_PER_DAY}`, async () => {
    const a = await newShop('Alpha Race');
    const b = await newShop('Bravo Race');
    const phone = nextPhone();
    // The day's texts but two, from another shop.
    for (let i = 0; i < TEXTS_PER_NUMBER_PER_DAY - 2; i++) {
      await db.dataSource.query(
        `INSERT INTO "text_messages" ("shop_id", "direction", "channel", "kind", "phone", "body", "status")
         VALUES ($1, 'out', 'sms', 'reply', $2, 'earlier', 'delivered')`,
        [a.id, phone],
      );
    }
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await book(b, phone);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    // Three confirmations and three of the owner's messages, all at once: two texts fit, no more.
    const owner = () =>
      request(app)
        .post(`/api/shops/${b.id}/messages`)
        .set(bearer(b.owner.accessToken))
        .send({ phone, channel: 'sms', body: 'See you soon' });
    const results = await Promise.all([...ids.map((id) => runJob(id, 'confirmation')), owner(), owner(), owner()]);
    const ownerStatuses = results.slice(ids.length).map((r) => (r as request.Response).status);
    expect(ownerStatuses.every((s) => s === 201 || s === 429)).toBe(true);
    expect(sentTo(phone)).toHaveLength(2);
    const [counted] = (await db.dataSource.query(
      `SELECT count(*)::int AS "n" FROM "text_messages" WHERE "phone" = $1 AND "direction" = 'out'
         AND "status" NOT IN ('logged', 'failed')`,
      [phone],
    )) as Array<{ n: number }>;
    expect(counted?.n).toBe(TEXTS_PER_NUMBER_PER_DAY);
  });

  it('an owner cannot text a number only named in a walk-in; one that booked online or texted in, yes', async () => {
    const a = await newShop('Alpha Walk');
    const walkInPhone = nextPhone();
    await walkIn(a, walkInPhone);
    const refused = await request(app)
      .post(`/api/shops/${a.id}/messages`)
      .set(bearer(a.owner.accessToken))
      .send({ phone: walkInPhone, channel: 'whatsapp', body: 'Hi from the shop' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(MESSAGING_MESSAGES.notAClient);
    expect(sentTo(walkInPhone)).toHaveLength(0);

    const online = nextPhone();
    expect((await book(a, online, 'email')).status).toBe(201);
    const ok = await request(app)
      .post(`/api/shops/${a.id}/messages`)
      .set(bearer(a.owner.accessToken))
      .send({ phone: online, channel: 'sms', body: 'Hi from the shop' });
    expect(ok.status).toBe(201);
  });
});
