import { BILLING_MESSAGES, type ShopBilling } from '@barberly/common';
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
import { bearer } from '../shops/shops.test-helper';
import { reconcileBilling } from './billing-schedule';
import { type FakeStripe, startFakeStripe } from './fake-stripe.test-helper';

let db: TestDatabase;
let stripe: FakeStripe;
let app: BookingTestApp;
let server: { url: string; close(): Promise<void> };
let operator: TestUser;
const NOW = '2026-12-01T15:00:00Z';
const DAY = 86_400_000;

beforeAll(async () => {
  db = await createTestDatabase();
  stripe = await startFakeStripe();
  app = await createBookingTestApp(db, {
    clock: createTestClock(NOW),
    configOverrides: {
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_barberly',
      STRIPE_WEBHOOK_SECRET: stripe.secret,
      STRIPE_PRICE_BASIC: 'price_basic',
      STRIPE_PRICE_PRO: 'price_pro',
      STRIPE_PRICE_PREMIUM: 'price_premium',
      STRIPE_API_URL: stripe.url,
      ADMIN_EMAILS: 'ops@barberly.test',
    },
  });
  server = await listen(app);
  stripe.webhookUrl = `${server.url}/api/billing/stripe/webhook`;
  const signedUp = await signUpTestUser(app, 'ops@barberly.test');
  // The console opens only for a proven address (operator.int.test.ts covers how it is proven).
  operator = { ...signedUp, accessToken: await provenAccessToken(app, db, signedUp) };
});
afterAll(async () => {
  await server?.close();
  await app?.close();
  await stripe?.close();
  await db?.drop();
});

async function newShop(barbers: string[] = []) {
  const owner = await signUpTestUser(app);
  const shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00'), minNoticeMinutes: 0 },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers,
  });
  return { owner, shop };
}

const billingOf = async (owner: TestUser, shop: TestShop) =>
  (await request(app).get(`/api/shops/${shop.id}/billing`).set(bearer(owner.accessToken))).body as ShopBilling;

const addBarber = (owner: TestUser, shop: TestShop, name: string) =>
  request(app).post(`/api/shops/${shop.id}/barbers`).set(bearer(owner.accessToken)).send({ name });

const bookOnline = (shop: TestShop, start: string) =>
  request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({
      serviceId: shop.services[0]!.id,
      barberId: 'any',
      start,
      client: { name: 'Jordan Lee', email: 'jordan@example.com', phone: '+1 212 555 0100' },
    });

/** A customer and an active subscription in the fake Stripe, announced to the api as Stripe would. */
async function subscribe(owner: TestUser, shop: TestShop, price: string) {
  const checkout = await request(app)
    .post(`/api/shops/${shop.id}/billing/checkout`)
    .set(bearer(owner.accessToken))
    .send({ plan: price.replace('price_', '') });
  expect(checkout.status).toBe(200);
  const paid = await fetch(checkout.body.url, { redirect: 'manual' });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`http://localhost:3000/dashboard/owner/${shop.slug}?billing=success`);
  const subscription = [...stripe.subscriptions.values()].find((s) => s.metadata.shopId === shop.id);
  if (!subscription) throw new Error('no subscription');
  return subscription;
}

