import type { ChairCheckoutSummary, ChairPayment, EarningsReport, Ledger } from '@barberly/common';
import { pino } from 'pino';
import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import type { BookingMailJob } from '../mail/mail-queue';
import { handleBookingMail } from '../mail/mail-worker';
import type { MailMessage } from '../mail/mailer';
import { bearer } from '../shops/shops.test-helper';
import { type FakeStripeConnect, startFakeStripeConnect } from './fake-stripe-connect.test-helper';

/**
 * Issue 27 items 5 and 6 against the fake Stripe Connect: checkout at the chair (payment link / QR code, card on file,
 * cash), the receipt, the ledger and its CSV, payouts, each barber's pay (commission or booth rent), and who may see
 * which money.
 */

let db: TestDatabase;
let stripe: FakeStripeConnect;
let app: BookingTestApp;
let server: { url: string; close(): Promise<void> };
/** Tuesday 2026-12-01, 10:00 in New York; its week runs Monday 2026-11-30 to Sunday 2026-12-06. */
const NOW = '2026-12-01T15:00:00Z';
const sdk = () => {
  const url = new URL(stripe.url);
  return new Stripe('sk_test_barberly', { host: url.hostname, port: url.port, protocol: 'http' });
};

beforeAll(async () => {
  db = await createTestDatabase();
  stripe = await startFakeStripeConnect();
  app = await createBookingTestApp(db, {
    clock: createTestClock(NOW),
    configOverrides: {
      STRIPE_SECRET_KEY: 'sk_test_barberly',
      STRIPE_CONNECT_WEBHOOK_SECRET: stripe.secret,
      STRIPE_API_URL: stripe.url,
    },
  });
  server = await listen(app);
  stripe.webhookUrl = `${server.url}/api/payments/webhook`;
});
afterAll(async () => {
  await server?.close();
  await app?.close();
  await stripe?.close();
  await db?.drop();
});

interface Setup {
  owner: TestUser;
  shop: TestShop;
  auth: ReturnType<typeof bearer>;
  accountId?: string;
}

async function newShop(barbers = ['Marcus']): Promise<Setup> {
  const owner = await signUpTestUser(app);
  const shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00'), minNoticeMinutes: 0 },
    services: [
      { name: 'Haircut', durationMinutes: 30, price: 40 },
      { name: 'Beard trim', durationMinutes: 15, price: 20 },
    ],
    barbers,
  });
  return { owner, shop, auth: bearer(owner.accessToken) };
}

/** A shop whose Express account finished onboarding (the account on the fake, its row as the webhook leaves it). */
async function connected(barbers?: string[]): Promise<Setup> {
  const s = await newShop(barbers);
  const account = await sdk().accounts.create({ type: 'express', country: 'US' });
  await stripe.completeOnboarding(account.id);
  await db.dataSource.query(
    `INSERT INTO "payment_accounts" ("shop_id", "stripe_account_id", "details_submitted", "charges_enabled", "payouts_enabled")
     VALUES ($1, $2, true, true, true) ON CONFLICT ("shop_id") DO NOTHING`,
    [s.shop.id, account.id],
  );
  return { ...s, accountId: account.id };
}

let clientNumber = 0;
async function bookVisit(s: Setup, start: string, barber = 0, name?: string): Promise<string> {
  clientNumber += 1;
  const res = await request(app)
    .post(`/api/shops/${s.shop.slug}/appointments`)
    .send({
      serviceId: s.shop.services[0]!.id,
      barberId: s.shop.barbers[barber]!.id,
      start,
      client: {
        name: name ?? `Client ${clientNumber}`,
        email: `client${clientNumber}@example.com`,
        phone: `+1 212 555 ${String(1000 + clientNumber)}`,
      },
    });
  expect(res.status).toBe(201);
  const [row] = (await db.dataSource.query(
    `SELECT "id" FROM "appointments" WHERE "shop_id" = $1 AND "starts_at" = $2 AND "barber_id" = $3`,
    [s.shop.id, start, s.shop.barbers[barber]!.id],
  )) as Array<{ id: string }>;
  return row!.id;
}

