import { expect, test } from '@playwright/test';
import { httpRequest, shopHost, shopSubdomainUrl } from '../support/api';
import { bookableShop, expectStep, pickTimeAndFill, SHOP_TIME_ZONE, shopDate } from './booking-helpers';

/**
 * A client books from each theme's page on the shop's own subdomain, through a different book button each time,
 * sees the confirmation with the manage link, opens it and cancels.
 */
const CASES = [
  { theme: 'classic', button: 'Book Appointment', firstStep: 'Choose your services' },
  { theme: 'urban', button: 'Book This Style: Skin Fade', firstStep: 'Choose a barber' },
  { theme: 'minimalist', button: 'View Profile: Tasha Kim', firstStep: 'Choose your services' },
] as const;

for (const { theme, button, firstStep } of CASES) {
  test(`${theme}: book from the shop page, then cancel through the manage link`, async ({ page }) => {
    const shop = await bookableShop(theme, `${theme} booking`);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const site = shopSubdomainUrl(shop.slug);

    await page.goto(site);
    if (theme === 'minimalist') await page.getByRole('tab', { name: 'Our Team' }).click();
    await page.getByRole('link', { name: button }).click();
    await expect(page).toHaveURL(new RegExp(`^${site}/book(\\?|$)`));
    await expect(page.locator(`[data-theme="${theme}"]`)).toBeVisible();
    const first = page.getByRole('heading', { level: 2, name: firstStep });
    await expect(first).toBeVisible();

    if (firstStep === 'Choose your services') {
      await page.getByRole('checkbox', { name: /Skin Fade/ }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expectStep(page, 'Choose a barber');
    }
    // The barber card's button chose Tasha; the others leave it to the shop's rotation.
    const barber = theme === 'minimalist' ? /Tasha Kim/ : /Any barber/;
    await expect(page.getByRole('radio', { name: barber })).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'Pick a date and time');
    await expect(page.getByText(`(${SHOP_TIME_ZONE})`)).toBeVisible();

    const date = shopDate(2);
    const time = await pickTimeAndFill(page, { date, time: '6:00 AM' });
    expect(time).toBe('6:00 AM');
    await page.getByRole('button', { name: 'Confirm booking' }).click();

    const done = page.getByRole('heading', { name: "You're booked!" });
    await expect(done).toBeFocused();
    await expect(page.getByText('ann.lee@example.com')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^Tasha Kim$/ })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^6:00 AM \(Eastern/ })).toBeVisible();
    const calendar = page.getByRole('link', { name: 'Add to calendar' });
    // Same origin: the shop's own host answers the .ics (Node cannot resolve *.localhost: the Host header says it).
    const ics = await httpRequest((await calendar.getAttribute('href')) ?? '', { host: shopHost(shop.slug) });
    expect(ics.status).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.text).toContain('BEGIN:VCALENDAR');

    const manage = page.locator('[data-manage-link]');
    // A button, not the raw token address (issue 28).
    await expect(manage).toHaveText('Manage your appointment');
    await expect(manage).toHaveAttribute('href', /^\/appointments\/[A-Za-z0-9_-]+$/);
    await manage.click();
    await expect(page).toHaveURL(new RegExp(`^${site}/appointments/`));
    await expect(page.getByRole('heading', { level: 2, name: 'Your appointment' })).toBeVisible();
    await expect(page.locator('[data-appointment-status]')).toHaveText('Confirmed');

    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    await expectStep(page, 'Cancel this appointment?');
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.locator('[data-appointment-status]')).toHaveText('Cancelled');
    await expect(page.getByRole('status').filter({ hasText: 'Your appointment is cancelled.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);

    // Reloaded, the link still shows the (now cancelled) appointment: read from the api, never from a cache.
    const reload = await page.reload();
    expect(reload?.headers()['cache-control']).toBe('private, no-store');
    expect(reload?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.locator('[data-appointment-status]')).toHaveText('Cancelled');
    expect(errors).toEqual([]);
  });
}
