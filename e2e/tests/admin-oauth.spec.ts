/// <reference lib="dom" />
// Provider sign-in and e-mail confirmation end to end. The shared stack runs with no providers and confirmation off,
// so this file starts its own api and proxy (the launcher with --no-build --services=api) on its own database and
// port, with GOOGLE_* pointing at a local OAuth2 server (oauth2-mock-server plays Google) and AUTH_EMAIL_CONFIRM=true
// (no SMTP_URL: the confirmation link is written to the api's log, which this file reads), and stops them afterwards.
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { type OwnStack, startOwnStack } from '../support/own-stack';
import { freePort } from '../support/stack';

let provider: OAuth2Server;
let stack: OwnStack | undefined;
let stackUrl = '';
let profile: Record<string, unknown> = {};

async function startProvider(): Promise<OAuth2Server> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const server = new OAuth2Server();
    await server.issuer.keys.generate('RS256');
    try {
      await server.start(await freePort(), '127.0.0.1');
      return server;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error('no free port for the OAuth2 mock server');
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  provider = await startProvider();
  provider.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = profile;
  });
  const issuer = provider.issuer.url!;
  stack = await startOwnStack('oauth', {
    GOOGLE_CLIENT_ID: 'e2e-google-client',
    GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
    GOOGLE_AUTH_URL: `${issuer}/authorize`,
    GOOGLE_TOKEN_URL: `${issuer}/token`,
    GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    AUTH_EMAIL_CONFIRM: 'true',
    // One client address signs up and in many times: the auth rate limits would get in the way.
    AUTH_RATE_LIMIT_MULTIPLIER: '0',
  });
  stackUrl = stack.url;
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await stack?.stop();
  await provider?.stop();
});

test('Google sign-in through the provider completes on /auth/callback and routes a new user to /onboarding', async ({
  page,
}) => {
  const id = crypto.randomBytes(4).toString('hex');
  profile = { sub: `google-${id}`, email: `g-${id}@example.com`, email_verified: true, name: 'Gia Google' };
  await page.goto(`${stackUrl}/`);
  await page.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
  const callback = page.waitForURL(/\/auth\/callback/);
  await dialog.getByRole('button', { name: 'Google' }).click();
  await callback;
  await expect(page.getByRole('heading', { name: 'Completing authentication...' })).toBeVisible();
  await expect(page.getByText('Please wait while we log you in')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText('Authentication successful')).toBeVisible();
  await expect(page.getByText('You have been successfully authenticated.')).toBeVisible();

  const stored = await page.evaluate(
    () => Object.entries(localStorage).find(([key]) => key.endsWith('-auth-token'))?.[1],
  );
  expect(JSON.parse(stored ?? '{}').user?.email).toBe(profile.email);
});

test("a provider the server has not enabled (GitHub here) gives 'Login error', not a dead page", async ({ page }) => {
  await page.goto(`${stackUrl}/`);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('dialog', { name: 'Welcome to Barberly' }).getByRole('button', { name: 'GitHub' }).click();
  await expect(page.getByText('Login error')).toBeVisible();
  await expect(page).toHaveURL(`${stackUrl}/`);
});

test("a callback without a session says 'Authentication failed' and goes to /dashboard, then home", async ({
  page,
}) => {
  await page.goto(`${stackUrl}/auth/callback?error=access_denied&error_description=The+user+cancelled`);
  await expect(page.getByText('Authentication failed')).toBeVisible();
  await expect(page.getByText('The user cancelled')).toBeVisible();
  // /dashboard sends the signed-out visitor on to /.
  await expect(page).toHaveURL(`${stackUrl}/`);
});

/** The confirmation link the api logged for this address (the log mailer's line). */
async function confirmationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const line = (stack?.output() ?? '').split('\n').find((l) => l.includes(email) && l.includes('confirmationLink'));
      link = line ? /"confirmationLink":"([^"]+)"/.exec(line)?.[1] : undefined;
      return link;
    })
    .toBeTruthy();
  return link!;
}

test('with e-mail confirmation on: register, check your e-mail, follow the link, end on /onboarding', async ({
  page,
}) => {
  const email = `confirm-${crypto.randomBytes(4).toString('hex')}@example.com`;
  await page.goto(`${stackUrl}/`);
  await page.getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('Confirm-Me-123');
  await dialog.getByLabel('Confirm Password').fill('Confirm-Me-123');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please check your email to confirm your account.')).toBeVisible();
  await expect(page).toHaveURL(`${stackUrl}/`);
  // The modal comes back on the Sign In tab.
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');

  await page.goto(await confirmationLink(email));
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText('Authentication successful')).toBeVisible();
});

test("registering a confirmed address again says 'Account already exists'", async ({ page }) => {
  const email = `exists-${crypto.randomBytes(4).toString('hex')}@example.com`;
  // Google confirms the address: the account exists and is confirmed.
  profile = { sub: `google-${email}`, email, email_verified: true, name: 'Ex Isting' };
  await page.goto(`${stackUrl}/`);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('dialog', { name: 'Welcome to Barberly' }).getByRole('button', { name: 'Google' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.goto(`${stackUrl}/api/logout`);
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('Another-Pass-123');
  await dialog.getByLabel('Confirm Password').fill('Another-Pass-123');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account already exists')).toBeVisible();
  await expect(page.getByText('This email is already registered. Please sign in instead.')).toBeVisible();
});