describe('the trial', () => {
  it('starts with the shop: 14 days of Premium without a card, then pauses online bookings and nothing else', async () => {
    const { owner, shop } = await newShop(['Sam']);
    expect(await billingOf(owner, shop)).toMatchObject({
      mode: 'stripe',
      plan: 'premium',
      status: 'trialing',
      trialDaysLeft: 14,
      maxBarbers: 8,
      bookingsPaused: false,
      notice: 'Your free trial has 14 days left.',
    });
    const booked = await bookOnline(shop, '2026-12-02T16:00:00Z');
    expect(booked.status).toBe(201);
    // The trial is Premium: a custom domain may be connected.
    const domain = await request(app)
      .post(`/api/shops/${shop.id}/domains`)
      .set(bearer(owner.accessToken))
      .send({ hostname: `www.trial-${shop.slug}.com` });
    expect(domain.status).toBe(201);

    app.clock.set(new Date(Date.parse(NOW) + 15 * DAY));
    try {
      const after = await billingOf(owner, shop);
      expect(after).toMatchObject({ status: 'expired', bookingsPaused: true, notice: BILLING_MESSAGES.trialOver });
      const refused = await bookOnline(shop, '2026-12-17T16:00:00Z');
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'bookings_paused', message: BILLING_MESSAGES.bookingsPaused });
      const page = await request(app).get(`/api/shops/${shop.slug}`);
      expect(page.status).toBe(200);
      expect(page.body.billing).toEqual({ whiteLabel: false, bookingsPaused: true });
      expect((await addBarber(owner, shop, 'Alex')).status).toBe(402);
      // The appointment made during the trial stands.
      const agenda = await request(app)
        .get(`/api/shops/${shop.id}/appointments?date=2026-12-02`)
        .set(bearer(owner.accessToken));
      expect(agenda.body.appointments.map((a: { status: string }) => a.status)).toEqual(['confirmed']);
      // The nightly job tells the storefront the page changed (the paused note).
      const reconciled = await reconcileBilling({
        dataSource: db.dataSource,
        config: app.config,
        now: app.clock.now,
        logger: { warn() {} } as never,
      });
      expect(reconciled.trialsEnded).toBeGreaterThanOrEqual(1);
    } finally {
      app.clock.set(NOW);
    }
  });

  it('an operator lists shops and extends a trial; others may not', async () => {
    const { owner, shop } = await newShop();
    const denied = await request(app).get('/api/admin/shops').set(bearer(owner.accessToken));
    expect(denied.status).toBe(403);
    const list = await request(app).get('/api/admin/shops').set(bearer(operator.accessToken));
    expect(list.body.shops.find((s: { id: string }) => s.id === shop.id)).toMatchObject({
      plan: 'premium',
      status: 'trialing',
      barbersUsed: 0,
      maxBarbers: 8,
    });
    const extended = await request(app)
      .post(`/api/admin/shops/${shop.id}/trial`)
      .set(bearer(operator.accessToken))
      .send({ days: 7 });
    expect(extended.status).toBe(200);
    expect((await billingOf(owner, shop)).trialDaysLeft).toBe(21);
    const bad = await request(app)
      .post(`/api/admin/shops/${shop.id}/trial`)
      .set(bearer(operator.accessToken))
      .send({ days: 500 });
    expect(bad.status).toBe(400);
  });
});

