import { expect, type Page, test } from '@playwright/test';
import { appUrl } from '../support/api';
import { bookableShop, expectStep, pickDate, pickTimeAndFill, shopDate } from './booking-helpers';

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const theme of ['classic', 'urban', 'minimalist'] as const) {
  test(`${theme}: booking on /shop/{slug}/book fits a 360 px phone, through to the manage page`, async ({ page }) => {
    const shop = await bookableShop(theme, `${theme} phone cuts`);
    await page.setViewportSize({ width: 360, height: 740 });

    await page.goto(appUrl(`/shop/${shop.slug}`));
    await page
      .getByRole('link', { name: /^Book / })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/shop/${shop.slug}/book`));
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    if (await page.getByRole('heading', { level: 2, name: 'Choose your services' }).isVisible()) {
      await page.getByRole('checkbox', { name: /Skin Fade/ }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await expectStep(page, 'Choose a barber');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'Pick a date and time');
    await pickDate(page, shopDate(4));
    await expect(page.getByRole('radio', { name: '6:00 AM', exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await pickTimeAndFill(page, { date: shopDate(4), time: '8:15 AM' });
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByRole('heading', { name: "You're booked!" })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // On the main domain the manage link is the common path /shop/{slug}/appointments/{token}.
    const manage = page.locator('[data-manage-link]');
    await expect(manage).toHaveAttribute('href', new RegExp(`^/shop/${shop.slug}/appointments/[A-Za-z0-9_-]+$`));
    await manage.click();
    await expect(page.locator('[data-appointment-status]')).toHaveText('Confirmed');
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await expectStep(page, 'Pick a new date and time');
    await expectNoSidewaysScroll(page);
    await pickDate(page, shopDate(5));
    await page.getByRole('radio', { name: '9:00 AM', exact: true }).check();
    await page.getByRole('button', { name: 'Move to 9:00 AM' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /^Your appointment was moved to .+, 9:00 AM\.$/ }),
    ).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^9:00 AM/ })).toBeVisible();
    await expect(page.locator('[data-appointment-status]')).toHaveText('Confirmed');
  });
}
