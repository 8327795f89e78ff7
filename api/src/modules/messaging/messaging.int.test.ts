import {
  DEFAULT_TEXT_TEMPLATES,
  MESSAGING_MESSAGES,
  type MessagingSettings,
  SHARED_START_TEXT,
  SHARED_STOP_TEXT,
  type TextMessage,
  textConsentWording,
} from '@barberly/common';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
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
import { reminderMail } from '../mail/booking-mail.listener';
import type { BookingMailJob } from '../mail/mail-queue';
import { handleBookingMail } from '../mail/mail-worker';
import type { MailMessage } from '../mail/mailer';
import { bearer } from '../shops/shops.test-helper';
import { type FakeTwilio, startFakeTwilio } from './fake-twilio.test-helper';
import { quietUntil, type TextDeps } from './texts';
import { createTextProvider, INBOUND_PATH } from './twilio';

const PUBLIC_ORIGIN = 'https://barberly.test';
const INBOUND = `${PUBLIC_ORIGIN}${INBOUND_PATH}`;
let db: TestDatabase;
let twilio: FakeTwilio;
let app: BookingTestApp;
let server: { url: string; close(): Promise<void> };
let owner: TestUser;
let shop: TestShop;
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
    },
  });
  server = await listen(app);
  twilio.deliverTo = server.url;
});
afterAll(async () => {
  await server?.close();
  await app?.close();
  await twilio?.close();
  await db?.drop();
});

/** A phone nobody else in this file uses: inbound texts find their shop by number. */
let phoneCounter = 100;
const nextPhone = () => `(212) 555-0${String(phoneCounter++).padStart(3, '0')}`;
const e164 = (local: string) => `+1${local.replace(/\D/g, '')}`;

beforeEach(async () => {
  owner = await signUpTestUser(app);
  shop = await setUpShop(app, owner.accessToken, {
    settings: {
      timeZone: 'America/New_York',
      hours_json: everyDay('00:00', '23:59'),
      minNoticeMinutes: 0,
      cancellationCutoffMinutes: 120,
      reminderLeadMinutes: 1440,
    },
    services: [{ name: 'Skin Fade', durationMinutes: 30, price: 30 }],
    barbers: ['Sam'],
  });
  // No quiet hours unless a test sets them: the suite runs at any hour.
  await patchMessaging({ smsEnabled: true, whatsappEnabled: true, quietStart: '00:00', quietEnd: '00:00' });
});

function patchMessaging(body: Record<string, unknown>, user = owner) {
  return request(app).patch(`/api/shops/${shop.id}/messaging`).set(bearer(user.accessToken)).send(body);
}

/** A start `hours` from now on the quarter hour. */
function startIn(hours: number): string {
  const at = new Date(app.clock.now().getTime() + hours * 3_600_000);
  at.setUTCMinutes(Math.ceil(at.getUTCMinutes() / 15) * 15, 0, 0);
  return at.toISOString();
}

async function book(
  input: { phone?: string; channel?: 'email' | 'sms' | 'whatsapp'; consent?: boolean; hours?: number } = {},
) {
  const phone = input.phone ?? nextPhone();
  const res = await request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({
      serviceId: shop.services[0]?.id,
      barberId: 'any',
      start: startIn(input.hours ?? 48),
      client: { name: 'Jordan Lee', email: 'jordan@example.com', phone },
      ...(input.channel ? { reminders: { channel: input.channel, consent: input.consent ?? true } } : {}),
    });
  return { res, phone };
}

const textDeps = (): TextDeps => ({
  dataSource: db.dataSource,
  provider: createTextProvider(app.config, logger),
  queue: app.mailQueue,
  config: app.config,
  now: app.clock.now,
  logger,
});

/** What the worker does with one queued job (the real handler, with this test's Twilio and a capturing mailer). */
function runJob(job: BookingMailJob) {
  return handleBookingMail(
    {
      dataSource: db.dataSource,
      mailer: { send: async (m) => void mails.push(m), close() {} },
      publicOrigin: PUBLIC_ORIGIN,
      now: app.clock.now,
      logger,
      texts: textDeps(),
    },
    job,
  );
}

