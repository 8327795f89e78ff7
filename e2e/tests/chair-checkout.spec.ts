/// <reference lib="dom" />
// Checkout at the chair (issue 27 items 5 and 6), on a phone. The shared stack has no Stripe, so this file starts its
// own Barberly with STRIPE_SECRET_KEY against the local fake of Stripe Connect
// (api/src/modules/payments/fake-stripe-connect.test-helper.ts): its onboarding link connects the shop, its hosted
// Checkout page is the page the client's phone opens from the QR code, and its signed webhooks reach the stack.
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  type FakeStripeConnect,
  startFakeStripeConnect,
} from '../../api/src/modules/payments/fake-stripe-connect.test-helper';
import { expectAccessible, PHONE } from '../support/a11y';
import { DEFAULT_PASSWORD } from '../support/api';
import { type OwnStack, startOwnStack } from '../support/own-stack';

const ZONE = 'America/New_York';
let stripe: FakeStripeConnect;
let stack: OwnStack;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stripe = await startFakeStripeConnect();
  stack = await startOwnStack('chair-checkout', {
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_CONNECT_WEBHOOK_SECRET: stripe.secret,
    STRIPE_API_URL: stripe.url,
    AUTH_RATE_LIMIT_MULTIPLIER: '0',
  });
  stripe.webhookUrl = `${stack.url}/api/payments/webhook`;
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await stack?.stop();
  await stripe?.close();
});

async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** An owner whose shop (open all day, one barber, a $40 haircut) has connected Stripe through the Account Link. */
async function connectedShop() {
  const email = `chair-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const session = await call<{ access_token: string }>('POST', '/auth/v1/signup', {
    email,
    password: DEFAULT_PASSWORD,
  });
  const token = session.access_token;
  await call('PATCH', '/api/users/me', { role: 'owner', onboardingCompleted: true }, token);
  const day = { open: '00:00', close: '23:45', closed: false };
  const hours = Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, day]),
  );
  const shop = await call<{ id: string; slug: string }>(
    'POST',
    '/api/shops',
    {
      name: 'Chair Cuts',
      slug: `chair-${crypto.randomBytes(3).toString('hex')}`,
      timeZone: ZONE,
      hours_json: hours,
      services: [{ name: 'Haircut', description: 'Scissors and clippers.', price: 40, durationMinutes: 30 }],
    },
    token,
  );
  await call('POST', '/api/auth/complete-onboarding', { shopId: shop.id, shopSlug: shop.slug, role: 'owner' }, token);
  await call('PATCH', `/api/shops/${shop.id}`, { minNoticeMinutes: 0 }, token);
  await call('POST', `/api/shops/${shop.id}/barbers`, { name: 'Marcus Reed', bio: '' }, token);
  const { url } = await call<{ url: string }>('POST', `/api/shops/${shop.id}/payments/connect`, undefined, token);
  const onboarded = await fetch(url, { redirect: 'manual' });
  expect(onboarded.status).toBe(303);
  await stripe.idle();
  const account = await call<{ status: string }>('GET', `/api/shops/${shop.id}/payments/account`, undefined, token);
  expect(account.status).toBe('ready');
  return { email, token, shop };
}

/** A client books online (with the shop's first barber unless told) for the next free quarter hour at least 30 minutes ahead, today in the shop's zone. */
async function bookToday(shop: { id: string; slug: string }, barberId?: string) {
  const barbers = await call<Array<{ id: string }>>('GET', `/api/shops/${shop.slug}/barbers`);
  const services = await call<Array<{ id: string }>>('GET', `/api/shops/${shop.slug}/services`);
  const start = new Date(Math.ceil((Date.now() + 30 * 60_000) / (15 * 60_000)) * 15 * 60_000);
  await call('POST', `/api/shops/${shop.slug}/appointments`, {
    serviceId: services[0]!.id,
    barberId: barberId ?? barbers[0]!.id,
    start: start.toISOString(),
    client: {
      name: 'Pat Client',
      email: `pat-${crypto.randomBytes(3).toString('hex')}@example.com`,
      phone: '+1 212 555 0142',
    },
  });
}

test('the owner checks a client out at the chair with a 20% tip by QR code and sees it in Payments (phone)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { email, shop } = await connectedShop();
  await bookToday(shop);

  await page.goto(`${stack.url}/`);
  await page.getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Welcome to Barberly' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(DEFAULT_PASSWORD);
  await login.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${shop.slug}$`));
  // The rest on a phone, as at the chair.
  await page.setViewportSize(PHONE);

  await page.getByRole('tab', { name: 'Appointments' }).click();
  await page.getByRole('button', { name: /Pat Client, Haircut, Confirmed$/ }).click();
  const detail = page.getByRole('dialog', { name: /Pat Client: Haircut/ });
  await detail.getByRole('button', { name: 'Check out' }).click();

  const checkout = page.getByRole('dialog', { name: 'Check out Pat Client' });
  await expect(checkout.getByText('Haircut', { exact: true })).toBeVisible();
  await checkout.getByRole('radio', { name: '20%' }).check();
  await expect(checkout.getByTestId('checkout-total')).toHaveText('$48.00');
  await expectAccessible(page, 'Check out dialog');
  await checkout.getByRole('radio', { name: /QR code or payment link/ }).check();
  await checkout.getByRole('button', { name: 'Show QR code · $48.00' }).click();

  await expect(checkout.getByRole('img', { name: 'QR code of the payment link' })).toBeVisible();
  await expect(checkout.getByRole('status')).toHaveText('Waiting for the client to pay…');
  await expectAccessible(page, 'Check out dialog, QR code');

  // The client's phone opens the link the QR code holds and pays on Stripe's (the fake's) page.
  const link = await checkout.getByRole('link', { name: 'Open the payment link' }).getAttribute('href');
  const phone = await browser.newPage({ viewport: PHONE });
  await phone.goto(link!);
  await expect(phone.getByText('Amount due: 48.00 USD')).toBeVisible();
  await phone.getByRole('button', { name: 'Pay' }).click();
  await phone.waitForURL((url) => !url.toString().startsWith(stripe.url));
  await phone.close();
  await page.bringToFront();

  await expect(checkout.getByRole('status')).toHaveText('Paid $48.00 with a $8.00 tip. The visit is completed.', {
    timeout: 20_000,
  });
  await checkout.getByRole('button', { name: 'Done' }).click();
  await expect(checkout).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(page.getByRole('button', { name: /Pat Client, Haircut, Completed$/ })).toBeVisible();

  await page.getByRole('tab', { name: 'Payments' }).click();
  const payments = page.getByRole('list', { name: 'Payments' });
  await expect(payments.getByRole('listitem').filter({ hasText: 'Checkout · Pat Client · Marcus Reed' })).toContainText(
    '$48.00',
  );
  await expect(payments.getByRole('listitem').first()).toContainText('tip $8.00');
  await expect(page.getByText('Charged $48.00, of which tips $8.00')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Marcus Reed' })).toBeVisible();
  await expectAccessible(page, 'Payments tab');
});

