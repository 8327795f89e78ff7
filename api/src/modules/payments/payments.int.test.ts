import type { AppointmentPayments, CancellationTerms, PaymentAccount, ShopPaymentPolicies } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
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
import { runAppointmentEvents } from '../appointments/event-drain.test-helper';
import { handleBookingMail } from '../mail/mail-worker';
import type { MailMessage } from '../mail/mailer';
import { bearer } from '../shops/shops.test-helper';
import { type CardBehaviour, type FakeStripeConnect, startFakeStripeConnect } from './fake-stripe-connect.test-helper';

/**
 * Issue 27, items 1-4, against the fake Stripe Connect (item 7): connecting, policies, payment at booking with the
 * slot held, confirmation exactly once whatever the webhooks do, cancellations, no-shows, refunds and disputes.
 */

let db: TestDatabase;
let stripe: FakeStripeConnect;
let app: BookingTestApp;
let server: { url: string; close(): Promise<void> };
/** Tuesday 2026-12-01, 10:00 in New York. */
const NOW = '2026-12-01T15:00:00Z';

beforeAll(async () => {
  db = await createTestDatabase();
  stripe = await startFakeStripeConnect();
  app = await createBookingTestApp(db, {
    clock: createTestClock(NOW),
    configOverrides: {
      STRIPE_SECRET_KEY: 'sk_test_barberly',
      STRIPE_CONNECT_WEBHOOK_SECRET: stripe.secret,
      STRIPE_API_URL: stripe.url,
      PAYMENTS_APPLICATION_FEE_BPS: '100',
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
beforeEach(() => {
  stripe.delivery = {};
  app.clock.set(NOW);
});

interface Setup {
  owner: TestUser;
  shop: TestShop;
  auth: ReturnType<typeof bearer>;
}

async function newShop(): Promise<Setup> {
  const owner = await signUpTestUser(app);
  const shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00'), minNoticeMinutes: 0 },
    services: [
      { name: 'Haircut', durationMinutes: 30, price: 40 },
      { name: 'Beard trim', durationMinutes: 15, price: 20 },
    ],
    barbers: ['Marcus'],
  });
  return { owner, shop, auth: bearer(owner.accessToken) };
}

/** Connected through the Account Link, as the owner would: the link's page finishes onboarding. */
async function connect(s: Setup) {
  const res = await request(app).post(`/api/shops/${s.shop.id}/payments/connect`).set(s.auth);
  expect(res.status).toBe(200);
  const page = await fetch(res.body.url, { redirect: 'manual' });
  expect(page.status).toBe(303);
  expect(page.headers.get('location')).toBe(`http://localhost:3000/dashboard/owner/${s.shop.slug}?payments=connected`);
}

const putPolicy = (s: Setup, body: object) =>
  request(app).put(`/api/shops/${s.shop.id}/payment-policy`).set(s.auth).send(body);

async function connectedShop(policy: object): Promise<Setup> {
  const s = await newShop();
  await connect(s);
  const res = await putPolicy(s, policy);
  expect(res.status).toBe(200);
  return s;
}

const person = (n: number) => ({
  name: `Client ${n}`,
  email: `client${n}@example.com`,
  phone: `+1 212 555 01${String(n).padStart(2, '0')}`,
});

const book = (s: Setup, start: string, n = 1, serviceIndex = 0) =>
  request(app)
    .post(`/api/shops/${s.shop.slug}/appointments`)
    .send({ serviceId: s.shop.services[serviceIndex]!.id, barberId: 'any', start, client: person(n) });

const sessionOf = (checkoutUrl: string) => {
  const id = checkoutUrl.split('/').pop()!;
  const session = stripe.sessions.get(id);
  if (!session) throw new Error(`no session ${id}`);
  return session;
};

/** Pays on the fake Checkout page as the browser would; returns the return page's token. */
async function pay(checkoutUrl: string, card: CardBehaviour = 'ok') {
  const res = await fetch(`${checkoutUrl}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ card }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!);
  return decodeURIComponent(location.pathname.split('/').pop()!);
}

const appointmentsOf = async (s: Setup) =>
  (await db.dataSource.query(`SELECT "id", "status", "starts_at" FROM "appointments" WHERE "shop_id" = $1`, [
    s.shop.id,
  ])) as Array<{ id: string; status: string; starts_at: Date }>;

const moneyOf = async (s: Setup, appointmentId: string) =>
  (await request(app).get(`/api/shops/${s.shop.id}/appointments/${appointmentId}/payments`).set(s.auth))
    .body as AppointmentPayments;

async function bookAndPay(s: Setup, start: string, n = 1, card: CardBehaviour = 'ok') {
  const booked = await book(s, start, n);
  expect(booked.status).toBe(201);
  expect(booked.body.status).toBe('pending_payment');
  const token = await pay(booked.body.checkoutUrl, card);
  await stripe.idle();
  const [row] = (await db.dataSource.query(
    `SELECT a."id" FROM "appointments" a JOIN "payment_checkouts" c ON c."appointment_id" = a."id"
     WHERE c."checkout_session_id" = $1`,
    [sessionOf(booked.body.checkoutUrl).id],
  )) as Array<{ id: string }>;
  expect(row).toBeDefined();
  return { appointmentId: row!.id, token, checkoutUrl: booked.body.checkoutUrl as string };
}

describe('connecting Stripe (item 1)', () => {
  it('goes from not connected to details needed (with what Stripe asks for) to ready through the Account Link', async () => {
    const s = await newShop();
    const before = await request(app).get(`/api/shops/${s.shop.id}/payments/account`).set(s.auth);
    expect(before.body).toMatchObject({ status: 'not_connected', configured: true, applicationFeeBps: 100 });
    expect(before.body.message).toContain('Connect your Stripe account');

    const link = await request(app).post(`/api/shops/${s.shop.id}/payments/connect`).set(s.auth);
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(/\/connect\/onboard\/acct_/);
    const pending = (await request(app).get(`/api/shops/${s.shop.id}/payments/account`).set(s.auth))
      .body as PaymentAccount;
    expect(pending.status).toBe('details_needed');
    expect(pending.requirements).toEqual(
      expect.arrayContaining(['Bank account for payouts', 'Date of birth', "Acceptance of Stripe's terms"]),
    );
    // Asking again reuses the account: one Express account per shop.
    await request(app).post(`/api/shops/${s.shop.id}/payments/connect`).set(s.auth);
    expect([...stripe.accounts.values()].filter((a) => a.metadata.shopId === s.shop.id)).toHaveLength(1);

    await fetch(link.body.url, { redirect: 'manual' });
    const ready = (await request(app).get(`/api/shops/${s.shop.id}/payments/account`).set(s.auth))
      .body as PaymentAccount;
    expect(ready).toMatchObject({ status: 'ready', chargesEnabled: true, payoutsEnabled: true, requirements: [] });
  });

  it('refuses a policy that takes money before the shop is connected, in words; "none" is always fine', async () => {
    const s = await newShop();
    const refused = await putPolicy(s, { mode: 'deposit', deposit: { amount: 10 }, cancellationWindowHours: 24 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^Connect your Stripe account first/);
    const fine = await putPolicy(s, { mode: 'none', cancellationWindowHours: 24 });
    expect(fine.status).toBe(200);
    // Nothing asks for money: the booking is made at once.
    const booked = await book(s, '2026-12-03T15:00:00Z');
    expect(booked.status).toBe(201);
    expect(booked.body.status).toBe('confirmed');
  });

  it("keeps every shop's payments to its owner", async () => {
    const s = await connectedShop({ mode: 'deposit', deposit: { amount: 10 }, cancellationWindowHours: 24 });
    const { appointmentId } = await bookAndPay(s, '2026-12-03T16:00:00Z');
    const stranger = await signUpTestUser(app);
    const as = bearer(stranger.accessToken);
    const base = `/api/shops/${s.shop.id}`;
    expect((await request(app).get(`${base}/payments/account`).set(as)).status).toBe(403);
    expect((await request(app).post(`${base}/payments/connect`).set(as)).status).toBe(403);
    expect((await request(app).get(`${base}/payment-policy`).set(as)).status).toBe(403);
    expect(
      (await request(app).put(`${base}/payment-policy`).set(as).send({ mode: 'none', cancellationWindowHours: 1 }))
        .status,
    ).toBe(403);
    expect((await request(app).get(`${base}/appointments/${appointmentId}/payments`).set(as)).status).toBe(403);
    expect(
      (await request(app).post(`${base}/appointments/${appointmentId}/refunds`).set(as).send({ reason: 'mine now' }))
        .status,
    ).toBe(403);
    // Another owner asking through their own shop for this appointment finds nothing.
    const other = await newShop();
    const through = await request(app)
      .get(`/api/shops/${other.shop.id}/appointments/${appointmentId}/payments`)
      .set(other.auth);
    expect(through.status).toBe(404);
    expect((await request(app).get(`${base}/payments/account`)).status).toBe(401);
  });
});

describe('policies (item 2)', () => {
  it('sets the shop policy and a per-service override, capped at the price, in words', async () => {
    const s = await newShop();
    await connect(s);
    const shopWide = await putPolicy(s, {
      mode: 'deposit',
      deposit: { percent: 25 },
      cancellationWindowHours: 24,
      lateCancelFee: { amount: 15 },
      noShowFee: { percent: 100 },
    });
    expect(shopWide.status).toBe(200);
    const trim = s.shop.services[1]!;
    const tooMuch = await request(app)
      .put(`/api/shops/${s.shop.id}/services/${trim.id}/payment-policy`)
      .set(s.auth)
      .send({ mode: 'card_on_file', cancellationWindowHours: 12, noShowFee: { amount: 25 } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields.noShowFee).toBe("That is more than the service's price ($20).");
    const own = await request(app)
      .put(`/api/shops/${s.shop.id}/services/${trim.id}/payment-policy`)
      .set(s.auth)
      .send({ mode: 'prepay', cancellationWindowHours: 12 });
    const policies = own.body as ShopPaymentPolicies;
    expect(policies.policy.mode).toBe('deposit');
    expect(policies.services.find((p) => p.serviceId === trim.id)?.effective.mode).toBe('prepay');
    expect(policies.services.find((p) => p.serviceId === s.shop.services[0]!.id)?.policy).toBeNull();

    const bad = await putPolicy(s, { mode: 'deposit', cancellationWindowHours: 24 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.deposit).toBe('A deposit needs an amount or a percentage.');

    // The haircut takes 25% of $40; the trim is paid in full.
    const haircut = await book(s, '2026-12-03T15:00:00Z', 1, 0);
    expect(haircut.body.policyText).toBe(
      'A deposit of 25% of the visit ($10) is taken now and counts toward your visit. Cancel at least 24 hours before ' +
        'for a full refund of the deposit. Cancelling later costs $15. Not showing up costs 100% of the visit ($40).',
    );
    expect(sessionOf(haircut.body.checkoutUrl)).toMatchObject({ mode: 'payment', amount_total: 1000, currency: 'usd' });
    const beard = await book(s, '2026-12-03T17:00:00Z', 2, 1);
    expect(sessionOf(beard.body.checkoutUrl)).toMatchObject({ mode: 'payment', amount_total: 2000 });
    expect(beard.body.policyText).toMatch(/^The full price of \$20 is paid now\./);

    // Back to the shop's policy.
    const inherit = await request(app)
      .put(`/api/shops/${s.shop.id}/services/${trim.id}/payment-policy`)
      .set(s.auth)
      .send({ inherit: true });
    expect((inherit.body as ShopPaymentPolicies).services.find((p) => p.serviceId === trim.id)?.policy).toBeNull();
  });

  it('a card on file opens Checkout in setup mode and charges nothing now', async () => {
    const s = await connectedShop({ mode: 'card_on_file', cancellationWindowHours: 24, noShowFee: { amount: 25 } });
    const { appointmentId } = await bookAndPay(s, '2026-12-03T15:00:00Z');
    const money = await moneyOf(s, appointmentId);
    expect(money.cardOnFile).toBe(true);
    expect(money.payments).toEqual([]);
    expect(money.policyText).toBe(
      'Your card is saved with the shop; nothing is charged now. You can cancel free of charge up to 24 hours before. ' +
        'Not showing up costs $25.',
    );
    expect(money.acceptedAt).toBeTruthy();
  });
});

describe('payment at booking (item 3)', () => {
  it('the confirmation and the reminder carry the policy the client accepted', async () => {
    const s = await connectedShop({ mode: 'deposit', deposit: { amount: 10 }, cancellationWindowHours: 24 });
    const { appointmentId } = await bookAndPay(s, '2026-12-04T15:00:00Z');
    const sent: MailMessage[] = [];
    const deps = {
      dataSource: db.dataSource,
      mailer: { send: async (m: MailMessage) => void sent.push(m) } as never,
      publicOrigin: 'http://localhost:3000',
      now: () => new Date(NOW),
      logger: createLogger('silent'),
    };
    for (const kind of ['confirmation', 'reminder'] as const) {
      expect(await handleBookingMail(deps as never, { kind, appointmentId, version: 1 } as never)).toBe('sent');
    }
    expect(sent).toHaveLength(2);
    for (const mail of sent) {
      expect(mail.text).toContain(
        'Payment policy: A deposit of $10 is taken now and counts toward your visit. Cancel at least 24 hours before for a full refund of the deposit.',
      );
    }
  });

  it('holds the slot while the client pays: a second client is refused; paying confirms the booking and the fee goes to the platform', async () => {
    const s = await connectedShop({ mode: 'deposit', deposit: { amount: 10 }, cancellationWindowHours: 24 });
    const first = await book(s, '2026-12-03T15:00:00Z', 1);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: 'pending_payment',
      checkoutUrl: expect.stringContaining('/checkout/cs_test_'),
    });
    expect(await appointmentsOf(s)).toEqual([]);

    const second = await book(s, '2026-12-03T15:00:00Z', 2);
    expect(second.status).toBe(409);

    const token = await pay(first.body.checkoutUrl);
    await stripe.idle();
    const booked = await appointmentsOf(s);
    expect(booked).toHaveLength(1);
    expect(booked[0]!.status).toBe('confirmed');
    const ret = await request(app).get(`/api/payments/return/${encodeURIComponent(token)}`);
    expect(ret.body).toMatchObject({
      status: 'confirmed',
      manageUrl: expect.stringContaining(`/shop/${s.shop.slug}/appointments/`),
    });

    const money = await moneyOf(s, booked[0]!.id);
    expect(money.payments).toMatchObject([{ kind: 'deposit', status: 'succeeded', amount: 10 }]);
    // Direct charge on the shop's account with the platform's 1%.
    const intent = [...stripe.paymentIntents.values()].find((p) => p.metadata.checkoutId);
    expect(intent?.account).toMatch(/^acct_/);
    const checkoutCall = stripe.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(checkoutCall?.account).toBe(intent?.account);
    expect(checkoutCall?.form['payment_intent_data[application_fee_amount]']).toBe('10');
  });

  it('a retry of the same attempt (its Idempotency-Key) gets the same Checkout instead of a refusal', async () => {
    const s = await connectedShop({ mode: 'deposit', deposit: { amount: 10 }, cancellationWindowHours: 24 });
    const body = {
      serviceId: s.shop.services[0]!.id,
      barberId: 'any',
      start: '2026-12-03T15:00:00Z',
      client: person(1),
    };
    const url = `/api/shops/${s.shop.slug}/appointments`;
    const first = await request(app).post(url).set('Idempotency-Key', 'attempt-1').send(body);
    const again = await request(app).post(url).set('Idempotency-Key', 'attempt-1').send(body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await request(app)
      .post(url)
      .set('Idempotency-Key', 'attempt-1')
      .send({ ...body, client: person(2) });
    expect(other.status).toBe(409);
  });

  it('confirms exactly once when every event comes twice and in reverse order', async () => {
    const s = await connectedShop({ mode: 'prepay', cancellationWindowHours: 24 });
    stripe.delivery = { copies: 2, reverse: true };
    const { appointmentId } = await bookAndPay(s, '2026-12-03T15:00:00Z');
    expect(await appointmentsOf(s)).toHaveLength(1);
    const money = await moneyOf(s, appointmentId);
    expect(money.payments).toHaveLength(1);
    expect(money.payments[0]).toMatchObject({ kind: 'prepay', amount: 40, status: 'succeeded' });
    const [terms] = await db.dataSource.query(
      `SELECT "stripe_payment_method_id", "stripe_customer_id" FROM "appointment_payment_terms" WHERE "appointment_id" = $1`,
      [appointmentId],
    );
    expect(terms.stripe_payment_method_id).toMatch(/^pm_/);
    expect(terms.stripe_customer_id).toMatch(/^cus_/);
    // Each event was sent twice; the duplicates were answered 200 and did nothing.
    expect(stripe.sent.filter((e) => e.type === 'payment_intent.succeeded').length).toBeGreaterThanOrEqual(2);
    const mails = await db.dataSource.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'appointmentId' = $1 AND data->>'kind' = 'confirmation'`,
      [appointmentId],
    );
    expect(mails[0].n).toBe(1);
  });

  it('shows "Confirming your payment…" until the webhook comes, and refuses a forged one', async () => {
    const s = await connectedShop({ mode: 'deposit', deposit: { amount: 10 }, cancellationWindowHours: 24 });
    const booked = await book(s, '2026-12-03T15:00:00Z');
    const session = sessionOf(booked.body.checkoutUrl);
    const token = decodeURIComponent(new URL(session.success_url).pathname.split('/').pop()!);
    const waiting = await request(app).get(`/api/payments/return/${encodeURIComponent(token)}`);
    expect(waiting.body).toEqual({ status: 'confirming', message: 'Confirming your payment…', manageUrl: null });
    const forged = await stripe.sendEvent(
      'checkout.session.completed',
      { ...session, status: 'complete', payment_status: 'paid' },
      session.account,
      { signature: 't=1,v1=deadbeef' },
    );
    expect(forged).toBe(400);
    expect(await appointmentsOf(s)).toEqual([]);
  });

  it('an abandoned Checkout books nothing and charges nothing; the slot is free again', async () => {
    const s = await connectedShop({ mode: 'deposit', deposit: { amount: 10 }, cancellationWindowHours: 24 });
    const booked = await book(s, '2026-12-03T15:00:00Z', 1);
    const session = sessionOf(booked.body.checkoutUrl);
    const cancel = await fetch(`${booked.body.checkoutUrl}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancel.headers.get('location')).toContain('cancelled=1');
    await stripe.expireSession(session.id);
    expect(await appointmentsOf(s)).toEqual([]);
    expect([...stripe.paymentIntents.values()].filter((p) => p.account === session.account)).toEqual([]);
    const token = decodeURIComponent(new URL(session.success_url).pathname.split('/').pop()!);
    const state = await request(app).get(`/api/payments/return/${encodeURIComponent(token)}`);
    expect(state.body.status).toBe('expired');
    expect(state.body.message).toBe('Your payment was not completed, so nothing was booked and nothing was charged.');
    const again = await book(s, '2026-12-03T15:00:00Z', 2);
    expect(again.status).toBe(201);
    expect(again.body.status).toBe('pending_payment');
  });

  it('frees the slot when the hold lapses; a payment after someone else took it is refunded in full', async () => {
    const s = await connectedShop({ mode: 'deposit', deposit: { amount: 10 }, cancellationWindowHours: 24 });
    const late = await book(s, '2026-12-03T15:00:00Z', 1);
    app.clock.set('2026-12-01T15:16:00Z');
    const other = await book(s, '2026-12-03T15:00:00Z', 2);
    expect(other.status).toBe(201);
    await pay(other.body.checkoutUrl);
    await stripe.idle();
    expect(await appointmentsOf(s)).toHaveLength(1);

    const token = await pay(late.body.checkoutUrl);
    await stripe.idle();
    expect(await appointmentsOf(s)).toHaveLength(1);
    const lateIntent = sessionOf(late.body.checkoutUrl).payment_intent!;
    expect(stripe.refunds.filter((r) => r.payment_intent === lateIntent)).toMatchObject([{ amount: 1000 }]);
    const state = await request(app).get(`/api/payments/return/${encodeURIComponent(token)}`);
    expect(state.body.status).toBe('refunded');
  });
});

describe('cancellations, no-shows and refunds (item 4)', () => {
  const depositPolicy = {
    mode: 'deposit',
    deposit: { amount: 10 },
    cancellationWindowHours: 24,
    lateCancelFee: { amount: 15 },
    noShowFee: { amount: 25 },
  };

  it('inside the window: says the fee before the client confirms, keeps the deposit and charges the rest to the card', async () => {
    const s = await connectedShop(depositPolicy);
    // 23 hours ahead: inside the 24-hour window.
    const { appointmentId, token } = await bookAndPay(s, '2026-12-02T14:00:00Z');
    const terms = (await request(app).get(`/api/appointments/manage/${encodeURIComponent(token)}/payment-terms`))
      .body as CancellationTerms;
    expect(terms.insideWindow).toBe(true);
    expect(terms.notice).toBe(
      'You are cancelling less than 24 hours before, so the late-cancellation fee of $15 applies: $10 is kept from ' +
        'what you paid and $5 will be charged to your card on file.',
    );
    const cancelled = await request(app)
      .post(`/api/appointments/manage/${encodeURIComponent(token)}/cancel`)
      .send({});
    expect(cancelled.status).toBe(200);
    // The money follows the cancelled event after the commit (payments-cancel.listener.ts), once.
    expect(await runAppointmentEvents(app, db.dataSource)).toBeGreaterThan(0);
    await stripe.idle();
    // The owner cancelling it again afterwards gives nothing back: the fee was kept once.
    await request(app)
      .patch(`/api/shops/${s.shop.id}/appointments/${appointmentId}`)
      .set(s.auth)
      .send({ status: 'cancelled' });
    await runAppointmentEvents(app, db.dataSource);
    await stripe.idle();
    const money = await moneyOf(s, appointmentId);
    expect(money.payments.map((p) => [p.kind, p.status, p.amount, p.refunded])).toEqual([
      ['deposit', 'succeeded', 10, 0],
      ['late_cancel_fee', 'succeeded', 5, 0],
    ]);
    const fee = [...stripe.paymentIntents.values()].find((p) => p.metadata.appointmentId === appointmentId);
    expect(fee).toMatchObject({ amount: 500, status: 'succeeded' });
    const call = stripe.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.form['metadata[appointmentId]'] === appointmentId,
    );
    expect(call?.form.off_session).toBe('true');
  });

  it('outside the window: the deposit comes back in full', async () => {
    const s = await connectedShop(depositPolicy);
    const { appointmentId, token } = await bookAndPay(s, '2026-12-04T15:00:00Z');
    const terms = (await request(app).get(`/api/appointments/manage/${encodeURIComponent(token)}/payment-terms`))
      .body as CancellationTerms;
    expect(terms).toMatchObject({ insideWindow: false, notice: 'You will get $10 back in full.' });
    await request(app)
      .post(`/api/appointments/manage/${encodeURIComponent(token)}/cancel`)
      .send({});
    await runAppointmentEvents(app, db.dataSource);
    await stripe.idle();
    const money = await moneyOf(s, appointmentId);
    expect(money.payments).toMatchObject([{ kind: 'deposit', status: 'refunded', refunded: 10 }]);
    expect(money.refunds).toMatchObject([{ amount: 10, reason: 'Cancelled by the client in time' }]);
    // A replay of the event (the queue delivering it again, its claim lost) refunds nothing more: the settlement is
    // claimed on the appointment's payment terms.
    await db.dataSource.query(
      `DELETE FROM "appointment_event_deliveries" d USING "appointment_events" e
       WHERE d."event_id" = e."id" AND e."appointment_id" = $1 AND d."handler" = 'payments-cancel'`,
      [appointmentId],
    );
    expect(await runAppointmentEvents(app, db.dataSource)).toBeGreaterThan(0);
    await stripe.idle();
    expect((await moneyOf(s, appointmentId)).refunds).toHaveLength(1);
  });

  it('the shop cancels: the client gets a full refund', async () => {
    const s = await connectedShop({ mode: 'prepay', cancellationWindowHours: 24, lateCancelFee: { amount: 15 } });
    const { appointmentId } = await bookAndPay(s, '2026-12-02T14:00:00Z');
    const res = await request(app)
      .patch(`/api/shops/${s.shop.id}/appointments/${appointmentId}`)
      .set(s.auth)
      .send({ status: 'cancelled' });
    expect(res.status).toBe(200);
    await runAppointmentEvents(app, db.dataSource);
    await stripe.idle();
    const money = await moneyOf(s, appointmentId);
    expect(money.payments).toMatchObject([{ kind: 'prepay', status: 'refunded', refunded: 40 }]);
    expect(money.refunds[0]).toMatchObject({ amount: 40, reason: 'Cancelled by the shop', by: s.owner.userId });
  });

  it('closing the day with its visits cancelled refunds each client in full', async () => {
    const s = await connectedShop({ mode: 'prepay', cancellationWindowHours: 24 });
    const { appointmentId } = await bookAndPay(s, '2026-12-03T15:00:00Z');
    const closed = await request(app)
      .put(`/api/shops/${s.shop.id}/special-days/2026-12-03`)
      .set(s.auth)
      .send({ closed: true, reason: 'Family event', cancelAffected: true });
    expect(closed.status).toBe(200);
    await runAppointmentEvents(app, db.dataSource);
    await stripe.idle();
    const money = await moneyOf(s, appointmentId);
    expect(money.payments).toMatchObject([{ kind: 'prepay', status: 'refunded', refunded: 40 }]);
  });

  it('a no-show charges nothing until the owner clicks; charging records who and when, once', async () => {
    const s = await connectedShop({ mode: 'card_on_file', cancellationWindowHours: 24, noShowFee: { amount: 25 } });
    const { appointmentId } = await bookAndPay(s, '2026-12-01T16:00:00Z');
    app.clock.set('2026-12-01T17:00:00Z');
    const marked = await request(app)
      .patch(`/api/shops/${s.shop.id}/appointments/${appointmentId}`)
      .set(s.auth)
      .send({ status: 'no_show' });
    expect(marked.status).toBe(200);
    const before = await moneyOf(s, appointmentId);
    expect(before.payments).toEqual([]);
    expect(before.noShowFee).toEqual({ amount: 25, label: 'Charge the no-show fee ($25)' });
    expect(before.noShowDecision).toBeNull();

    const charged = await request(app)
      .post(`/api/shops/${s.shop.id}/appointments/${appointmentId}/no-show-fee`)
      .set(s.auth)
      .send({ action: 'charge' });
    expect(charged.status).toBe(200);
    const after = charged.body as AppointmentPayments;
    expect(after.payments).toMatchObject([{ kind: 'no_show_fee', status: 'succeeded', amount: 25 }]);
    expect(after.noShowDecision).toMatchObject({
      decision: 'charged',
      by: s.owner.userId,
      at: expect.stringMatching(/^2026-12-01T17:00/),
    });
    const twice = await request(app)
      .post(`/api/shops/${s.shop.id}/appointments/${appointmentId}/no-show-fee`)
      .set(s.auth)
      .send({ action: 'charge' });
    expect(twice.status).toBe(409);
  });

  it('waiving a no-show charges nothing and gives the deposit back', async () => {
    const s = await connectedShop(depositPolicy);
    const { appointmentId, checkoutUrl } = await bookAndPay(s, '2026-12-01T16:00:00Z');
    const account = sessionOf(checkoutUrl).account;
    const early = await request(app)
      .post(`/api/shops/${s.shop.id}/appointments/${appointmentId}/no-show-fee`)
      .set(s.auth)
      .send({ action: 'charge' });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('Mark the appointment as a no-show first.');
    await request(app)
      .patch(`/api/shops/${s.shop.id}/appointments/${appointmentId}`)
      .set(s.auth)
      .send({ status: 'no_show' });
    const waived = await request(app)
      .post(`/api/shops/${s.shop.id}/appointments/${appointmentId}/no-show-fee`)
      .set(s.auth)
      .send({ action: 'waive' });
    expect(waived.status).toBe(200);
    await stripe.idle();
    const money = waived.body as AppointmentPayments;
    expect(money.noShowDecision).toMatchObject({ decision: 'waived', by: s.owner.userId });
    expect(money.payments).toMatchObject([{ kind: 'deposit', status: 'refunded' }]);
    expect([...stripe.paymentIntents.values()].filter((p) => p.account === account && p.metadata.paymentId)).toEqual(
      [],
    );
  });

  it('an off-session charge the bank wants authenticated gives the client a link; a decline offers Try again and Waive', async () => {
    const s = await connectedShop({ mode: 'card_on_file', cancellationWindowHours: 24, noShowFee: { amount: 25 } });
    const auth = await bookAndPay(s, '2026-12-01T16:00:00Z', 1, 'auth_required');
    await request(app)
      .patch(`/api/shops/${s.shop.id}/appointments/${auth.appointmentId}`)
      .set(s.auth)
      .send({ status: 'no_show' });
    const charged = await request(app)
      .post(`/api/shops/${s.shop.id}/appointments/${auth.appointmentId}/no-show-fee`)
      .set(s.auth)
      .send({ action: 'charge' });
    const pending = (charged.body as AppointmentPayments).payments[0]!;
    expect(pending).toMatchObject({ kind: 'no_show_fee', status: 'requires_action', amount: 25 });
    expect(pending.actionUrl).toMatch(/\/checkout\/cs_test_/);
    // The client is sent the link.
    const sent: MailMessage[] = [];
    const outcome = await handleBookingMail(
      {
        dataSource: db.dataSource,
        mailer: { send: async (m: MailMessage) => void sent.push(m) } as never,
        publicOrigin: 'http://localhost:3000',
        now: () => new Date(NOW),
        logger: createLogger('silent'),
      } as never,
      { kind: 'payment_action', appointmentId: auth.appointmentId, version: 2, paymentId: pending.id },
    );
    expect(outcome).toBe('sent');
    expect(sent[0]).toMatchObject({
      to: 'client1@example.com',
      subject: "Please confirm the $25 no-show fee for Joe's Cuts",
    });
    expect(sent[0]!.text).toContain(`Confirm it here: ${pending.actionUrl}`);
    // The client completes it on the page: the fee is paid.
    await pay(pending.actionUrl!);
    await stripe.idle();
    expect((await moneyOf(s, auth.appointmentId)).payments[0]).toMatchObject({ status: 'succeeded', actionUrl: null });

    const declined = await bookAndPay(s, '2026-12-01T17:00:00Z', 2, 'declined');
    await request(app)
      .patch(`/api/shops/${s.shop.id}/appointments/${declined.appointmentId}`)
      .set(s.auth)
      .send({ status: 'no_show' });
    const failed = (
      await request(app)
        .post(`/api/shops/${s.shop.id}/appointments/${declined.appointmentId}/no-show-fee`)
        .set(s.auth)
        .send({ action: 'charge' })
    ).body as AppointmentPayments;
    expect(failed.payments[0]).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    const retried = await request(app)
      .post(`/api/shops/${s.shop.id}/appointments/${declined.appointmentId}/payments/${failed.payments[0]!.id}`)
      .set(s.auth)
      .send({ action: 'retry' });
    expect(retried.body.payments[0].status).toBe('failed');
    const waived = await request(app)
      .post(`/api/shops/${s.shop.id}/appointments/${declined.appointmentId}/payments/${failed.payments[0]!.id}`)
      .set(s.auth)
      .send({ action: 'waive' });
    expect(waived.body.payments[0].status).toBe('waived');
  });

  it('refunds part or all from the appointment with a reason, never more than was paid; disputes show on it', async () => {
    const s = await connectedShop({ mode: 'prepay', cancellationWindowHours: 24 });
    const { appointmentId, checkoutUrl } = await bookAndPay(s, '2026-12-03T15:00:00Z');
    const url = `/api/shops/${s.shop.id}/appointments/${appointmentId}/refunds`;
    const noReason = await request(app).post(url).set(s.auth).send({ amount: 5 });
    expect(noReason.status).toBe(400);
    const part = await request(app).post(url).set(s.auth).send({ amount: 12.5, reason: 'Cut ran short' });
    expect(part.status).toBe(200);
    expect((part.body as AppointmentPayments).payments[0]).toMatchObject({
      status: 'partially_refunded',
      refunded: 12.5,
    });
    const tooMuch = await request(app).post(url).set(s.auth).send({ amount: 30, reason: 'More' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.message).toBe('You can refund at most $27.50.');
    const rest = await request(app).post(url).set(s.auth).send({ reason: 'Unhappy with the fade' });
    expect((rest.body as AppointmentPayments).refunds.map((r) => [r.amount, r.reason])).toEqual([
      [12.5, 'Cut ran short'],
      [27.5, 'Unhappy with the fade'],
    ]);
    const intent = sessionOf(checkoutUrl).payment_intent!;
    expect(stripe.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount)).toEqual([1250, 2750]);

    await stripe.disputeCharge(intent, 'product_not_received');
    const money = await moneyOf(s, appointmentId);
    expect(money.disputes).toMatchObject([{ amount: 40, reason: 'product_not_received', status: 'needs_response' }]);
  });
});