/** A deposit paid at booking, as the booking's Checkout leaves it (issue 27 item 3). */
async function paidDeposit(appointmentId: string, amount: number) {
  await db.dataSource.query(
    `INSERT INTO "appointment_payments" ("shop_id", "appointment_id", "barber_id", "kind", "status", "amount", "currency", "created_at")
     SELECT "shop_id", "id", "barber_id", 'deposit', 'succeeded', $2, 'USD', $3 FROM "appointments" WHERE "id" = $1`,
    [appointmentId, amount, NOW],
  );
}

const checkoutUrl = (s: Setup, appointmentId: string) =>
  `/api/shops/${s.shop.id}/appointments/${appointmentId}/checkout`;

async function receiptJobs(appointmentId: string): Promise<BookingMailJob[]> {
  const rows = (await db.dataSource.query(
    `SELECT "data" FROM "pgboss"."job" WHERE "name" = 'booking-mail' AND "data"->>'kind' = 'receipt' AND "data"->>'appointmentId' = $1`,
    [appointmentId],
  )) as Array<{ data: BookingMailJob }>;
  return rows.map((r) => r.data);
}

/** Runs the mail worker's handler on the job, with a mailer that keeps what it is given. */
async function deliver(job: BookingMailJob): Promise<MailMessage[]> {
  const sent: MailMessage[] = [];
  await handleBookingMail(
    {
      dataSource: db.dataSource,
      mailer: { send: async (m) => void sent.push(m), close() {} },
      publicOrigin: 'http://localhost:3000',
      now: app.clock.now,
      logger: pino({ level: 'silent' }),
    },
    job,
  );
  return sent;
}

const statusOf = async (appointmentId: string) =>
  (
    (await db.dataSource.query(`SELECT "status" FROM "appointments" WHERE "id" = $1`, [appointmentId])) as Array<{
      status: string;
    }>
  )[0]!.status;