async function jobsFor(appointmentId: string) {
  return (await db.dataSource.query(
    `SELECT "data", "singleton_key", "start_after" FROM pgboss.job WHERE "data"->>'appointmentId' = $1 ORDER BY "created_on", "singleton_key"`,
    [appointmentId],
  )) as Array<{ data: BookingMailJob; singleton_key: string; start_after: Date }>;
}

const sentTo = (phone: string) => twilio.sent.filter((m) => m.to.replace(/^whatsapp:/, '') === phone);
const inbound = (from: string, body: string) => twilio.postInbound({ url: INBOUND, from, body });

describe('booking with text reminders', () => {
  it('records the channel, the consent with its time and wording, and the number in E.164', async () => {
    const { res, phone } = await book({ channel: 'sms' });
    expect(res.status).toBe(201);
    expect(res.body.reminderChannel).toBe('sms');
    const [row] = await db.dataSource.query(
      'SELECT "reminder_channel", "reminder_consent_at", "reminder_consent_text", "client_phone_e164" FROM "appointments" WHERE "id" = $1',
      [res.body.id],
    );
    expect(row).toMatchObject({
      reminder_channel: 'sms',
      reminder_consent_text: textConsentWording("Joe's Cuts", 'sms'),
      client_phone_e164: e164(phone),
    });
    expect(row.reminder_consent_at).toBeInstanceOf(Date);
  });

  it('refuses a text channel without consent, one the shop does not offer, and a number that cannot take texts', async () => {
    const noConsent = await book({ channel: 'sms', consent: false });
    expect(noConsent.res.status).toBe(400);
    expect(noConsent.res.body.error.fields).toEqual({ 'reminders.consent': MESSAGING_MESSAGES.consentNeeded });
    await patchMessaging({ whatsappEnabled: false });
    const off = await book({ channel: 'whatsapp' });
    expect(off.res.status).toBe(400);
    expect(off.res.body.error.message).toBe(MESSAGING_MESSAGES.channelOff('whatsapp'));
    const bad = await book({ channel: 'sms', phone: '555 01' });
    expect(bad.res.status).toBe(400);
    expect(bad.res.body.error.fields).toEqual({ 'client.phone': MESSAGING_MESSAGES.phoneForTexts });
  });

  it.each([
    ['(212) 555-0142', '+12125550142', 'sms'],
    ['212.555.0143', '+12125550143', 'sms'],
    ['+1 212 555 0144', '+12125550144', 'sms'],
    // A London landline: kept, though this New York shop would not text it (issue 23).
    ['+44 20 7946 0958', '+442079460958', 'email'],
    ['0044 20 7946 0959', '+442079460959', 'email'],
  ] as const)('keeps %s as %s', async (typed, expected, channel) => {
    const { res } = await book({ channel, phone: typed });
    expect(res.status).toBe(201);
    const [row] = await db.dataSource.query('SELECT "client_phone_e164" FROM "appointments" WHERE "id" = $1', [
      res.body.id,
    ]);
    expect(row.client_phone_e164).toBe(expected);
  });
});

