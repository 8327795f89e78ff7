/// <reference lib="dom" />
// Getting paid end to end (issue 27, items 1-4 and 7), on a phone. The shared stack has no Stripe key, so this file
// starts its own Barberly with STRIPE_SECRET_KEY against the local fake of Stripe Connect
// (api/src/modules/payments/fake-stripe-connect.test-helper.ts): its Checkout page pays on the shop's account, posts
// the signed Connect webhooks to the stack and sends the browser back, as Stripe does.
import crypto from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import {
  type FakeStripeConnect,
  startFakeStripeConnect,
} from '../../api/src/modules/payments/fake-stripe-connect.test-helper';
import { DESKTOP, expectAccessible, PHONE } from '../support/a11y';
import { DEFAULT_PASSWORD } from '../support/api';
import { type OwnStack, startOwnStack } from '../support/own-stack';
import { expectStep, pickDate, SHOP_TIME_ZONE } from './booking-helpers';

let stripe: FakeStripeConnect;
let stack: OwnStack;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stripe = await startFakeStripeConnect();
  stack = await startOwnStack(
    'payments',
    {
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_CONNECT_WEBHOOK_SECRET: stripe.secret,
      STRIPE_API_URL: stripe.url,
      AUTH_RATE_LIMIT_MULTIPLIER: '0',
    },
    'api,storefront',
  );
  stripe.webhookUrl = `${stack.url}/api/payments/webhook`;
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await stack?.stop();
  await stripe?.close();
});

const OPEN = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
    d,
    { open: '00:00', close: '23:45', closed: false },
  ]),
);

/** An owner whose shop has connected Stripe and asks a $10 deposit, a $15 late fee and a $25 no-show fee. */
async function paidShop() {
  const email = `pay-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const call = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return (await res.json()) as T;
  };
  const session = await call('POST', '/auth/v1/signup', { email, password: DEFAULT_PASSWORD });
  const token = session.access_token as string;
  await call('PATCH', '/api/users/me', { role: 'owner', onboardingCompleted: true }, token);
  const shop = await call<{ id: string; slug: string }>(
    'POST',
    '/api/shops',
    { name: 'Deposit Cuts', slug: `deposit-${crypto.randomBytes(3).toString('hex')}` },
    token,
  );
  await call('POST', '/api/auth/complete-onboarding', { shopId: shop.id, shopSlug: shop.slug, role: 'owner' }, token);
  await call(
    'PATCH',
    `/api/shops/${shop.id}`,
    { timeZone: SHOP_TIME_ZONE, hours_json: OPEN, minNoticeMinutes: 0, cancellationCutoffMinutes: 0 },
    token,
  );
  const service = await call<{ id: string }>(
    'POST',
    `/api/shops/${shop.id}/services`,
    { name: 'Skin Fade', price: 40, durationMinutes: 45 },
    token,
  );
  await call('POST', `/api/shops/${shop.id}/barbers`, { name: 'Tasha Kim' }, token);
  // Connected through the Account Link's page, as the owner's browser would finish it.
  const link = await call<{ url: string }>('POST', `/api/shops/${shop.id}/payments/connect`, undefined, token);
  await fetch(link.url, { redirect: 'manual' });
  await call(
    'PUT',
    `/api/shops/${shop.id}/payment-policy`,
    {
      mode: 'deposit',
      deposit: { amount: 10 },
      cancellationWindowHours: 24,
      lateCancelFee: { amount: 15 },
      noShowFee: { amount: 25 },
    },
    token,
  );
  return { email, token, shop, serviceId: service.id, call };
}

/** Today in the shop's zone ('YYYY-MM-DD'): a visit later today is inside the 24-hour window. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date());

test('a client books with a deposit through Checkout, then cancels inside the window and is told the fee first', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { shop } = await paidShop();
  await page.setViewportSize(PHONE);
  await page.goto(`${stack.url}/shop/${shop.slug}/book`);
  await page.getByRole('checkbox', { name: /Skin Fade/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Choose a barber');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Pick a date and time');
  await pickDate(page, today());
  await page.getByRole('radio').last().check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Your details');
  await page.getByLabel('Name').fill('Ann Lee');
  await page.getByLabel('Email').fill('ann.lee@example.com');
  await page.getByLabel('Phone').fill('(718) 555-0100');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Review and confirm');
  await page.getByRole('button', { name: 'Confirm booking' }).click();

  // The policy in words before any money moves.
  await expectStep(page, 'One more step: payment');
  await expect(page.getByText('A deposit of $10 is taken now and counts toward your visit.')).toBeVisible();
  await expectAccessible(page, 'payment: before you pay (phone)');
  await page.getByRole('link', { name: 'Continue to payment' }).click();

  // The fake Checkout on the shop's account; paying sends the browser back while the webhook books it.
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${shop.slug}/payment/`));
  await expect(page.getByRole('heading', { level: 2, name: 'You are booked' })).toBeVisible();
  await expectAccessible(page, 'payment: return page (phone)');
  await page.getByRole('link', { name: 'See your appointment' }).click();

  // The page is read on the server first; the button acts once the browser has taken over.
  await expect(async () => {
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(page.getByRole('heading', { name: 'Cancel this appointment?' })).toBeVisible({ timeout: 2000 });
  }).toPass();
  const fee = page.locator('[data-cancel-fee="late"]');
  await expect(fee).toHaveText(
    'You are cancelling less than 24 hours before, so the late-cancellation fee of $15 applies: $10 is kept from what ' +
      'you paid and $5 will be charged to your card on file.',
  );
  await expectAccessible(page, 'payment: the fee before cancelling (phone)');
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Your appointment is cancelled.')).toBeVisible();
  // The $5 went through off-session on the shop's account.
  await expect
    .poll(() => [...stripe.paymentIntents.values()].some((p) => p.amount === 500 && p.status === 'succeeded'))
    .toBe(true);
});

