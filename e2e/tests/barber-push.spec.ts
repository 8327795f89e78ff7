/**
 * Issue 26 item 4 (decision 0187), on a phone: a client books online and the barber's subscribed browser gets the
 * push. Headless Chromium cannot subscribe against our local push service (a browser's push endpoint is its own
 * vendor's service and cannot be overridden), so the browser part is the subscription screen (Settings'
 * Notifications: the switch and each event by push and e-mail, axe at both sizes), and the delivery goes to a
 * subscription registered through the api at the local push service, which checks the VAPID signature and decrypts
 * the payload as a browser's push service would. A subscription the push service reports gone is deleted.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import webpush from 'web-push';
import { type FakePushService, startFakePushService } from '../../api/src/modules/push/fake-push-service.test-helper';
import { DESKTOP, expectAccessible, PHONE } from '../support/a11y';
import { DEFAULT_PASSWORD } from '../support/api';
import { type OwnStack, startOwnStack } from '../support/own-stack';

const ZONE = 'America/New_York';
const keys = webpush.generateVAPIDKeys();
let push: FakePushService;
let stack: OwnStack;
let certDir: string;

test.use({ viewport: PHONE, hasTouch: true });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  push = await startFakePushService({ applicationServerKey: keys.publicKey });
  certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-push-'));
  fs.writeFileSync(path.join(certDir, 'push-ca.pem'), push.certificatePem);
  stack = await startOwnStack('barber-push', {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    // The api trusts the local push service's self-signed certificate (a real one has a public CA's).
    NODE_EXTRA_CA_CERTS: path.join(certDir, 'push-ca.pem'),
    AUTH_RATE_LIMIT_MULTIPLIER: '0',
  });
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await stack?.stop();
  await push?.close();
  if (certDir) fs.rmSync(certDir, { recursive: true, force: true });
});

async function call<T = Record<string, unknown>>(method: string, p: string, body?: unknown, token?: string) {
  const res = await fetch(`${stack.url}${p}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${p}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : undefined) as T;
}

const email = (who: string) => `${who}-${crypto.randomBytes(4).toString('hex')}@example.com`;

async function shopWithBarber() {
  const owner = await call<{ access_token: string }>('POST', '/auth/v1/signup', {
    email: email('owner'),
    password: DEFAULT_PASSWORD,
  });
  await call('PATCH', '/api/users/me', { role: 'owner', onboardingCompleted: true }, owner.access_token);
  const day = { open: '00:00', close: '23:45', closed: false };
  const hours = Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, day]),
  );
  const shop = await call<{ id: string; slug: string }>(
    'POST',
    '/api/shops',
    {
      name: 'Push Cuts',
      slug: `push-${crypto.randomBytes(3).toString('hex')}`,
      timeZone: ZONE,
      hours_json: hours,
      services: [{ name: 'Haircut', description: 'Scissors.', price: 40, durationMinutes: 30 }],
    },
    owner.access_token,
  );
  await call(
    'POST',
    '/api/auth/complete-onboarding',
    { shopId: shop.id, shopSlug: shop.slug, role: 'owner' },
    owner.access_token,
  );
  await call('PATCH', `/api/shops/${shop.id}`, { minNoticeMinutes: 0 }, owner.access_token);
  const { code } = await call<{ code: string }>(
    'GET',
    `/api/shops/${shop.id}/join-code`,
    undefined,
    owner.access_token,
  );
  const barberEmail = email('tony');
  const barber = await call<{ access_token: string }>('POST', '/auth/v1/signup', {
    email: barberEmail,
    password: DEFAULT_PASSWORD,
  });
  const joined = await call<{ barber: { id: string } }>(
    'POST',
    '/api/barbers/join',
    { code, name: 'Tony Blade' },
    barber.access_token,
  );
  return { shop, barberEmail, barberToken: barber.access_token, barberId: joined.barber.id };
}

async function bookOnline(shop: { slug: string }, barberId: string, minutesAhead: number) {
  const services = await call<Array<{ id: string }>>('GET', `/api/shops/${shop.slug}/services`);
  const start = new Date(Math.ceil((Date.now() + minutesAhead * 60_000) / (15 * 60_000)) * 15 * 60_000);
  await call('POST', `/api/shops/${shop.slug}/appointments`, {
    serviceId: services[0]!.id,
    barberId,
    start: start.toISOString(),
    client: { name: 'Pat Client', email: email('pat'), phone: '+1 212 555 0142' },
  });
}

test("a client books online and the barber's subscribed browser gets the push", async ({ page }) => {
  test.setTimeout(180_000);
  const { shop, barberEmail, barberToken, barberId } = await shopWithBarber();

  // The subscription screen, on the phone.
  await page.setViewportSize(DESKTOP);
  await page.goto(`${stack.url}/`);
  await page.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
  await dialog.getByLabel('Email').fill(barberEmail);
  await dialog.getByLabel('Password').fill(DEFAULT_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/barber/${shop.slug}$`));
  await page.setViewportSize(PHONE);
  await page.getByRole('navigation', { name: 'Barber tools' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
  const moved = page.getByRole('checkbox', { name: 'An appointment moved by push' });
  await expect(moved).toBeChecked();
  await moved.uncheck();
  await expect(moved).not.toBeChecked();
  // The box shows the choice at once; the save reaches the api a moment later.
  const saved = async () =>
    (
      await call<{ push: { moved: boolean; newBooking: boolean } }>(
        'GET',
        '/api/my/notification-preferences',
        undefined,
        barberToken,
      )
    ).push;
  await expect.poll(saved, { timeout: 15_000 }).toMatchObject({ moved: false, newBooking: true });
  await expectAccessible(page, 'settings, notifications, 375 px');
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, 'settings, notifications, 1280 px');

  // The barber's phone: a subscription at the local push service, registered as the browser would.
  const subscription = push.subscribe();
  await call('POST', '/api/my/push-subscriptions', subscription, barberToken);
  await bookOnline(shop, barberId, 60);
  const pushed = () => push.received.filter((r) => subscription.endpoint.endsWith(`/push/${r.subscriptionId}`));
  await expect.poll(() => pushed().length, { timeout: 30_000 }).toBe(1);
  expect(pushed()[0]!.payload).toMatchObject({ event: 'newBooking', title: 'New booking', url: '/dashboard' });
  expect((pushed()[0]!.payload as { body: string }).body).toMatch(/^Pat, Haircut, /);
  expect(push.rejected).toEqual([]);

  // The phone unsubscribed: the push service answers 410 and the subscription is deleted.
  push.drop(subscription.endpoint, 410);
  await bookOnline(shop, barberId, 120);
  await expect
    .poll(
      async () =>
        (await call<{ pushSubscriptions: number }>('GET', '/api/my/notification-preferences', undefined, barberToken))
          .pushSubscriptions,
      { timeout: 30_000 },
    )
    .toBe(0);
});