describe('sending', () => {
  it('texts the confirmation instead of mailing it, once, even when the job runs again after a restart', async () => {
    const { res, phone } = await book({ channel: 'sms' });
    const jobs = await jobsFor(res.body.id);
    const confirmation = jobs.find((j) => j.data.kind === 'confirmation');
    if (!confirmation) throw new Error('no confirmation job');
    const mailsBefore = mails.length;
    expect(await runJob(confirmation.data)).toBe('sent');
    // The worker died before pg-boss heard it finished: the job runs again and sends nothing.
    expect(await runJob(confirmation.data)).toBe('skipped');
    const texts = sentTo(e164(phone));
    expect(texts).toHaveLength(1);
    expect(texts[0]?.from).toBe(twilio.from);
    expect(texts[0]?.body).toMatch(
      /^Joe's Cuts: you are booked for Skin Fade with Sam on \w{3} \d{1,2} \w{3} at \d{1,2}:\d{2} [AP]M\. Manage: https:\/\/barberly\.test\/shop\//,
    );
    expect(texts[0]?.statusCallback).toBe(`${PUBLIC_ORIGIN}/api/messaging/twilio/status`);
    expect(mails.length).toBe(mailsBefore);
  });

  it('schedules the reminder at the lead time and the optional second one, both by text', async () => {
    await patchMessaging({ secondReminderMinutes: 120 });
    const { res, phone } = await book({ channel: 'whatsapp', hours: 30 });
    const start = Date.parse(res.body.start);
    const jobs = await jobsFor(res.body.id);
    const first = jobs.find((j) => j.data.kind === 'reminder');
    const second = jobs.find((j) => j.data.kind === 'second_reminder');
    // The test clock is the wall clock, so pg-boss's start_after is the instant itself (to the second).
    expect(Math.abs((first?.start_after.getTime() ?? 0) - (start - 1440 * 60_000))).toBeLessThan(5000);
    expect(Math.abs((second?.start_after.getTime() ?? 0) - (start - 120 * 60_000))).toBeLessThan(5000);
    if (!first || !second) throw new Error('missing reminders');
    expect(await runJob(first.data)).toBe('sent');
    expect(await runJob(second.data)).toBe('sent');
    const texts = sentTo(e164(phone));
    expect(texts.map((t) => t.to)).toEqual([`whatsapp:${e164(phone)}`, `whatsapp:${e164(phone)}`]);
    expect(texts[0]?.from).toBe(`whatsapp:${twilio.whatsappFrom}`);
    expect(texts[0]?.body).toMatch(
      /Reply C to confirm, X to cancel\. https:\/\/barberly\.test\/shop\/[^/]+\/appointments\/[\w-]+$/,
    );
  });

  it('waits out quiet hours (shop time) instead of dropping the text', async () => {
    await patchMessaging({ quietStart: '00:00', quietEnd: '23:59' });
    const { res, phone } = await book({ channel: 'sms' });
    const confirmation = (await jobsFor(res.body.id)).find((j) => j.data.kind === 'confirmation');
    if (!confirmation) throw new Error('no confirmation job');
    expect(await runJob(confirmation.data)).toBe('skipped');
    expect(sentTo(e164(phone))).toHaveLength(0);
    const deferred = (await jobsFor(res.body.id)).filter((j) => j.singleton_key?.includes(':quiet:'));
    expect(deferred).toHaveLength(1);
    expect(deferred[0]?.start_after.getTime()).toBeGreaterThan(Date.now());
    // At the end of quiet hours the deferred job runs and the text goes.
    await patchMessaging({ quietStart: '00:00', quietEnd: '00:00' });
    expect(await runJob(deferred[0]!.data)).toBe('sent');
    expect(sentTo(e164(phone))).toHaveLength(1);
  });

  it('reminds 24 hours before by the clock, also across a DST change', () => {
    const shopRow = { reminderLeadMinutes: 1440, secondReminderMinutes: 0 } as never;
    // Sunday 1 November 2026 10:00 EST; 24 hours earlier is Saturday 11:00 EDT (15:00Z both).
    const appointment = {
      id: 'a',
      version: 1,
      clientEmail: 'x@example.com',
      startsAt: new Date('2026-11-01T15:00:00Z'),
    } as never;
    const [reminder] = reminderMail(appointment, shopRow, new Date('2026-10-20T00:00:00Z'), 'tok');
    expect(reminder?.at?.toISOString()).toBe('2026-10-31T15:00:00.000Z');
    expect(reminder?.job).toEqual({ kind: 'reminder', appointmentId: 'a', version: 1, manageToken: 'tok' });
  });

  it('knows where quiet hours end across a DST change', () => {
    const ny = { quietStart: '21:00', quietEnd: '08:00', timeZone: 'America/New_York' };
    // Saturday 31 October 2026, 23:00 EDT; 08:00 on Sunday 1 November is EST (UTC-5): 13:00Z, not 12:00Z.
    expect(quietUntil(ny, new Date('2026-11-01T03:00:00Z'))?.toISOString()).toBe('2026-11-01T13:00:00.000Z');
    // Spring forward: Saturday 13 March 2027 22:00 EST; 08:00 on Sunday 14 March is EDT (UTC-4): 12:00Z.
    expect(quietUntil(ny, new Date('2027-03-14T03:00:00Z'))?.toISOString()).toBe('2027-03-14T12:00:00.000Z');
    expect(quietUntil(ny, new Date('2026-11-01T16:00:00Z'))).toBeNull();
  });

  it('retries an outage (the claim is released) and falls back to e-mail on a permanent refusal', async () => {
    const { res, phone } = await book({ channel: 'sms' });
    const confirmation = (await jobsFor(res.body.id)).find((j) => j.data.kind === 'confirmation');
    if (!confirmation) throw new Error('no confirmation job');
    twilio.down = true;
    await expect(runJob(confirmation.data)).rejects.toThrow(/Twilio answered 500/);
    twilio.down = false;
    expect(await runJob(confirmation.data)).toBe('sent');
    expect(sentTo(e164(phone))).toHaveLength(1);

    const refused = await book({ channel: 'sms', hours: 50 });
    twilio.invalidNumbers.add(e164(refused.phone));
    const job = (await jobsFor(refused.res.body.id)).find((j) => j.data.kind === 'confirmation');
    const mailsBefore = mails.length;
    expect(await runJob(job!.data)).toBe('sent');
    expect(mails.slice(mailsBefore).map((m) => m.to)).toEqual(['jordan@example.com']);
    const [row] = await db.dataSource.query(
      `SELECT "status", "error" FROM "text_messages" WHERE "appointment_id" = $1`,
      [refused.res.body.id],
    );
    expect(row.status).toBe('failed');
    expect(row.error).toContain('21211');
  });

  it('stores delivery statuses and sends the e-mail when a text is undelivered', async () => {
    const { res, phone } = await book({ channel: 'sms' });
    const confirmation = (await jobsFor(res.body.id)).find((j) => j.data.kind === 'confirmation');
    await runJob(confirmation!.data);
    const sid = sentTo(e164(phone))[0]?.sid ?? '';
    expect(await twilio.postStatus(sid, 'sent')).toBe(204);
    expect(await twilio.postStatus(sid, 'undelivered', '30003')).toBe(204);
    // A late 'sent' never moves a final state back.
    expect(await twilio.postStatus(sid, 'sent')).toBe(204);
    const [row] = await db.dataSource.query('SELECT "status", "error" FROM "text_messages" WHERE "provider_sid" = $1', [
      sid,
    ]);
    expect(row).toEqual({ status: 'undelivered', error: 'Twilio error 30003' });
    const fallback = (await jobsFor(res.body.id)).filter((j) => j.data.channel === 'email');
    expect(fallback.map((j) => j.data.kind)).toEqual(['confirmation']);
    expect(fallback[0]?.data.manageToken).toBe(confirmation!.data.manageToken);
    const mailsBefore = mails.length;
    expect(await runJob(fallback[0]!.data)).toBe('sent');
    expect(mails.slice(mailsBefore)[0]?.subject).toMatch(/^Booked: Skin Fade/);
    // A second undelivered callback queues nothing more.
    await twilio.postStatus(sid, 'failed');
    expect((await jobsFor(res.body.id)).filter((j) => j.data.channel === 'email')).toHaveLength(1);
  });
});