describe('checkout at the chair', () => {
  it('checks out an edited visit with a 20% tip by QR code, after a deposit: the balance, completed and paid, the receipt', async () => {
    const s = await connected();
    const appointmentId = await bookVisit(s, '2026-12-01T17:00:00.000Z');
    await paidDeposit(appointmentId, 10);

    const summary = (await request(app).get(checkoutUrl(s, appointmentId)).set(s.auth)).body as ChairCheckoutSummary;
    expect(summary.items).toEqual([{ serviceId: s.shop.services[0]!.id, name: 'Haircut', price: 40 }]);
    expect(summary.services.map((x) => x.name)).toEqual(['Haircut', 'Beard trim']);
    expect(summary.depositPaid).toBe(10);
    expect(summary.tipPresets).toEqual([15, 20, 25]);
    expect(summary.cardPayments).toBe(true);
    expect(summary.cardMessage).toBeNull();

    // The beard trim added at the chair: 60 of services, 10 paid, 50 left, a 20% tip on the services (12).
    const res = await request(app)
      .post(checkoutUrl(s, appointmentId))
      .set(s.auth)
      .send({
        serviceIds: [s.shop.services[0]!.id, s.shop.services[1]!.id],
        tip: { percent: 20 },
        method: 'payment_link',
        receipt: 'email',
      });
    expect(res.status).toBe(200);
    const pending = res.body as ChairPayment;
    expect(pending).toMatchObject({ status: 'pending', method: 'payment_link', amount: 50, tip: 12, total: 62 });
    expect(pending.qrSvg).toMatch(/^<svg[^>]*>/);
    const sessionId = pending.url!.split('/').pop()!;
    const session = stripe.sessions.get(sessionId)!;
    expect(session.amount_total).toBe(6200);
    expect(session.account).toBe(s.accountId);
    expect(await statusOf(appointmentId)).toBe('confirmed');
    expect(await receiptJobs(appointmentId)).toEqual([]);

    // The client pays on their phone: Stripe's signed webhook settles it, and the dialog's next look finds it paid.
    await stripe.completeSession(sessionId);
    await stripe.idle();
    expect(stripe.sent.filter((e) => e.type === 'checkout.session.completed').map((e) => e.status)).toEqual([200]);
    expect(await statusOf(appointmentId)).toBe('completed');
    const paid = (
      await request(app)
        .get(`${checkoutUrl(s, appointmentId)}/${pending.id}`)
        .set(s.auth)
    ).body as ChairPayment;
    expect(paid).toMatchObject({ status: 'succeeded', amount: 50, tip: 12, total: 62, url: null, qrSvg: null });
    expect(await statusOf(appointmentId)).toBe('completed');
    const [row] = (await db.dataSource.query(
      `SELECT "barber_id", "stripe_payment_intent_id" FROM "appointment_payments" WHERE "id" = $1`,
      [pending.id],
    )) as Array<{ barber_id: string; stripe_payment_intent_id: string }>;
    expect(row!.barber_id).toBe(s.shop.barbers[0]!.id);
    expect(stripe.paymentIntents.get(row!.stripe_payment_intent_id)?.amount).toBe(6200);

    // Asking again settles nothing twice: one receipt job.
    await request(app)
      .get(`${checkoutUrl(s, appointmentId)}/${pending.id}`)
      .set(s.auth)
      .expect(200);
    const jobs = await receiptJobs(appointmentId);
    expect(jobs).toHaveLength(1);
    const [mail] = await deliver(jobs[0]!);
    expect(mail!.to).toMatch(/^client\d+@example\.com$/);
    expect(mail!.subject).toContain('Receipt from');
    expect(mail!.text).toContain('Haircut: $40.00');
    expect(mail!.text).toContain('Beard trim: $20.00');
    expect(mail!.text).toContain('Deposit already paid: −$10.00');
    expect(mail!.text).toContain('Balance: $50.00');
    expect(mail!.text).toContain('Tip: $12.00');
    expect(mail!.text).toContain('Paid today: $62.00 (Card (payment link))');

    const again = await request(app)
      .post(checkoutUrl(s, appointmentId))
      .set(s.auth)
      .send({ serviceIds: [s.shop.services[0]!.id], method: 'cash' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_paid');
  });

  it('without Stripe connected only cash or another method is offered, and cash completes the visit', async () => {
    const s = await newShop();
    const appointmentId = await bookVisit(s, '2026-12-01T18:00:00.000Z');
    const summary = (await request(app).get(checkoutUrl(s, appointmentId)).set(s.auth)).body as ChairCheckoutSummary;
    expect(summary.cardPayments).toBe(false);
    expect(summary.cardMessage).toBe('Card payments need Stripe connected. Until then, record cash or another method.');

    const link = await request(app)
      .post(checkoutUrl(s, appointmentId))
      .set(s.auth)
      .send({ serviceIds: [s.shop.services[0]!.id], method: 'payment_link' });
    expect(link.status).toBe(409);
    expect(link.body.error.message).toBe(summary.cardMessage);

    const bad = await request(app)
      .post(checkoutUrl(s, appointmentId))
      .set(s.auth)
      .send({ serviceIds: [], tip: { percent: 120 }, method: 'cash' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ serviceIds: 'Add at least one service.' });

    const cash = await request(app)
      .post(checkoutUrl(s, appointmentId))
      .set(s.auth)
      .send({ serviceIds: [s.shop.services[0]!.id], tip: { amount: 5 }, method: 'cash', receipt: 'email' });
    expect(cash.status).toBe(200);
    expect(cash.body).toMatchObject({ status: 'succeeded', method: 'cash', amount: 40, tip: 5, total: 45 });
    expect(await statusOf(appointmentId)).toBe('completed');
    const [mail] = await deliver((await receiptJobs(appointmentId))[0]!);
    expect(mail!.text).toContain('Paid today: $45.00 (Cash)');
  });

  it("sends the receipt by text under the shop's text rules", async () => {
    const s = await newShop();
    const appointmentId = await bookVisit(s, '2026-12-01T20:00:00.000Z');
    const [visit] = (await db.dataSource.query(
      `SELECT "client_phone_e164" AS "phone" FROM "appointments" WHERE "id" = $1`,
      [appointmentId],
    )) as Array<{ phone: string }>;
    const phone = visit!.phone;
    expect(phone).toMatch(/^\+1212555\d{4}$/);
    const res = await request(app)
      .post(checkoutUrl(s, appointmentId))
      .set(s.auth)
      .send({ serviceIds: [s.shop.services[0]!.id], tip: { percent: 25 }, method: 'other', receipt: 'text' });
    expect(res.status).toBe(200);
    const texts = (await db.dataSource.query(
      `SELECT "phone", "body", "direction" FROM "text_messages" WHERE "appointment_id" = $1 AND "kind" = 'receipt'`,
      [appointmentId],
    )) as Array<{ phone: string; body: string; direction: string }>;
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ phone, direction: 'out' });
    expect(texts[0]!.body).toContain('Tip: $10.00');
    expect(texts[0]!.body).toContain('Paid today: $50.00 (Other)');
    expect(await receiptJobs(appointmentId)).toEqual([]);
  });

  it('charges the card on file only with the client agreeing', async () => {
    const s = await connected();
    const appointmentId = await bookVisit(s, '2026-12-01T19:00:00.000Z');
    // The card saved at booking (setup mode), as the booking's Checkout leaves it on the appointment's terms.
    const session = await sdk().checkout.sessions.create(
      { mode: 'setup', currency: 'usd', success_url: 'http://localhost/ok' },
      { stripeAccount: s.accountId! },
    );
    await stripe.completeSession(session.id);
    const done = stripe.sessions.get(session.id)!;
    const setupIntent = await sdk().setupIntents.retrieve(done.setup_intent!, {}, { stripeAccount: s.accountId! });
    await db.dataSource.query(
      `INSERT INTO "appointment_payment_terms" ("appointment_id", "shop_id", "policy", "policy_text", "accepted_at",
         "stripe_account_id", "stripe_customer_id", "stripe_payment_method_id")
       VALUES ($1, $2, '{"mode":"card_on_file"}', 'Card on file.', now(), $3, $4, $5)`,
      [appointmentId, s.shop.id, s.accountId, done.customer, setupIntent.payment_method],
    );
    const summary = (await request(app).get(checkoutUrl(s, appointmentId)).set(s.auth)).body as ChairCheckoutSummary;
    expect(summary.cardOnFile).toBe(true);

    const unasked = await request(app)
      .post(checkoutUrl(s, appointmentId))
      .set(s.auth)
      .send({ serviceIds: [s.shop.services[0]!.id], tip: { percent: 15 }, method: 'card_on_file' });
    expect(unasked.status).toBe(400);
    expect(unasked.body.error.fields.clientAgreed).toBe(
      'The client must be present and agree to be charged on their card on file.',
    );
    const charged = await request(app)
      .post(checkoutUrl(s, appointmentId))
      .set(s.auth)
      .send({ serviceIds: [s.shop.services[0]!.id], tip: { percent: 15 }, method: 'card_on_file', clientAgreed: true });
    expect(charged.status).toBe(200);
    expect(charged.body).toMatchObject({ status: 'succeeded', amount: 40, tip: 6, total: 46 });
    const intent = [...stripe.paymentIntents.values()].find((pi) => pi.metadata.chairPaymentId === charged.body.id);
    expect(intent).toMatchObject({ amount: 4600, status: 'succeeded', account: s.accountId });
    expect(await statusOf(appointmentId)).toBe('completed');
  });
});