describe('plans and Stripe', () => {
  it('subscribes through Checkout, then holds Basic to 2 barbers with a message naming the plan that allows more', async () => {
    const { owner, shop } = await newShop();
    await subscribe(owner, shop, 'price_basic');
    expect(await billingOf(owner, shop)).toMatchObject({
      plan: 'basic',
      status: 'active',
      maxBarbers: 2,
      whiteLabel: false,
    });
    expect((await addBarber(owner, shop, 'Sam')).status).toBe(201);
    expect((await addBarber(owner, shop, 'Alex')).status).toBe(201);
    const third = await addBarber(owner, shop, 'Casey');
    expect(third.status).toBe(402);
    expect(third.body.error.message).toBe('Your Basic plan allows up to 2 barbers. Choose Pro (up to 4) to add more.');
    // A custom domain is Premium's (issue 16): the api refuses it on Basic, naming the plan.
    const domain = await request(app)
      .post(`/api/shops/${shop.id}/domains`)
      .set(bearer(owner.accessToken))
      .send({ hostname: 'www.basic-cuts-example.com' });
    expect(domain.status).toBe(402);
    expect(domain.body.error).toEqual({ code: 'plan_limit', message: BILLING_MESSAGES.premiumOnly('A custom domain') });
    // Only Premium gets white-label: the storefront shows 'Powered by Barberly'.
    expect((await request(app).get(`/api/shops/${shop.slug}`)).body.billing).toEqual({
      whiteLabel: false,
      bookingsPaused: false,
    });
  });

  it.each([
    ['price_pro', 4, 'Your Pro plan allows up to 4 barbers. Choose Premium (up to 8) to add more.'],
    ['price_premium', 8, 'Your Premium plan allows up to 8 barbers, the most any plan allows.'],
  ])('holds %s to its %i barbers', async (price, max, message) => {
    const { owner, shop } = await newShop(Array.from({ length: max }, (_, i) => `Barber ${i + 1}`));
    await subscribe(owner, shop, price);
    const extra = await addBarber(owner, shop, 'One Too Many');
    expect(extra.status).toBe(402);
    expect(extra.body.error).toMatchObject({ code: 'plan_limit', message });
  });

  it('pauses bookings when a payment fails and resumes them when it is paid', async () => {
    const { owner, shop } = await newShop(['Sam']);
    const subscription = await subscribe(owner, shop, 'price_pro');
    subscription.status = 'past_due';
    expect(await stripe.sendEvent('invoice.payment_failed', { object: 'invoice', subscription: subscription.id })).toBe(
      200,
    );
    expect(await billingOf(owner, shop)).toMatchObject({
      status: 'past_due',
      bookingsPaused: true,
      notice: BILLING_MESSAGES.unpaid,
    });
    expect((await bookOnline(shop, '2026-12-02T16:00:00Z')).status).toBe(403);

    subscription.status = 'active';
    expect(await stripe.sendEvent('invoice.paid', { object: 'invoice', subscription: subscription.id })).toBe(200);
    expect(await billingOf(owner, shop)).toMatchObject({ status: 'active', bookingsPaused: false, plan: 'pro' });
    expect((await bookOnline(shop, '2026-12-02T16:00:00Z')).status).toBe(201);
  });

  it('applies a redelivered event once and never lets an older event undo a newer one', async () => {
    const { owner, shop } = await newShop();
    const subscription = await subscribe(owner, shop, 'price_premium');
    subscription.status = 'canceled';
    const now = Math.floor(Date.now() / 1000);
    expect(
      await stripe.sendEvent('customer.subscription.deleted', subscription, { id: 'evt_deleted_1', created: now + 10 }),
    ).toBe(200);
    expect(
      await stripe.sendEvent('customer.subscription.deleted', subscription, { id: 'evt_deleted_1', created: now + 10 }),
    ).toBe(200);
    const stored = await db.dataSource.query(`SELECT count(*)::int AS n FROM stripe_events WHERE id = 'evt_deleted_1'`);
    expect(stored[0].n).toBe(1);
    // An older event arriving late (Stripe does not promise order), even with Stripe answering 'active' again:
    subscription.status = 'active';
    expect(await stripe.sendEvent('customer.subscription.updated', subscription, { created: now - 60 })).toBe(200);
    expect(await billingOf(owner, shop)).toMatchObject({
      status: 'canceled',
      bookingsPaused: true,
      notice: BILLING_MESSAGES.cancelled,
    });
  });

  it('refuses a webhook whose signature does not match', async () => {
    const status = await stripe.sendEvent(
      'invoice.paid',
      { object: 'invoice', subscription: 'sub_x' },
      { signature: 't=1,v1=forged' },
    );
    expect(status).toBe(400);
  });

  it('keeps every barber after a downgrade but adds no more, and says so', async () => {
    const { owner, shop } = await newShop(['Sam', 'Alex', 'Casey']);
    const subscription = await subscribe(owner, shop, 'price_pro');
    subscription.items.data[0]!.price.id = 'price_basic';
    expect(await stripe.sendEvent('customer.subscription.updated', subscription)).toBe(200);
    const state = await billingOf(owner, shop);
    expect(state).toMatchObject({ plan: 'basic', barbersUsed: 3, notice: BILLING_MESSAGES.overLimit(3, 'Basic', 2) });
    expect((await addBarber(owner, shop, 'Drew')).status).toBe(402);
    const barbers = await request(app).get(`/api/shops/${shop.id}/barbers`).set(bearer(owner.accessToken));
    expect(barbers.body).toHaveLength(3);
  });

  it('opens the Customer Portal for card changes, cancelling and invoices', async () => {
    const { owner, shop } = await newShop();
    const portal = await request(app).post(`/api/shops/${shop.id}/billing/portal`).set(bearer(owner.accessToken));
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${stripe.url}/portal/cus_`));
  });
});

describe('BILLING=off', () => {
  it('shows no plan, limits nothing and keeps bookings open', async () => {
    const plain = await createBookingTestApp(db, { clock: createTestClock(NOW) });
    try {
      const owner = await signUpTestUser(plain);
      const shop = await setUpShop(plain, owner.accessToken, {
        barbers: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9'],
      });
      expect(shop.barbers).toHaveLength(9);
      const state = (await request(plain).get(`/api/shops/${shop.id}/billing`).set(bearer(owner.accessToken))).body;
      expect(state).toMatchObject({ mode: 'off', plan: null, maxBarbers: null, bookingsPaused: false, notice: null });
      // The spec's shop page shape, untouched: no plan, no badge.
      const page = await request(plain).get(`/api/shops/${shop.slug}`);
      expect(Object.keys(page.body).sort()).toEqual(['barbers', 'services', 'shop']);
      const checkout = await request(plain)
        .post(`/api/shops/${shop.id}/billing/checkout`)
        .set(bearer(owner.accessToken))
        .send({ plan: 'pro' });
      expect(checkout.status).toBe(409);
    } finally {
      await plain.close();
    }
  });
});
