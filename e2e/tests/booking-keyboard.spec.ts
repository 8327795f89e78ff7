import { expect, type Page, test } from '@playwright/test';
import { shopSubdomainUrl } from '../support/api';
import { bookableShop, shopDate } from './booking-helpers';

/** Tab (or Shift+Tab) until the focused element has this accessible name; fails after 60 presses. */
async function tabTo(page: Page, name: string | RegExp, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press(key);
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const label = el.getAttribute('aria-label');
      if (label) return label;
      if (el instanceof HTMLInputElement && el.labels?.[0]) return (el.labels[0].textContent ?? '').trim();
      return (el.textContent ?? '').trim();
    });
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`focus never reached ${name}`);
}

test('a client books with the keyboard alone, guided by headings that take the focus', async ({ page }) => {
  const shop = await bookableShop('classic', 'Keys Barbers');
  await page.goto(shopSubdomainUrl(shop.slug));
  // The tabs answer the arrows once the page is hydrated; until then the list says it is busy.
  await expect(page.getByRole('tablist', { name: /./ }).first()).not.toHaveAttribute('aria-busy', 'true');

  // The barbers tab, then its card's 'Book with Tasha'.
  await tabTo(page, 'Our Services');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Our Barbers' })).toBeFocused();
  await tabTo(page, 'Book with Tasha');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/book\?barber=/);

  await expect(page.getByRole('heading', { level: 2, name: 'Choose your services' })).toBeVisible();
  await tabTo(page, /^Skin Fade/);
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: /Skin Fade/ })).toBeChecked();
  await tabTo(page, 'Continue');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Choose a barber' })).toBeFocused();
  await expect(page.getByRole('radio', { name: /Tasha Kim/ })).toBeChecked();
  await tabTo(page, 'Continue');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Pick a date and time' })).toBeFocused();

  // The month calendar: Tab into its days; the arrows move from day to day (closed days are skipped), Enter chooses.
  const target = shopDate(2);
  await tabTo(page, /^\w+day, \w+ \d+, \d{4}/);
  for (let i = 0; i < 10; i++) {
    const focused = await page.evaluate(() => document.activeElement?.closest('[data-day]')?.getAttribute('data-day'));
    if (focused === target) break;
    await page.keyboard.press(focused && focused < target ? 'ArrowRight' : 'ArrowLeft');
  }
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-booking="calendar"] [data-day="${target}"]`)).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('radio', { name: '6:00 AM', exact: true })).toBeVisible();
  await tabTo(page, '6:00 AM');
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: '6:00 AM', exact: true })).toBeChecked();
  await tabTo(page, 'Continue');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Your details' })).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Kay Board');
  await page.keyboard.press('Tab');
  await page.keyboard.type('kay@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('555 010 7788');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Review and confirm' })).toBeFocused();
  await tabTo(page, 'Confirm booking');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: "You're booked!" })).toBeFocused();
  await expect(page.getByText('kay@example.com')).toBeVisible();
});
