/// <reference lib="dom" />
// Plans and billing end to end (issue 17). The shared stack runs with BILLING=off, so this file starts its own
// Barberly with BILLING=stripe against a local fake of Stripe (api/src/modules/billing/fake-stripe.test-helper.ts):
// its Checkout page "pays", posts the signed webhook to the stack and sends the browser back, as Stripe does.
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { type FakeStripe, startFakeStripe } from '../../api/src/modules/billing/fake-stripe.test-helper';
import { DEFAULT_PASSWORD } from '../support/api';
import { type OwnStack, startOwnStack } from '../support/own-stack';

let stripe: FakeStripe;
let stack: OwnStack;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stripe = await startFakeStripe();
  stack = await startOwnStack('billing', {
    BILLING: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: stripe.secret,
    STRIPE_PRICE_BASIC: 'price_basic',
    STRIPE_PRICE_PRO: 'price_pro',
    STRIPE_PRICE_PREMIUM: 'price_premium',
    STRIPE_API_URL: stripe.url,
    AUTH_RATE_LIMIT_MULTIPLIER: '0',
  });
  stripe.webhookUrl = `${stack.url}/api/billing/stripe/webhook`;
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await stack?.stop();
  await stripe?.close();
});

/** An owner with a shop on the billing stack, made the way the onboarding wizard does it. */
async function ownerWithShop() {
  const email = `billing-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const call = async (method: string, path: string, body: unknown, token?: string) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return res.json();
  };
  const session = await call('POST', '/auth/v1/signup', { email, password: DEFAULT_PASSWORD });
  const token = session.access_token as string;
  await call('PATCH', '/api/users/me', { role: 'owner', onboardingCompleted: true }, token);
  const shop = await call(
    'POST',
    '/api/shops',
    { name: 'Trial Cuts', slug: `trial-${crypto.randomBytes(3).toString('hex')}` },
    token,
  );
  await call('POST', '/api/auth/complete-onboarding', { shopId: shop.id, shopSlug: shop.slug, role: 'owner' }, token);
  return { email, shop };
}

test('an owner in trial sees the days left, chooses Pro through Checkout and comes back on Pro', async ({ page }) => {
  const { email, shop } = await ownerWithShop();
  await page.goto(`${stack.url}/`);
  await page.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(DEFAULT_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${shop.slug}$`));

  const banner = page.getByTestId('billing-banner');
  await expect(banner).toContainText('Free trial of Premium');
  await expect(banner).toContainText('Your free trial has 14 days left.');

  await banner.getByRole('button', { name: 'Choose plan' }).click();
  const plans = page.getByRole('dialog', { name: 'Choose your plan' });
  await expect(plans).toContainText('$49');
  await plans.getByRole('button', { name: 'Choose Pro' }).click();

  // Stripe's page pays and sends the browser back to the dashboard; the webhook has told the api first.
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${shop.slug}\\?billing=success$`));
  await expect(page.getByTestId('billing-banner')).toContainText('Pro plan · active');
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
  expect(
    stripe.requests.some((r) => r.path === '/v1/checkout/sessions' && r.form['line_items[0][price]'] === 'price_pro'),
  ).toBe(true);
});