async function signIn(page: Page, email: string) {
  await page.goto(`${stack.url}/`);
  await page.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(DEFAULT_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

test('the owner marks a no-show and charges the no-show fee with one click', async ({ page }) => {
  test.setTimeout(120_000);
  const { email, shop, serviceId, call } = await paidShop();
  // A client booked and paid the deposit; they do not come.
  const booked = await call<{ checkoutUrl: string }>('POST', `/api/shops/${shop.slug}/appointments`, {
    serviceId,
    barberId: 'any',
    start: new Date(Date.now() + 30 * 60_000 - ((Date.now() + 30 * 60_000) % (15 * 60_000))).toISOString(),
    client: { name: 'Noah Park', email: 'noah@example.com', phone: '+1 646 555 0142' },
  });
  await stripe.completeSession(booked.checkoutUrl.split('/').pop()!);

  // The header's Log in sits in the menu on a phone: sign in at desktop size, then work on the phone.
  await page.setViewportSize(DESKTOP);
  await signIn(page, email);
  await page.setViewportSize(PHONE);
  // The Payments card on the Overview: connected, the policy the owner set, what clients read.
  const card = page.getByTestId('payments-setup');
  await expect(card).toContainText('Your Stripe account is ready');
  await expect(card.getByLabel('At booking')).toHaveValue('deposit');
  await expect(card).toContainText('Clients read: A deposit of $10 is taken now');
  await expectAccessible(page, 'payments card (phone)');
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await page.getByRole('button', { name: /Noah Park, Skin Fade, Confirmed/ }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByText('A deposit of $10 is taken now')).toBeVisible();
  await detail.getByRole('button', { name: /^Mark no-show: .*Noah Park$/ }).click();
  const charge = detail.getByRole('button', { name: 'Charge the no-show fee ($25)' });
  await expect(charge).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Waive it' })).toBeVisible();
  await expectAccessible(page, 'payment: no-show choice (phone)');
  await charge.click();
  // $10 of the deposit is kept toward it, $15 charged to the saved card.
  await expect(detail.getByText(/No-show fee: \$15\.00 · Paid/)).toBeVisible();
  await expect(detail.getByText(/No-show fee charged on/)).toBeVisible();
});
