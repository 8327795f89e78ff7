/// <reference lib="dom" />
import { expect, type Page, test } from '@playwright/test';
import { DEFAULT_PASSWORD, signUp, signUpOwnerWithShop, uniqueEmail, updateMe } from '../support/api';

async function openModal(page: Page, tab: 'Sign In' | 'Register') {
  await page.goto('/');
  await page.getByRole('button', { name: tab === 'Register' ? 'Sign up' : 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

async function register(page: Page, email: string, password = DEFAULT_PASSWORD) {
  const dialog = await openModal(page, 'Register');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm Password').fill(password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
}

async function signIn(page: Page, email: string, password = DEFAULT_PASSWORD) {
  const dialog = await openModal(page, 'Sign In');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('sign-up, sign-in and sign-out through the login modal', () => {
  test('register, sign out via /api/logout, sign in again: both end on /onboarding', async ({ page }) => {
    const email = uniqueEmail('modal');
    await register(page, email);
    await expect(page.getByText('Registration successful', { exact: true })).toBeVisible();
    await expect(page.getByText("Now let's set up your account.")).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding$/);

    await page.goto('/api/logout');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    // Signed out for real: a signed-in page sends the visitor home.
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Please sign in to access the onboarding page.')).toBeVisible();

    await signIn(page, email);
    // The modal closes at once, before the server answers.
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test("a wrong password gives 'Incorrect email or password'", async ({ page }) => {
    const email = uniqueEmail('wrongpw');
    await signUp(email);
    await signIn(page, email, 'not-the-password');
    await expect(page.getByText('Login error')).toBeVisible();
    await expect(page.getByText('Incorrect email or password. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("registering an e-mail twice says 'This email is already registered'", async ({ page }) => {
    const email = uniqueEmail('twice');
    await signUp(email);
    await register(page, email);
    await expect(page.getByText('This email is already registered. Please sign in instead.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  // The built-in auth asks for the spec's 6 characters, like the form, so these answers come from a stricter server
  // (a hosted Supabase project with password and address rules), in GoTrue's shape.
  for (const { name, status, body, toast } of [
    {
      name: 'weak password',
      status: 422,
      body: {
        code: 'weak_password',
        error_code: 'weak_password',
        msg: 'Password should contain a symbol.',
        weak_password: { reasons: ['characters'] },
      },
      toast: 'Password is too weak. Please use a stronger password.',
    },
    {
      name: 'invalid e-mail',
      status: 400,
      body: {
        code: 'email_address_invalid',
        error_code: 'email_address_invalid',
        msg: 'Please provide a valid email address',
      },
      toast: 'Please enter a valid email address.',
    },
  ]) {
    test(`a server's '${name}' answer to registering shows '${toast}'`, async ({ page }) => {
      await page.route('**/auth/v1/signup*', (route) =>
        route.fulfill({
          status,
          contentType: 'application/json',
          headers: { 'x-supabase-api-version': '2024-01-01' },
          body: JSON.stringify(body),
        }),
      );
      await register(page, uniqueEmail('strict'));
      await expect(page.getByText('Registration error')).toBeVisible();
      await expect(page.getByText(toast)).toBeVisible();
    });
  }

  test('the modal shows the validation messages and stays open until they are fixed', async ({ page }) => {
    const dialog = await openModal(page, 'Register');
    await dialog.getByLabel('Email').fill('nope');
    await dialog.getByLabel('Password', { exact: true }).fill('123');
    await dialog.getByLabel('Confirm Password').fill('456');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog.getByText('Enter a valid email')).toBeVisible();
    // A new password needs 8 characters (decision 0051).
    await expect(dialog.getByText('Password must be at least 8 characters').first()).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill('12345678');
    await dialog.getByLabel('Confirm Password').fill('123456789');
    await expect(dialog.getByText("Passwords don't match")).toBeVisible();
  });

  test("a provider the server has not enabled gives 'Login error' with the server's message", async ({ page }) => {
    const dialog = await openModal(page, 'Sign In');
    await dialog.getByRole('button', { name: 'GitHub' }).click();
    await expect(page.getByText('Login error')).toBeVisible();
    await expect(page.getByText(/provider is not enabled/i)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('signed in: the avatar menu shows the e-mail and role, Dashboard goes on, Log out signs out', async ({
    page,
  }) => {
    const email = uniqueEmail('menu');
    const session = await signUp(email);
    await updateMe(session.access_token, { role: 'client', onboardingCompleted: true });
    await signIn(page, email);
    // A client with onboarding done goes to their dashboard after signing in.
    await expect(page).toHaveURL(/\/dashboard\/client$/);
    // The dashboards' link to the landing page keeps a signed-in person there.
    await page.getByRole('link', { name: 'Barberly home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu', { name: 'Account menu' });
    await expect(menu).toContainText(email);
    await expect(menu).toContainText('Client');
    await menu.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('link', { name: 'Barberly home' }).click();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('auth-token')));
    expect(stored).toEqual([]);
    // The global sign-out revoked the refresh token too.
    const refreshed = await page.request.post('/auth/v1/token?grant_type=refresh_token', {
      headers: { apikey: 'barberly-public-anon-key' },
      data: { refresh_token: session.refresh_token },
    });
    expect(refreshed.status()).toBeGreaterThanOrEqual(400);
  });

  test('signed out, /dashboard ends on /', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('an incomplete user who opens / is sent to /onboarding', async ({ page }) => {
    const email = uniqueEmail('incomplete');
    await signUp(email);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.waitForTimeout(3100); // the redirect cooldown of spec 4
    await page.goto('/');
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test('an owner dashboard address with the shop id becomes the slug address', async ({ page }) => {
    const owner = await signUpOwnerWithShop();
    await signIn(page, owner.email, owner.password);
    // On localhost an owner with a shop lands on the in-app owner dashboard.
    await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${owner.shop.slug}$`));
    await page.goto(`/dashboard/owner/${owner.shop.id}`);
    await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${owner.shop.slug}$`));
  });
});