describe('money views', () => {
  /**
   * The hand-computed week (Mon 2026-11-30 – Sun 2026-12-06): Marcus on 40 % commission, Jay renting his chair for
   * $150 a week.
   * - Marcus: a haircut with a $10 deposit, checked out with the beard trim (services 60: deposit 10 + balance 50)
   *   and a $12 tip; a haircut in cash ($40) with a $6 tip. Services 100, tips 18, commission 40 → earns 58.
   * - Jay: two haircuts in cash ($40 each), tips $8 and $0. Services 80, tips 8, rent owed 150 → −62.
   */
  let s: Setup;
  let barberUser: TestUser;
  beforeAll(async () => {
    s = await connected(['Marcus', 'Jay']);
    const [marcus, jay] = s.shop.barbers;
    expect(
      (
        await request(app)
          .put(`/api/shops/${s.shop.id}/barbers/${marcus!.id}/pay`)
          .set(s.auth)
          .send({ kind: 'commission', percent: 40 })
      ).status,
    ).toBe(200);
    expect(
      (
        await request(app)
          .put(`/api/shops/${s.shop.id}/barbers/${jay!.id}/pay`)
          .set(s.auth)
          .send({ kind: 'booth_rent', weeklyRent: 150 })
      ).status,
    ).toBe(200);

    const a1 = await bookVisit(s, '2026-12-01T17:00:00.000Z', 0);
    await paidDeposit(a1, 10);
    const link = await request(app)
      .post(checkoutUrl(s, a1))
      .set(s.auth)
      .send({
        serviceIds: [s.shop.services[0]!.id, s.shop.services[1]!.id],
        tip: { amount: 12 },
        method: 'payment_link',
      });
    await stripe.completeSession(link.body.url.split('/').pop());
    await request(app)
      .get(`${checkoutUrl(s, a1)}/${link.body.id}`)
      .set(s.auth)
      .expect(200);
    const a2 = await bookVisit(s, '2026-12-01T18:00:00.000Z', 0, '=HYPERLINK("x")');
    await request(app)
      .post(checkoutUrl(s, a2))
      .set(s.auth)
      .send({ serviceIds: [s.shop.services[0]!.id], tip: { percent: 15 }, method: 'cash' })
      .expect(200);
    const a3 = await bookVisit(s, '2026-12-01T17:00:00.000Z', 1);
    await request(app)
      .post(checkoutUrl(s, a3))
      .set(s.auth)
      .send({ serviceIds: [s.shop.services[0]!.id], tip: { percent: 20 }, method: 'other' })
      .expect(200);
    const a4 = await bookVisit(s, '2026-12-01T18:00:00.000Z', 1);
    await request(app)
      .post(checkoutUrl(s, a4))
      .set(s.auth)
      .send({ serviceIds: [s.shop.services[0]!.id], tip: null, method: 'cash' })
      .expect(200);

    barberUser = await signUpTestUser(app);
    // Not yet the shop's barber: nothing of its money (and the first call makes the user's profile).
    expect(
      (await request(app).get(`/api/shops/${s.shop.id}/payments/earnings`).set(bearer(barberUser.accessToken))).status,
    ).toBe(403);
    await db.dataSource.query(`UPDATE "barbers" SET "user_id" = $1 WHERE "id" = $2`, [barberUser.userId, marcus!.id]);
  });

  it('gives each barber their services revenue, tips and pay: commission and booth rent against a hand-computed week', async () => {
    const res = await request(app).get(`/api/shops/${s.shop.id}/payments/earnings`).set(s.auth);
    expect(res.status).toBe(200);
    const report = res.body as EarningsReport;
    expect(report).toMatchObject({ from: '2026-11-30', to: '2026-12-06', weeks: 1, currency: 'USD' });
    const byName = Object.fromEntries(report.barbers.map((b) => [b.name, b]));
    expect(byName.Marcus).toMatchObject({
      pay: { kind: 'commission', percent: 40 },
      visits: 2,
      servicesRevenue: 100,
      tips: 18,
      servicesShare: 40,
      rentOwed: 0,
      earnings: 58,
    });
    expect(byName.Jay).toMatchObject({
      pay: { kind: 'booth_rent', weeklyRent: 150 },
      visits: 2,
      servicesRevenue: 80,
      tips: 8,
      servicesShare: 80,
      rentOwed: 150,
      earnings: -62,
    });
  });

  it('lists every charge in the ledger, filterable, and exports it as CSV', async () => {
    const ledger = (await request(app).get(`/api/shops/${s.shop.id}/payments/ledger`).set(s.auth)).body as Ledger;
    expect(ledger.rows.filter((r) => r.type === 'charge')).toHaveLength(5);
    expect(ledger.totals).toMatchObject({ charged: 10 + 62 + 46 + 48 + 40, tips: 12 + 6 + 8, refunded: 0 });
    const jay = s.shop.barbers[1]!.id;
    const onlyJay = (await request(app).get(`/api/shops/${s.shop.id}/payments/ledger?barberId=${jay}`).set(s.auth))
      .body as Ledger;
    expect(onlyJay.rows.map((r) => r.barberName)).toEqual(['Jay', 'Jay']);
    const none = (await request(app).get(`/api/shops/${s.shop.id}/payments/ledger?type=dispute`).set(s.auth))
      .body as Ledger;
    expect(none.rows).toEqual([]);

    const csv = await request(app).get(`/api/shops/${s.shop.id}/payments/ledger?format=csv`).set(s.auth);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('payments.csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('Date,Type,Kind,Status,Method,Client,Barber,Amount,Tip,Refunded,Currency,Reference');
    expect(lines).toHaveLength(6);
    // A client's name a spreadsheet would run is written as text.
    expect(
      lines.some((l) => l.includes(`charge,balance,succeeded,cash,"'=HYPERLINK(""x"")",Marcus,40.00,6.00,0.00,USD,`)),
    ).toBe(true);

    const bad = await request(app)
      .get(`/api/shops/${s.shop.id}/payments/ledger?from=2026-12-05&to=2026-12-01`)
      .set(s.auth);
    expect(bad.status).toBe(400);
  });

  it("shows the shop's Stripe balance and payouts from Stripe", async () => {
    stripe.addPayout(s.accountId!, 5000, 'usd', Date.parse('2026-12-03T00:00:00Z') / 1000);
    const res = await request(app).get(`/api/shops/${s.shop.id}/payments/payouts`).set(s.auth);
    expect(res.status).toBe(200);
    // Card money only: the $62 payment link less the $50 paid out.
    expect(res.body.balance.available).toEqual([{ amount: 12, currency: 'USD' }]);
    expect(res.body.payouts).toEqual([
      expect.objectContaining({ amount: 50, currency: 'USD', status: 'paid', arrivalDate: '2026-12-03T00:00:00.000Z' }),
    ]);
  });

  it('adds what was collected beside the booked revenue, and no-shows before and after the payment policy', async () => {
    const late = await bookVisit(s, '2026-12-01T19:00:00.000Z', 0);
    // A money-taking policy since 12:30 in New York: the 12:00 visits came before it, the later ones after.
    await db.dataSource.query(
      `INSERT INTO "payment_policies" ("shop_id", "mode", "deposit", "updated_at") VALUES ($1, 'deposit', '{"percent": 25}', $2)`,
      [s.shop.id, '2026-12-01T17:30:00Z'],
    );
    app.clock.set('2026-12-01T23:00:00Z');
    expect(
      (await request(app).patch(`/api/shops/${s.shop.id}/appointments/${late}`).set(s.auth).send({ status: 'no_show' }))
        .status,
    ).toBe(200);
    const res = await request(app)
      .get(`/api/shops/${s.shop.id}/analytics?period=custom&from=2026-11-30&to=2026-12-06`)
      .set(s.auth);
    expect(res.status).toBe(200);
    expect(res.body.payments).toEqual({
      collected: 206,
      collectedTips: 26,
      priorCollected: 0,
      noShowRate: { policySince: '2026-12-01T17:30:00.000Z', before: 0, after: 0.333 },
    });
    app.clock.set(NOW);
  });

  it('lets a barber see only their own money, and nobody another shop’s', async () => {
    const mine = bearer(barberUser.accessToken);
    const own = (await request(app).get(`/api/shops/${s.shop.id}/payments/earnings`).set(mine)).body as EarningsReport;
    expect(own.barbers.map((b) => b.name)).toEqual(['Marcus']);
    expect(own.barbers[0]).toMatchObject({ tips: 18, earnings: 58 });
    expect((await request(app).get(`/api/shops/${s.shop.id}/payments/ledger`).set(mine)).status).toBe(403);
    expect((await request(app).get(`/api/shops/${s.shop.id}/payments/payouts`).set(mine)).status).toBe(403);
    const jay = s.shop.barbers[1]!.id;
    expect(
      (
        await request(app)
          .put(`/api/shops/${s.shop.id}/barbers/${jay}/pay`)
          .set(mine)
          .send({ kind: 'commission', percent: 90 })
      ).status,
    ).toBe(403);
    // Jay's visit is not Marcus's to check out: as unknown as a made-up id.
    const [jayVisit] = (await db.dataSource.query(`SELECT "id" FROM "appointments" WHERE "barber_id" = $1 LIMIT 1`, [
      jay,
    ])) as Array<{ id: string }>;
    expect((await request(app).get(checkoutUrl(s, jayVisit!.id)).set(mine)).status).toBe(404);

    const other = await newShop();
    for (const path of [
      'payments/ledger',
      'payments/earnings',
      'payments/payouts',
      `appointments/${jayVisit!.id}/checkout`,
    ]) {
      expect((await request(app).get(`/api/shops/${s.shop.id}/${path}`).set(other.auth)).status).toBe(403);
    }
    // Another shop's appointment through one's own shop is not found.
    expect((await request(app).get(checkoutUrl(other, jayVisit!.id)).set(other.auth)).status).toBe(404);
  });
});