describe('replies', () => {
  it('refuses webhooks not signed by Twilio', async () => {
    const fields = { From: '+12125550199', Body: 'C', MessageSid: 'SMforged' };
    expect(await twilio.postForged(INBOUND, fields)).toBe(403);
    const unsigned = await request(app).post(INBOUND_PATH).type('form').send(fields);
    expect(unsigned.status).toBe(403);
    const status = await request(app)
      .post('/api/messaging/twilio/status')
      .type('form')
      .send({ MessageSid: 'x', MessageStatus: 'failed' });
    expect(status.status).toBe(403);
  });

  it('C confirms the next appointment; the agenda shows it', async () => {
    const { res, phone } = await book({ channel: 'sms' });
    await runJob((await jobsFor(res.body.id)).find((j) => j.data.kind === 'confirmation')!.data);
    expect(await inbound(e164(phone), ' c ')).toBe(200);
    const [row] = await db.dataSource.query('SELECT "client_confirmed_at" FROM "appointments" WHERE "id" = $1', [
      res.body.id,
    ]);
    expect(row.client_confirmed_at).toBeInstanceOf(Date);
    expect(sentTo(e164(phone)).at(-1)?.body).toMatch(/^Joe's Cuts: thank you, see you/);
    const date = res.body.localDate;
    const agenda = await request(app)
      .get(`/api/shops/${shop.id}/appointments`)
      .query({ date })
      .set(bearer(owner.accessToken));
    const listed = agenda.body.appointments.find((a: { id: string }) => a.id === res.body.id);
    expect(listed.clientConfirmedAt).toEqual(expect.any(String));
    expect(listed.lastText).toMatchObject({ kind: 'confirmed', channel: 'sms' });
  });

  it('X cancels before the cutoff (the cancellation text follows); after it, says how to reach the shop', async () => {
    const early = await book({ channel: 'sms', hours: 48 });
    await runJob((await jobsFor(early.res.body.id)).find((j) => j.data.kind === 'confirmation')!.data);
    await inbound(e164(early.phone), 'X');
    const [cancelled] = await db.dataSource.query('SELECT "status" FROM "appointments" WHERE "id" = $1', [
      early.res.body.id,
    ]);
    expect(cancelled.status).toBe('cancelled');
    const notice = (await jobsFor(early.res.body.id)).find((j) => j.data.kind === 'cancellation');
    expect(await runJob(notice!.data)).toBe('sent');
    expect(sentTo(e164(early.phone)).at(-1)?.body).toContain('is cancelled');

    const late = await book({ channel: 'sms', hours: 1 });
    await runJob((await jobsFor(late.res.body.id)).find((j) => j.data.kind === 'confirmation')!.data);
    await inbound(e164(late.phone), 'cancel');
    const [kept] = await db.dataSource.query('SELECT "status" FROM "appointments" WHERE "id" = $1', [late.res.body.id]);
    expect(kept.status).toBe('confirmed');
    expect(sentTo(e164(late.phone)).at(-1)?.body).toContain('too close to your appointment to cancel by text');
  });

  it('anything else lands in the inbox; the owner reads and answers it', async () => {
    const { res, phone } = await book({ channel: 'sms' });
    await runJob((await jobsFor(res.body.id)).find((j) => j.data.kind === 'confirmation')!.data);
    await inbound(e164(phone), 'Can I bring my son too?');
    const settings = (await request(app).get(`/api/shops/${shop.id}/messaging`).set(bearer(owner.accessToken)))
      .body as MessagingSettings;
    expect(settings.unread).toBe(1);
    expect(settings.sentThisMonth.sms).toBe(1);
    const list = (await request(app).get(`/api/shops/${shop.id}/messages`).set(bearer(owner.accessToken)))
      .body as TextMessage[];
    expect(list[0]).toMatchObject({
      direction: 'in',
      body: 'Can I bring my son too?',
      clientName: 'Jordan Lee',
      readAt: null,
    });
    await request(app).post(`/api/shops/${shop.id}/messages/read`).set(bearer(owner.accessToken));
    expect((await request(app).get(`/api/shops/${shop.id}/messaging`).set(bearer(owner.accessToken))).body.unread).toBe(
      0,
    );
    const answer = await request(app)
      .post(`/api/shops/${shop.id}/messages`)
      .set(bearer(owner.accessToken))
      .send({ phone: e164(phone), channel: 'sms', body: 'Of course, see you both!' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ direction: 'out', kind: 'reply', status: 'queued' });
    expect(sentTo(e164(phone)).at(-1)?.body).toBe('Of course, see you both!');
    // Not a way to text just anyone.
    const stranger = await request(app)
      .post(`/api/shops/${shop.id}/messages`)
      .set(bearer(owner.accessToken))
      .send({ phone: '+12125559876', channel: 'sms', body: 'Hello' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.message).toBe(MESSAGING_MESSAGES.notAClient);
    expect(sentTo('+12125559876')).toHaveLength(0);
  });

  it('STOP on the shared sender opts the number out (confirmed once); reminders then go by e-mail; START resumes', async () => {
    const { res, phone } = await book({ channel: 'sms' });
    await runJob((await jobsFor(res.body.id)).find((j) => j.data.kind === 'confirmation')!.data);
    const before = sentTo(e164(phone)).length;
    await inbound(e164(phone), 'STOP');
    await inbound(e164(phone), 'unsubscribe');
    const replies = sentTo(e164(phone)).slice(before);
    expect(replies.map((m) => m.body)).toEqual([SHARED_STOP_TEXT]);

    const reminder = (await jobsFor(res.body.id)).find((j) => j.data.kind === 'reminder');
    const mailsBefore = mails.length;
    expect(await runJob(reminder!.data)).toBe('sent');
    expect(sentTo(e164(phone)).length).toBe(before + 1);
    expect(mails.slice(mailsBefore)[0]?.subject).toMatch(/^Reminder:/);
    const reply = await request(app)
      .post(`/api/shops/${shop.id}/messages`)
      .set(bearer(owner.accessToken))
      .send({ phone: e164(phone), channel: 'sms', body: 'Hello?' });
    expect(reply.status).toBe(409);
    expect(reply.body.error.message).toBe(MESSAGING_MESSAGES.optedOut);

    await inbound(e164(phone), 'START');
    expect(sentTo(e164(phone)).at(-1)?.body).toBe(SHARED_START_TEXT);
  });

  it('HELP answers with the shop contact', async () => {
    const { res, phone } = await book({ channel: 'sms' });
    await runJob((await jobsFor(res.body.id)).find((j) => j.data.kind === 'confirmation')!.data);
    await inbound(e164(phone), 'help');
    expect(sentTo(e164(phone)).at(-1)?.body).toMatch(/^Joe's Cuts: .*Reply STOP to opt out\.$/);
    // The shop's number as its country writes it, however it was typed (issue 28).
    const [{ phone_number: typed }] = (await db.dataSource.query(`SELECT "phone_number" FROM "shops" WHERE "id" = $1`, [
      shop.id,
    ])) as [{ phone_number: string }];
    await db.dataSource.query(`UPDATE "shops" SET "phone_number" = '212.555.0100' WHERE "id" = $1`, [shop.id]);
    try {
      await inbound(e164(phone), 'help');
      expect(sentTo(e164(phone)).at(-1)?.body).toContain('call (212) 555-0100');
    } finally {
      await db.dataSource.query(`UPDATE "shops" SET "phone_number" = $2 WHERE "id" = $1`, [shop.id, typed]);
    }
  });
});

describe('the owner settings', () => {
  it('reads, saves and previews; another owner gets 403', async () => {
    const settings = (await request(app).get(`/api/shops/${shop.id}/messaging`).set(bearer(owner.accessToken)))
      .body as MessagingSettings;
    expect(settings).toMatchObject({
      provider: { sms: 'ready', whatsapp: 'ready' },
      smsEnabled: true,
      reminderLeadMinutes: 1440,
      templates: { confirmation: null, reminder: null, rescheduled: null, cancellation: null },
      defaults: DEFAULT_TEXT_TEMPLATES,
    });
    const saved = await patchMessaging({
      templates: { reminder: 'See you {date} at {time}, {shop}!' },
      quietStart: '22:00',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      quietStart: '22:00',
      templates: { reminder: 'See you {date} at {time}, {shop}!' },
    });
    const bad = await patchMessaging({ quietEnd: '25:00' });
    expect(bad.status).toBe(400);
    const preview = await request(app)
      .post(`/api/shops/${shop.id}/messaging/preview`)
      .set(bearer(owner.accessToken))
      .send({ kind: 'reminder' });
    expect(preview.body.text).toMatch(/^See you \w{3} \d{1,2} \w{3} at 10:30 AM, Joe's Cuts!$/);
    const cleared = await patchMessaging({ templates: { reminder: null } });
    expect(cleared.body.templates.reminder).toBeNull();
    const stranger = await signUpTestUser(app);
    expect((await patchMessaging({ smsEnabled: false }, stranger)).status).toBe(403);
    expect((await request(app).get(`/api/shops/${shop.id}/messages`).set(bearer(stranger.accessToken))).status).toBe(
      403,
    );
  });

  it('the public page offers only channels that are enabled and set up', async () => {
    expect((await request(app).get(`/api/shops/${shop.slug}`)).body.shop).toMatchObject({
      smsEnabled: true,
      whatsappEnabled: true,
    });
    await patchMessaging({ whatsappEnabled: false });
    expect((await request(app).get(`/api/shops/${shop.slug}`)).body.shop).toMatchObject({
      smsEnabled: true,
      whatsappEnabled: false,
    });
  });
});

describe('without Twilio', () => {
  it('says SMS is not set up, offers no text channel, and a text-channel appointment gets its e-mail with the text in the log', async () => {
    const plain = await createBookingTestApp(db, { clock: createTestClock(), configOverrides: { PUBLIC_ORIGIN } });
    try {
      const someone = await signUpTestUser(plain);
      const theirs = await setUpShop(plain, someone.accessToken, {
        settings: { timeZone: 'America/New_York', hours_json: everyDay('00:00', '23:59'), minNoticeMinutes: 0 },
        services: [{ name: 'Cut', durationMinutes: 30, price: 20 }],
        barbers: ['Ana'],
      });
      const saved = await request(plain)
        .patch(`/api/shops/${theirs.id}/messaging`)
        .set(bearer(someone.accessToken))
        .send({ smsEnabled: true, quietStart: '00:00', quietEnd: '00:00' });
      expect(saved.body).toMatchObject({ provider: { sms: 'not_set_up', whatsapp: 'not_set_up' }, smsEnabled: true });
      expect((await request(plain).get(`/api/shops/${theirs.slug}`)).body.shop.smsEnabled).toBe(false);
      const start = new Date(Date.now() + 72 * 3_600_000);
      start.setUTCMinutes(0, 0, 0);
      const bookThere = (extra: Record<string, unknown> = {}) =>
        request(plain)
          .post(`/api/shops/${theirs.slug}/appointments`)
          .send({
            serviceId: theirs.services[0]?.id,
            barberId: 'any',
            start: start.toISOString(),
            client: { name: 'Jo Client', email: 'jo@example.com', phone: '(212) 555-0999' },
            ...extra,
          });
      const refused = await bookThere({ reminders: { channel: 'sms', consent: true } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(MESSAGING_MESSAGES.channelOff('sms'));

      // An appointment booked while texts were on, reminded after they were switched off here.
      const booked = await bookThere();
      await db.dataSource.query(
        `UPDATE "appointments" SET "reminder_channel" = 'sms', "reminder_consent_at" = now() WHERE "id" = $1`,
        [booked.body.id],
      );
      const lines: Array<Record<string, unknown>> = [];
      const capture = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
      const job = (await jobsFor(booked.body.id)).find((j) => j.data.kind === 'confirmation');
      const mailsBefore = mails.length;
      const outcome = await handleBookingMail(
        {
          dataSource: db.dataSource,
          mailer: { send: async (m) => void mails.push(m), close() {} },
          publicOrigin: PUBLIC_ORIGIN,
          now: plain.clock.now,
          logger: capture,
          texts: { ...textDeps(), provider: createTextProvider(plain.config, capture), logger: capture },
        },
        job!.data,
      );
      expect(outcome).toBe('sent');
      expect(mails.slice(mailsBefore).map((m) => m.to)).toEqual(['jo@example.com']);
      expect(lines.find((l) => String(l.msg).startsWith('text message (SMS is not set up'))).toMatchObject({
        to: '+12125550999',
        channel: 'sms',
      });
    } finally {
      await plain.close();
    }
  });
});
