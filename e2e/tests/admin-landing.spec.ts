/// <reference lib="dom" />
import { expect, test } from '@playwright/test';

test.describe('landing page', () => {
  test('shows every section, the plans and the three demo shops', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('AI-powered appointment scheduling');
    for (const name of [
      'From sign-up to a full book in three steps',
      'A booking website that looks like your shop',
      'Everything your shop needs to run itself',
      'Designed Specifically for Barbershops',
      'Simple pricing that grows with your team',
      'Barbers love Barberly',
      'See Barberly in action',
    ]) {
      await expect(page.getByRole('heading', { name })).toBeVisible();
    }
    await expect(page.getByTestId('feature-card')).toHaveCount(8);

    for (const theme of ['classic', 'urban', 'minimalist']) {
      await expect(page.locator(`a[href="/demo/shop/${theme}"]`)).toHaveCount(1);
    }

    const pricing = page.locator('#pricing');
    await expect(pricing.getByRole('heading', { name: 'Basic' })).toBeVisible();
    await expect(pricing).toContainText('$29');
    await expect(pricing).toContainText('$49');
    await expect(pricing).toContainText('$99');
    await expect(pricing).toContainText('Most Popular');
    await expect(pricing).toContainText('14-day free trial');
    await expect(pricing).toContainText('No credit card');

    await expect(
      page.getByRole('img', { name: 'Rated 5 out of 5' }).or(page.getByRole('img', { name: 'Rated 4.5 out of 5' })),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Barberly');
  });

  test('the showcase links open the three demo shops (served by the storefront)', async ({ page }) => {
    for (const theme of ['classic', 'urban', 'minimalist']) {
      const res = await page.request.get(`/demo/shop/${theme}`);
      expect(res.status(), theme).toBe(200);
    }
    await page.goto('/');
    await page.getByRole('link', { name: 'View the Urban demo shop' }).click();
    await expect(page).toHaveURL(/\/demo\/shop\/urban$/);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  });

  test('the phone mock-up shows May 10, 2025 and cycles its highlighted appointment', async ({ page }) => {
    await page.goto('/');
    const phone = page.getByRole('figure', { name: /today's appointments/ });
    await expect(phone).toContainText('May 10, 2025');
    await expect(phone).toContainText('10:30');
    const featured = page.getByTestId('hero-featured');
    const first = await featured.textContent();
    await expect(featured).not.toHaveText(first ?? '', { timeout: 8000 });
  });

  test('the testimonials carousel moves on by itself and by its controls', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Testimonials' });
    await carousel.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    const slide = carousel.getByRole('figure');
    await expect(slide).toHaveAttribute('aria-label', '1 of 4');
    await expect(slide).toHaveAttribute('aria-label', '2 of 4', { timeout: 9000 });
    await carousel.getByRole('button', { name: 'Show testimonial 4' }).click();
    await expect(slide).toHaveAttribute('aria-label', '4 of 4');
    await expect(carousel.getByRole('img', { name: /Rated (4\.5|5) out of 5/ })).toBeVisible();
  });

  test('the header turns solid past 10 px and its anchors scroll to their sections under it', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header').first();
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute('data-scrolled', 'true');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect
      .poll(async () => page.locator('#pricing').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBe(100);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.getByRole('button', { name: 'See How It Works' }).click();
    await expect
      .poll(async () => page.locator('#how-it-works').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBe(100);
  });

  test('"Get Started" opens sign-up', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
    await expect(dialog.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByLabel('Confirm Password')).toBeVisible();
  });

  test('signed out, the header offers Log in and Sign up, both opening the login modal', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The ultimate platform for barbershop management');
    await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('button', { name: 'Google' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'GitHub' })).toBeVisible();
    await expect(dialog).toContainText('Terms of Service and Privacy Policy');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(dialog.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByLabel('Confirm Password')).toBeVisible();
  });

  test('reads on a 360 px phone: no sideways scrolling, a working hamburger menu', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const label of ['Features', 'How It Works', 'Pricing', 'Testimonials']) {
      await expect(menu.getByRole('link', { name: label })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await expect(menu.getByRole('button', { name: 'Sign up' })).toBeEnabled();
    await menu.getByRole('link', { name: 'Testimonials' }).click();
    await expect(menu).toBeHidden();
    await expect
      .poll(async () => page.locator('#testimonials').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBe(100);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
    await expect(dialog.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  });

  test('with reduced motion the sections are visible at once', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    const opacity = await page
      .getByTestId('feature-card')
      .first()
      .locator('.reveal')
      .evaluate((el) => getComputedStyle(el).opacity);
    expect(opacity).toBe('1');
    await context.close();
  });

  test('the page is live the moment it has loaded: the app has already taken over the prerendered markup', async ({
    page,
  }) => {
    await page.goto('/');
    // No wait: a deferred take-over would still be pending here, and the markup under the visitor's hands about to be
    // swapped out. React's props on the buttons show that its tree is the one on screen.
    const live = await page.evaluate(() => {
      const buttons = [...document.querySelectorAll('#root button')];
      return buttons.length > 0 && buttons.every((b) => Object.keys(b).some((k) => k.startsWith('__reactProps')));
    });
    expect(live).toBe(true);
  });

  test("an unknown path shows 'Page Not Found'", async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page).toHaveURL(/\/no\/such\/page$/);
  });
});