test('a barber checks their client out at the chair with a 20% tip by QR code and sees the tip in Earnings (phone)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { token: ownerToken, shop } = await connectedShop();
  // A barber joins the owner's shop with its code, and a client books online with them.
  const { code } = await call<{ code: string }>('GET', `/api/shops/${shop.id}/join-code`, undefined, ownerToken);
  const email = `tony-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const barber = await call<{ access_token: string }>('POST', '/auth/v1/signup', { email, password: DEFAULT_PASSWORD });
  const joined = await call<{ barber: { id: string } }>(
    'POST',
    '/api/barbers/join',
    { code, name: 'Tony Blade' },
    barber.access_token,
  );
  await bookToday(shop, joined.barber.id);

  await page.goto(`${stack.url}/`);
  await page.getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Welcome to Barberly' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(DEFAULT_PASSWORD);
  await login.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/barber/${shop.slug}$`));
  await expect(page.getByTestId('barber-shop-name')).toHaveText('Tony Blade · Chair Cuts');
  // The rest on a phone, as at the chair.
  await page.setViewportSize(PHONE);

  const visit = page
    .getByRole('list', { name: 'Upcoming appointments' })
    .getByRole('listitem')
    .filter({ hasText: 'Pat Client · Haircut' });
  await visit.getByRole('button', { name: 'Check out' }).click();

  const checkout = page.getByRole('dialog', { name: 'Check out Pat Client' });
  await expect(checkout.getByText('Haircut', { exact: true })).toBeVisible();
  await checkout.getByRole('radio', { name: '20%' }).check();
  await expect(checkout.getByTestId('checkout-total')).toHaveText('$48.00');
  await expectAccessible(page, "Barber's check out dialog");
  await checkout.getByRole('radio', { name: /QR code or payment link/ }).check();
  await checkout.getByRole('button', { name: 'Show QR code · $48.00' }).click();

  await expect(checkout.getByRole('img', { name: 'QR code of the payment link' })).toBeVisible();
  await expect(checkout.getByRole('status')).toHaveText('Waiting for the client to pay…');
  await expectAccessible(page, "Barber's check out dialog, QR code");

  // The client's phone opens the link the QR code holds and pays on Stripe's (the fake's) page.
  const link = await checkout.getByRole('link', { name: 'Open the payment link' }).getAttribute('href');
  const phone = await browser.newPage({ viewport: PHONE });
  await phone.goto(link!);
  await expect(phone.getByText('Amount due: 48.00 USD')).toBeVisible();
  await phone.getByRole('button', { name: 'Pay' }).click();
  await phone.waitForURL((url) => !url.toString().startsWith(stripe.url));
  await phone.close();
  await page.bringToFront();

  await expect(checkout.getByRole('status')).toHaveText('Paid $48.00 with a $8.00 tip. The visit is completed.', {
    timeout: 20_000,
  });
  await checkout.getByRole('button', { name: 'Done' }).click();
  await expect(checkout).toBeHidden();
  // The completed visit leaves their upcoming ones.
  await expect(visit).toHaveCount(0);
  await expect(page.getByText('No upcoming appointments')).toBeVisible();

  // The tip is all the barber's: their Earnings card counts it with the service.
  await expect(page.getByRole('heading', { name: 'Earnings this week' })).toBeVisible();
  const earnings = page
    .locator('dl')
    .filter({ hasText: 'Tips' })
    .filter({ hasText: /Your earnings|After booth rent/ });
  await expect(earnings.getByRole('definition').first()).toHaveText('$8.00');
  await expect(earnings.getByRole('definition').nth(1)).toHaveText('$40.00');
});
