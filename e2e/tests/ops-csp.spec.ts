/// <reference lib="dom" />
// Every page people open runs under a Content-Security-Policy it really satisfies: the three demo themes, a real
// shop (path and subdomain), the landing page, the login modal and an owner's dashboard (with its same-origin
// preview frame) load in Chromium without a single violation.
import { expect, type Page, type Response, test } from '@playwright/test';
import { DEFAULT_PASSWORD, shopSubdomainUrl, signUpOwnerWithShop, uniqueEmail, uniqueSlug } from '../support/api';

/** Collects violations both ways Chromium reports them: console messages and securitypolicyviolation events. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return async () => {
    const fromEvents = await page
      .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
      .catch(() => [] as string[]);
    return [...fromConsole, ...fromEvents];
  };
}

/** The page really is under a policy (a missing header would make "no violation" meaningless). */
function expectPolicy(response: Response | null, what: string) {
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy, `${what} sends a Content-Security-Policy`).toContain("script-src 'self'");
  expect(policy, `${what} allows no inline script`).not.toContain("'unsafe-inline' 'unsafe-eval'");
  expect(
    policy.split(/[;,]/).find((d) => d.trim().startsWith('script-src')),
    what,
  ).not.toContain('unsafe-inline');
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

for (const theme of ['classic', 'urban', 'minimalist']) {
  test(`the ${theme} demo shop loads with no CSP violation`, async ({ page }) => {
    const violations = await watchCsp(page);
    const response = await page.goto(`/demo/shop/${theme}`);
    expect(response?.status()).toBe(200);
    expectPolicy(response, `/demo/shop/${theme}`);
    await settle(page);
    // Hydrated: the tabs answer clicks (the client bundle ran under the policy).
    const second = page.getByRole('tab').nth(1);
    await second.click();
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await settle(page);
    expect(await violations()).toEqual([]);
  });
}

test('a real shop, at /shop/{slug} and on its subdomain, loads with no CSP violation', async ({ page }) => {
  const { shop } = await signUpOwnerWithShop({ name: 'Policy Barbers', slug: uniqueSlug('csp') });
  const violations = await watchCsp(page);
  for (const url of [`/shop/${shop.slug}`, shopSubdomainUrl(shop.slug)]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    expectPolicy(response, url);
    await expect(page.getByText('Policy Barbers').first()).toBeVisible();
    await settle(page);
  }
  expect(await violations()).toEqual([]);
});

test('the landing page and the login modal load with no CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);
  const response = await page.goto('/');
  expectPolicy(response, 'the landing page');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.getByRole('button', { name: 'Log in' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Welcome to Barberly' })).toBeVisible();
  await settle(page);
  expect(await violations()).toEqual([]);
});

test('an owner signs in and works on the dashboard with no CSP violation', async ({ page }) => {
  const owner = await signUpOwnerWithShop({ name: 'Dashboard Policy Cuts', slug: uniqueSlug('cspd') });
  const violations = await watchCsp(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
  await dialog.getByLabel('Email').fill(owner.email);
  await dialog.getByLabel('Password').fill(DEFAULT_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${owner.shop.slug}$`));
  await expect(page.getByRole('heading', { name: 'Shop Owner Dashboard' })).toBeVisible();
  // A reload gets the app shell from the server: a deep route carries the policy too.
  expectPolicy(await page.reload(), 'a deep dashboard route');
  await expect(page.getByRole('heading', { name: 'Shop Owner Dashboard' })).toBeVisible();
  for (const name of ['Services', 'Barbers', 'Appearance']) {
    await page.getByRole('tab', { name }).click();
    await settle(page);
  }
  // The Appearance tab frames the public page: framing by the product itself is allowed.
  const preview = page.frameLocator('iframe[title="Website preview"]');
  await expect(preview.getByText('Dashboard Policy Cuts').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('a new user registers and starts the onboarding wizard with no CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await dialog.getByLabel('Email').fill(uniqueEmail('csp'));
  await dialog.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(DEFAULT_PASSWORD);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('button', { name: /I own a barbershop/ }).click();
  // A toast (its styles are injected at runtime) and the template step with its previews.
  await expect(page.getByText('Role updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose your template' })).toBeVisible();
  await settle(page);
  expect(await violations()).toEqual([]);
});
