import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { httpRequest, shopSubdomainUrl } from '../support/api';
import { bookableShop, expectStep, pickTimeAndFill, shopDate } from './booking-helpers';

/**
 * The storefront's date picker (issue 25, item 7): a month calendar marked from GET /availability/days. The owner
 * closes Christmas Day and the client sees it closed, with the reason; on a phone "Next available" skips closed days
 * and the client books; axe on the picker at both sizes.
 */

async function closeDay(shop: { id: string; ownerToken: string }, date: string, reason: string) {
  const put = await httpRequest(`/api/shops/${shop.id}/special-days/${date}`, {
    method: 'PUT',
    token: shop.ownerToken,
    body: { closed: true, reason },
  });
  expect(put.status, put.text).toBe(200);
}

async function toDateStep(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 2, name: 'Choose your services' })).toBeVisible();
  // The flow's controls wait for the browser to take over (a cold stack's first page can take a while).
  await expect(page.getByRole('checkbox', { name: /Skin Fade/ })).toBeEnabled({ timeout: 45_000 });
  await page.getByRole('checkbox', { name: /Skin Fade/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Choose a barber');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Pick a date and time');
}

/** The next December 25 on or after the shop's today. */
function nextChristmas(): string {
  const today = shopDate(0);
  const year = Number(today.slice(0, 4));
  return today <= `${year}-12-25` ? `${year}-12-25` : `${year + 1}-12-25`;
}

test("the owner closes Christmas Day and the storefront's picker shows it closed, with the reason", async ({
  page,
}) => {
  const shop = await bookableShop('classic', 'Holiday cuts');
  // A year of booking ahead, so Christmas is in the window whatever today is (and the days come in 62-day pieces).
  const patch = await httpRequest(`/api/shops/${shop.id}`, {
    method: 'PATCH',
    token: shop.ownerToken,
    body: { bookingHorizonDays: 365 },
  });
  expect(patch.status, patch.text).toBe(200);
  const christmas = nextChristmas();
  await closeDay(shop, christmas, 'Christmas Day');

  await page.setViewportSize({ width: 1280, height: 900 });
  await toDateStep(page, `${shopSubdomainUrl(shop.slug)}/book`);
  const calendar = page.locator('[data-booking="calendar"]');
  for (let i = 0; i < 14 && !(await calendar.locator(`[data-day="${christmas}"]`).isVisible()); i++) {
    await page.getByRole('button', { name: /next month/i }).click();
  }
  const day = calendar.locator(`[data-day="${christmas}"] button`);
  await expect(day).toBeDisabled();
  await expect(day).toHaveAttribute('aria-label', /, closed \(Christmas Day\)$/);
  await expect(day).toHaveAttribute('title', 'Closed (Christmas Day)');
  await expect(calendar.locator('[data-calendar-closures]')).toContainText(/December 25: closed \(Christmas Day\)/);
  // The day before is open, with free times.
  const eve = calendar.locator(`[data-day="${christmas.slice(0, 8)}24"] button`);
  await expect(eve).toBeEnabled();
  await expect(eve).toHaveAttribute('aria-label', /, free times$/);
});

test('on a phone the client uses "Next available" past closed days and books; axe on the picker', async ({ page }) => {
  const shop = await bookableShop('urban', 'Next free cuts');
  // Closed today and the next three days: the first free day is four days out.
  for (let i = 0; i <= 3; i++) await closeDay(shop, shopDate(i), 'Renovation');
  const url = `${shopSubdomainUrl(shop.slug)}/book`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await toDateStep(page, url);
  await expect(page.locator(`[data-booking="calendar"] [data-day="${shopDate(1)}"] button`)).toBeDisabled();
  await expectAccessible(page, 'booking, date picker');

  await page.setViewportSize({ width: 375, height: 740 });
  await expectAccessible(page, 'booking, date picker');

  await page.setViewportSize({ width: 360, height: 740 });
  await toDateStep(page, url);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Next available' }).click();
  const target = shopDate(4);
  await expect(page.locator(`[data-booking="calendar"] [data-day="${target}"]`)).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('status').filter({ hasText: /^Next available: / })).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeVisible();
  await pickTimeAndFill(page, { date: target, time: '9:00 AM', name: 'Nia Next' });
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { name: "You're booked!" })).toBeVisible();
});
