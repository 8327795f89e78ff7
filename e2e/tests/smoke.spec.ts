import { expect, test } from '@playwright/test';
import { createShop, getShopPage, httpRequest, signIn, signUp, uniqueEmail, uniqueSlug } from '../support/api';

test('the landing page loads without console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  // Spec, landing page: signed-out header with Log in and Sign up buttons.
  await expect(page.getByRole('button', { name: 'Log in' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign up' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test("an unknown path shows 'Page Not Found'", async ({ page }) => {
  await page.goto('/this-page-does-not-exist');
  await expect(page.getByText('Page Not Found').first()).toBeVisible();
});

test('the e2e helpers sign up, sign in and create a shop through the proxy', async () => {
  const email = uniqueEmail('smoke');
  const session = await signUp(email);
  expect(session.user.email).toBe(email);
  expect((await signIn(email)).user.id).toBe(session.user.id);

  const slug = uniqueSlug('smoke');
  const shop = await createShop(session.access_token, { name: 'Smoke Test Barbers', slug });
  expect(shop).toMatchObject({ slug, name: 'Smoke Test Barbers' });
  expect((await getShopPage(slug)).shop.name).toBe('Smoke Test Barbers');

  // The proxy's own routing stays closed to the outside.
  expect((await httpRequest('/_internal/shop-changed', { method: 'POST', body: {} })).status).toBe(404);
});
